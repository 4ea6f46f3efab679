"""A scorekeeper locked out after wrong passwords is told to ask the organizer at the
desk, so the desk's overview says so too (not only the Settings page): it names each of
the event's scorekeepers locked out, until when, with a link to the Settings page's
scorekeepers where the unlock is; another event's locked-out scorekeeper is not named;
once unlocked, the notice is gone."""

import pytest
from django.template.defaultfilters import time as time_filter
from django.test import Client
from django.utils import timezone

from tests.factories import EventFactory, UserFactory
from tournaments import access

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-racks-42"
HALL = "10.0.0.5"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


def wrong_passwords(username, times=5):
    client = Client(REMOTE_ADDR=HALL)
    for n in range(times):
        client.post("/login/", {"username": username, "password": f"wrong-{n}"})


def test_the_overview_names_a_locked_out_scorekeeper_and_links_to_the_unlock():
    event, other = EventFactory(), EventFactory()
    olive = UserFactory(username="olive", is_staff=True)
    event.organizers.add(olive)
    sam, sue, xavier = (
        UserFactory(username="sam"),
        UserFactory(username="scorekeeper2"),
        UserFactory(username="xavier"),
    )
    event.scorekeepers.add(sam, sue)
    other.scorekeepers.add(xavier)
    desk = Client()
    desk.force_login(olive)
    overview = f"/e/{event.slug}/desk/"
    assert "locked out" not in desk.get(overview).text

    wrong_passwords("scorekeeper2")
    wrong_passwords("xavier")  # another event's scorekeeper: not this desk's business
    wrong_passwords("sam", times=2)  # two typos: not locked
    page = desk.get(overview).text
    (lockout,) = access.event_lockouts(event)
    until = time_filter(timezone.localtime(lockout.until), "TIME_FORMAT")
    assert (
        f'<span dir="auto">scorekeeper2</span> is locked out after wrong passwords '
        f"(until {until})." in page
    )
    assert "xavier" not in page and "sam</span> is locked" not in page
    link = f'<a href="/e/{event.slug}/desk/settings/#scorekeepers">'
    assert link in page
    # The link's page has the unlock; once used, the overview says nothing of it.
    settings_page = desk.get(f"/e/{event.slug}/desk/settings/").text
    assert 'id="scorekeepers"' in settings_page and "Unlock scorekeeper2" in settings_page
    answer = desk.post(f"/e/{event.slug}/desk/scorekeepers/{sue.pk}/unlock/", follow=True)
    assert "scorekeeper2 can sign in again now." in answer.text
    assert "locked out" not in desk.get(overview).text
    # The other event's organizer still sees theirs.
    oscar = UserFactory(username="oscar", is_staff=True)
    other.organizers.add(oscar)
    desk.force_login(oscar)
    assert '<span dir="auto">xavier</span> is locked out' in desk.get(f"/e/{other.slug}/desk/").text


def test_a_user_name_with_capitals_is_found_and_a_scorekeeper_cannot_see_the_overview():
    event = EventFactory()
    olive = UserFactory(username="olive", is_staff=True)
    event.organizers.add(olive)
    sue = UserFactory(username="Sue")
    event.scorekeepers.add(sue)
    wrong_passwords("Sue ")
    desk = Client()
    desk.force_login(olive)
    assert "is locked out after wrong passwords" in desk.get(f"/e/{event.slug}/desk/").text
    sam = UserFactory(username="sam")
    event.scorekeepers.add(sam)
    keeper = Client()
    keeper.force_login(sam)
    assert keeper.get(f"/e/{event.slug}/desk/").status_code in (302, 403)
