from cli.base import EventCommand
from tournaments import services
from tournaments.selectors import bracket_entrants


class Command(EventCommand):
    help = "Play several divisions as one bracket."

    def add_options(self, parser):
        parser.add_argument("--into", required=True, help="the combined bracket's name")
        parser.add_argument("divisions", nargs="+")
        parser.add_argument(
            "--medals-by-age-group",
            action="store_true",
            help="this combined bracket's medals go to each age group, in finishing order, "
            "whatever the event's medal policy (a lone player who must play)",
        )

    def run(self, event, **o):
        target = services.divisions_combine(
            event=event,
            into=o["into"],
            names=o["divisions"],
            medals_by_age_group=o["medals_by_age_group"],
        )
        members = bracket_entrants(target).count()
        self.say(f"{', '.join(o['divisions'])} now play as {target.name} ({members} entrants).")
        if target.medals_by_age_group:
            self.say(f"{target.name}: medals go to each age group, in finishing order.")
