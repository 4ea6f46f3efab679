from pathlib import Path

from django.core.management.base import CommandError

from cli.base import EventCommand
from scoring import services
from scoring.score_import import read_scores
from tournaments.selectors import event_format


class Command(EventCommand):
    help = (
        "Enter scores from CSV: division,round,table,game,entrant_id,rack_total[,ended][,winner]."
    )

    def add_options(self, parser):
        parser.add_argument("file")
        parser.add_argument(
            "--replace",
            action="store_true",
            help="replace games that already have scores (kept in the audit trail)",
        )
        parser.add_argument(
            "--reason",
            default="",
            help="why confirmed games are replaced: the replacement is recorded as a correction",
        )

    def run(self, event, **o):
        try:
            data = Path(o["file"]).read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {o['file']}: {error.strerror}.") from None
        joker = event_format(event).table.joker_value
        count = services.games_import(
            event=event,
            games=read_scores(data, joker_value=joker),
            replace=o["replace"],
            reason=o["reason"],
        )
        self.say(f"Recorded {count} game(s).")
