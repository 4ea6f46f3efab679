"""Which e-mail notices are due: for each live subscription of an event, the player's table
seated, a round they played closed (went on or not), their final place. Only what
happened after the address was left; what is already recorded is left out by the service
(``Notice``'s key is unique per subscription)."""

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import QuerySet

from tournaments import engine
from tournaments.models import Bye, Division, Event, Notice, NoticeSubscription, Seat


@dataclass(frozen=True)
class DueNotice:
    subscription_id: int
    kind: str
    key: str
    facts: dict
    # Recorded as done without an e-mail: a seating the notice of a closed round already
    # tells ("went on: table 7").
    covered: bool = False


def events_with_subscriptions() -> QuerySet[Event]:
    """Events with at least one address waiting for notices."""
    live = NoticeSubscription.objects.filter(unsubscribed_at__isnull=True)
    return Event.objects.filter(pk__in=live.values("entrant__event_id"))


def notices_due(event: Event) -> list[DueNotice]:
    """The notices due to the event's live subscriptions, keyed so that recording one twice
    is refused: a few queries, whatever the field."""
    subscriptions = list(
        NoticeSubscription.objects.filter(
            entrant__event=event, unsubscribed_at__isnull=True
        ).select_related("entrant__division__combined_into")
    )
    if not subscriptions:
        return []
    entrants = {s.entrant_id for s in subscriptions}
    places = defaultdict(dict)  # entrant -> round number -> (round, table, seat)
    for seat in Seat.objects.filter(entrant_id__in=entrants).select_related("round", "table"):
        places[seat.entrant_id][seat.round.number] = (seat.round, seat.table.number, seat.number)
    for bye in Bye.objects.filter(entrant_id__in=entrants).select_related("round"):
        places[bye.entrant_id][bye.round.number] = (bye.round, None, None)
    due = []
    for subscription in subscriptions:
        due += _closed(subscription, places[subscription.entrant_id])
        due += _seated(subscription, places[subscription.entrant_id])
        due += _final(subscription)
    return due


def _seat_facts(round_, table, seat) -> dict:
    return {"round": round_.number, "kind": round_.kind, "table": table, "seat": seat}


def _seated(subscription, places: dict) -> list[DueNotice]:
    due = []
    for round_, table, seat in places.values():
        if round_.status == round_.Status.CLOSED or round_.created_at < subscription.created_at:
            continue
        due.append(
            DueNotice(
                subscription.pk,
                Notice.Kind.SEATED,
                f"seated:{round_.number}:{table or 'bye'}",
                _seat_facts(round_, table, seat),
            )
        )
    return due


def _closed(subscription, places: dict) -> list[DueNotice]:
    """A round the player played (or had a bye in) closed, but the final (its notice is
    the final place): went on or not, and where they sit next."""
    due = []
    for number, (round_, table, _seat) in places.items():
        if round_.kind == engine.FINAL or round_.closed_at is None:
            continue
        if round_.closed_at < subscription.created_at:
            continue
        facts = {"round": number, "table": table, "went_on": number + 1 in places}
        if number + 1 in places:
            following = places[number + 1]
            facts["next"] = _seat_facts(*following)
            due.append(
                DueNotice(
                    subscription.pk,
                    Notice.Kind.SEATED,
                    f"seated:{number + 1}:{following[1] or 'bye'}",
                    facts["next"],
                    covered=True,
                )
            )
        due.insert(0, DueNotice(subscription.pk, Notice.Kind.CLOSED, f"closed:{number}", facts))
    return due


def _final(subscription) -> list[DueNotice]:
    division = subscription.entrant.division
    bracket = division.combined_into or division
    confirmed = bracket.medals_confirmed_at
    if bracket.status != Division.Status.COMPLETE or confirmed is None:
        return []
    if confirmed < subscription.created_at:
        return []
    return [DueNotice(subscription.pk, Notice.Kind.FINAL, "final", {"division": bracket.pk})]
