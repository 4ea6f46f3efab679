"""Reads of an event's entrants for the desk's registration and check-in pages."""

from dataclasses import dataclass

from tournaments.models import Entrant, Erasure, Event
from tournaments.selectors import mark_namesakes, namesakes, public_name
from tournaments.text import name_order


def entrants_listed(event: Event) -> list[Entrant]:
    """Every entrant of the event with their division, by last name then first name,
    accents ignored (``name_order``: "Márquez" before "Moreau")."""
    return sorted(Entrant.objects.filter(event=event).select_related("division"), key=name_order)


def entrants_named(event: Event, ids) -> dict[str, Entrant]:
    """The event's entrants with these ids (``external_id``), by id, each with the name the
    pages show (two Dorothy Hills told apart: "Dorothy Hill #H1049")."""
    found = {e.external_id: e for e in Entrant.objects.filter(event=event, external_id__in=ids)}
    mark_namesakes(found.values(), namesakes(event, among=list(found.values())))
    return found


def entrants_in_order(event: Event, ids: list[str]) -> list[Entrant] | None:
    """The event's entrants with these ids (``external_id``) in the order given (one given
    twice comes twice: the service says what is wrong with that); None when an id is of no
    entrant of the event."""
    found = {e.external_id: e for e in Entrant.objects.filter(event=event, external_id__in=ids)}
    if len(found) != len(set(ids)):
        return None
    return [found[i] for i in ids]


@dataclass(frozen=True)
class EntrantPrivacy:
    """What the entrant's page says of their privacy: the name the public pages show, and
    the erasure of their personal data if there was one (who, when, why)."""

    public_name: str
    erasure: Erasure | None


def entrant_privacy(entrant: Entrant) -> EntrantPrivacy:
    return EntrantPrivacy(
        public_name=public_name(entrant),
        erasure=Erasure.objects.filter(event=entrant.event_id, external_id=entrant.external_id)
        .select_related("by")
        .first(),
    )
