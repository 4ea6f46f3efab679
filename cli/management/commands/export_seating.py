import io

from cli.base import EventCommand, get_division
from tournaments.csvfiles import csv_writer
from tournaments.models import Bye, Seat
from tournaments.selectors import played_brackets


class Command(EventCommand):
    help = "Write the seating as CSV: division,round,table,seat,entrant_id,name."

    def add_options(self, parser):
        parser.add_argument("--division")
        parser.add_argument("--round", type=int)

    def run(self, event, **o):
        divisions = (
            [get_division(event, o["division"]).bracket]
            if o["division"]
            else list(played_brackets(event))
        )
        buffer = io.StringIO()
        writer = csv_writer(buffer, lineterminator="\n")
        writer.writerow(["division", "round", "table", "seat", "entrant_id", "name"])
        for division in divisions:
            seats = (
                Seat.objects.filter(round__division=division)
                .select_related("round", "table", "entrant")
                .order_by("round__number", "table__number", "number")
            )
            byes = (
                Bye.objects.filter(round__division=division)
                .select_related("round", "entrant")
                .order_by("round__number", "entrant__external_id")
            )
            if o["round"]:
                seats = seats.filter(round__number=o["round"])
                byes = byes.filter(round__number=o["round"])
            rows = [(s.round.number, s.table.number, str(s.number), s.entrant) for s in seats] + [
                (b.round.number, None, "bye", b.entrant) for b in byes
            ]
            rows.sort(key=lambda r: (r[0], r[1] is None, r[1] or 0, r[2]))
            for number, table, seat, entrant in rows:
                writer.writerow(
                    [
                        division.name,
                        number,
                        "" if table is None else table,
                        seat,
                        entrant.external_id,
                        entrant.name,
                    ]
                )
        self.stdout.write(buffer.getvalue(), ending="")
