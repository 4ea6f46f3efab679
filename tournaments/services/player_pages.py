"""The player's own page: replacing its codes (the desk), finding it by name and birth
year (find-my-table and the kiosk, with their guessing throttle), and the e-mail notices a
player or their family asks for there (and stops)."""

import secrets
from dataclasses import dataclass

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import EmailValidator
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import Entrant, Event, NoticeSubscription, PageFindMiss, new_page_code
from tournaments.selectors.player_pages import (
    MOST_NAMED,
    entrants_by_name_and_year,
    entrants_named,
    notices_open,
    page_find_wait,
)

# The most addresses one page may leave: a player and a few family members.
MOST_SUBSCRIPTIONS = 5


def page_code_replace(*, entrant: Entrant, family: bool) -> Entrant:
    """Give the player's page (or, with ``family``, the family's copy) a new code: the old
    address and the slip's QR code then open nothing. The other code stays."""
    field = "family_code" if family else "page_code"
    with transaction.atomic():
        entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
        setattr(entrant, field, new_page_code())
        entrant.save(update_fields=[field])
        return entrant


@dataclass(frozen=True)
class PageFind:
    """What a name and birth year found: the players (``found``), or no answer now:
    ``wait`` seconds (too many wrong years for this name or from this address), or
    ``too_broad`` (the name matches too many players for find-my-table to answer)."""

    found: list[Entrant]
    wait: int = 0
    too_broad: bool = False


def page_find(
    *, event: Event, name: str, year: int | None, address: str | None, at_kiosk: bool = False
) -> PageFind:
    """The players of ``event`` a name (part of it at the kiosk) and birth year find, for
    opening their page (find-my-table) or checking them in (the kiosk): someone trying
    birth years for a name must not reach another's page. A wrong year for a name that
    matches players is counted against ``address`` and each of them; too many within the
    window (``page_find_wait``) and no name matching them is answered for a while, the right
    year included (the slip's code still opens the page). A name matching nobody is not
    counted. Find-my-table answers no name that matches more than ``MOST_NAMED`` players
    (the kiosk, under the organizers' eyes, lists them)."""
    named = entrants_named(event, name) if year is not None else []
    if not named:
        return PageFind([])
    broad = len(named) > MOST_NAMED
    if broad and not at_kiosk:
        return PageFind([], too_broad=True)
    watched = [] if broad else named
    now = timezone.now()
    wait = page_find_wait(event, address=address, entrants=watched, now=now)
    if wait:
        return PageFind([], wait=wait)
    found = entrants_by_name_and_year(event, name, year)
    if not found:
        misses = [PageFindMiss(event=event, address=address, at_kiosk=at_kiosk, at=now)]
        misses += [
            PageFindMiss(event=event, address=address, entrant_id=pk, at_kiosk=at_kiosk, at=now)
            for pk in watched
        ]
        PageFindMiss.objects.bulk_create(misses)
        if secrets.randbelow(50) == 0:  # what no longer counts goes (it holds addresses)
            PageFindMiss.objects.filter(at__lt=now - settings.PAGE_FIND_WINDOW).delete()
    return PageFind(found)


def _address(typed: str) -> str:
    email = (typed or "").strip()
    try:
        EmailValidator()(email)
    except ValidationError:
        raise RuleError(
            gettext("“%(email)s” is not an e-mail address: check it and try again.")
            % {"email": email[:80]}
        ) from None
    if len(email) > 254:
        raise RuleError(gettext("That e-mail address is too long."))
    return email


def notice_subscribe(*, entrant: Entrant, email: str, family: bool) -> NoticeSubscription:
    """Tell ``email`` by e-mail when the player's table is seated, when a round they
    played closes and their final place (only what happens from now on). The same address
    twice is one subscription. Refused once the event is over: nothing more would be told,
    and the addresses of an event that ended are deleted (docs/privacy.md)."""
    email = _address(email)
    if not notices_open(entrant.event_id):
        raise RuleError(gettext("This event is over: no more e-mails are sent about it."))
    via = NoticeSubscription.Via.FAMILY if family else NoticeSubscription.Via.PLAYER
    with transaction.atomic():
        Entrant.objects.select_for_update().filter(pk=entrant.pk).first()
        live = NoticeSubscription.objects.filter(entrant=entrant, unsubscribed_at__isnull=True)
        existing = live.filter(email__iexact=email).first()
        if existing is not None:
            return existing
        if live.count() >= MOST_SUBSCRIPTIONS:
            raise RuleError(
                gettext("%(n)d addresses already get these e-mails: stop one of them first.")
                % {"n": MOST_SUBSCRIPTIONS}
            )
        try:
            with transaction.atomic():
                return NoticeSubscription.objects.create(entrant=entrant, email=email, via=via)
        except IntegrityError:  # the same address sent twice at once
            return live.get(email__iexact=email)


def notice_unsubscribe(*, key: str) -> NoticeSubscription | None:
    """Stop a subscription's e-mails (the one-click link of each e-mail, or the page's
    button): the address is forgotten, the notices already sent stay recorded. None for
    a key that is not known; a subscription already stopped stays as it is."""
    with transaction.atomic():
        subscription = NoticeSubscription.objects.select_for_update().filter(key=key).first()
        if subscription is None or subscription.unsubscribed_at is not None:
            return subscription
        subscription.unsubscribed_at = timezone.now()
        subscription.email = ""
        subscription.save(update_fields=["unsubscribed_at", "email"])
        return subscription
