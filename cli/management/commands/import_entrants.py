from pathlib import Path

from django.core.management.base import CommandError
from django.db import transaction

from cli.base import EventCommand, get_event, parse_date
from tournaments import services
from tournaments.registration import read_registrations
from tournaments.selectors.registration import CHANGED, NEW, REFUSED, REMOVED, removed_words


def _value(value) -> str:
    return "(empty)" if value in ("", None) else str(value)


def plan_lines(plan) -> list[str]:
    """The plan as the preview shows it, one line per row that does something, with its
    changes, warnings and the entrants the file no longer holds."""
    lines = []
    for row in plan.rows:
        if row.action == REFUSED:
            continue
        if row.action == REMOVED:
            lines.append(
                f"Skipped (line {row.line}): {row.name} ({row.entrant_id or 'no id'}): "
                f"{removed_words(row.removal)}; not registered again (add them by hand to "
                "register them)"
            )
            continue
        where = row.division.name if row.division is not None else ""
        if row.action == NEW:
            lines.append(f"New (line {row.line}): {row.name} ({row.entrant_id or 'id made up'})"
                         f" → {where}")  # fmt: skip
        elif row.action == CHANGED:
            changes = "; ".join(
                f"{change.field.replace('_', ' ')}: {_value(change.old)} → {_value(change.new)}"
                for change in row.changes
            )
            lines.append(f"Changed (line {row.line}): {row.name} ({row.entrant_id}): {changes}")
        for warning in row.warnings:
            lines.append(f"  Warning (line {row.line}): {warning}")
    for entrant in plan.missing:
        lines.append(
            f"No longer in the file (kept as they are): {entrant.name} ({entrant.external_id}), "
            f"{entrant.division.name}, {entrant.get_status_display().lower()}"
        )
    return lines


class Command(EventCommand):
    help = "Register entrants from a CSV file (our format or a registration platform's export)."
    needs_event = False

    def add_options(self, parser):
        parser.add_argument("file", help="the CSV file")
        parser.add_argument("--create-event", action="store_true")
        parser.add_argument("--name")
        parser.add_argument("--date")
        parser.add_argument("--scoring", choices=["low", "sabra"])
        parser.add_argument(
            "--update",
            action="store_true",
            help="update entrants already registered: matched by id, or without an id column "
            "by names and birth date",
        )
        parser.add_argument(
            "--day-first",
            action="store_true",
            help="read dates such as 05/04/1950 as day/month/year",
        )

    def run(self, event, **options):
        path = Path(options["file"])
        try:
            data = path.read_bytes()
        except OSError as error:
            raise CommandError(f"Cannot read {path}: {error.strerror}.") from None
        slug = options["slug"]
        # One transaction: a refused file must not leave a newly created event behind.
        with transaction.atomic():
            created = False
            if options["create_event"]:
                date = parse_date(options["date"]) if options["date"] else None
                event, created = services.event_get_or_create(
                    slug=slug, name=options["name"], date=date, scoring=options["scoring"]
                )
            else:
                event = get_event(slug)
            parsed = read_registrations(
                data, event_names=[event.name, event.slug], day_first=options["day_first"]
            )
            report = services.entrants_import(event=event, parsed=parsed, update=options["update"])
        if created:
            self.say(f"Created event {event.name} ({event.slug}) on {event.date}.")
        self.say(f"Read {path.name} ({parsed.encoding}).")
        for line in plan_lines(report.plan):
            self.say(line)
        self.say(f"Registered {report.created} entrant(s), updated {report.updated}.")
        if options["update"]:
            self.say(
                f"New: {report.created}; changed: {report.updated}; unchanged: "
                f"{report.unchanged}; no longer in the file: {len(report.plan.missing)}."
            )
        for name, count in sorted(report.skipped_other_events.items()):
            self.say(f"Skipped {count} row(s) for another event: {name}.")
        if report.divisions_created:
            self.say(f"New divisions: {', '.join(report.divisions_created)}.")
