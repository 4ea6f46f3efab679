import io
import json

from cli.base import EventCommand
from scoring.selectors import event_qualifiers
from tournaments.csvfiles import csv_writer

CSV_HEADER = [
    "age_group",
    "gender",
    "qualifier",
    "place",
    "entrant_id",
    "name",
    "state",
    "division",
    "note",
]


class Command(EventCommand):
    help = (
        "Write who qualifies for the next level (per actual age group and gender, in finishing "
        "order, out-of-state finishers skipped) to standard output: CSV by default, or JSON."
    )

    def add_options(self, parser):
        parser.add_argument("--format", choices=["csv", "json"], default="csv")

    def run(self, event, **o):
        report = event_qualifiers(event)
        if report.unfinished:
            # Said on standard error, so the CSV and JSON stay as they are.
            self.stderr.write(
                "Not finished, so not in the list: " + ", ".join(report.unfinished) + "."
            )
        if o["format"] == "json":
            self.stdout.write(json.dumps(as_json(report), ensure_ascii=False, indent=2))
            return
        buffer = io.StringIO()
        writer = csv_writer(buffer, lineterminator="\n")
        writer.writerow(CSV_HEADER)
        for group in report.groups:
            for q in group.qualifiers:
                writer.writerow(
                    [
                        group.age_group,
                        group.gender,
                        q.rank,
                        q.place,
                        q.entrant_id,
                        q.name,
                        q.state,
                        q.division,
                        "state unknown" if q.state_unknown else "",
                    ]
                )
        self.stdout.write(buffer.getvalue(), ending="")


def as_json(report) -> dict:
    return {
        "event": {
            "slug": report.event.slug,
            "name": report.event.name,
            "date": report.event.date.isoformat(),
        },
        "qualify": report.places,
        "home_state": report.home_state or None,
        "groups": [
            {
                "age_group": group.age_group,
                "gender": group.gender,
                "label": group.label,
                "divisions": list(group.divisions),
                "qualifiers": [
                    {
                        "qualifier": q.rank,
                        "place": q.place,
                        "entrant_id": q.entrant_id,
                        "name": q.name,
                        "state": q.state,
                        "state_unknown": q.state_unknown,
                        "division": q.division,
                    }
                    for q in group.qualifiers
                ],
                "skipped_out_of_state": len(group.skipped),
            }
            for group in report.groups
        ],
        "unfinished_divisions": list(report.unfinished),
    }
