"""Every page of an event, a score save too, reads the event and the person's roles in it
(tournaments.access.event_with_roles): in one query, right for each role, and never
taken from another event's lists."""

import pytest
from django.contrib.auth.models import AnonymousUser

from tests.factories import EventFactory, UserFactory
from tournaments.access import event_with_roles
from tournaments.models import Event

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_events():
    here, there = EventFactory(), EventFactory()
    olive, sam, both, nobody = (UserFactory(username=n) for n in ("olive", "sam", "bo", "ned"))
    here.organizers.add(olive, both)
    here.scorekeepers.add(sam, both)
    # Their roles at the other event are the other way round.
    there.organizers.add(sam)
    there.scorekeepers.add(olive)
    return here, there, {"olive": olive, "sam": sam, "bo": both, "ned": nobody}


@pytest.mark.parametrize(
    "who, here, there",
    [
        ("olive", (True, False), (False, True)),
        ("sam", (False, True), (True, False)),
        ("bo", (True, True), (False, False)),
        ("ned", (False, False), (False, False)),
    ],
)
def test_each_person_s_roles_in_one_query_and_per_event(
    two_events, django_assert_num_queries, who, here, there
):
    first, second, people = two_events
    for event, expected in ((first, here), (second, there)):
        with django_assert_num_queries(1):
            found = event_with_roles(event.slug, people[who])
        assert found.pk == event.pk and found.name == event.name
        assert (found.user_organizes, found.user_keeps_scores) == expected


def test_a_superuser_organizes_every_event_and_nobody_signed_in_is_nothing(
    two_events, django_assert_num_queries
):
    first, _, _ = two_events
    admin = UserFactory(username="root", is_superuser=True)
    with django_assert_num_queries(1):
        found = event_with_roles(first.slug, admin)
    assert (found.user_organizes, found.user_keeps_scores) == (True, False)
    with django_assert_num_queries(1):
        found = event_with_roles(first.slug, AnonymousUser())
    assert (found.user_organizes, found.user_keeps_scores) == (False, False)


def test_no_such_event(two_events):
    with pytest.raises(Event.DoesNotExist):
        event_with_roles("no-such-event", two_events[2]["olive"])
