"""The score sheets print the event's table rules, as its format says them, in the event's
language: read back from the PDF that print_documents makes (the renderer the task uses)."""

import pytest

from tests.helpers import entrants_file, run

from . import pdfcheck

SLUG = "sheets-2026"


def _sheets(tmp_path, *options) -> str:
    rows = [(f"S{i}", f"First{i}", f"Last{i}", "1950-01-01", "F", "", "Open") for i in range(1, 5)]
    entrants_file(tmp_path / "e.csv", rows)
    run(
        "import_entrants",
        SLUG,
        tmp_path / "e.csv",
        "--create-event",
        "--name",
        "Sheets",
        "--date",
        "2026-05-01",
    )
    run("configure_event", SLUG, *options)
    run("checkin", SLUG)
    run("seat", SLUG, "--all")  # the NVSO's divisions by size make "Open" into "50+"
    out = tmp_path / "sheets.pdf"
    run("print_documents", SLUG, "--kind", "score-sheets", "--out", out)
    return pdfcheck.collapse(pdfcheck.text(out.read_bytes()))


@pytest.mark.django_db
def test_the_nvso_sheet_prints_its_rules(tmp_path):
    text = _sheets(tmp_path, "--preset", "nvso")
    for words in (
        "One-minute turn limit.",
        "After the initial meld, wait until your next turn to play on other sets.",
        "A game is at least 3 hands within 60 minutes; at time up, finish the hand in progress.",
        "Write each player's rack total after every hand",
        "Pressman scoring: the winner of a hand scores the total of the others' racks",
        "A joker left on the rack counts 30.",
    ):
        assert words in text, words
    assert "Two-minute turn limit." not in text


@pytest.mark.django_db
def test_the_sabra_way_with_a_joker_at_50_in_french(tmp_path):
    text = _sheets(
        tmp_path, "--preset", "sabra", "--joker", "50", "--never-opened", "100", "--language", "fr"
    )
    for words in (
        "Première pose : au moins 50 points.",
        "Le jeu tourne dans le sens inverse des aiguilles d'une montre",
        "Un joker resté sur le chevalet compte 50.",
        "Un joueur qui n'a jamais posé marque 100 au lieu de son chevalet.",
    ):
        assert words in text, words
    assert "Two-minute" not in text and "joker left" not in text  # French, not English


@pytest.mark.django_db
def test_the_gwinnett_sheet_prints_as_before(tmp_path):
    text = _sheets(tmp_path, "--preset", "gwinnett")
    for words in (
        "Initial meld: at least 30 points.",
        "Two-minute turn limit. A failed manipulation costs three tiles drawn from the pool.",
        "A joker left on the rack counts 30.",
        "Lowest total after all games wins.",
    ):
        assert words in text, words
    assert "counter-clockwise" not in text and "never opened" not in text
