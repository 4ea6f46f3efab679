"""Whether a withdrawal or disqualification can still be undone: only while it has not
changed any result (no game recorded without the player, no round closed since)."""

from tournaments.models import Bye, Division, Entrant, Round, Seat

from ..models import Game


def undo_refusal(entrant: Entrant) -> str:
    """Why ``entrant``'s withdrawal (or disqualification) can no longer be undone, or ""."""
    word = entrant.get_status_display().lower()
    who = entrant.name
    if not entrant.out_of_play:
        return f"{who} is not withdrawn or disqualified."
    bracket = entrant.division.bracket
    if bracket.status == Division.Status.COMPLETE:
        return f"{bracket.name} is finished: {who} stays {word}."
    latest = Round.objects.filter(division=bracket).current()
    if latest is None:
        return ""
    if latest.status == Round.Status.CLOSED:
        return f"Round {latest.number} of {bracket.name} is closed: {who} stays {word}."
    seat = Seat.objects.filter(round=latest, entrant=entrant).select_related("table").first()
    if seat is None:
        if Bye.objects.filter(round=latest, entrant=entrant).exists():
            return ""
        return (
            f"{who} is not in round {latest.number} of {bracket.name}: a round was seated "
            f"without them, so {who} stays {word}."
        )
    without = [
        game.number
        for game in Game.objects.filter(table=seat.table).prefetch_related("racks")
        if game.racks.all() and not any(r.entrant_id == entrant.pk for r in game.racks.all())
    ]
    if without:
        games = ", ".join(str(n) for n in sorted(without))
        return (
            f"Game{'s' if len(without) > 1 else ''} {games} at table {seat.table.number} "
            f"{'were' if len(without) > 1 else 'was'} recorded without {who}: the "
            f"{'withdrawal' if entrant.status == Entrant.Status.WITHDRAWN else 'disqualification'}"
            f" has changed a result, so {who} stays {word}."
        )
    return ""


def undoable(division: Division) -> list[Entrant]:
    """The bracket's withdrawn and disqualified players whose status can still be undone."""
    bracket = division.bracket
    entrants = Entrant.objects.filter(
        division__in=[bracket.pk, *bracket.combined_from.values_list("pk", flat=True)],
        status__in=[Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED],
    ).select_related("division", "division__combined_into")
    return [e for e in entrants if not undo_refusal(e)]
