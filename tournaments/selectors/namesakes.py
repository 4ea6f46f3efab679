"""Two entrants of one name: what each is shown by ("Mary Smith (Sunrise Club)", "Mary
Smith #57"), found in the database."""

from django.db.models import Count, Exists, OuterRef, QuerySet

from tournaments.models import Entrant, Event
from tournaments.text import namesake_names

# The most names ``namesakes`` lists in its query; more are read with the whole event's.
AMONG_AT_MOST = 500


def namesakes(event: Event, among=None) -> dict[str, str]:
    """The entrants of the event whose name another entrant of the event shares (folded:
    case, accents, spaces), by entrant id, with the name to show them by: "Mary Smith
    (Sunrise Club)", "Mary Smith #57" (``tournaments.text.namesake_names``). Usually empty.
    One query, whatever the field: the shared names are found in the database, grouped by
    the folded name ``Entrant.search_name`` holds, and only their entrants are read.
    ``among``: only these entrants' names are looked at (a table's players, a bracket, the
    players a search found: entrants, or a QuerySet of them), which keeps the grouping to
    a few index lookups on a large event (10,000 entrants: 18 ms on PostgreSQL for the
    whole event). More than ``AMONG_AT_MOST`` entrants loaded (a large bracket): the whole
    event's names are looked at instead, so that the query does not grow with the field
    (SQLite refuses one with too many values)."""
    everyone = Entrant.objects.filter(event=event)
    if isinstance(among, QuerySet):
        everyone = everyone.filter(search_name__in=among.order_by().values("search_name"))
    elif among is not None:
        names = {e.search_name for e in among}
        if len(names) <= AMONG_AT_MOST:
            everyone = everyone.filter(search_name__in=names)
    shared = (
        everyone.order_by()
        .values("search_name")
        .annotate(count=Count("pk"))
        .filter(count__gt=1)
        .values("search_name")
    )
    rows = (
        Entrant.objects.filter(event=event, search_name__in=shared)
        .order_by()
        .values_list("external_id", "first_name", "last_name", "club")
    )
    return namesake_names((i, f"{first} {last}", club, i) for i, first, last, club in rows)


def has_namesake(entrant: str = "") -> Exists:
    """For ``annotate``: another entrant of the event has this entrant's name (folded).
    ``entrant``: the path to the entrant ("entrant__" on a Seat), "" on an Entrant."""
    return Exists(
        Entrant.objects.filter(
            event_id=OuterRef(f"{entrant}event_id"),
            search_name=OuterRef(f"{entrant}search_name"),
        ).exclude(pk=OuterRef(f"{entrant}pk"))
    )


def mark_flagged_namesakes(event: Event, flagged) -> None:
    """``mark_namesakes`` for the entrants a ``has_namesake`` annotation flagged: nothing
    is read when none is (the usual case), else one query for their names."""
    flagged = list(flagged)
    if flagged:
        mark_namesakes(flagged, namesakes(event, among=flagged))


def mark_namesakes(entrants, shown: dict[str, str]):
    """Give each entrant of ``entrants`` that has a namesake the name to show it by
    (``Entrant.shown_name``); ``shown`` is ``namesakes(event)``. Returns ``entrants``."""
    for entrant in entrants:
        if entrant.external_id in shown:
            entrant.namesake_name = shown[entrant.external_id]
    return entrants


def with_shown_name(entrant: Entrant) -> Entrant:
    """One entrant, marked as ``mark_namesakes`` does (a desk's confirm page names them)."""
    return mark_namesakes([entrant], namesakes(entrant.event_id, among=[entrant]))[0]


def loaded_namesakes(entrants) -> dict[str, str]:
    """``namesakes`` computed from entrants already loaded, when they are the whole event
    (the check-in page reads every entrant anyway): no query."""
    return namesake_names((e.external_id, e.name, e.club, e.external_id) for e in entrants)
