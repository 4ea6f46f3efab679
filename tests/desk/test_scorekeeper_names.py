"""Adding a scorekeeper refuses a user name that Django's account creation refuses (a
space, a '/'), in words, and the settings page shows the name back as typed with the
refusal beside it; no account is made."""

import pytest
from django.contrib.auth import get_user_model

from tests.factories import EventFactory
from tests.helpers import organizer_client
from tournaments import services
from tournaments.engine import RuleError

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("name", ["Mary Smith", "table/1", "sam!", "x" * 151])
def test_the_service_refuses_a_name_django_would_refuse(name):
    event = EventFactory()
    people = get_user_model().objects.count()
    with pytest.raises(RuleError) as refused:
        services.scorekeeper_add(event=event, username=name)
    assert "cannot be a user name" in str(refused.value)
    assert get_user_model().objects.count() == people
    assert not event.scorekeepers.exists()


def test_a_good_name_still_makes_the_account():
    event = EventFactory()
    user, password = services.scorekeeper_add(event=event, username="mary.smith+1@club")
    assert password and event.scorekeepers.get() == user


def test_the_settings_page_keeps_the_name_typed_with_the_refusal():
    event = EventFactory()
    client = organizer_client(event)
    people = get_user_model().objects.count()
    response = client.post(f"/e/{event.slug}/desk/scorekeepers/add/", {"username": "Mary Smith/2"})
    assert response["Location"] == f"/e/{event.slug}/desk/settings/?at=scorekeepers#scorekeepers"
    assert get_user_model().objects.count() == people
    html = client.get(response["Location"]).content.decode()
    assert 'value="Mary Smith/2"' in html
    assert '<p class="field-error">Mary Smith/2 cannot be a user name' in html
    # Shown once.
    assert "Mary Smith/2" not in client.get(response["Location"]).content.decode()


def test_a_name_too_long_for_the_form_is_kept_too():
    event = EventFactory()
    client = organizer_client(event)
    response = client.post(f"/e/{event.slug}/desk/scorekeepers/add/", {"username": "y" * 151})
    html = client.get(response["Location"]).content.decode()
    assert f'value="{"y" * 151}"' in html and 'class="field-error"' in html
