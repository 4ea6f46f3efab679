"""What every document's data share: the event's heading, the language they are printed
in, a player's out-of-play code, and each division's play read once for many documents."""

import zoneinfo
from contextlib import contextmanager
from contextvars import ContextVar

from django.conf import settings
from django.utils import timezone, translation

from printing import data
from scoring.selectors import division_state
from tournaments.models import Division, Entrant, Event
from tournaments.selectors import event_format, namesakes

# Divisions' states already read while ``shared_states`` is open: the printing page checks
# whether each of its documents is current, and a bracket, the results, the certificates
# and the ribbons all read the same divisions' play.
_states: ContextVar[dict | None] = ContextVar("printing_states", default=None)


@contextmanager
def shared_states():
    """Within it, each division's play is read once for every document's data."""
    token = _states.set({})
    try:
        yield
    finally:
        _states.reset(token)


def division_play(division: Division):
    cache = _states.get()
    if cache is None:
        return division_state(division)
    if division.pk not in cache:
        # One event's namesakes, read once for every division's documents.
        key = ("namesakes", division.event_id)
        if key not in cache:
            cache[key] = namesakes(division.event)
        cache[division.pk] = division_state(division, cache[key])
    return cache[division.pk]


# While a document's fingerprint is taken (``in_one_language``), the words its data hold
# are built in one fixed language: changing the event's language then marks no document
# stale when no score or seating changed.
_fixed_language: ContextVar[str | None] = ContextVar("printing_fixed_language", default=None)


@contextmanager
def in_one_language():
    """Within it, ``printed`` builds every document's words in the server's language."""
    token = _fixed_language.set(settings.LANGUAGE_CODE)
    try:
        yield
    finally:
        _fixed_language.reset(token)


def _zone(event):
    try:
        return zoneinfo.ZoneInfo(getattr(event, "time_zone", None) or settings.TIME_ZONE)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)


@contextmanager
def printed(event: Event):
    """The words a document prints (built here or by the renderer) are in the event's
    language, and its times in the event's time zone, whoever asks for it:
    ``with printed(event): ...``."""
    language = _fixed_language.get() or getattr(event, "language", None)
    with translation.override(language or settings.LANGUAGE_CODE), timezone.override(_zone(event)):
        yield


def out_of_play(entrant: Entrant) -> str:
    """The data's code for a player out of play ("withdrawn", "disqualified" or ""): the
    renderer prints it in the document's language."""
    if not entrant.out_of_play:
        return ""
    return "disqualified" if entrant.status == Entrant.Status.DISQUALIFIED else "withdrawn"


def event_info(event: Event) -> data.EventInfo:
    # Plain strings, not the model's choice enums, so the fingerprint is the same
    # whether the event came from the database or was just created.
    return data.EventInfo(
        name=event.name,
        date=event.date,
        venue=event.venue,
        scoring=str(event.scoring),
        paper=str(event.paper),
        initial_meld=event.initial_meld,
        language=str(event.language),
        table_format=event_format(event),
    )
