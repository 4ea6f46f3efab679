"""Defects a review found, each pinned: results that never change silently, withdrawals
that keep places, walkovers that stay won, --update that keeps what the file lacks,
typos that get a message instead of a traceback."""

import json

import pytest
from django.core.management.base import CommandError

from tests.helpers import entrants_file, import_scores, ranked_game, run, score_rows, tables_of
from tournaments.models import Division, Entrant

SLUG = "review-2026"


def _four(tmp_path, division="Open", prefix="R"):
    players = [
        (f"{prefix}{i}", f"First{i}", f"Last{i}", "1950-01-01", "F", "", division)
        for i in range(1, 5)
    ]
    entrants_file(tmp_path / "e.csv", players)
    run(
        "import_entrants",
        SLUG,
        tmp_path / "e.csv",
        "--create-event",
        "--name",
        "Review",
        "--date",
        "2026-05-01",
    )
    run("checkin", SLUG)
    run("seat", SLUG, "--division", division)
    return tables_of(SLUG, division, 1)[1]


def _play_final(tmp_path, seats):
    rows = []
    for game in (1, 2, 3):
        rows += score_rows("Open", 1, 1, game, ranked_game(seats, game))
    import_scores(SLUG, tmp_path / "s.csv", rows)
    run("advance", SLUG, "--division", "Open")


def _placings():
    data = json.loads(run("export_results", SLUG))
    return {p["entrant_id"]: (p["place"], p["medal"]) for p in data["divisions"][0]["placings"]}


@pytest.mark.django_db
def test_a_correction_after_the_final_is_flagged_and_applied_only_when_accepted(tmp_path):
    seats = _four(tmp_path)
    _play_final(tmp_path, seats)
    before = _placings()
    assert before[seats[0]] == (1, "gold")
    # The silver player's racks were misread: 100 each, they drop to fourth.
    for game in (1, 2, 3):
        out = run(
            "correct_score",
            SLUG,
            "--division",
            "Open",
            "--round",
            1,
            "--table",
            1,
            "--game",
            game,
            "--entrant",
            seats[1],
            "--rack-total",
            100,
            "--reason",
            "misread",
        )
    assert "ATTENTION: This correction would change the placings or medals" in out
    assert _placings() == before  # recorded results stay
    assert "results updated" in run("accept_results", SLUG, "--division", "Open")
    after = _placings()
    assert after[seats[1]] == (4, None) and after[seats[2]] == (2, "silver")
    assert Division.objects.get(name="Open").medals_confirmed_at is None


@pytest.mark.django_db
def test_withdrawing_after_the_finish_or_after_elimination_is_refused(tmp_path):
    seats = _four(tmp_path)
    _play_final(tmp_path, seats)
    before = _placings()
    with pytest.raises(CommandError, match="is finished"):
        run("checkin", SLUG, "--withdraw", seats[0])
    assert _placings() == before
    assert Entrant.objects.get(external_id=seats[0]).status == "checked_in"


@pytest.mark.django_db
def test_a_late_arrival_does_not_undo_a_walkover(tmp_path):
    entrants_file(tmp_path / "one.csv", [("W1", "Wanda", "Solo", "1940-01-01", "F", "", "Solo")])
    run(
        "import_entrants",
        SLUG,
        tmp_path / "one.csv",
        "--create-event",
        "--name",
        "Review",
        "--date",
        "2026-05-01",
    )
    run("checkin", SLUG)
    assert "walkover" in run("seat", SLUG, "--division", "Solo")
    entrants_file(tmp_path / "two.csv", [("W2", "Walt", "Late", "1941-01-01", "M", "", "Solo")])
    run("import_entrants", SLUG, tmp_path / "two.csv")
    with pytest.raises(CommandError, match="already seated: W2"):
        run("checkin", SLUG)
    assert _placings()["W1"] == (1, "gold")
    assert Entrant.objects.get(external_id="W2").status == "registered"


@pytest.mark.django_db
def test_update_changes_only_the_columns_the_file_has(tmp_path):
    entrants_file(tmp_path / "a.csv", [("U1", "Ann", "Lee", "1950-03-01", "F", "Lakeside", "Open")])
    run(
        "import_entrants",
        SLUG,
        tmp_path / "a.csv",
        "--create-event",
        "--name",
        "Review",
        "--date",
        "2026-05-01",
    )
    (tmp_path / "b.csv").write_text("entrant_id,first_name,last_name\nU1,Anne,Lee\n")
    run("import_entrants", SLUG, tmp_path / "b.csv", "--update")
    entrant = Entrant.objects.get(external_id="U1")
    assert (entrant.first_name, entrant.gender, entrant.club, entrant.division.name) == (
        "Anne",
        "F",
        "Lakeside",
        "Open",
    )


@pytest.mark.django_db
@pytest.mark.parametrize("typed", ["--3", "+-5", "²", "1e3"])
def test_odd_rack_totals_get_a_message_not_a_traceback(tmp_path, typed):
    seats = _four(tmp_path)
    rows = score_rows("Open", 1, 1, 1, {seats[0]: 0, seats[1]: typed, seats[2]: 5, seats[3]: 6})
    with pytest.raises(CommandError, match="is not a whole number"):
        import_scores(SLUG, tmp_path / "s.csv", rows)


@pytest.mark.django_db
def test_checkin_with_a_bad_id_changes_nothing(tmp_path):
    seats = _four(tmp_path)
    with pytest.raises(CommandError, match="No entrant with id NOPE"):
        run("checkin", SLUG, "--withdraw", seats[0], "--absent", "NOPE")
    assert Entrant.objects.get(external_id=seats[0]).status == "checked_in"


@pytest.mark.django_db
def test_settings_that_decide_results_cannot_change_after_seating(tmp_path):
    _four(tmp_path)
    with pytest.raises(CommandError, match="tie-break order cannot change"):
        run("configure_event", SLUG, "--tie-order", "previous-round")
    with pytest.raises(CommandError, match="initial meld"):
        run("configure_event", SLUG, "--initial-meld", "-5")


@pytest.mark.django_db
def test_a_correction_can_also_fix_the_tied_winner(tmp_path):
    seats = _four(tmp_path)
    a, b, c, d = seats
    rows = score_rows("Open", 1, 1, 1, {a: 5, b: 5, c: 9, d: 12}, ended="exhausted", winner=a)
    import_scores(SLUG, tmp_path / "s.csv", rows)
    args = [
        "correct_score",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--table",
        1,
        "--game",
        1,
        "--entrant",
        b,
        "--rack-total",
        3,
        "--reason",
        "recounted",
    ]
    with pytest.raises(CommandError, match="more than the lowest rack"):
        run(*args)
    run(*args, "--winner", b)
    from scoring.models import Game, ScoreChange

    game = Game.objects.get(table__round__number=1, table__number=1, number=1)
    assert (game.ended, game.winner.external_id) == ("exhausted", b)
    change = ScoreChange.objects.get(action="corrected")
    assert change.before == {"rack_total": 5, "ended": "exhausted", "winner": a}
    assert change.after == {"rack_total": 3, "ended": "exhausted", "winner": b}
