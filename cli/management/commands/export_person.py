import json

from cli.base import EventCommand
from scoring.selectors import person_record


class Command(EventCommand):
    help = "Print everything held about one person of the event as JSON (standard output)."

    def add_options(self, parser):
        parser.add_argument("id", help="the entrant's id (entrant_id)")

    def run(self, event, **o):
        record = person_record(event, o["id"])
        self.stdout.write(json.dumps(record, ensure_ascii=False, indent=2))
