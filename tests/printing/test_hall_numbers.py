"""Printed sheets use the hall's table numbers: with two divisions in play, the second
division's table list and score sheets name its own hall numbers, the division beside
each, and never a second "Table 1"; a whole round's sheets come off the printer in the
hall's order, whichever division each table plays."""

import io
import re

import pypdf
import pytest

from tests.commands.test_hall import SLUG, register
from tests.helpers import run
from tournaments.models import Table

pytestmark = pytest.mark.django_db


def pages_text(path) -> list[str]:
    reader = pypdf.PdfReader(io.BytesIO(path.read_bytes()), strict=True)
    return [" ".join((p.extract_text() or "").split()) for p in reader.pages]


def test_table_list_and_score_sheets_show_hall_numbers_with_the_division(tmp_path):
    register(tmp_path, {"A 50-54": 9, "B 55-59": 8})
    run("seat", SLUG, "--all", "--seed", 3)
    b_numbers = sorted(
        Table.objects.filter(round__division__name="B 55-59").values_list("number", flat=True)
    )
    assert b_numbers == [4, 5]
    sheets = tmp_path / "sheets.pdf"
    run("print_documents", SLUG, "--kind", "score-sheets", "--division", "B 55-59", "--out", sheets)
    texts = pages_text(sheets)
    assert len(texts) == 2
    for number, text in zip(b_numbers, texts, strict=True):
        assert f"Table {number}" in text and "B 55-59" in text
        assert "Table 1 " not in text
    listing = tmp_path / "list.pdf"
    run("print_documents", SLUG, "--kind", "table-list", "--out", listing)
    text = " ".join(pages_text(listing))
    for number in range(1, 6):
        assert text.count(f"Table {number} ") == 1, number
    assert "Table 4 B 55-59 round 1" in text


def test_the_table_list_marks_the_halls_accessible_tables(tmp_path):
    register(tmp_path, {"A 50-54": 8})
    run("configure_event", SLUG, "--accessible", "2")
    run("seat", SLUG, "--all", "--seed", 3)
    listing = tmp_path / "list.pdf"
    run("print_documents", SLUG, "--kind", "table-list", "--out", listing)
    text = " ".join(pages_text(listing))
    assert "Table 2 A 50-54 round 1 (qualifying) · accessible table" in text
    assert text.count("accessible table") == 1


def test_the_whole_events_score_sheets_come_in_the_halls_order(tmp_path):
    register(tmp_path, {"A 50-54": 9, "B 55-59": 8, "C 60-64": 4})
    # Seated out of the divisions' order, so that their hall numbers interleave with it:
    # B takes tables 1 and 2, C table 3, A tables 4 to 6.
    for division in ("B 55-59", "C 60-64", "A 50-54"):
        run("seat", SLUG, "--division", division, "--seed", 3)
    sheets = tmp_path / "sheets.pdf"
    run("print_documents", SLUG, "--kind", "score-sheets", "--out", sheets)
    numbers = [int(re.search(r"Table (\d+) ", text).group(1)) for text in pages_text(sheets)]
    assert numbers == [1, 2, 3, 4, 5, 6]
    divisions = [re.search(r"Division ([ABC]) ", text).group(1) for text in pages_text(sheets)]
    assert divisions == ["B", "B", "C", "A", "A", "A"]
