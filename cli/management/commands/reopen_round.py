from cli.base import EventCommand, get_division, seating_lines
from scoring import services


class Command(EventCommand):
    help = (
        "Take back a division's latest round while none of its scores or penalties is "
        "entered, and reopen the round before it (kept in the record with the reason)."
    )

    def add_options(self, parser):
        parser.add_argument("--division", required=True)
        parser.add_argument("--reason", required=True, help="why (kept in the record)")

    def run(self, event, **o):
        division = get_division(event, o["division"]).bracket
        result = services.round_reopen(division=division, reason=o["reason"])
        for note in result.notes:
            self.say(note)
        if result.reopened is not None:
            for line in seating_lines(result.reopened):
                self.say(line)
            self.say(
                f"Close it again with: manage.py advance {event.slug} --division "
                f"'{division.name}'"
            )
        else:
            self.say(
                f"Seat it again with: manage.py seat {event.slug} --division '{division.name}'"
            )
