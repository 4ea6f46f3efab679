"""Players checking themselves in, from their own page or at the kiosk, within the window
the organizer opens. The check-in itself is the desk's (``entrant_set_status``): one path
for the rule that nobody is checked in once their division is seated."""

import datetime

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.engine.self_checkin import NOT_YET, OPEN, OVER, check_window
from tournaments.models import Division, Entrant, Event
from tournaments.selectors import bracket_started, clock_time
from tournaments.selectors.player_pages import checkin_window
from tournaments.text import one_period

from .checkin import entrant_set_status


def checkin_window_set(
    *,
    event: Event,
    opens_at: datetime.datetime | None,
    closes_at: datetime.datetime | None,
) -> Event:
    """Open the self check-in from ``opens_at`` to ``closes_at`` (both None: closed)."""
    check_window(opens_at, closes_at)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        event.checkin_opens_at, event.checkin_closes_at = opens_at, closes_at
        event.save(update_fields=["checkin_opens_at", "checkin_closes_at"])
        return event


def _refusal(entrant: Entrant, now: datetime.datetime) -> str:
    """Why a player may not check themselves in now, in the player's words ("" if they may)."""
    if entrant.out_of_play:
        return gettext("You are no longer in play: please ask at the desk.")
    window = checkin_window(entrant.event)
    state = window.state(now)
    if state == OPEN:
        if bracket_started(entrant.division):
            return gettext(
                "Your division is already seated: please go to the desk, they will help you."
            )
        return ""
    return checkin_closed_words(entrant.event, now)


def checkin_closed_words(event: Event, now: datetime.datetime) -> str:
    """Why nobody may check themselves in at ``now`` ("" while the window is open): what
    the kiosk says at once, and a player's refusal."""
    window = checkin_window(event)
    state = window.state(now)
    if state == OPEN:
        return ""
    if state == NOT_YET:
        return one_period(
            gettext("Check-in opens at %(time)s.") % {"time": clock_time(window.opens_at)}
        )
    if state == OVER:
        return gettext("Check-in here has closed: please go to the desk.")
    return gettext("Check-in is at the desk.")


# Who checked a player in, in their record (``EntrantStatusChange.by_label``), when it was
# the player themselves.
SELF_AT_KIOSK = "the player, at the kiosk"
SELF_ON_PAGE = "the player, on their own page"


def entrant_check_in_self(
    *, entrant: Entrant, at_kiosk: bool, now: datetime.datetime | None = None
) -> Entrant:
    """Check ``entrant`` in by themselves (their page, or the kiosk with ``at_kiosk``),
    within the event's self check-in window; the desk's list then shows when and where.
    Already checked in: nothing changes."""
    now = now or timezone.now()
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=entrant.event_id)
        entrant = Entrant.objects.select_related("event", "division").get(pk=entrant.pk)
        if entrant.status == Entrant.Status.CHECKED_IN:
            return entrant
        refusal = _refusal(entrant, now)
        if refusal:
            raise RuleError(refusal)
        entrant = entrant_set_status(
            entrant=entrant,
            status=Entrant.Status.CHECKED_IN,
            by_label=SELF_AT_KIOSK if at_kiosk else SELF_ON_PAGE,
        )
        entrant.self_checked_in_at, entrant.self_checked_in_at_kiosk = now, at_kiosk
        entrant.save(update_fields=["self_checked_in_at", "self_checked_in_at_kiosk"])
        return entrant


def division_day_set(
    *, division: Division, starts_at: datetime.time | None, place: str
) -> Division:
    """When (local time, on the event's day) and where a division starts: the players'
    pages and the kiosk's welcome say it."""
    place = " ".join((place or "").split())
    if len(place) > 120:
        raise RuleError(gettext("Say where in at most 120 characters."))
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        division.starts_at, division.place = starts_at, place
        division.save(update_fields=["starts_at", "place"])
        return division
