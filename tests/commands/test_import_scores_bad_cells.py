"""import_scores on cells no scorekeeper means: "²" or "①" as a round or table number, a
128 KB cell, a number of 5,000 digits — a message naming the line and a non-zero exit,
never a traceback, and nothing imported."""

import pytest
from django.core.management.base import CommandError

from scoring.models import Game
from tests.factories import seated_division
from tests.helpers import SCORE_HEADER, run, snapshot, write_csv

pytestmark = pytest.mark.django_db


@pytest.fixture
def seated(tmp_path):
    division = seated_division(4)
    table = division.rounds.get().tables.get()
    ids = [s.entrant.external_id for s in table.seats.select_related("entrant").order_by("number")]
    return division, table, ids


def _rows(division, table, ids, change=None):
    rows = []
    for entrant, rack in zip(ids, [0, 12, 7, 30], strict=True):
        cells = {
            "division": division.name,
            "round": "1",
            "table": str(table.number),
            "game": "1",
            "entrant_id": entrant,
            "rack_total": str(rack),
            "ended": "",
            "winner": "",
        }
        rows.append([cells[name] for name in SCORE_HEADER])
    for column, value in (change or {}).items():
        rows[1][SCORE_HEADER.index(column)] = value
    return rows


@pytest.mark.parametrize(
    ("column", "value", "says"),
    [
        ("round", "²", "line 3: round '²' is not a number of 1 or more"),
        ("table", "①", "line 3: table '①' is not a number of 1 or more"),
        ("game", "9" * 4301, "line 3: game '9999999999999999999999999999999999999999… (4,301"),
        ("table", "99999999999", "line 3: table '99999999999' is not a number of 1 or more"),
        (
            "rack_total",
            "9" * 5000,
            "line 3: rack_total: 99999999999999999999… is more than any rack can hold",
        ),
        ("entrant_id", "x" * 5000, "line 3: entrant_id 'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"),
        ("ended", "y" * 5000, "line 3: ended 'yyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyyy… (5,000"),
    ],
)
def test_a_bad_cell_is_a_message_not_a_traceback(seated, tmp_path, column, value, says):
    division, table, ids = seated
    path = write_csv(tmp_path / "s.csv", SCORE_HEADER, _rows(division, table, ids, {column: value}))
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        run("import_scores", division.event.slug, path)
    message = str(refused.value)
    assert message.startswith("Nothing was imported") and says in message, message
    assert len(message) < 500  # the 5,000 characters are not printed back
    assert snapshot() == before


def test_a_cell_over_the_csv_limit_is_named_with_its_line(seated, tmp_path):
    division, table, ids = seated
    rows = _rows(division, table, ids, {"division": "d" * (128 * 1024 + 10)})
    path = write_csv(tmp_path / "s.csv", SCORE_HEADER, rows)
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        run("import_scores", division.event.slug, path)
    message = str(refused.value)
    assert "line 3: the row cannot be read (field larger than field limit" in message, message
    assert len(message) < 500
    assert snapshot() == before and not Game.objects.exists()


def test_a_header_over_the_csv_limit(seated, tmp_path):
    division, _, _ = seated
    path = tmp_path / "s.csv"
    path.write_text("division," + "h" * (128 * 1024 + 10) + "\n", encoding="utf-8")
    with pytest.raises(CommandError, match="line 1: the header cannot be read"):
        run("import_scores", division.event.slug, path)


def test_the_same_file_with_plain_numbers_imports(seated, tmp_path):
    division, table, ids = seated
    path = write_csv(tmp_path / "s.csv", SCORE_HEADER, _rows(division, table, ids))
    run("import_scores", division.event.slug, path)
    assert Game.objects.get(table=table).racks.count() == 4


@pytest.mark.parametrize("typed", ["--3", "+-5", "²", "1e3"])
def test_odd_rack_totals_get_a_message_not_a_traceback(seated, tmp_path, typed):
    division, table, ids = seated
    rows = _rows(division, table, ids, {"rack_total": typed})
    path = write_csv(tmp_path / "s.csv", SCORE_HEADER, rows)
    with pytest.raises(CommandError, match="is not a whole number"):
        run("import_scores", division.event.slug, path)
