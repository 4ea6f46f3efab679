"""The cases a tournament director hits, through the commands
(RULES.md, "Decisions on the cases a tournament director hits")."""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import CorrectionDecision, Penalty, ScoreChange
from tests.helpers import entrants_file, import_scores, ranked_game, run, score_rows, tables_of
from tournaments.models import Entrant

SLUG = "director-2026"

pytestmark = pytest.mark.django_db


def _eight(event_by_commands, tmp_path, *, tie_order=None):
    """Eight players, two tables of four, round 1 played (seat order: first 0, second 10,
    third 20, fourth 30 in each game) and closed; the final of four seated."""
    players = [
        (f"D{i}", f"First{i}", f"Last{i}", "1950-01-01", "F", f"Club{i}", "Open")
        for i in range(1, 9)
    ]
    tie = [] if tie_order is None else [("configure_event", SLUG, "--tie-order", tie_order)]
    tables = event_by_commands(SLUG, players, name="Director", seed=3, before_checkin=tie)
    rows = []
    for number, seats in tables.items():
        for game in (1, 2, 3):
            rows += score_rows("Open", 1, number, game, ranked_game(seats, game))
    import_scores(SLUG, tmp_path / "r1.csv", rows)
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    return tables


def _final():
    return set(tables_of(SLUG, "Open", 2)[next(iter(tables_of(SLUG, "Open", 2)))])


def _correct(table, seats, value, reason="misread"):
    return run(
        "correct_score",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--table",
        table,
        "--game",
        3,
        "--entrant",
        seats[1],
        "--rack-total",
        value,
        "--reason",
        reason,
    )


def _export(*args):
    out, err = io.StringIO(), io.StringIO()
    call_command("export_results", SLUG, *args, stdout=out, stderr=err)
    return out.getvalue(), err.getvalue()


def test_accept_correction_reseats_the_final_and_export_results_says_it_was_pending(
    event_by_commands, tmp_path
):
    tables = _eight(event_by_commands, tmp_path)
    number, seats = next(iter(tables.items()))
    out = _correct(number, seats, 200)
    change = ScoreChange.objects.get(action="corrected")
    assert f"Decide (correction {change.pk}): manage.py accept_correction" in out
    assert seats[1] in _final() and seats[2] not in _final()
    data, note = _export()
    division = json.loads(data)["divisions"][0]
    assert division["decision_pending"]["corrections"] == [change.pk]
    assert division["decision_pending"]["consequences"][0]["kind"] == "advanced"
    assert division["flagged_corrections"][0]["decision"] is None
    assert "Note: Open: a decision is pending" in note
    csv_out, csv_note = _export("--format", "csv")
    assert csv_out.startswith("division,place,medal") and "decision is pending" in csv_note

    out = run("accept_correction", SLUG, "--division", "Open")
    assert "accepted 1 correction(s)" in out and "Round 2 seated again" in out
    assert seats[2] in _final() and seats[1] not in _final()
    data, note = _export()
    division = json.loads(data)["divisions"][0]
    assert division["decision_pending"] is None and note == ""
    assert division["flagged_corrections"][0]["decision"] == "accepted"
    # Accepting again: nothing waits.
    assert "no correction waits" in run("accept_correction", SLUG, "--division", "Open")


def test_undo_correction_names_the_one_to_undo_when_several_wait(event_by_commands, tmp_path):
    tables = _eight(event_by_commands, tmp_path)
    (n1, s1), (n2, s2) = list(tables.items())
    _correct(n1, s1, 200)
    _correct(n2, s2, 300)
    first, second = ScoreChange.objects.filter(action="corrected").order_by("id")
    assert second.flag
    with pytest.raises(CommandError, match="2 corrections wait for a decision") as error:
        run("undo_correction", SLUG, "--division", "Open")
    assert f"correction {first.pk}:" in str(error.value)
    assert f"correction {second.pk}:" in str(error.value)
    out = run("undo_correction", SLUG, "--division", "Open", "--correction", second.pk)
    assert f"undone correction {second.pk}" in out
    assert CorrectionDecision.objects.get(change=second).choice == "undone"
    with pytest.raises(CommandError, match=f"no correction {second.pk} waiting"):
        run("undo_correction", SLUG, "--division", "Open", "--correction", second.pk)
    assert "undone correction" in run("undo_correction", SLUG, "--division", "Open")
    assert s1[1] in _final() and s2[1] in _final()


def test_a_late_penalty_is_a_flagged_correction(event_by_commands, tmp_path):
    tables = _eight(event_by_commands, tmp_path)
    number, seats = next(iter(tables.items()))
    out = run(
        "penalty",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--entrant",
        seats[1],
        "--points",
        60,
        "--reason",
        "conduct",
    )
    lines = out.splitlines()
    assert lines[0].endswith("conduct. (the round is closed: recorded as a correction)")
    assert lines[1].startswith("ATTENTION: This correction would change who advanced")
    assert lines[2].startswith("Decide (correction")
    assert seats[1] in _final()
    run("accept_correction", SLUG, "--division", "Open")
    assert seats[2] in _final() and seats[1] not in _final()
    assert Penalty.objects.get().points == 60


def test_resolve_tie_naming_part_of_the_tied_group_is_refused_naming_the_group(
    event_by_commands, tmp_path
):
    players = [(f"T{i}", f"First{i}", f"Last{i}", "1950-01-01", "F", "", "Open") for i in (1, 2, 3)]
    no_tie_order = [("configure_event", SLUG, "--tie-order", "")]
    event_by_commands(SLUG, players, name="T", before_checkin=no_tie_order)
    rows = []
    for game, winner in enumerate(("T1", "T2", "T3"), start=1):
        rows += score_rows(
            "Open", 1, 1, game, {p: 0 if p == winner else 10 for p in ("T1", "T2", "T3")}
        )
    table = next(iter(tables_of(SLUG, "Open", 1)))
    rows = [[r[0], r[1], table, *r[3:]] for r in rows]
    import_scores(SLUG, tmp_path / "s.csv", rows)
    with pytest.raises(CommandError, match="tied for a medal"):
        run("advance", SLUG, "--division", "Open")
    with pytest.raises(CommandError) as error:
        run("resolve_tie", SLUG, "--division", "Open", "--round", 1, "--order", "T2,T1")
    message = str(error.value)
    assert "are tied for a medal" in message
    assert all(f"First{i} Last{i} (T{i})" in message for i in (1, 2, 3))
    assert "missing: T3" in message
    out = run("resolve_tie", SLUG, "--division", "Open", "--round", 1, "--order", "T2,T1,T3")
    assert "recorded" in out
    assert "complete" in run("advance", SLUG, "--division", "Open")


def test_checkin_checks_in_a_no_show_who_turns_up_and_exits_non_zero_on_what_it_refuses(
    tmp_path,
):
    players = [
        (f"C{i}", f"First{i}", f"Last{i}", "1950-01-01", "F", "", "Open" if i < 6 else "Later")
        for i in range(1, 8)
    ]
    entrants_file(tmp_path / "e.csv", players)
    run(
        "import_entrants",
        SLUG,
        tmp_path / "e.csv",
        "--create-event",
        "--name",
        "C",
        "--date",
        "2026-05-01",
    )
    assert "Absent: C5." in run("checkin", SLUG, "--absent", "C5")
    assert run("checkin", SLUG) == "Checked in 1 entrant(s).\nChecked in, no longer absent: C5.\n"
    assert Entrant.objects.get(external_id="C5").status == "checked_in"
    run("checkin", SLUG, "--absent", "C4")
    run("seat", SLUG, "--division", "Open")
    # C4 is a no-show of a seated division: they stay one; nothing was asked of them.
    assert run("checkin", SLUG) == "Checked in 0 entrant(s).\n"
    assert Entrant.objects.get(external_id="C4").status == "absent"
    entrants_file(
        tmp_path / "late.csv",
        [
            ("C8", "First8", "Last8", "1950-01-01", "F", "", "Open"),
            ("C9", "First9", "Last9", "1950-01-01", "F", "", "Later"),
        ],
    )
    run("import_entrants", SLUG, tmp_path / "late.csv")
    out = io.StringIO()
    with pytest.raises(CommandError, match="already seated: C8"):
        call_command("checkin", SLUG, stdout=out)
    assert out.getvalue() == "Checked in 1 entrant(s).\n"  # C9 of the unseated division
    assert Entrant.objects.get(external_id="C9").status == "checked_in"
    assert Entrant.objects.get(external_id="C8").status == "registered"


def test_plan_says_how_players_of_different_tables_are_compared(event_by_commands):
    players = [(f"P{i}", f"First{i}", f"Last{i}", "1950-01-01", "F", "", "Open") for i in range(17)]
    event_by_commands(SLUG, players, name="P", seat=False)
    out = run("plan", SLUG)
    notes = [line for line in out.splitlines() if "how tables are compared" in line]
    assert len(notes) == 2
    assert "Byes go to the best placed players going on" in notes[0]
    assert all("score per game" in line for line in notes)
