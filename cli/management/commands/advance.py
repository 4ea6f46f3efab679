from django.core.management.base import CommandError

from cli.base import EventCommand, get_division, seating_lines
from scoring import services
from scoring.selectors import division_state


class Command(EventCommand):
    help = "Close the current round and seat the next, or finish the division with medals."

    def add_options(self, parser):
        parser.add_argument("--division", required=True)
        parser.add_argument("--seed", type=int, help="seat the next round from this seed")

    def run(self, event, **o):
        division = get_division(event, o["division"]).bracket
        try:
            result = services.division_advance(division=division, seed=o["seed"])
        except services.TieBlocked as blocked:
            hints = [
                f"  manage.py resolve_tie {event.slug} --division '{division.name}' "
                f"--round {tie.round} --order {','.join(tie.players)}"
                for tie in blocked.ties
            ]
            raise CommandError(
                f"{blocked}\nRecord each result, best first, e.g.:\n" + "\n".join(hints)
            ) from None
        if result.outcome == services.Advanced.ALREADY_COMPLETE:
            self.say(f"{division.name} is already complete.")
        elif result.finished:
            if result.closed is not None:
                self.say(f"{division.name}: round {result.closed.number} closed.")
            self.say(f"{division.name} is complete.")
            state = division_state(result.division)
            for placing in state.placings.placings:
                if placing.medal:
                    name = state.names.get(placing.player, placing.player)
                    self.say(f"  {placing.medal}: {name} ({placing.player})")
        else:
            self.say(f"{division.name}: round {result.closed.number} closed.")
            for line in seating_lines(result.seated):
                self.say(line)
