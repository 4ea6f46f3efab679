"""The score sheets' data from the database when players enter scores: each table's code in
force, the QR code to the players' page with it; a code revoked at the desk makes the
printed sheets out of date and the reprint carries the new code; scorekeepers only keeps
the scorekeepers' table page."""

import pytest
from django.test import override_settings
from django.urls import reverse

from printing.renderers import render_score_sheets
from printing.selectors import fingerprint, score_sheets_data
from tests.factories import UserFactory, seated_division
from tournaments import services
from tournaments.models import Table, TableCode

from . import pdfcheck
from .test_score_sheet_codes import pdftotext, scanned

pytestmark = pytest.mark.django_db

BASE = "http://192.168.1.20:8000"


def _live(table) -> str:
    return TableCode.objects.get(table=table, revoked_at__isnull=True).code


@override_settings(BASE_URL=BASE)
@pytest.mark.parametrize("who", ["players", "both"])
def test_each_sheet_carries_its_tables_code_and_the_players_page(who, tmp_path):
    division = seated_division(8, score_entry=who)
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    data = score_sheets_data(division.event, division)
    assert [t.table_number for t in data.tables] == [t.number for t in tables]
    for lines, table in zip(data.tables, tables, strict=True):
        code = _live(table)
        assert lines.table_code == code
        assert lines.code_address == "192.168.1.20:8000/t/"
        assert lines.score_url == f"{BASE}/t/{code}/"
    pdf = render_score_sheets(data)
    text = pdftotext(pdf, tmp_path)
    for table in tables:
        assert f"Open 192.168.1.20:8000/t/ and type {_live(table)}" in " ".join(text.split())
    assert scanned(pdf, tmp_path) == [f"{BASE}/t/{_live(t)}/" for t in tables]


@override_settings(BASE_URL=BASE)
def test_scorekeepers_only_keeps_the_table_page_and_prints_no_code(tmp_path):
    division = seated_division(8)
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    data = score_sheets_data(division.event, division)
    for lines, table in zip(data.tables, tables, strict=True):
        assert (lines.table_code, lines.code_address) == ("", "")
        page = reverse("scoring:table", args=[division.event.slug, table.pk])
        assert lines.score_url == BASE + page
    pdf = render_score_sheets(data)
    assert "Table code" not in pdfcheck.text(pdf)
    assert scanned(pdf, tmp_path)[0] == data.tables[0].score_url


@override_settings(BASE_URL=BASE)
def test_a_revoked_code_makes_the_sheets_out_of_date_and_the_reprint_has_the_new_code(tmp_path):
    division = seated_division(8, score_entry="players")
    first = Table.objects.filter(round__division=division).order_by("number").first()
    before = score_sheets_data(division.event, division)
    old = _live(first)
    services.table_code_reissue(table=first, user=UserFactory(), expected_code=old)
    new = _live(first)
    assert new != old
    after = score_sheets_data(division.event, division)
    assert fingerprint(after) != fingerprint(before)  # the printing page says "out of date"
    assert after.tables[0].table_code == new and after.tables[1] == before.tables[1]
    pdf = render_score_sheets(after)
    text = " ".join(pdftotext(pdf, tmp_path).split())
    assert new in text and old not in text
    assert scanned(pdf, tmp_path)[0] == f"{BASE}/t/{new}/"


@override_settings(BASE_URL=BASE)
def test_switching_to_scorekeepers_only_prints_the_table_page_again():
    division = seated_division(8, score_entry="both")
    services.event_configure(event=division.event, score_entry="scorekeepers")
    division.event.refresh_from_db()
    data = score_sheets_data(division.event, division)
    assert all(
        t.table_code == "" and "/t/" not in t.score_url.split("8000")[1] for t in data.tables
    )
