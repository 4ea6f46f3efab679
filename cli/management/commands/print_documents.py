from pathlib import Path

from cli.base import EventCommand, get_division
from printing.models import GeneratedDocument
from printing.services import render_to_file


class Command(EventCommand):
    help = "Render one document (the same renderer the Celery task uses) to a PDF file."

    def add_options(self, parser):
        parser.add_argument("--kind", required=True, choices=GeneratedDocument.Kind.values)
        parser.add_argument("--division")
        parser.add_argument("--round", type=int)
        parser.add_argument("--out", required=True)

    def run(self, event, **o):
        division = get_division(event, o["division"]) if o["division"] else None
        path = Path(o["out"])
        size = render_to_file(
            event=event, kind=o["kind"], division=division, round_number=o["round"], path=path
        )
        self.say(f"Wrote {path} ({size // 1024} KB).")
