"""An event's settings as the engine reads them, the language its stored notes are
written in, and a free short name for a new event."""

import dataclasses
import datetime

from django.conf import settings
from django.db.models import Q, QuerySet
from django.utils import translation

from tournaments import engine
from tournaments.models import Division, Event, Round


def event_rules(event: Event) -> engine.Rules:
    """The engine's view of an event's settings."""
    return engine.Rules(
        scoring=event.scoring,
        tie_order=engine.parse_tie_order(event.tie_order),
        prefer_threes=event.prefer_threes,
        medal_policy=event.medal_policy,
    )


def division_rules(division: Division) -> engine.Rules:
    """The engine's view of the settings a bracket plays by: the event's, except that a
    combined bracket made for a lone player who must play gives medals by age group."""
    rules = event_rules(division.event)
    if division.medals_by_age_group:
        return dataclasses.replace(rules, medal_policy=engine.AGE_GROUP)
    return rules


def notes_language(event: Event):
    """What a round's stored seating notes are written in: the event's language, whoever
    seats it and whatever their browser's language (``with notes_language(event): ...``),
    like the printed sheets."""
    return translation.override(notes_language_code(event))


def notes_language_code(event: Event) -> str:
    """The language code a round's seating notes are written in (``notes_language``)."""
    return getattr(event, "language", None) or settings.LANGUAGE_CODE


def free_slug(slug: str) -> str:
    """A short name like ``slug`` that no event has: ``slug-2``, ``slug-3``, …"""
    taken = set(Event.objects.filter(slug__startswith=slug).values_list("slug", flat=True))
    number = 2
    while f"{slug}-{number}"[:50] in taken:
        number += 1
    return f"{slug[: 49 - len(str(number))]}-{number}"


def event_started(event: Event) -> bool:
    """A round of one of its divisions is seated: the bracket settings are fixed."""
    return Round.objects.filter(division__event=event).exists()


def events_ended_waiting() -> QuerySet[Event]:
    """The events that ended (every division with players finished, or archived) and whose
    end was not yet dealt with: what is kept only while an event runs is still there
    (``tournaments.services.events_ended_forget``)."""
    waiting = Event.objects.filter(ended_forgotten_at__isnull=True)
    return waiting.filter(Q(archived_at__isnull=False) | Q(pk__in=waiting.finished())).order_by(
        "pk"
    )


def events_personal_data_due(today: datetime.date) -> list[Event]:
    """The events whose contact details and birth dates are due for deletion on ``today``
    (``Event.personal_data_deleted_on``) and were not deleted yet."""
    waiting = Event.objects.filter(personal_purged_at__isnull=True, date__lte=today)
    return [event for event in waiting if event.personal_data_deleted_on <= today]
