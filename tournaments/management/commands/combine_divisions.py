from tournaments import services
from tournaments.management.base import EventCommand
from tournaments.selectors import bracket_entrants


class Command(EventCommand):
    help = "Play several divisions as one bracket."

    def add_options(self, parser):
        parser.add_argument("--into", required=True, help="the combined bracket's name")
        parser.add_argument("divisions", nargs="+")

    def run(self, event, **o):
        target = services.divisions_combine(event=event, into=o["into"], names=o["divisions"])
        members = bracket_entrants(target).count()
        self.say(f"{', '.join(o['divisions'])} now play as {target.name} ({members} entrants).")
