"""What every organizer command shares: finding the event and division, and failing well.

A command acts as an organizer. Bad input ends it with a non-zero exit and a
message naming the row or item and the reason; the services' transactions make
sure nothing was changed.
"""

import datetime
import zoneinfo

from django.core.management.base import BaseCommand, CommandError
from django.utils import timezone, translation

from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, EventAddress, Round, Seat
from tournaments.registration import RegistrationError


class EventCommand(BaseCommand):
    """A command whose first argument is an event's slug."""

    needs_event = True

    def add_arguments(self, parser):
        parser.add_argument("event", help="the event's short name (slug)")
        self.add_options(parser)

    def add_options(self, parser):
        pass

    def handle(self, *args, **options):
        options["slug"] = options.pop("event", None)
        # The command line is the scripting interface: English, and output that never
        # changes with a language, whoever calls it, whatever the event's.
        with translation.override("en"):
            try:
                event = get_event(options["slug"]) if self.needs_event else None
                # Times said in the event's time zone, as its pages and documents say them.
                with timezone.override(event_zone(event)):
                    return self.run(event, **options)
            except (RuleError, RegistrationError) as error:
                raise CommandError(str(error)) from None

    def run(self, event, **options):
        raise NotImplementedError

    def say(self, text=""):
        self.stdout.write(text)


def event_zone(event: Event | None):
    """The event's time zone (the server's without an event, or for a zone it lacks)."""
    try:
        return zoneinfo.ZoneInfo(event.time_zone) if event is not None else None
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return None


def get_event(slug: str) -> Event:
    event = Event.objects.filter(slug=slug).first()
    if event is None:
        moved = EventAddress.objects.filter(slug=slug).select_related("event").first()
        if moved is not None:
            raise RuleError(
                f"The event '{slug}' has a new short name: {moved.event.slug} (use that)."
            )
        known = ", ".join(Event.objects.values_list("slug", flat=True)[:20]) or "none yet"
        raise RuleError(f"There is no event '{slug}' (events: {known}).")
    return event


def get_division(event: Event, name: str) -> Division:
    division = Division.objects.filter(event=event, name__iexact=name.strip()).first()
    if division is None:
        known = ", ".join(event.divisions.values_list("name", flat=True)) or "none yet"
        raise RuleError(f"There is no division '{name}' in {event.name} (divisions: {known}).")
    return division


def get_entrant(event: Event, external_id: str) -> Entrant:
    entrant = Entrant.objects.filter(event=event, external_id=external_id.strip()).first()
    if entrant is None:
        raise RuleError(f"There is no entrant with id '{external_id}' in {event.name}.")
    return entrant


def get_round(division: Division, number: int) -> Round:
    round_ = Round.objects.filter(division=division.bracket, number=number).first()
    if round_ is None:
        raise RuleError(f"{division.bracket.name} has no round {number}.")
    return round_


def parse_date(text: str) -> datetime.date:
    try:
        return datetime.date.fromisoformat(text)
    except ValueError:
        raise CommandError(f"'{text}' is not a date (YYYY-MM-DD).") from None


def seating_lines(round_) -> list[str]:
    """A seated round as people read it: tables, seats, byes and the seating's notes."""
    lines = [
        f"{round_.division.name}, round {round_.number} ({round_.get_kind_display().lower()}, "
        f"{round_.games} game{'s' if round_.games > 1 else ''}):"
    ]
    # One query of plain values, whatever the field: a prefetch of each seat's entrant
    # reaches SQLite as one condition per entrant, which it refuses past about 1,000.
    tables: dict[int, list[str]] = {}
    for table, seat, first, last, external_id in (
        Seat.objects.filter(round=round_)
        .order_by("table__number", "number")
        .values_list(
            "table__number",
            "number",
            "entrant__first_name",
            "entrant__last_name",
            "entrant__external_id",
        )
    ):
        tables.setdefault(table, []).append(f"{seat}. {first} {last} ({external_id})")
    for table, seats in tables.items():
        lines.append(f"  Table {table}: {'; '.join(seats)}")
    byes = [
        f"{b.entrant.name} ({b.entrant.external_id})" for b in round_.byes.select_related("entrant")
    ]
    if byes:
        lines.append(f"  Byes to round {round_.number + 1}: {'; '.join(byes)}")
    for warning in round_.warnings:
        lines.append(f"  Note: {warning}")
    return lines
