"""The printing page says plainly, before anything is printed, when the address the sheets,
slips and QR codes carry is one no phone opens (127.0.0.1, localhost: `make run`), and what
to do; with the hall's address it says nothing of the kind."""

import pytest
from django.test import Client

from tests.factories import UserFactory, seated_division

pytestmark = pytest.mark.django_db

NOTICE = 'class="loopback-notice"'


def _printing_page(language="en") -> str:
    division = seated_division(8)
    organizer = UserFactory()
    division.event.organizers.add(organizer)
    client = Client()
    client.force_login(organizer)
    client.cookies["django_language"] = language
    answer = client.get(f"/e/{division.event.slug}/print/")
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.parametrize("base", ["http://127.0.0.1:8000", "http://localhost:8765"])
def test_a_loopback_address_is_said_with_what_to_do(settings, base):
    settings.BASE_URL = base
    page = _printing_page()
    assert page.count(NOTICE) == 1
    shown = base.removeprefix("http://")
    assert f"Phones cannot open <strong>{shown}</strong>" in page
    assert "make venue" in page and "BASE_URL" in page


def test_the_notice_is_in_the_readers_language(settings):
    settings.BASE_URL = "http://127.0.0.1:8000"
    page = _printing_page("fr")
    assert NOTICE in page
    assert "Phones cannot open" not in page


def test_the_halls_address_gives_no_notice(settings):
    settings.BASE_URL = "http://192.168.1.20:8000"
    assert NOTICE not in _printing_page()
