"""A password made at the desk (a new scorekeeper's, or the "new password" button's) is
shown once on the settings page and never travels in a cookie: the messages cookie is
signed, not encrypted, so anyone who sees it reads it."""

import re
import zlib

import pytest
from django.core import signing
from django.test import Client

from tests.factories import EventFactory, UserFactory

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def desk():
    event = EventFactory()
    organizer = UserFactory(username="olive", is_staff=True)
    event.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    return event, client


def cookie_texts(response) -> list[str]:
    """Every cookie a response (and each step of its redirects) sets, as it is sent and as
    anyone can read it: a signed value's payload, base64, zlib-compressed when it starts
    with a dot."""
    texts = []
    for step in [*getattr(response, "redirect_chain_responses", []), response]:
        for morsel in step.cookies.values():
            value = morsel.value
            texts.append(value)
            payload = value.split(":", 1)[0]
            compressed = payload.startswith(".")
            try:
                raw = signing.b64_decode(payload.lstrip(".").encode())
                texts.append((zlib.decompress(raw) if compressed else raw).decode("utf-8"))
            except Exception:  # noqa: BLE001 - not a signed value: its plain text is kept
                pass
    return texts


def post_and_follow(client, url, data=None):
    """POST, then GET the page it sends to, keeping each response's Set-Cookie."""
    posted = client.post(url, data or {})
    assert posted.status_code == 302
    page = client.get(posted["Location"])
    page.redirect_chain_responses = [posted]
    return page


def shown(page, pattern: str) -> str:
    found = re.search(pattern, page.text)
    assert found, page.text[:2000]
    return found.group(1)


def test_a_new_scorekeepers_password_is_on_the_page_once_and_in_no_cookie(desk):
    event, client = desk
    posted = client.post(f"/e/{event.slug}/desk/scorekeepers/add/", {"username": "newsk1"})
    assert posted.status_code == 302
    page = client.get(posted["Location"])
    page.redirect_chain_responses = [posted]
    password = shown(page, r"Account newsk1 created with password (\S+) ")
    assert len(password) >= 12
    for text in cookie_texts(page):
        assert password not in text
    assert "no-store" in page["Cache-Control"]
    assert Client().login(username="newsk1", password=password)
    # Shown once: the page again (a reload, the back button) no longer has it.
    again = client.get(f"/e/{event.slug}/desk/settings/")
    assert password not in again.text and "created with password" not in again.text
    assert "no-store" not in again.get("Cache-Control", "")


def test_the_new_password_button_shows_it_once_and_in_no_cookie(desk):
    event, client = desk
    sam = UserFactory(username="sam")
    event.scorekeepers.add(sam)
    page = post_and_follow(
        client, f"/e/{event.slug}/desk/scorekeepers/{sam.pk}/password/", {"confirmed": "yes"}
    )
    password = shown(page, r"sam&#x27;s new password is (\S+) ")
    for text in cookie_texts(page):
        assert password not in text
    sam.refresh_from_db()
    assert sam.check_password(password)
    again = client.get(f"/e/{event.slug}/desk/settings/")
    assert password not in again.text


def test_a_password_waiting_for_one_event_is_not_shown_on_anothers(desk):
    event, client = desk
    other = EventFactory()
    other.organizers.add(event.organizers.get())
    sam = UserFactory(username="sam")
    event.scorekeepers.add(sam)
    posted = client.post(
        f"/e/{event.slug}/desk/scorekeepers/{sam.pk}/password/", {"confirmed": "yes"}
    )
    assert posted.status_code == 302
    elsewhere = client.get(f"/e/{other.slug}/desk/settings/")
    assert "new password is" not in elsewhere.text
    here = client.get(f"/e/{event.slug}/desk/settings/")
    assert "sam&#x27;s new password is" in here.text


def test_a_refused_addition_shows_no_password(desk):
    event, client = desk
    page = post_and_follow(client, f"/e/{event.slug}/desk/scorekeepers/add/")
    assert "created with password" not in page.text
    assert "password_to_show" not in client.session
