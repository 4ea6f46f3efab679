"""The keepsakes come in the order the desk hands them out: bracket by bracket in the
desk's order, gold, silver, bronze; with medals by age group, each age group's together,
the youngest first; ribbon cards the same way, from 4th place on."""

import pytest

from printing.renderers import render_certificates
from printing.selectors import certificates_data, ribbons_data
from tests.selectors.test_awards import combined_event

from . import pdfcheck

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("into", ["55-59", "60-64"])
def test_age_group_certificates_come_age_group_by_age_group(into):
    event, _bracket = combined_event("age-group", into=into)
    certificates = certificates_data(event).certificates
    assert [(c.division, c.place, c.medal) for c in certificates] == [
        ("55-59", 1, "gold"),
        ("55-59", 2, "silver"),
        ("55-59", 3, "bronze"),
        ("60-64", 1, "gold"),
        ("60-64", 2, "silver"),
        ("60-64", 3, "bronze"),
    ]
    pages = pdfcheck.page_texts(render_certificates(certificates_data(event)))
    places = ["1st", "2nd", "3rd"] * 2
    groups = ["55-59"] * 3 + ["60-64"] * 3
    for page, place, group in zip(pages, places, groups, strict=True):
        assert f"{place} place · Age group {group}" in pdfcheck.collapse(page)


def test_ribbon_cards_come_age_group_by_age_group_from_fourth_place():
    event, _bracket = combined_event("age-group")
    cards = ribbons_data(event).cards
    assert [(c.division, c.place) for c in cards] == [
        ("55-59", 4),
        ("55-59", 5),
        ("60-64", 4),
        ("60-64", 5),
    ]
