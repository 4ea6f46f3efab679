"""Bad input: refused with a non-zero exit, a message naming the row or item and the reason,
and nothing changed (row counts, values and the audit trail compared before and after)."""

import pytest
from django.core.management.base import CommandError

from scoring.models import Game, RackScore, ScoreChange
from tests.helpers import (
    SCORE_HEADER,
    cli,
    entrants_file,
    import_scores,
    run,
    score_rows,
    snapshot,
    write_csv,
)
from tournaments.models import Event, Round

SLUG = "bad"
PEOPLE = [
    ("B1", "Ann", "Ångström"),
    ("B2", "Bea", "Baker"),
    ("B3", "Cy", "Cole"),
    ("B4", "Dot", "Dunn"),
    ("B5", "Earl", "Núñez"),
    ("B6", "Fay", "Fox"),
    ("B7", "Gus", "Gray"),
    ("B8", "Hal", "Hill"),
]
NAMES = {i: f"{first} {last}" for i, first, last in PEOPLE}


@pytest.fixture
def tables(event_by_commands):
    """Event 'bad': eight players in Open, round 1 seated at two tables of four."""
    people = [(i, f, la, "1950-01-01", "F", "", "Open") for i, f, la in PEOPLE]
    seated = event_by_commands(SLUG, people, name="Bad Event", date="2026-05-16", seed=1)
    assert [len(t) for t in seated.values()] == [4, 4]
    return seated


def plain(seats, table=0):
    """Seat 1 goes out; the others hold 10, 20, 30 (plus the table number)."""
    return {p: 0 if i == 0 else 10 * i + table for i, p in enumerate(seats)}


def first_games(tables):
    """Rows for game 1 of both tables: table 1 on lines 2–5, table 2 on lines 6–9."""
    return score_rows("Open", 1, 1, 1, plain(tables[1])) + score_rows(
        "Open", 1, 2, 1, plain(tables[2])
    )


def refused(*command, message: str):
    """Run a command that must be refused; check the message and that nothing changed."""
    before = snapshot()
    with pytest.raises(CommandError) as error:
        run(*command)
    assert str(error.value) == message
    assert snapshot() == before
    return before


def refused_scores(tmp_path, rows, message, *, header=SCORE_HEADER):
    path = write_csv(tmp_path / "scores.csv", header, rows)
    refused("import_scores", SLUG, path, message=message)
    assert Game.objects.count() == 0


# ---------------------------------------------------------------- malformed files


@pytest.mark.parametrize(
    "value, reason",
    [
        ("abc", "'abc' is not a whole number of points."),
        (
            "12.5",
            "'12.5' is not a whole number: a rack total counts whole points, no decimals, "
            "between 0 and 788.",
        ),
        (
            "789",
            "789 is more than any rack can hold: the largest possible rack total is 788 "
            "(every tile and both jokers).",
        ),
        ("-1", "-1 is negative: a rack total is 0 or more."),
        ("", "No rack total was entered."),
    ],
)
def test_a_rack_total_that_cannot_be(tmp_path, tables, value, reason):
    rows = first_games(tables)
    rows[5][5] = value  # line 7: table 2's second player
    refused_scores(tmp_path, rows, f"Nothing was imported:\nline 7: rack_total: {reason}")


def test_a_missing_column(tmp_path, tables):
    rows = [row[:5] + row[6:] for row in first_games(tables)]
    header = [h for h in SCORE_HEADER if h != "rack_total"]
    refused_scores(tmp_path, rows, "line 1: the header lacks rack_total.", header=header)


def test_several_bad_rows_are_all_named(tmp_path, tables):
    rows = first_games(tables)
    rows[1][5] = "x"
    rows[2][2] = "two"
    rows[6][6] = "gone"
    refused_scores(
        tmp_path,
        rows,
        (
            "Nothing was imported:\n"
            "line 3: rack_total: 'x' is not a whole number of points.\n"
            "line 4: table 'two' is not a number of 1 or more\n"
            "line 8: ended 'gone' is neither out nor exhausted"
        ),
    )


def test_an_unknown_entrant_id(tmp_path, tables):
    rows = first_games(tables)
    rows[6][4] = "B99"
    refused_scores(tmp_path, rows, "Nothing was imported:\nline 6, 7, 8, 9: no entrant with id B99")


def test_an_unknown_division_in_the_scores(tmp_path, tables):
    rows = first_games(tables)
    for row in rows[4:]:
        row[0] = "Masters"
    refused_scores(
        tmp_path, rows, "Nothing was imported:\nline 6, 7, 8, 9: there is no division 'Masters'"
    )


def test_a_table_that_does_not_exist(tmp_path, tables):
    rows = first_games(tables)
    for row in rows[4:]:
        row[2] = 3
    refused_scores(
        tmp_path,
        rows,
        "Nothing was imported:\nline 6, 7, 8, 9: Open has no round 1 table 3 (its tables are "
        "1, 2, as export_seating says)",
    )


# ---------------------------------------------------------------- games the rules refuse


def where(table, game=1):
    return f"Open, round 1, table {table}, game {game}"


def test_two_players_with_zero_in_one_game(tmp_path, tables):
    rows = first_games(tables)
    rows[6][5] = 0  # table 2's third player also 0
    a, c = tables[2][0], tables[2][2]
    refused_scores(
        tmp_path,
        rows,
        (
            f"Nothing was imported:\nline 6, 7, 8, 9: {where(2)}: {NAMES[a]} and {NAMES[c]} both "
            "have 0: only one player can go out."
        ),
    )


def test_a_missing_players_score(tmp_path, tables):
    rows = first_games(tables)
    del rows[7]  # table 2's fourth player
    refused_scores(
        tmp_path,
        rows,
        (
            f"Nothing was imported:\nline 6, 7, 8: {where(2)}: {NAMES[tables[2][3]]}: "
            "no rack total entered."
        ),
    )


def test_ended_disagreeing_across_a_games_rows(tmp_path, tables):
    rows = first_games(tables)
    rows[4][6] = "out"
    rows[5][6] = "exhausted"
    refused_scores(
        tmp_path,
        rows,
        (f"Nothing was imported:\nline 7: ended 'exhausted' disagrees with 'out' for {where(2)}"),
    )


def test_a_game_with_no_zero_and_no_exhausted(tmp_path, tables):
    rows = first_games(tables)
    rows[4][5] = 4  # table 2's first player did not go out after all
    refused_scores(
        tmp_path,
        rows,
        (
            f"Nothing was imported:\nline 6, 7, 8, 9: {where(2)}: Nobody has 0, so nobody went out: "
            "if the pool ran out, mark the game 'pool exhausted'."
        ),
    )


def test_an_exhausted_pool_with_a_tie_for_lowest_needs_the_named_winner(tmp_path, tables):
    a, b, c, d = tables[2]
    rows = score_rows("Open", 1, 1, 1, plain(tables[1]))
    rows += score_rows("Open", 1, 2, 1, {a: 7, b: 7, c: 9, d: 12}, ended="exhausted")
    refused_scores(
        tmp_path,
        rows,
        (
            f"Nothing was imported:\nline 6, 7, 8, 9: {where(2)}: {NAMES[a]} and {NAMES[b]} tie for "
            "the lowest rack (7) on an exhausted pool: enter the winner the table named (tile draw)."
        ),
    )
    rows = score_rows("Open", 1, 1, 1, plain(tables[1]))
    rows += score_rows("Open", 1, 2, 1, {a: 7, b: 7, c: 9, d: 12}, ended="exhausted", winner=c)
    refused_scores(
        tmp_path,
        rows,
        (
            f"Nothing was imported:\nline 6, 7, 8, 9: {where(2)}: {NAMES[c]} holds 9, more than the "
            "lowest rack (7): on an exhausted pool the lowest rack wins."
        ),
    )


def test_a_rack_above_what_the_tiles_allow_together(tmp_path, tables):
    a, b, c, d = tables[2]
    rows = score_rows("Open", 1, 2, 1, {a: 0, b: 400, c: 300, d: 100})
    refused_scores(
        tmp_path,
        rows,
        (
            f"Nothing was imported:\nline 2, 3, 4, 5: {where(2)}: The rack totals add up to 800, "
            "more than all 106 tiles together (788): one of them is wrong."
        ),
    )


# ---------------------------------------------------------------- scores already there


def test_a_game_already_scored_is_refused_without_replace(tmp_path, tables):
    assert import_scores(SLUG, tmp_path / "one.csv", first_games(tables)) == "Recorded 2 game(s).\n"
    rows = first_games(tables)
    rows[1][5], rows[2][5] = 12, 11  # table 1: second and third player swap places
    path = write_csv(tmp_path / "two.csv", SCORE_HEADER, rows)
    # Table 2's rows are the very same entry again: still refused without --replace, as
    # DESIGN.md says ("a game that already has scores is refused unless --replace").
    refused(
        "import_scores",
        SLUG,
        path,
        message=(
            f"Nothing was imported:\nline 2, 3, 4, 5: {where(1)}: already has scores (use --replace "
            "to replace them).\n"
            f"line 6, 7, 8, 9: {where(2)}: already has scores (use --replace to replace them)."
        ),
    )
    assert ScoreChange.objects.filter(action="replaced").count() == 0

    # The games were entered by a command, so they count as confirmed: replacing them is a
    # correction, and --replace alone is refused with the reason asked for.
    refused(
        "import_scores",
        SLUG,
        path,
        "--replace",
        message=(
            f"Nothing was imported:\nline 2, 3, 4, 5: {where(1)}: the scores are confirmed: "
            "replacing them is a correction and needs a reason (--reason)."
        ),
    )

    # With --replace --reason: accepted as a correction; the old values stay in the audit trail.
    out = run("import_scores", SLUG, path, "--replace", "--reason", "sheet misread")
    assert out == "Recorded 2 game(s).\n"
    a, b, c, d = tables[1]
    assert dict(
        RackScore.objects.filter(game__table__number=1).values_list(
            "entrant__external_id", "rack_total"
        )
    ) == {a: 0, b: 12, c: 11, d: 30}
    assert ScoreChange.objects.filter(action="replaced").count() == 0
    change = ScoreChange.objects.get(action="corrected")
    assert change.reason == "sheet misread"
    assert (change.round_number, change.table_number, change.game_number) == (1, 1, 1)
    assert change.before == {"racks": {a: 0, b: 10, c: 20, d: 30}, "ended": "out", "winner": None}
    assert change.after == {"racks": {a: 0, b: 12, c: 11, d: 30}, "ended": "out", "winner": None}
    assert change.actor_label == "command line (organizer)"
    assert Game.objects.get(table__number=1, number=1).version == 2
    # Table 2's game did not change: replaced by the same values, no new audit line.
    assert ScoreChange.objects.filter(table_number=2).count() == 1


def play_round_one(tmp_path, tables):
    rows = []
    for number, seats in tables.items():
        for game in (1, 2, 3):
            rows += score_rows("Open", 1, number, game, plain(seats, number))
    import_scores(SLUG, tmp_path / "round1.csv", rows)


def test_scores_for_a_closed_round_are_refused(tmp_path, tables):
    play_round_one(tmp_path, tables)
    assert run("advance", SLUG, "--division", "Open").startswith("Open: round 1 closed.\n")
    rows = score_rows("Open", 1, 1, 1, {**plain(tables[1]), tables[1][1]: 5})
    for extra in ((), ("--replace",)):
        path = write_csv(tmp_path / "late.csv", SCORE_HEADER, rows)
        refused(
            "import_scores",
            SLUG,
            path,
            *extra,
            message=(
                f"Nothing was imported:\nline 2, 3, 4, 5: {where(1)}: the round is closed; change a "
                "score as a correction."
            ),
        )
    # A late penalty is an organizer's correction (RULES.md), no longer refused: see
    # tests/commands/test_director_cases.py.


def test_advance_with_a_round_not_complete(tmp_path, tables):
    rows = []
    for game in (1, 2, 3):
        rows += score_rows("Open", 1, 1, game, plain(tables[1]))
    rows += score_rows("Open", 1, 2, 1, plain(tables[2]))
    import_scores(SLUG, tmp_path / "some.csv", rows)
    refused(
        "advance",
        SLUG,
        "--division",
        "Open",
        message=(
            "Open, round 1 is not complete:\n  table 2, game 2: no scores yet\n"
            "  table 2, game 3: no scores yet"
        ),
    )
    assert Round.objects.get(number=1).status == "in_play"
    assert not Round.objects.filter(number=2).exists()


def test_advance_before_anything_is_seated(tmp_path, db):
    path = entrants_file(tmp_path / "p.csv", [("X1", "Al", "Ash", "1950-01-01", "M", "", "Open")])
    run("import_entrants", "early", path, "--create-event", "--date", "2026-05-16")
    refused(
        "advance",
        "early",
        "--division",
        "Open",
        message="Open: round 1 is not seated yet (seat it first).",
    )


# ---------------------------------------------------------------- unknown items


@pytest.mark.parametrize(
    "command",
    [
        ("advance", "nope", "--division", "Open"),
        ("seat", "nope", "--all"),
        ("export_results", "nope"),
        ("export_seating", "nope"),
        ("checkin", "nope"),
        ("plan", "nope"),
        ("configure_event", "nope", "--scoring", "sabra"),
        ("resolve_tie", "nope", "--division", "Open", "--round", "1", "--order", "B1,B2"),
    ],
)
def test_an_unknown_event(tables, command):
    refused(*command, message="There is no event 'nope' (events: bad).")


def test_unknown_event_for_import_scores(tmp_path, tables):
    path = write_csv(tmp_path / "s.csv", SCORE_HEADER, first_games(tables))
    refused("import_scores", "nope", path, message="There is no event 'nope' (events: bad).")


@pytest.mark.parametrize(
    "command",
    [
        ("advance", SLUG, "--division", "Masters"),
        ("seat", SLUG, "--division", "Masters"),
        ("plan", SLUG, "--division", "Masters"),
        ("export_seating", SLUG, "--division", "Masters"),
        (
            "penalty",
            SLUG,
            "--division",
            "Masters",
            "--round",
            "1",
            "--entrant",
            "B1",
            "--points",
            "2",
            "--reason",
            "late",
        ),
    ],
)
def test_an_unknown_division(tables, command):
    refused(*command, message="There is no division 'Masters' in Bad Event (divisions: Open).")


def test_unknown_entrants_round_and_game(tmp_path, tables):
    refused("checkin", SLUG, "--absent", "B1,B42", message="No entrant with id B42 in Bad Event.")
    refused("checkin", SLUG, "--withdraw", "B42", message="No entrant with id B42 in Bad Event.")
    refused(
        "penalty",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--entrant",
        "B42",
        "--points",
        2,
        "--reason",
        "late",
        message="There is no entrant with id 'B42' in Bad Event.",
    )
    refused(
        "penalty",
        SLUG,
        "--division",
        "Open",
        "--round",
        4,
        "--entrant",
        "B1",
        "--points",
        2,
        "--reason",
        "late",
        message="Open has no round 4.",
    )
    refused(
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
        "B1",
        "--rack-total",
        5,
        "--reason",
        "typo",
        message="Round 1, table 1, game 1 has no scores yet: enter them with import_scores.",
    )
    refused(
        "resolve_tie",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--order",
        "B1",
        message="Name at least two tied players, best first.",
    )
    import_scores(SLUG, tmp_path / "s.csv", first_games(tables))
    a, b = tables[1][0], tables[1][1]
    before = snapshot()
    with pytest.raises(CommandError) as error:
        run(
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
            0,
            "--reason",
            "typo",
        )
    assert str(error.value) in {
        f"{where(1)}: {NAMES[x]} and {NAMES[y]} both have 0: only one player can go out."
        for x, y in ((a, b), (b, a))
    }
    assert snapshot() == before
    refused(
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
        789,
        "--reason",
        "typo",
        message="789 is more than any rack can hold: the largest possible rack total is 788 "
        "(every tile and both jokers).",
    )
    outsider = tables[2][0]
    refused(
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
        outsider,
        "--rack-total",
        5,
        "--reason",
        "typo",
        message=f"{where(1)}: {NAMES[outsider]} ({outsider}) is not at this table.",
    )


def test_create_event_refuses_a_slug_of_another_scoring(tmp_path, tables):
    path = entrants_file(tmp_path / "p.csv", [("X1", "Al", "Ash", "1950-01-01", "M", "", "Open")])
    refused(
        "import_entrants",
        SLUG,
        path,
        "--create-event",
        "--scoring",
        "sabra",
        message="Event 'bad' already exists and it scores 'low', not 'sabra'.",
    )
    assert Event.objects.get(slug=SLUG).scoring == "low"


@pytest.mark.slow
def test_cli_exit_code_and_message_for_a_bad_scores_file(fresh_sqlite, tmp_path):
    people = entrants_file(
        tmp_path / "p.csv",
        [
            ("C1", "Al", "Ash", "1950-01-01", "M", "", "Open"),
            ("C2", "Bo", "Birch", "1950-01-01", "M", "", "Open"),
        ],
    )
    steps = [
        ("import_entrants", "cli", people, "--create-event", "--date", "2026-05-16"),
        ("checkin", "cli"),
        ("seat", "cli", "--division", "Open"),
    ]
    for step in steps:
        done = cli(fresh_sqlite, *step)
        assert done.returncode == 0, done.stderr
    scores = write_csv(
        tmp_path / "s.csv",
        SCORE_HEADER,
        [
            ["Open", 1, 1, 1, "C1", 0, "", ""],
            ["Open", 1, 1, 1, "C2", 789, "", ""],
        ],
    )
    result = cli(fresh_sqlite, "import_scores", "cli", scores)
    assert result.returncode == 1
    assert result.stderr.strip() == (
        "CommandError: Nothing was imported:\nline 3: rack_total: 789 is more than any rack can "
        "hold: the largest possible rack total is 788 (every tile and both jokers)."
    )
    unknown = cli(fresh_sqlite, "advance", "nowhere", "--division", "Open")
    assert unknown.returncode == 1
    assert unknown.stderr.strip() == "CommandError: There is no event 'nowhere' (events: cli)."
    incomplete = cli(fresh_sqlite, "advance", "cli", "--division", "Open")
    assert incomplete.returncode == 1
    assert incomplete.stderr.strip() == (
        "CommandError: Open, round 1 is not complete:\n  table 1, game 1: no scores yet\n"
        "  table 1, game 2: no scores yet\n  table 1, game 3: no scores yet"
    )
