"""The services of the players' own pages: replacing a page's code, leaving and stopping an
address for notices, the self check-in window and checking oneself in through the desk's
check-in service."""

import datetime

import pytest
from django.db.models import F
from django.utils import timezone

from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Entrant, Event, NoticeSubscription, PageFindMiss
from tournaments.selectors.player_pages import MOST_NAMED, page_opened, self_checkin
from tournaments.services.player_pages import (
    MOST_SUBSCRIPTIONS,
    notice_subscribe,
    notice_unsubscribe,
    page_code_replace,
    page_find,
)
from tournaments.services.self_checkin import (
    checkin_window_set,
    division_day_set,
    entrant_check_in_self,
)

pytestmark = pytest.mark.django_db
NOW = timezone.now()
HOUR = datetime.timedelta(hours=1)


def registered(players=5):
    event = EventFactory()
    division = DivisionFactory(event=event)
    return EntrantFactory.create_batch(players, division=division, status="registered")


def test_replacing_one_code_leaves_the_other():
    mary = registered(1)[0]
    page, family = mary.page_code, mary.family_code
    mary = page_code_replace(entrant=mary, family=True)
    assert mary.page_code == page and mary.family_code != family
    assert page_opened(mary.event, family) is None
    assert page_opened(mary.event, mary.family_code).family


def test_an_address_is_left_once_checked_and_forgotten_when_stopped():
    mary = registered(1)[0]
    with pytest.raises(RuleError, match="is not an e-mail address"):
        notice_subscribe(entrant=mary, email="grandma at home", family=False)
    first = notice_subscribe(entrant=mary, email="Kim@example.org", family=False)
    assert notice_subscribe(entrant=mary, email="kim@example.org", family=True) == first
    for n in range(MOST_SUBSCRIPTIONS - 1):
        notice_subscribe(entrant=mary, email=f"f{n}@example.org", family=True)
    with pytest.raises(RuleError, match="already get these e-mails"):
        notice_subscribe(entrant=mary, email="one-more@example.org", family=True)
    stopped = notice_unsubscribe(key=first.key)
    assert stopped.unsubscribed_at and stopped.email == ""
    assert notice_unsubscribe(key=first.key).unsubscribed_at == stopped.unsubscribed_at
    assert notice_unsubscribe(key="not-a-key") is None
    again = notice_subscribe(entrant=mary, email="kim@example.org", family=False)
    assert again.pk != first.pk
    assert NoticeSubscription.objects.filter(entrant=mary, unsubscribed_at=None).count() == 5


def test_the_window_is_both_ends_with_the_end_after_the_start():
    event = registered(1)[0].event
    with pytest.raises(RuleError, match="both a start and an end"):
        checkin_window_set(event=event, opens_at=NOW, closes_at=None)
    with pytest.raises(RuleError, match="end after it starts"):
        checkin_window_set(event=event, opens_at=NOW, closes_at=NOW - HOUR)
    event = checkin_window_set(event=event, opens_at=NOW, closes_at=NOW + HOUR)
    assert (event.checkin_opens_at, event.checkin_closes_at) == (NOW, NOW + HOUR)


@pytest.mark.parametrize(
    ("at", "refusal"),
    [
        (NOW - HOUR, "Check-in opens at"),
        (NOW + 3 * HOUR, "has closed"),
    ],
)
def test_only_within_the_window(at, refusal):
    mary = registered(1)[0]
    with pytest.raises(RuleError, match="Check-in is at the desk"):
        entrant_check_in_self(entrant=mary, at_kiosk=True, now=at)
    checkin_window_set(event=mary.event, opens_at=NOW, closes_at=NOW + 2 * HOUR)
    with pytest.raises(RuleError, match=refusal):
        entrant_check_in_self(entrant=mary, at_kiosk=True, now=at)
    mary.refresh_from_db()
    assert mary.status == Entrant.Status.REGISTERED


def test_checking_oneself_in_then_the_desk_taps():
    mary, *_ = registered(3)
    checkin_window_set(event=mary.event, opens_at=NOW, closes_at=NOW + HOUR)
    assert self_checkin(Entrant.objects.get(pk=mary.pk), NOW).can
    mary = entrant_check_in_self(entrant=mary, at_kiosk=True, now=NOW)
    assert (mary.status, mary.self_checked_in_at, mary.self_checked_in_at_kiosk) == (
        Entrant.Status.CHECKED_IN,
        NOW,
        True,
    )
    # Again: nothing changes (the kiosk says "already checked in").
    assert entrant_check_in_self(entrant=mary, at_kiosk=False).self_checked_in_at == NOW
    # The desk's tap is the desk's: absent, then checked in by a volunteer.
    mary = services.entrant_set_status(entrant=mary, status=Entrant.Status.ABSENT)
    mary = services.entrant_set_status(entrant=mary, status=Entrant.Status.CHECKED_IN)
    assert mary.self_checked_in_at is None


def test_nobody_checks_themselves_in_once_their_division_is_seated():
    players = registered(6)
    event, late = players[0].event, players[-1]
    services.entrants_check_in(event=event, present=[p.external_id for p in players[:5]])
    services.division_seat_first_round(division=late.division, seed=1)
    checkin_window_set(event=event, opens_at=NOW, closes_at=NOW + HOUR)
    assert self_checkin(Entrant.objects.get(pk=late.pk), NOW).why == "seated"
    with pytest.raises(RuleError, match="already seated"):
        entrant_check_in_self(entrant=late, at_kiosk=False, now=NOW)
    late.refresh_from_db()
    assert late.status == Entrant.Status.REGISTERED


def test_a_division_start_and_place():
    division = registered(1)[0].division
    division = division_day_set(
        division=division, starts_at=datetime.time(9, 30), place=" by  the door "
    )
    assert (division.starts_at, division.place) == (datetime.time(9, 30), "by the door")
    with pytest.raises(RuleError, match="120 characters"):
        division_day_set(division=division, starts_at=None, place="x" * 121)


# ------------------------------------------------- finding one's page by name and birth year


def _miss(event, name, year, address="192.0.2.1", **kwargs):
    return page_find(event=event, name=name, year=year, address=address, **kwargs)


def test_wrong_birth_years_for_a_name_stop_its_answers_the_right_year_included(settings):
    mary, *_ = registered(3)
    event = mary.event
    assert settings.PAGE_FIND_MISSES_PER_PLAYER == 3
    for year in (1951, 1952, 1953):
        result = _miss(event, mary.last_name, year)
        assert (result.found, result.wait) == ([], 0)
    # From anywhere, with any part of her name: no answer for her, the right year included.
    blocked = _miss(event, f"{mary.first_name} {mary.last_name}", 1950, address="198.51.100.9")
    assert blocked.found == [] and 0 < blocked.wait <= settings.PAGE_FIND_WINDOW.total_seconds()
    # The others are answered; her slip's code still opens her page.
    other = Entrant.objects.filter(event=event).exclude(pk=mary.pk).first()
    assert _miss(event, other.last_name, 1950).found == [other]
    assert page_opened(event, mary.page_code).entrant == mary
    # Once the misses are older than the window, she is found again.
    PageFindMiss.objects.update(at=F("at") - settings.PAGE_FIND_WINDOW)
    assert _miss(event, mary.last_name, 1950).found == [mary]


def test_an_address_trying_years_for_many_names_waits(settings):
    settings.PAGE_FIND_MISSES_PER_ADDRESS = 4
    players = registered(6)
    event = players[0].event
    for player in players[:4]:
        assert _miss(event, player.last_name, 1960).wait == 0
    assert _miss(event, players[5].last_name, 1950).wait > 0
    assert _miss(event, players[5].last_name, 1950, address="198.51.100.9").found == [players[5]]


def test_a_name_matching_nobody_or_no_year_is_not_counted():
    mary, *_ = registered(2)
    for _ in range(10):
        assert _miss(mary.event, "Nobody Here", 1950).found == []
        assert _miss(mary.event, mary.last_name, None).found == []
    assert not PageFindMiss.objects.exists()
    assert _miss(mary.event, mary.last_name, 1950).found == [mary]


def test_a_broad_name_is_not_answered_on_find_my_table_but_listed_at_the_kiosk():
    players = registered(MOST_NAMED + 2)
    event = players[0].event
    broad = _miss(event, "player", 1950)
    assert broad.too_broad and broad.found == []
    at_kiosk = _miss(event, "player", 1950, at_kiosk=True)
    assert not at_kiosk.too_broad and len(at_kiosk.found) == MOST_NAMED


def test_the_misses_go_when_the_event_ends():
    mary, *_ = registered(2)
    _miss(mary.event, mary.last_name, 1960)
    assert PageFindMiss.objects.filter(event=mary.event).count() == 2  # the address, and Mary
    Event.objects.filter(pk=mary.event_id).update(archived_at=timezone.now())
    assert services.events_ended_forget() == [mary.event]
    assert not PageFindMiss.objects.exists()
