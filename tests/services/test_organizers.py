"""An event's organizers and the installation's director: who may be made one, and that an
event never loses its last organizer (tournaments/services/accounts.py)."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group

from tests.factories import EventFactory, UserFactory
from tournaments import access, services
from tournaments.engine import RuleError

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-racks-42"


def demo_account(username="organizer"):
    user = UserFactory(username=username)
    user.groups.add(Group.objects.get_or_create(name=access.DEMO_GROUP)[0])
    return user


def test_a_new_organizer_gets_the_password_given_or_one_made_up():
    event = EventFactory()
    given = services.organizer_add(event=event, username="dana", password=PASSWORD)
    assert given.created and not given.already and given.password == ""
    assert given.user.check_password(PASSWORD) and given.user.is_staff
    assert not given.user.is_superuser
    made = services.organizer_add(event=event, username="eli")
    assert made.created and made.password and made.user.check_password(made.password)
    assert list(access.event_organizers(event).values_list("username", flat=True)) == [
        "dana",
        "eli",
    ]


def test_an_existing_account_keeps_its_password_unless_one_is_given():
    event = EventFactory()
    sam = UserFactory(username="sam")
    added = services.organizer_add(event=event, username="SAM ")
    assert not added.created and not added.already and not added.password_set
    sam.refresh_from_db()
    assert sam.check_password(PASSWORD) and sam.is_staff
    again = services.organizer_add(event=event, username="sam", password="a-new-one-for-sam")
    assert again.already and again.password_set
    sam.refresh_from_db()
    assert sam.check_password("a-new-one-for-sam")
    assert event.organizers.count() == 1


@pytest.mark.parametrize(
    ("username", "password", "words"),
    [
        ("", None, "Enter a user name."),
        ("two words", None, "cannot be a user name"),
        ("dana", "short", "too short"),
        ("dana", "12345678901", "entirely numeric"),
    ],
)
def test_refused_names_and_passwords_make_nothing(username, password, words):
    event = EventFactory()
    with pytest.raises(RuleError, match=words):
        services.organizer_add(event=event, username=username, password=password)
    assert not get_user_model().objects.exists()
    assert not event.organizers.exists()


def test_a_demo_account_never_organizes_a_real_event():
    event = EventFactory()
    demo_account()
    with pytest.raises(RuleError, match="one of the demo's accounts"):
        services.organizer_add(event=event, username="organizer")
    assert not event.organizers.exists()


def test_removing_an_organizer_but_never_the_last():
    event = EventFactory()
    dana = services.organizer_add(event=event, username="dana", password=PASSWORD).user
    eli = services.organizer_add(event=event, username="eli", password=PASSWORD).user
    services.organizer_remove(event=event, user=eli)
    assert list(event.organizers.all()) == [dana]
    assert get_user_model().objects.filter(username="eli").exists()  # the account stays
    with pytest.raises(RuleError, match="eli is not an organizer of"):
        services.organizer_remove(event=event, user=eli)
    with pytest.raises(RuleError, match="dana is the last organizer of .*add another"):
        services.organizer_remove(event=event, user=dana)
    assert list(event.organizers.all()) == [dana]


def test_the_director_is_made_once_while_no_one_else_organizes():
    demo_account()
    assert access.first_run_open()
    director = services.director_create(username="Dana", password=PASSWORD)
    assert director.is_staff and director.is_superuser and director.check_password(PASSWORD)
    assert not access.first_run_open()
    with pytest.raises(RuleError, match="has its organizer already"):
        services.director_create(username="eli", password=PASSWORD)
    assert not get_user_model().objects.filter(username="eli").exists()


@pytest.mark.parametrize(
    "somebody",
    [
        lambda: UserFactory(is_superuser=True),
        lambda: UserFactory(is_staff=True),
        lambda: EventFactory().organizers.add(UserFactory()),
    ],
    ids=["administrator", "may create events", "organizes an event"],
)
def test_any_organizer_of_its_own_closes_the_first_run(somebody):
    UserFactory(username="a-scorekeeper")
    assert access.first_run_open()
    somebody()
    assert not access.first_run_open()
    with pytest.raises(RuleError):
        services.director_create(username="dana", password=PASSWORD)


def test_the_director_takes_no_name_already_taken():
    demo_account("scorekeeper")
    with pytest.raises(RuleError, match="The user name Scorekeeper is taken"):
        services.director_create(username="Scorekeeper", password=PASSWORD)
    assert access.first_run_open()
