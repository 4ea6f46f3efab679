"""The installation's first page asks for the director's own account: only while no one
but the demo organizes anything, only on the computer that runs the server (its address
and the name in the address bar both loopback), once; then the page is gone."""

import pytest
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.test import Client

from tests.factories import EventFactory, UserFactory
from tournaments import access

pytestmark = pytest.mark.django_db

PASSWORD = "the-directors-own-42"
FORM = {"username": "dana", "password": PASSWORD, "again": PASSWORD}


def here(host="127.0.0.1:8000") -> Client:
    """A browser on the computer that runs the server."""
    return Client(HTTP_HOST=host, REMOTE_ADDR="127.0.0.1")


@pytest.fixture
def demo():
    """The demo's accounts only, as a fresh `make run` leaves the installation."""
    group, _ = Group.objects.get_or_create(name=access.DEMO_GROUP)
    event = EventFactory(slug="gwinnett-2026")
    organizer = UserFactory(username="organizer")
    organizer.groups.add(group)
    event.organizers.add(organizer)
    return event


def test_the_first_page_asks_for_the_directors_account_and_then_is_gone(demo):
    browser = here()
    home = browser.get("/").content.decode()
    assert "Your organizer account" in home and 'action="/setup/"' in home
    answer = browser.post("/setup/", FORM)
    assert answer.status_code == 302 and answer["Location"] == "/"
    dana = get_user_model().objects.get(username="dana")
    assert dana.is_staff and dana.is_superuser and dana.check_password(PASSWORD)
    welcome = browser.get("/").content.decode()
    assert "Welcome, dana: this is your organizer account." in welcome
    assert "Signed in as" in welcome and "New event" in welcome
    assert 'action="/setup/"' not in welcome
    # Gone for everyone, this computer included; the account stays.
    assert here().get("/setup/").status_code == 404
    assert here().post("/setup/", {**FORM, "username": "eve"}).status_code == 404
    assert 'action="/setup/"' not in here().get("/").content.decode()
    assert not get_user_model().objects.filter(username="eve").exists()


@pytest.mark.parametrize(
    ("host", "address"),
    [
        ("192.168.1.20:8000", "192.168.1.20"),  # a tablet on the hall's Wi-Fi
        ("127.0.0.1:8000", "192.168.1.20"),  # a tablet that typed the laptop's loopback
        ("evil.example:8000", "127.0.0.1"),  # another site's name borrowed in this browser
    ],
)
def test_nobody_else_reaches_it(demo, settings, host, address):
    settings.ALLOWED_HOSTS = ["*"]
    visitor = Client(HTTP_HOST=host, REMOTE_ADDR=address)
    assert visitor.get("/setup/").status_code == 404
    assert visitor.post("/setup/", FORM).status_code == 404
    home = visitor.get("/").content.decode()
    assert 'action="/setup/"' not in home
    assert "This installation has no organizer account yet." in home
    assert "http://127.0.0.1:8000/" in home
    assert access.first_run_open()


def test_through_the_proxy_the_visitors_own_address_counts(demo):
    """Behind nginx on the same machine (deploy/nginx.conf), the peer is 127.0.0.1 but the
    visitor is who X-Real-IP names."""
    proxied = Client(HTTP_HOST="localhost", REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="203.0.113.9")
    assert proxied.get("/setup/").status_code == 404


def test_a_refused_form_says_why_and_makes_nothing(demo):
    browser = here("localhost:8000")
    page = browser.post("/setup/", {**FORM, "again": "something-else-42"}).content.decode()
    assert "The two passwords differ: type the same twice." in page
    page = browser.post("/setup/", {**FORM, "password": "short", "again": "short"})
    assert "too short" in page.content.decode()
    page = browser.post("/setup/", {**FORM, "username": "Organizer"}).content.decode()
    assert "The user name Organizer is taken: choose another." in page
    assert not get_user_model().objects.filter(username="dana").exists()
    assert access.first_run_open()


def test_in_french_and_spanish(demo):
    for language, words in (
        ("fr", ("Votre compte d'organisateur", "Créer mon compte")),
        ("es", ("Su cuenta de organizador", "Crear mi cuenta")),
    ):
        browser = here()
        browser.cookies["django_language"] = language
        page = browser.get("/setup/").content.decode()
        assert all(word in page for word in words), language


def test_an_installation_with_its_own_organizer_never_shows_it():
    EventFactory().organizers.add(UserFactory())
    assert here().get("/setup/").status_code == 404
    home = here().get("/").content.decode()
    assert 'action="/setup/"' not in home
    assert "no organizer account yet" not in home
