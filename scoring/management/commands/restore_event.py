import json
from pathlib import Path

from django.core.management.base import CommandError

from scoring.backup import event_restore
from tournaments.management.base import EventCommand


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
            data = json.loads(Path(o["file"]).read_text(encoding="utf-8"))
        except OSError as error:
            raise CommandError(f"Cannot read {o['file']}: {error.strerror}.") from None
        except ValueError as error:
            raise CommandError(f"{o['file']} is not a backup (not JSON: {error}).") from None
        restored = event_restore(data, slug=o["as_slug"])
        self.say(f"Restored {restored.name} ({restored.slug}).")
