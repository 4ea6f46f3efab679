"""What pages and documents show of the event's clock and its divisions: every time in the
event's time zone and the reader's one format (the desk, the projector and a printed PDF
agree), and a division name the product made in the reader's language, a typed one as
typed."""

import datetime
from unittest import mock

import pytest
from django.test import Client
from django.utils import timezone

from printing import services as printing
from printing.selectors import document_data
from printing.services import render_to_file
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import organizer_client
from tests.printing.pdfcheck import text
from tournaments import services

pytestmark = pytest.mark.django_db

# 15:30 and 16:15 UTC: 8:30 am and 9:15 am in Los Angeles (daylight time), while the
# server's own zone (America/New_York by default) would say 11:30 am.
OPENS = datetime.datetime(2026, 7, 14, 15, 30, tzinfo=datetime.UTC)
CLOSES = datetime.datetime(2026, 7, 14, 16, 15, tzinfo=datetime.UTC)
BEFORE = datetime.datetime(2026, 7, 14, 14, 0, tzinfo=datetime.UTC)
CLOCK_START = datetime.datetime(2026, 7, 14, 17, 0, tzinfo=datetime.UTC)  # 10:00 am there


def _event(**settings):
    event = EventFactory(
        slug="west",
        time_zone="America/Los_Angeles",
        date=datetime.date(2026, 7, 14),
        checkin_opens_at=OPENS,
        checkin_closes_at=CLOSES,
        minutes_per_game=20,
        **settings,
    )
    division = DivisionFactory(event=event, name="Open")
    EntrantFactory.create_batch(8, division=division)
    return event, division


def _flat(words: str) -> str:
    return words.replace("\u202f", " ").replace("\xa0", " ")


def test_the_desk_the_projector_and_a_pdf_say_the_same_time_in_the_events_zone(tmp_path):
    event, division = _event()
    desk = organizer_client(event)
    with mock.patch.object(timezone, "now", return_value=BEFORE):
        checkin_page = desk.get("/e/west/desk/checkin/").content.decode()
    assert "8:30 am" in checkin_page and "9:15 am" in checkin_page
    out = tmp_path / "slips.pdf"
    render_to_file(event=event, kind="player-slips", path=out)
    assert "from 8:30 am until 9:15 am" in _flat(text(out.read_bytes()))

    services.division_seat_first_round(division=division, seed=1)
    round_ = division.rounds.get()
    services.round_clock_start(round_=round_, now=CLOCK_START)
    games = round_.games
    end = f"{10 + (games * 20) // 60}:{(games * 20) % 60:02d} am"
    with mock.patch.object(timezone, "now", return_value=CLOCK_START):
        projector = Client().get("/p/west/").content.decode()
        division_page = desk.get(f"/e/west/desk/divisions/{division.pk}/").content.decode()
    assert f"Ends at {end}" in projector
    assert end in division_page


def test_each_language_has_its_one_format(tmp_path):
    event, _division = _event(language="fr")
    with mock.patch.object(timezone, "now", return_value=BEFORE):
        french = organizer_client(event, language="fr").get("/e/west/desk/checkin/").content
        spanish = organizer_client(event, language="es").get("/e/west/desk/checkin/").content
    assert "8 h 30" in french.decode() and "9 h 15" in french.decode()
    assert "8:30" in spanish.decode() and "9:15" in spanish.decode()
    out = tmp_path / "slips.pdf"
    render_to_file(event=event, kind="player-slips", path=out)
    assert "de 8 h 30 à 9 h 15" in _flat(text(out.read_bytes()))


def _divisions(event):
    made = DivisionFactory(
        event=event, name="Women 70-74", min_age=70, max_age=74, gender="F", made_as="F"
    )
    typed = DivisionFactory(event=event, name="Golden Girls", gender="F")
    for division in (made, typed):
        EntrantFactory.create_batch(4, division=division)
        services.division_seat_first_round(division=division, seed=1)
    return made, typed


def test_a_made_division_name_is_in_the_readers_language_and_a_typed_one_as_typed(tmp_path):
    event = EventFactory(slug="names", language="es")
    made, _typed = _divisions(event)
    for language, shown in (("en", "Women 70-74"), ("fr", "Femmes 70-74"), ("es", "Mujeres 70-74")):
        page = organizer_client(event, language=language).get("/e/names/desk/").content.decode()
        assert shown in page, language
        assert "Golden Girls" in page
    projector = Client(headers={"accept-language": "fr"}).get("/p/names/").content.decode()
    assert "Femmes 70-74" in projector or "Golden Girls" in projector
    out = tmp_path / "tables.pdf"
    render_to_file(event=event, kind="table-list", path=out)
    printed = text(out.read_bytes())
    assert "Mujeres 70-74" in printed and "Golden Girls" in printed
    assert "Women 70-74" not in printed
    made.refresh_from_db()
    assert made.name == "Women 70-74"  # stored as made; exports and commands use it


def test_changing_the_events_language_marks_no_document_stale():
    event = EventFactory(slug="docs", language="en")
    made, _typed = _divisions(event)
    document = printing.document_request(event=event, kind="table-list", division=made)
    printing.document_render(document.pk)
    document.refresh_from_db()
    assert printing.document_is_current(document)
    services.event_configure(event=event, language="fr")
    event.refresh_from_db()
    document.refresh_from_db()
    assert printing.document_is_current(document)
    # The next one is printed in French.
    assert document_data(event, "table-list", made, 1).title.startswith("Femmes 70-74")
