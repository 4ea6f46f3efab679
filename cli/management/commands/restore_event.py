from django.core.management.base import CommandError

from cli.base import EventCommand
from scoring.backup import backup_read, event_restore
from tournaments.engine import RuleError


class Command(EventCommand):
    help = "Restore an event from a file written by backup_event."
    needs_event = False

    def add_arguments(self, parser):
        parser.add_argument("file")
        # Not dest="slug": EventCommand.handle sets options["slug"] from the (absent) event
        # argument, which would silently drop --as.
        parser.add_argument("--as", dest="as_slug", help="restore under another short name")

    def run(self, event, **o):
        try:
            with open(o["file"], "rb") as file:
                data = backup_read(file)
        except OSError as error:
            raise CommandError(f"Cannot read {o['file']}: {error.strerror}.") from None
        except RuleError as error:
            raise CommandError(f"{o['file']}: {error}") from None
        restored = event_restore(data, slug=o["as_slug"])
        self.say(f"Restored {restored.name} ({restored.slug}).")
