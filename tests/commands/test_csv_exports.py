"""Every CSV export is safe in a spreadsheet: a text cell that starts like a formula
(= + - @, a tab or a carriage return) is written with a leading apostrophe, and our own
import reads it back as entered."""

import csv
import io

import pytest

from scoring.models import Game
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, enter
from tests.helpers import SCORE_HEADER, run, write_csv
from tournaments import services
from tournaments.csvfiles import FORMULA_STARTS, csv_writer, spreadsheet_safe, unquote_cell

pytestmark = pytest.mark.django_db

NASTY = [
    ("=cmd|' /C calc'!A0", "Smith"),
    ("+SUM(1,2)", "Jones"),
    ("-2+3", "Brown"),
    ("@SUM(A1)", "Green"),
]


def _event():
    event = EventFactory(slug="csv-2026")
    division = DivisionFactory(event=event, name="=Open")
    for n, (first, last) in enumerate(NASTY):
        EntrantFactory(
            division=division, external_id=f"{'-+=@'[n]}P{n}", first_name=first, last_name=last
        )
    services.division_seat_first_round(division=division, seed=3)
    return event, division


def _rows(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def _assert_no_formula(rows):
    for row in rows:
        for value in row.values():
            assert not value.startswith(FORMULA_STARTS), (row, value)


def test_export_seating_quotes_formula_like_cells_and_import_reads_them_back(tmp_path):
    event, division = _event()
    rows = _rows(run("export_seating", event.slug))
    assert len(rows) == 4
    _assert_no_formula(rows)
    assert {r["division"] for r in rows} == {"'=Open"}
    assert {r["entrant_id"] for r in rows} == {"'-P0", "'+P1", "'=P2", "'@P3"}
    assert "'=cmd|' /C calc'!A0 Smith" in {r["name"] for r in rows}
    assert "'-2+3 Brown" in {r["name"] for r in rows}
    # The seating file filled in as it came out (apostrophes kept) imports as entered.
    ordered = sorted(rows, key=lambda r: int(r["seat"]))
    values = [0, 12, 7, 30]
    score_rows = [
        [r["division"], r["round"], r["table"], 1, r["entrant_id"], v, "", ""]
        for r, v in zip(ordered, values, strict=True)
    ]
    run("import_scores", event.slug, write_csv(tmp_path / "s.csv", SCORE_HEADER, score_rows))
    game = Game.objects.get(table__round__division=division, number=1)
    assert {r.entrant.external_id: r.rack_total for r in game.racks.select_related("entrant")} == {
        r["entrant_id"][1:]: v for r, v in zip(ordered, values, strict=True)
    }


def test_export_results_csv_quotes_formula_like_cells():
    event, division = _event()
    table = division.rounds.get().tables.get()
    for game in (1, 2, 3):
        enter(table, game, [0, 5, 9, 14])
    run("advance", event.slug, "--division", "=Open")
    rows = _rows(run("export_results", event.slug, "--format", "csv"))
    assert len(rows) == 4
    _assert_no_formula(rows)
    assert [r["place"] for r in rows] == ["1", "2", "3", "4"]
    assert [r["medal"] for r in rows] == ["gold", "silver", "bronze", ""]
    assert {r["division"] for r in rows} == {"'=Open"}
    assert {r["entrant_id"][0] for r in rows} == {"'"}


@pytest.mark.parametrize("start", FORMULA_STARTS)
def test_spreadsheet_safe_quotes_each_formula_start_and_unquote_undoes_it(start):
    text = f"{start}1+1"
    assert spreadsheet_safe([text]) == [f"'{text}"]
    assert unquote_cell(f"'{text}") == text


def test_numbers_and_ordinary_text_are_left_alone():
    assert spreadsheet_safe([-18, 0, None, "Ann O'Neil", "'quoted", 3.5]) == [
        "-18",
        "0",
        "",
        "Ann O'Neil",
        "'quoted",
        "3.5",
    ]
    assert unquote_cell("'quoted") == "'quoted"
    assert unquote_cell("O'Neil") == "O'Neil"


def test_csv_writer_quotes_every_row():
    buffer = io.StringIO()
    writer = csv_writer(buffer, lineterminator="\n")
    writer.writerow(["=1", "a"])
    writer.writerows([["\tx", -2], ["\rcr", "+"]])
    assert list(csv.reader(io.StringIO(buffer.getvalue(), newline=""))) == [
        ["'=1", "a"],
        ["'\tx", "-2"],
        ["'\rcr", "'+"],
    ]
