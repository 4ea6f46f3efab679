from cli.base import EventCommand, get_division
from tournaments import services


class Command(EventCommand):
    help = "Split a combined division into its divisions again, before it is seated."

    def add_options(self, parser):
        parser.add_argument("division", help="the combined division's name")

    def run(self, event, **o):
        members = services.division_split(division=get_division(event, o["division"]))
        self.say(
            f"{o['division']} is split: {', '.join(m.name for m in members)} play on their own."
        )
