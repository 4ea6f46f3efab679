"""Two players with the same name on paper: the table list, the
score sheets, the ribbon cards and the certificates printed from the database carry each
Mary Smith's club (or number) beside her name, read back with pdftotext."""

import random

import pytest

from printing import selectors
from printing.renderers import (
    render_certificates,
    render_ribbons,
    render_score_sheets,
    render_table_list,
)
from scoring.simulation import SimulationReport, finish_division
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tournaments import services

from . import pdfcheck

pytestmark = pytest.mark.django_db

SUNRISE, OAK = "Mary Smith (Sunrise Club)", "Mary Smith (Oak Park)"
KIMS = ("Bo Kim #61", "Bo Kim #62")  # the same club: their numbers


def _event():
    event = EventFactory(ribbons_to=500)
    division = DivisionFactory(event=event, name="Women 70-74")
    for eid, first, last, club in [
        ("57", "Mary", "Smith", "Sunrise Club"),
        ("58", "Mary", "Smith", "Oak Park"),
        ("61", "Bo", "Kim", "Lakeside"),
        ("62", "Bo", "Kim", "Lakeside"),
        ("70", "Ann", "Lee", ""),
        ("71", "Dee", "Park", ""),
        ("72", "Flo", "Rossi", ""),
        ("73", "Ida", "Novak", ""),
    ]:
        EntrantFactory(division=division, external_id=eid, first_name=first, last_name=last,
                       club=club)  # fmt: skip
    services.division_seat_first_round(division=division, seed=3)
    division.refresh_from_db()
    return event, division


def _pdftotext(pdf: bytes, tmp_path) -> str:
    return pdfcheck.squeeze(pdfcheck.pdftotext(pdf, tmp_path))


def test_table_list_and_score_sheets_tell_the_namesakes_apart(tmp_path):
    event, _division = _event()
    for render, data in [
        (render_table_list, selectors.table_list_data(event)),
        (render_score_sheets, selectors.score_sheets_data(event)),
    ]:
        flat = _pdftotext(render(data), tmp_path)
        for name in (SUNRISE, OAK, *KIMS, "Ann Lee"):
            assert pdfcheck.squeeze(name) in flat, (render.__name__, name)
        # a unique name carries nothing beside it
        assert pdfcheck.squeeze("Ann Lee (") not in flat
        assert pdfcheck.squeeze("Ann Lee #") not in flat


def test_ribbon_cards_and_certificates_tell_the_namesakes_apart(tmp_path):
    """Keepsakes: the name alone in headline type, what tells
    the namesakes apart small under it; a namesake in another division: the name alone."""
    event, division = _event()
    other = DivisionFactory(event=event, name="Women 75-79")
    EntrantFactory(division=other, external_id="80", first_name="Ann", last_name="Lee")
    finish_division(division, random.Random(4), SimulationReport(event))
    ribbons, certificates = selectors.ribbons_data(event), selectors.certificates_data(event)
    keepsakes = [*ribbons.cards, *certificates.certificates]
    assert len(keepsakes) == 8  # every player of the division: 3 medals, 5 ribbons
    details = {(k.name, k.detail) for k in keepsakes}
    assert details == {
        ("Mary Smith", "Sunrise Club"), ("Mary Smith", "Oak Park"),
        ("Bo Kim", "#61"), ("Bo Kim", "#62"),
        ("Ann Lee", ""), ("Dee Park", ""), ("Flo Rossi", ""), ("Ida Novak", ""),
    }  # fmt: skip
    pdfs = [render_ribbons(ribbons), render_certificates(certificates)]
    flat = "".join(_pdftotext(pdf, tmp_path) for pdf in pdfs)
    assert pdfcheck.squeeze("Ann Lee (") not in flat and pdfcheck.squeeze("Ann Lee #") not in flat
    # The detail is on its own line, smaller than the name.
    spans = [s for pdf in pdfs for s in pdfcheck.spans(pdf)]
    for name, detail in [("Mary Smith", "Sunrise Club"), ("Bo Kim", "#61")]:
        name_span = next(s for s in spans if s.text.strip() == name)
        detail_span = next(s for s in spans if s.text.strip() == detail)
        assert detail_span.size < name_span.size / 2, (name_span, detail_span)


def test_find_your_table_files_namesakes_under_their_registered_last_name(tmp_path):
    """Find your table files "Mary Smith (Sunrise Club)" under S, not under C (for
    "Club)"), and "Bo Kim #61" under K, not under "Other names": a player looking for
    Smith finds her under S."""
    event, _division = _event()
    pdf = render_table_list(selectors.table_list_data(event))
    out = pdfcheck.pdftotext(pdf, tmp_path, "-layout")
    find = out[out.index("Find your table") :]
    assert "Other names" not in find
    lines = [line.strip() for line in find.splitlines() if line.strip()]
    # The single-letter headings, and the letter each name is filed under.
    letter, filed = "", {}
    for line in lines:
        if len(line) == 1 and line.isupper():
            letter = line
            continue
        for name in (SUNRISE, OAK, *KIMS, "Ann Lee", "Flo Rossi"):
            if line.startswith(name):
                filed.setdefault(name, letter)
    assert filed == {
        KIMS[0]: "K", KIMS[1]: "K", "Ann Lee": "L", "Flo Rossi": "R", OAK: "S", SUNRISE: "S",
    }  # fmt: skip
    order = [find.index(name) for name in (*KIMS, "Ann Lee", "Flo Rossi", OAK, SUNRISE)]
    assert order == sorted(order)
