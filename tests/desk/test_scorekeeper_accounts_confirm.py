"""The desk's "Remove" and "New password" for a scorekeeper ask first, as every desk action
that cannot simply be taken back does: the first tap shows what will happen and
changes nothing, "No, go back" changes nothing, the confirmation acts once, and the same
confirmation sent again (a double tap, Back then the button) neither acts again nor fails.
Django's test client; no browser."""

import re

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from tests.factories import EventFactory, UserFactory

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-racks-42"


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def desk():
    event = EventFactory(name="County Games")
    olive = UserFactory(username="olive", is_staff=True)
    event.organizers.add(olive)
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    for user in (sam, sue):
        user.set_password(PASSWORD)
        user.save()
    event.scorekeepers.add(sam, sue)
    client = Client()
    client.force_login(olive)
    return event, client, sam, sue


def signed_in_tablet(username: str) -> Client:
    tablet = Client()
    assert tablet.login(username=username, password=PASSWORD)
    return tablet


def hidden_fields(page, url) -> dict[str, str]:
    """The confirm form's hidden fields (the form posting to ``url``), its token left out."""
    form = re.search(rf'<form method="post" action="{re.escape(url)}".*?</form>', page.text, re.S)
    assert form, page.text[:3000]
    fields = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', form[0]))
    fields.pop("csrfmiddlewaretoken")
    return fields


def back_link(page) -> str:
    found = re.search(r'<a class="button secondary" href="([^"]+)">No, go back</a>', page.text)
    assert found, page.text[:3000]
    return found.group(1)


def scorekeepers(event) -> list[str]:
    return sorted(event.scorekeepers.values_list("username", flat=True))


def test_removing_a_scorekeeper_asks_first_and_acts_once(desk):
    event, client, sam, sue = desk
    url = f"/e/{event.slug}/desk/scorekeepers/{sam.pk}/remove/"
    tablet = signed_in_tablet("sam")
    assert tablet.get(f"/e/{event.slug}/score/").status_code == 200

    asked = client.post(url)
    assert asked.status_code == 200
    text = asked.content.decode()
    assert "Remove sam from the scorekeepers of County Games?" in text
    assert "sam can no longer save or confirm scores for County Games" in text
    assert "The scores they already saved stay as they are." in text
    assert "Yes, remove sam" in text
    assert hidden_fields(asked, url) == {"confirmed": "yes"}
    assert scorekeepers(event) == ["sam", "sue"]

    # "No, go back": the settings page as it was.
    back = back_link(asked)
    assert back == f"/e/{event.slug}/desk/settings/#scorekeepers"
    page = client.get(back)
    assert page.status_code == 200 and "Remove sam" in page.text
    assert scorekeepers(event) == ["sam", "sue"]

    done = client.post(url, {"confirmed": "yes"}, follow=True)
    assert "sam no longer keeps scores for County Games." in done.text
    assert scorekeepers(event) == ["sue"]
    # What the confirm page said: the removed one's tablet cannot save any more.
    assert tablet.get(f"/e/{event.slug}/score/").status_code == 403
    assert get_user_model().objects.filter(username="sam").exists()  # the account stays

    # The same confirmation again: nothing more happens, and it says so.
    again = client.post(url, {"confirmed": "yes"}, follow=True)
    assert again.status_code == 200
    assert "This was already done: that account no longer keeps scores." in again.text
    assert scorekeepers(event) == ["sue"]
    # And the first tap again asks nothing of someone already gone.
    first_again = client.post(url)
    assert first_again.status_code == 302
    assert scorekeepers(event) == ["sue"]


def test_removing_an_organizer_who_keeps_scores_says_they_still_can(desk):
    event, client, _, _ = desk
    olive = event.organizers.get()
    event.scorekeepers.add(olive)
    asked = client.post(f"/e/{event.slug}/desk/scorekeepers/{olive.pk}/remove/")
    assert "olive also organizes County Games" in asked.text
    assert "can no longer save" not in asked.text
    assert "olive" in scorekeepers(event)


def test_a_new_password_asks_first_and_is_given_once(desk):
    event, client, sam, _ = desk
    url = f"/e/{event.slug}/desk/scorekeepers/{sam.pk}/password/"
    tablet = signed_in_tablet("sam")

    asked = client.post(url)
    assert asked.status_code == 200
    text = asked.text
    assert "A new password for sam?" in text
    assert "sam&#x27;s old password stops working at once." in text
    assert "Every phone or tablet where sam is signed in is signed out at its next tap" in text
    assert "shown to you once" in text
    assert "Yes, give sam a new password" in text
    fields = hidden_fields(asked, url)
    assert fields.keys() == {"confirmed", "seen"} and fields["confirmed"] == "yes"
    sam.refresh_from_db()
    assert sam.check_password(PASSWORD)
    assert tablet.get(f"/e/{event.slug}/score/").status_code == 200

    page = client.get(back_link(asked))
    assert "new password is" not in page.text
    sam.refresh_from_db()
    assert sam.check_password(PASSWORD)

    confirmation = {"confirmed": "yes", "seen": fields["seen"]}
    done = client.post(url, confirmation, follow=True)
    new = re.search(r"sam&#x27;s new password is (\S+) ", done.text).group(1)
    sam.refresh_from_db()
    assert sam.check_password(new)
    # What the confirm page said: the tablet signed in with the old password is signed out.
    assert tablet.get(f"/e/{event.slug}/score/")["Location"].startswith("/login/")

    # The same confirmation again (a double tap): the password given stays the one that works.
    again = client.post(url, confirmation, follow=True)
    assert again.status_code == 200
    assert "This was already done: sam has had a new password since you were asked." in again.text
    assert "new password is" not in again.text
    sam.refresh_from_db()
    assert sam.check_password(new)


def test_an_organizers_account_is_refused_without_asking(desk):
    event, client, _, _ = desk
    olive = event.organizers.get()
    event.scorekeepers.add(olive)
    answer = client.post(f"/e/{event.slug}/desk/scorekeepers/{olive.pk}/password/", follow=True)
    assert "olive is an organizer&#x27;s account" in answer.text
    assert "A new password for olive?" not in answer.text
