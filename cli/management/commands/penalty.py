from cli.base import EventCommand, get_division, get_entrant, get_round
from cli.decisions import decision_lines
from scoring import services


class Command(EventCommand):
    help = "Give penalty points to a player in a round, with a reason."

    def add_options(self, parser):
        parser.add_argument("--division", required=True)
        parser.add_argument("--round", type=int, required=True)
        parser.add_argument("--entrant", required=True)
        parser.add_argument("--points", type=int, required=True)
        parser.add_argument("--reason", required=True)

    def run(self, event, **o):
        round_ = get_round(get_division(event, o["division"]), o["round"])
        entrant = get_entrant(event, o["entrant"])
        penalty = services.penalty_add(
            round_=round_, entrant=entrant, points=o["points"], reason=o["reason"]
        )
        late = (
            " (the round is closed: recorded as a correction)"
            if penalty.change.after.get("late")
            else ""
        )
        self.say(
            f"{penalty.points} penalty point(s) for {entrant.name} ({entrant.external_id}) in "
            f"round {round_.number}: {penalty.reason}.{late}"
        )
        if penalty.change.flag:
            for line in decision_lines(event.slug, round_.division.name, penalty.change):
                self.say(line)
