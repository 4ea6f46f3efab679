from cli.base import EventCommand, get_division, seating_lines
from scoring import services


class Command(EventCommand):
    help = (
        "Accept what the scores give after a flagged correction: a next round not yet "
        "started is seated again with the right players, a finished division is placed "
        "again (medals to confirm again); a next round that has started stands."
    )

    def add_options(self, parser):
        parser.add_argument("--division", required=True)
        parser.add_argument("--seed", type=int, help="seat the round again from this seed")

    def run(self, event, **o):
        division = get_division(event, o["division"]).bracket
        result = services.corrections_accept(division=division, seed=o["seed"])
        if result.nothing_pending:
            self.say(f"{division.name}: no correction waits for a decision.")
            return
        self.say(f"{division.name}: accepted {len(result.accepted)} correction(s).")
        for number in result.standing:
            self.say(
                f"Round {number} had started: it stands; the records keep the correction "
                "and its flag."
            )
        for round_ in result.seated:
            self.say(f"Round {round_.number} seated again with the players the scores give:")
            for line in seating_lines(round_):
                self.say(line)
        if result.results_updated:
            self.say("Placings recomputed from the scores; confirm the medals again.")
