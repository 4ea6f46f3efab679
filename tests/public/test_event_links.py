"""Where a family goes from the home page and the projector: the home page's "live
results" is the results page (every division), and the projector, which shows one division
at a time, links to find-your-table and the results (shown on a phone, below the slide;
tests/browser/test_projector_phone.py checks they stay off the big screen)."""

import re

import pytest
from django.test import Client

from tests.factories import seated_division

pytestmark = pytest.mark.django_db


def test_the_home_pages_live_results_is_the_results_page():
    event = seated_division(4).event
    page = Client().get("/").content.decode()
    links = re.findall(r'<a href="([^"]*)">live results</a>', page)
    assert links == [f"/p/{event.slug}/results/"]


def test_the_projector_links_to_find_your_table_and_the_results():
    event = seated_division(4).event
    page = Client().get(f"/p/{event.slug}/").content.decode()
    nav = page.split('class="phone-links"')[1].split("</nav>")[0]
    assert f'<a href="/p/{event.slug}/find/">Find your table</a>' in nav
    assert f'<a href="/p/{event.slug}/results/">Results</a>' in nav
    for address in (f"/p/{event.slug}/find/", f"/p/{event.slug}/results/"):
        assert Client().get(address).status_code == 200
