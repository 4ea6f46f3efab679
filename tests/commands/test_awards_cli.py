"""The award commands through the real command line (a fresh SQLite file, exit codes and
output as a script sees them): a simulated event's ribbons and qualifiers, and a lone
player's division under both settings."""

import csv
import io
import json

import pytest

from tests.helpers import cli, entrants_file

from ..printing import pdfcheck

pytestmark = pytest.mark.slow


def ok(database, *args) -> str:
    done = cli(database, *args)
    assert done.returncode == 0, (args, done.stderr)
    return done.stdout


def test_a_played_event_gives_ribbons_cards_and_qualifiers(fresh_sqlite, tmp_path):
    ok(fresh_sqlite, "simulate_event", "sim", "--entrants", "40", "--seed", "4")
    ok(fresh_sqlite, "configure_event", "sim", "--ribbons-to", "6", "--qualify", "2")
    results = json.loads(ok(fresh_sqlite, "export_results", "sim"))
    ribbons = 0
    for division in results["divisions"]:
        for p in division["placings"]:
            assert {"place", "medal", "entrant_id", "name", "round_reached", "ribbon"} <= set(p)
            if p["ribbon"]:
                ribbons += 1
                place = p.get("age_group_place") or p["place"]
                assert 4 <= place <= 6 and p["medal"] is None
    assert ribbons > 0
    cards = tmp_path / "ribbons.pdf"
    ok(fresh_sqlite, "print_documents", "sim", "--kind", "ribbons", "--out", cards)
    assert len(pdfcheck.reader(cards.read_bytes()).pages) == ribbons

    rows = list(csv.DictReader(io.StringIO(ok(fresh_sqlite, "export_qualifiers", "sim"))))
    assert rows and all(int(r["qualifier"]) <= 2 for r in rows)
    groups = {(r["age_group"], r["gender"]) for r in rows}
    for group in groups:
        assert 1 <= sum(1 for r in rows if (r["age_group"], r["gender"]) == group) <= 3
    data = json.loads(ok(fresh_sqlite, "export_qualifiers", "sim", "--format", "json"))
    assert [q["entrant_id"] for g in data["groups"] for q in g["qualifiers"]] == [
        r["entrant_id"] for r in rows
    ]
    listed = tmp_path / "qualifiers.pdf"
    ok(fresh_sqlite, "print_documents", "sim", "--kind", "qualifiers", "--out", listed)
    assert "Qualifiers for the next level" in pdfcheck.text(listed.read_bytes())

    bad = cli(fresh_sqlite, "configure_event", "sim", "--ribbons-to", "2")
    assert bad.returncode == 1 and "not 2" in bad.stderr


def lone_file(tmp_path):
    rows = [(f"Y{i}", "Young", f"Player{i}", "1954-03-01", "F", "", "") for i in range(4)]
    rows += [("L1", "Lonely", "Lou", "1950-03-01", "F", "", "")]
    return entrants_file(tmp_path / "lone.csv", rows)


def test_seat_all_with_a_lone_division_under_each_setting(fresh_sqlite, tmp_path):
    path = lone_file(tmp_path)
    ok(fresh_sqlite, "import_entrants", "walk", path, "--create-event", "--date", "2026-05-14")
    ok(fresh_sqlite, "checkin", "walk")
    out = ok(fresh_sqlite, "seat", "walk", "--all")  # the default: a walkover, exit 0
    assert "75-79: walkover, gold to Lonely Lou (L1)." in out

    ok(fresh_sqlite, "import_entrants", "must", path, "--create-event", "--date", "2026-05-14")
    ok(fresh_sqlite, "configure_event", "must", "--lone-entrant", "play")
    ok(fresh_sqlite, "checkin", "must")
    done = cli(fresh_sqlite, "seat", "must", "--all")
    assert done.returncode == 1
    assert "75-79 has only one player checked in (Lonely Lou)" in done.stderr
    assert "Combine it with 70-74" in done.stderr
    assert "70-74: not seated, held for the lone player of 75-79" in done.stderr
    ok(fresh_sqlite, "combine_divisions", "must", "--into", "70-74", "75-79")
    out = ok(fresh_sqlite, "seat", "must", "--all")
    assert "70-74, round 1" in out and "Lonely Lou (L1)" in out
