from django.core.management.base import CommandError

from cli.base import EventCommand, get_division
from tournaments import services
from tournaments.models import Round, Table
from tournaments.selectors import round_clock


def table_in_play(event, number: int, division_name: str | None) -> Table:
    """The table of that number in a round still playing (of that division when named)."""
    tables = Table.objects.filter(round__division__event=event, number=number).exclude(
        round__status=Round.Status.CLOSED
    )
    if division_name:
        division = get_division(event, division_name).bracket
        tables = tables.filter(round__division=division)
    found = list(tables.select_related("round__division__event"))
    if not found:
        where = f" in {division_name}" if division_name else ""
        raise CommandError(f"No table {number} is playing now{where}.")
    if len(found) > 1:
        names = ", ".join(t.round.division.name for t in found)
        raise CommandError(f"Table {number} is playing in {names}: name one with --division.")
    return found[0]


class Command(EventCommand):
    help = (
        "Give one table extra minutes on its round clock (a late start, a long dispute); "
        "a negative number takes back minutes given by mistake."
    )

    def add_options(self, parser):
        parser.add_argument("--table", type=int, required=True, help="the table's number")
        parser.add_argument("--minutes", type=int, required=True)
        parser.add_argument("--division", help="needed only when two tables share the number")

    def run(self, event, **o):
        table = table_in_play(event, o["table"], o["division"])
        table = services.table_minutes_add(table=table, minutes=o["minutes"])
        clock = round_clock(table.round, table=table)
        line = (
            f"Table {table.number} ({table.round.division.name}, round {table.round.number}): "
            f"{table.extra_minutes} extra minute{'s' if table.extra_minutes != 1 else ''}"
        )
        if clock.started and not clock.paused:
            line += f"; it ends at {clock.end_text}"
        self.say(line + ".")
