import json
import os
from pathlib import Path

from cli.base import EventCommand
from scoring.backup import event_backup


class Command(EventCommand):
    help = "Write a whole event (registration, bracket, scores, audit trail) to one JSON file."

    def add_options(self, parser):
        parser.add_argument("--out", required=True)

    def run(self, event, **o):
        path = Path(o["out"])
        temporary = path.with_name(path.name + ".part")
        temporary.write_text(
            json.dumps(event_backup(event), ensure_ascii=False, indent=1), encoding="utf-8"
        )
        os.replace(temporary, path)
        self.say(f"Backed up {event.name} to {path}.")
