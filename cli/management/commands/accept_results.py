from cli.base import EventCommand, get_division
from scoring import services


class Command(EventCommand):
    help = (
        "Accept the placings and medals the scores give now, after a correction or a late "
        "tie decision changed a finished division (the recorded results stay until then)."
    )

    def add_options(self, parser):
        parser.add_argument("--division", required=True)

    def run(self, event, **o):
        division = get_division(event, o["division"]).bracket
        before = division.results
        division = services.results_accept(division=division)
        if division.results == before:
            self.say(f"{division.name}: the recorded results already match the scores.")
        else:
            self.say(f"{division.name}: results updated from the scores; confirm the medals again.")
