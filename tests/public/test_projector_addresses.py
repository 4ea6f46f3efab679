"""The projector's addresses are links to the address phones open (BASE_URL, as on the
score sheets), shown without the scheme, and find-my-table's comes as a QR code too;
tests/browser/test_projector_find_qr.py scans the code. An address no phone opens
(127.0.0.1, localhost) is said instead, with what to do."""

import re

import pytest
from django.test import Client

from scoring import services as scoring
from tests.factories import enter, seated_division
from tournaments import services
from tournaments.models import Table

pytestmark = pytest.mark.django_db

HALL = "http://192.168.1.20:8000"


def projector(event) -> str:
    return Client().get(f"/p/{event.slug}/").content.decode()


def test_find_my_table_is_a_link_and_a_qr_code(settings):
    settings.BASE_URL = HALL
    division = seated_division(8)
    page = projector(division.event)
    find = f"{HALL}/p/{division.event.slug}/find/"
    assert f'<a href="{find}">192.168.1.20:8000/p/{division.event.slug}/find/</a>' in page
    # segno's symbol inside an image named for the reader
    assert re.search(
        r'<svg role="img" aria-label="QR code: find your table"[^>]*><svg viewBox="0 0 \d+ \d+"'
        r'[^>]*><path fill="#fff" d="M0 0h\d+v\d+h-\d+z"/><path [^>]*d="M2 2\.5h7',
        page,
    )
    assert page.count('class="find-qr"') == 1


def test_every_placing_is_a_link_under_the_medals(settings):
    settings.BASE_URL = HALL
    division = seated_division(4)
    table = Table.objects.get(round__division=division)
    for number, values in enumerate([(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)], 1):
        enter(table, number, values)
    scoring.division_advance(division=division)
    division.refresh_from_db()
    services.medals_confirm(division=division)
    page = projector(division.event)
    results = f"{HALL}/p/{division.event.slug}/results/"
    assert re.search(
        rf'Every placing:\s*<a href="{re.escape(results)}">192\.168\.1\.20:8000/p/', page
    )
    assert 'class="find-qr"' in page


@pytest.mark.parametrize("base", ["http://127.0.0.1:8000", "http://localhost:8765"])
def test_a_loopback_address_is_said_plainly_never_shown_as_a_link_or_code(settings, base):
    """`make run`'s 127.0.0.1 (or localhost) leads each phone to itself: the projector says
    so and what to do, and neither links to it nor draws its QR code."""
    settings.BASE_URL = base
    division = seated_division(8)
    page = projector(division.event)
    shown = base.split("://", 1)[1]
    assert f"Phones cannot open <strong>{shown}</strong>: that address is this computer only." in (
        page
    )
    assert "start the server with “make venue”, or set BASE_URL" in page
    assert 'class="find-qr"' not in page and "<svg" not in page
    assert f'href="{base}/p/' not in page
    assert "Find your table on your phone:" not in page


def test_a_hall_address_has_no_notice(settings):
    settings.BASE_URL = HALL
    page = projector(seated_division(8).event)
    assert "Phones cannot open" not in page and 'class="find-qr"' in page
