"""The one way a name reaches the public pages and the projector: as the event allows (in
full, first name and last initial, or none), by initials for an entrant who asked to be
kept off them, and told apart from anyone who would look alike. The desk, the printed
sheets and the exports keep the registered name (``Entrant.shown_name``)."""

from django.db.models import Count, Q, QuerySet
from django.db.models.functions import Substr

from tournaments.models import Entrant, Event, name_search_text
from tournaments.text import FULL_NAMES, INITIAL_NAMES, NO_NAMES
from tournaments.text import public_names as named

from .namesakes import AMONG_AT_MOST

FIELDS = ("external_id", "first_name", "last_name", "club", "public_opt_out", "erased_at")


def _people(rows) -> list[tuple]:
    """``(key, first, last, number, club, opted_out, erased)`` for ``tournaments.text``."""
    return [
        (key, first, last, key, club, opted, erased is not None)
        for key, first, last, club, opted, erased in rows
    ]


def _rows(event: Event, among) -> list[tuple]:
    if among is None:
        return list(Entrant.objects.filter(event=event).order_by().values_list(*FIELDS))
    if isinstance(among, QuerySet):
        return list(among.order_by().values_list(*FIELDS))
    return [tuple(getattr(e, f) for f in FIELDS) for e in among]


def _shared(event: Event, field: str):
    """The values of ``field`` that more than one entrant of the event has (a subquery)."""
    return (
        Entrant.objects.filter(event=event)
        .order_by()
        .values(field)
        .annotate(count=Count("pk"))
        .filter(count__gt=1)
        .values(field)
    )


def _look_alikes(event: Event, wanted: list[tuple]) -> Q | None:
    """Who else in the event could be shown like one of ``wanted`` (a superset, settled in
    ``tournaments.text.public_names``): the same full name, the same first name when last
    names are cut to their initial, the same initials among those kept off the pages."""
    setting = event.public_names
    shown_plainly = [p for p in wanted if not p[4] and p[5] is None]
    condition = Q()
    if setting == FULL_NAMES and shown_plainly:
        searched = {name_search_text(p[1], p[2]) for p in shown_plainly}
        if len(searched) <= AMONG_AT_MOST:
            condition |= Q(search_name__in=searched)
        else:
            condition |= Q(search_name__in=_shared(event, "search_name"))
    if setting == INITIAL_NAMES and shown_plainly:
        firsts = {p[1] for p in shown_plainly}
        if len(firsts) <= AMONG_AT_MOST:
            condition |= Q(first_name__in=firsts)
        else:
            condition |= Q(first_name__in=_shared(event, "first_name"))
    initials = {(p[1][:1], p[2][:1]) for p in wanted if p[4] and p[5] is None}
    if initials:
        firsts = {c for first, _ in initials for c in (first, first.upper(), first.lower())}
        lasts = {c for _, last in initials for c in (last, last.upper(), last.lower())}
        condition |= Q(public_opt_out=True, erased_at__isnull=True, first__in=firsts) & Q(
            last__in=lasts
        )
    return condition or None


def public_names(event: Event, among=None) -> dict[str, str]:
    """By entrant id, the name the public pages and the projector show for each of
    ``among`` (entrants, or a QuerySet of them; None: every entrant of the event), as the
    event's ``public_names`` setting says:

    - "full": "Mary Smith" (two of one name told apart by club or number, as
      ``namesakes`` does);
    - "initial": "Mary S." ("Mary S. #57" beside another Mary S.);
    - "none": "#57", the entry number alone.

    An entrant kept off the public pages (``Entrant.public_opt_out``) is shown by initials,
    "M. S."; an erased one by the words that stand for them, "Withdrawn entrant #57". At
    most two queries, whatever the field: ``among``'s names, and the few others of the
    event who could look like them."""
    wanted = _rows(event, among)
    if event.public_names == NO_NAMES:
        return {row[0]: f"#{row[0]}" for row in wanted}
    people = {row[0]: row for row in wanted}
    condition = _look_alikes(event, wanted) if among is not None else None
    if condition is not None:
        others = (
            Entrant.objects.filter(event=event)
            .annotate(first=Substr("first_name", 1, 1), last=Substr("last_name", 1, 1))
            .filter(condition)
            .order_by()
            .values_list(*FIELDS)
        )
        for row in others:
            people.setdefault(row[0], row)
    shown = named(_people(people.values()), event.public_names)
    return {row[0]: shown[row[0]] for row in wanted}


def public_name(entrant: Entrant) -> str:
    """One entrant's name as the public pages show it (``public_names``): the player's own
    page and the link their family follows name them so."""
    return public_names(entrant.event, among=[entrant])[entrant.external_id]
