"""What the commands say about a flagged correction and the decision it waits for."""


def describe(change) -> str:
    """A flagged change in one line, with the number ``undo_correction`` takes."""
    who = f"{change.entrant.name} ({change.entrant.external_id})" if change.entrant else ""
    if change.action == "penalty":
        what = f"{change.after['points']} penalty point(s) for {who} in round {change.round_number}"
    else:
        what = (
            f"{who} in round {change.round_number}, table {change.table_number}, game "
            f"{change.game_number}: {change.before.get('rack_total')} → "
            f"{change.after.get('rack_total')}"
        )
    return f"correction {change.pk}: {what} ({change.reason})"


def decision_lines(slug: str, division_name: str, change) -> list[str]:
    """The flag and the two commands that settle it."""
    return [
        f"ATTENTION: {change.flag}",
        f"Decide (correction {change.pk}): manage.py accept_correction {slug} --division "
        f"'{division_name}'  or  manage.py undo_correction {slug} --division "
        f"'{division_name}' --correction {change.pk}",
    ]
