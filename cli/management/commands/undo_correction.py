from cli.base import EventCommand, get_division
from cli.decisions import describe
from scoring import services
from scoring.selectors import undecided_changes
from tournaments.engine import RuleError


class Command(EventCommand):
    help = "Undo a flagged correction (or late penalty) that waits for the organizer's decision."

    def add_options(self, parser):
        parser.add_argument("--division", required=True)
        parser.add_argument(
            "--correction",
            type=int,
            help="the number correct_score or penalty printed (needed when several wait)",
        )

    def run(self, event, **o):
        division = get_division(event, o["division"]).bracket
        waiting = list(undecided_changes(division))
        if o["correction"] is not None:
            change = next((c for c in waiting if c.pk == o["correction"]), None)
            if change is None:
                listed = "; ".join(describe(c) for c in waiting) or "none"
                raise RuleError(
                    f"{division.name} has no correction {o['correction']} waiting for a "
                    f"decision (waiting: {listed})."
                )
        elif len(waiting) == 1:
            change = waiting[0]
        elif not waiting:
            raise RuleError(f"{division.name}: no correction waits for a decision.")
        else:
            raise RuleError(
                f"{division.name}: {len(waiting)} corrections wait for a decision; name one "
                "with --correction N:\n" + "\n".join(f"  {describe(c)}" for c in waiting)
            )
        services.correction_undo(change=change)
        self.say(f"{division.name}: undone {describe(change)}.")
