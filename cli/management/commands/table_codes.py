from django.core.management.base import CommandError

from cli.base import EventCommand
from tournaments import services
from tournaments.selectors import table_code_live, table_codes_in_play, table_in_play


class Command(EventCommand):
    help = (
        "List the table codes of the rounds in play (players enter their table's scores with "
        "them); --new TABLE gives that table a new code, the old one opening nothing any more."
    )

    def add_options(self, parser):
        parser.add_argument(
            "--new", type=int, metavar="TABLE", help="give this table (hall number) a new code"
        )
        parser.add_argument("--reason", default="", help="why (kept with the old code)")

    def run(self, event, **o):
        if not event.players_enter_scores:
            raise CommandError(
                f"{event.name}: scores are entered by scorekeepers only, so its tables have no "
                "codes (configure_event --score-entry players or both gives them)."
            )
        if o["new"] is not None:
            table = table_in_play(event, o["new"])
            if table is None:
                raise CommandError(f"No table {o['new']} is in play in {event.name}.")
            old = table_code_live(table)
            new = services.table_code_reissue(table=table, reason=o["reason"])
            where = (
                f"Table {table.number} ({table.round.division.name}, round {table.round.number})"
            )
            self.say(
                f"{where}: new code {new.code}"
                + (f"; the old code {old.code} opens nothing any more." if old else ".")
                + " Print its score sheet again."
            )
            return
        lines = table_codes_in_play(event)
        if not lines:
            self.say(f"{event.name}: no round is in play.")
        for line in lines:
            self.say(
                f"Table {line.table} ({line.division}, round {line.round}): "
                f"{line.code or 'no code'}"
            )
