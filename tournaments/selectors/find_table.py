"""Finding a player's table: where each player sits now, or that they wait to be seated."""

from tournaments.models import Bye, Entrant, Event, Round, Seat
from tournaments.text import fold, matches, name_order

from .brackets import seated_bracket_ids
from .namesakes import namesakes


def waiting_to_be_seated(event: Event, query: str, limit: int = 30, shown=None) -> list[dict]:
    """Checked-in players matching the search whose division has no round yet: name and
    division, so "Find my table" can say "not seated yet" rather than "check the spelling".
    ``shown``: the event's ``namesakes`` when already read."""
    wanted = fold(query.strip())
    if len(wanted) < 2:
        return []
    found = []
    waiting = (
        Entrant.objects.filter(event=event)
        .checked_in()
        .matching(wanted)
        .exclude(pk__in=Seat.objects.filter(round__division__event=event).values("entrant_id"))
        .exclude(pk__in=Bye.objects.filter(round__division__event=event).values("entrant_id"))
        .select_related("division", "division__combined_into")
    )
    started = seated_bracket_ids(event, finished=True)
    waiting = sorted(waiting, key=name_order)
    if waiting and shown is None:
        shown = namesakes(event, among=waiting)
    for entrant in waiting:
        if entrant.division.bracket.pk not in started:
            name = shown.get(entrant.external_id, entrant.name)
            found.append({"name": name, "division": entrant.division.shown_name})
            if len(found) >= limit:
                break
    return found


def find_table(event: Event, query: str, limit: int = 30, shown=None) -> list[dict]:
    """Where each matching player sits now: name, division, round, table or bye; two
    players of the same name with their club or number beside it (``namesakes``, or
    ``shown`` when already read).

    The name is searched in the database (``Entrant.search_name``); only the matching
    players' seats are read, so the time does not grow with the field."""
    wanted = fold(query.strip())
    if len(wanted) < 2:
        return []
    matching = Entrant.objects.filter(event=event).matching(wanted).values("pk")
    latest = {}
    for seat in Seat.objects.filter(entrant__in=matching).select_related(
        "entrant", "table", "round__division"
    ):
        key = seat.entrant_id
        if key not in latest or latest[key]["round"] < seat.round.number:
            latest[key] = {
                "entrant": seat.entrant,
                "division": seat.round.division.shown_name,
                "round": seat.round.number,
                "table": seat.table.number,
                "seat": seat.number,
                # A closed round: the table is not where to sit now (eliminated, finished).
                "over": seat.round.status == Round.Status.CLOSED,
            }
    for bye in Bye.objects.filter(entrant__in=matching).select_related(
        "entrant", "round__division"
    ):
        key = bye.entrant_id
        if key not in latest or latest[key]["round"] <= bye.round.number:
            latest[key] = {
                "entrant": bye.entrant,
                "division": bye.round.division.shown_name,
                "round": bye.round.number,
                "table": None,
                "seat": None,
                "over": False,
            }
    found = []
    if latest and shown is None:
        shown = namesakes(event, among=[row["entrant"] for row in latest.values()])
    for row in sorted(
        latest.values(), key=lambda r: (fold(r["entrant"].last_name), fold(r["entrant"].first_name))
    ):
        entrant = row["entrant"]
        if matches(wanted, entrant.name):
            found.append({**row, "name": shown.get(entrant.external_id, entrant.name)})
            if len(found) >= limit:
                break
    return found
