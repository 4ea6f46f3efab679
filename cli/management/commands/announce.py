from django.core.management.base import CommandError

from cli.base import EventCommand
from tournaments import services
from tournaments.selectors import announcements


class Command(EventCommand):
    help = (
        "Show a short message on the projector and the scorekeepers' pages until removed; "
        "without TEXT, list the messages shown (with their numbers); --remove N removes one."
    )

    def add_options(self, parser):
        parser.add_argument("text", nargs="?", help="the message (at most 200 characters)")
        parser.add_argument("--remove", type=int, metavar="N", help="remove message N")

    def run(self, event, **o):
        if o["text"] is not None and o["remove"] is not None:
            raise CommandError("Give a message to show or --remove N, not both.")
        if o["remove"] is not None:
            if not services.announcement_remove(event=event, announcement_id=o["remove"]):
                raise CommandError(f"{event.name} shows no announcement number {o['remove']}.")
            self.say(f"Announcement {o['remove']} removed.")
            return
        if o["text"] is not None:
            posted = services.announcement_post(event=event, text=o["text"])
            self.say(f"Announcement {posted.pk} shown: {posted.text}")
            return
        shown = announcements(event)
        if not shown:
            self.say("No announcement is shown.")
        for a in shown:
            self.say(f"{a.pk}. {a.text}")
