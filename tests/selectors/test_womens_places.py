"""A women's division's places are a woman's: French writes 1re, Spanish 1.ª (as the
qualifiers' list already did), on the printed results and on the pages; a men's stays
1er, 1.º."""

import random

import pytest
from django.utils import translation

from printing.renderers import render_results
from printing.selectors import results_data
from scoring.selectors import division_state, public_results
from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tournaments import services
from tournaments.selectors import womens_bracket

from ..printing import pdfcheck

pytestmark = pytest.mark.django_db


def finished(event, name, gender):
    division = DivisionFactory(event=event, name=name, min_age=70, max_age=74, gender=gender)
    EntrantFactory.create_batch(8, division=division, gender=gender)
    services.division_seat_first_round(division=division, seed=3)
    division.refresh_from_db()
    finish_division(division, random.Random(4), SimulationReport(event, 8))
    division.refresh_from_db()
    return division


@pytest.fixture
def event():
    event = EventFactory(language="fr")
    finished(event, "Femmes 70-74", "F")
    finished(event, "Hommes 70-74", "M")
    return event


def test_results_pdf_writes_a_womans_first_place_in_the_feminine(event):
    with translation.override("fr"):
        pdf = render_results(results_data(event))
    texts = pdfcheck.page_texts(pdf)
    women = next(t for t in texts if "Femmes 70-74" in t)
    men = next(t for t in texts if "Hommes 70-74" in t)
    # "1re place" above for both ("place" is feminine); the placings' own ordinals differ.
    assert "1re or" in pdfcheck.collapse(women) and "1er" not in women
    assert "1er or" in pdfcheck.collapse(men)
    with translation.override("es"):
        texts = pdfcheck.page_texts(render_results(results_data(event)))
    assert "1.ª oro" in pdfcheck.collapse(next(t for t in texts if "Femmes 70-74" in t))
    assert "1.º oro" in pdfcheck.collapse(next(t for t in texts if "Hommes 70-74" in t))


def test_public_results_write_a_womans_place_in_the_feminine(event):
    with translation.override("fr"):
        places = {d["name"]: d["rows"][0]["place_text"] for d in public_results(event)}
    assert places == {"Femmes 70-74": "1re", "Hommes 70-74": "1er"}
    with translation.override("es"):
        places = {d["name"]: d["rows"][1]["place_text"] for d in public_results(event)}
    assert places == {"Femmes 70-74": "2.ª", "Hommes 70-74": "2.º"}


def test_a_bracket_with_a_mens_division_combined_in_is_not_a_womens(event):
    women = event.divisions.get(name="Femmes 70-74")
    assert division_state(women).feminine
    assert not division_state(event.divisions.get(name="Hommes 70-74")).feminine
    host = DivisionFactory(event=event, name="Femmes 75-79", gender="F")
    assert womens_bracket(host)
    DivisionFactory(event=event, name="Hommes 75-79", gender="M", combined_into=host)
    assert not womens_bracket(host)
