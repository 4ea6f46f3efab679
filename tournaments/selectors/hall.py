"""The hall's physical tables: the event's description of them, and who holds them now."""

from django.utils import translation

from tournaments import engine
from tournaments.models import Event, Round, Table


def event_hall(event: Event) -> engine.Hall:
    """The engine's view of the event's hall (its physical tables)."""
    return engine.Hall(
        tables=event.hall_tables,
        unusable=frozenset(engine.parse_table_numbers(event.unusable_tables)),
        accessible=frozenset(engine.parse_table_numbers(event.accessible_tables)),
    )


def hall_tables_in_play(event: Event) -> list[tuple[str, list[int]]]:
    """Who holds the hall's tables now: ("division, round N", [table numbers]) for every
    round seated and not closed, in table order."""
    holders: dict[tuple, list[int]] = {}
    rows = (
        Table.objects.filter(round__division__event=event)
        .exclude(round__status=Round.Status.CLOSED)
        .order_by("number")
        .values_list("round__division__name", "round__number", "number")
    )
    for division, round_number, number in rows:
        holders.setdefault((division, round_number), []).append(number)
    return [(round_label(d, r), numbers) for (d, r), numbers in holders.items()]


def round_label(division_name: str, number: int) -> str:
    """A round as the hall's messages name it: "60-64, round 2" (in the active language)."""
    return translation.gettext("%(division)s, round %(number)s") % {
        "division": division_name,
        "number": number,
    }


def table_in_play(event: Event, number: int) -> Table | None:
    """The table of a round in play with hall number ``number`` (unique among them)."""
    return (
        Table.objects.filter(round__division__event=event, number=number)
        .exclude(round__status=Round.Status.CLOSED)
        .select_related("round__division")
        .first()
    )
