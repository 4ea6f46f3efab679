from cli.base import EventCommand, get_division, get_entrant
from scoring import services


class Command(EventCommand):
    help = "Record a playoff or tile draw: the tied players of a round, best first."

    def add_options(self, parser):
        parser.add_argument("--division", required=True)
        parser.add_argument("--round", type=int, required=True)
        parser.add_argument("--order", required=True, help="ID,ID[,…] best first")
        parser.add_argument("--note", default="", help="e.g. 'tile draw' or 'playoff game'")

    def run(self, event, **o):
        division = get_division(event, o["division"]).bracket
        order = [get_entrant(event, i) for i in o["order"].split(",") if i.strip()]
        services.tie_resolve(
            division=division, round_number=o["round"], order=order, note=o["note"]
        )
        self.say(
            f"{division.name}, round {o['round']}: recorded "
            + ", then ".join(f"{e.name} ({e.external_id})" for e in order)
            + "."
        )
