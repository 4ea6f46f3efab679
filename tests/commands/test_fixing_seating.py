"""Fixing a seating through the commands: ``seat --reseat [--seed S]``
seats the latest round again, ``reopen_round --reason`` takes it back and reopens the
round before; both refused once a score or penalty of the round is in."""

import json

import pytest
from django.core.management.base import CommandError

from tests.helpers import entrants_file, import_scores, run, score_rows, snapshot, tables_of
from tournaments.models import Division, Entrant, Round, RoundChange

SLUG = "fixing"


def register(tmp_path, count, *, slug=SLUG, division="Open"):
    path = entrants_file(
        tmp_path / f"{slug}.csv",
        [
            (f"E{n:02d}", f"First{n}", f"Last{n}", "1950-01-01", "F", f"Club{n % 5}", division)
            for n in range(1, count + 1)
        ],
    )
    run("import_entrants", slug, path, "--create-event", "--date", "2026-05-16")
    run("checkin", slug)


def play_round(tmp_path, number, *, slug=SLUG, division="Open", games=None):
    """Enter every game of a round: in each table the first seat goes out in every game
    but the last, where the second seat goes out and the first holds the table's number;
    so no totals tie, at a table or between table winners."""
    games = games or {1: 3}.get(number, 2)
    if Round.objects.get(division__event__slug=slug, number=number).kind == "final":
        games = 1
    rows = []
    for table, seats in tables_of(slug, division, number).items():
        racks = {p: 0 if i == 0 else 7 * i + table for i, p in enumerate(seats)}
        last = dict(racks) | {seats[0]: table, seats[1]: 0}
        for game in range(1, games + 1):
            rows += score_rows(division, number, table, game, last if game == games > 1 else racks)
    import_scores(slug, tmp_path / f"{slug}-r{number}.csv", rows)


def open_division(slug=SLUG) -> Division:
    return Division.objects.get(event__slug=slug, name="Open")


def results(slug=SLUG) -> dict:
    return json.loads(run("export_results", slug))


# ------------------------------------------------------------------ seat --reseat


@pytest.mark.django_db
def test_reseat_seats_round_one_again_with_the_same_players_and_records_it(tmp_path):
    register(tmp_path, 11)
    run("seat", SLUG, "--division", "Open", "--seed", 5)
    before = tables_of(SLUG, "Open", 1)
    out = run("seat", SLUG, "--division", "Open", "--reseat", "--seed", 6, "--reason", "wrong list")
    after = tables_of(SLUG, "Open", 1)
    assert out.splitlines()[0] == (
        "Open: round 1 seated again (seed 6; it was 5). Print its table list and score "
        "sheets again."
    )
    assert "  Note: Seated again by the organizer: wrong list." in out
    assert sorted(p for t in after.values() for p in t) == sorted(
        p for t in before.values() for p in t
    )
    assert sorted(len(t) for t in after.values()) == sorted(len(t) for t in before.values())
    assert after != before
    round_ = Round.objects.get(division__event__slug=SLUG)
    assert (round_.number, round_.seed, round_.status) == (1, 6, "seated")
    change = RoundChange.objects.get()
    assert (change.action, change.round_number, change.reason) == ("reseated", 1, "wrong list")
    assert change.by is None and change.by_label == "command line (organizer)"
    assert change.before == {
        "seed": 5,
        "tables": {str(n): ids for n, ids in before.items()},
        "byes": [],
    }
    assert change.after["seed"] == 6
    assert change.after["tables"] == {str(n): ids for n, ids in after.items()}


@pytest.mark.django_db
def test_reseat_with_a_seed_gives_the_seating_that_seed_gives(tmp_path):
    register(tmp_path, 14)
    run("seat", SLUG, "--division", "Open", "--seed", 1)
    run("seat", SLUG, "--division", "Open", "--reseat", "--seed", 77)
    register(tmp_path, 14, slug="twin")
    run("seat", "twin", "--division", "Open", "--seed", 77)
    assert tables_of(SLUG, "Open", 1) == tables_of("twin", "Open", 1)


@pytest.mark.django_db
def test_reseat_twice_keeps_both_in_the_record_and_without_seed_takes_a_new_one(tmp_path):
    register(tmp_path, 8)
    run("seat", SLUG, "--division", "Open", "--seed", 3)
    run("seat", SLUG, "--division", "Open", "--reseat")
    run("seat", SLUG, "--division", "Open", "--reseat")
    first, second = RoundChange.objects.order_by("pk")
    assert first.before["seed"] == 3
    assert second.before == first.after
    assert len({3, first.after["seed"], second.after["seed"]}) == 3
    assert first.reason == "" and first.notes == ["Seated again by the organizer."]
    assert Round.objects.count() == 1


@pytest.mark.django_db
def test_reseat_is_refused_once_a_score_is_in_and_nothing_changes(tmp_path):
    register(tmp_path, 8)
    run("seat", SLUG, "--division", "Open", "--seed", 3)
    tables = tables_of(SLUG, "Open", 1)
    second = max(tables)
    racks = {p: 0 if i == 0 else 10 + i for i, p in enumerate(tables[second])}
    import_scores(SLUG, tmp_path / "one.csv", score_rows("Open", 1, second, 1, racks))
    before = snapshot()
    with pytest.raises(CommandError) as refused:
        run("seat", SLUG, "--division", "Open", "--reseat", "--seed", 9)
    assert str(refused.value) == (
        f"Table {second} game 1 of Open, round 1 has scores: the round stands; correct "
        "scores instead."
    )
    with pytest.raises(CommandError, match=f"Table {second} game 1 of Open, round 1 has scores"):
        run("reopen_round", SLUG, "--division", "Open", "--reason", "oops")
    assert snapshot() == before
    assert not RoundChange.objects.exists()


@pytest.mark.django_db
def test_reseat_and_reopen_are_refused_after_a_penalty(tmp_path):
    register(tmp_path, 8)
    run("seat", SLUG, "--division", "Open", "--seed", 3)
    run(
        "penalty",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--entrant",
        "E04",
        "--points",
        5,
        "--reason",
        "late",
    )
    before = snapshot()
    for command in (
        ("seat", SLUG, "--division", "Open", "--reseat"),
        ("reopen_round", SLUG, "--division", "Open", "--reason", "wrong"),
    ):
        with pytest.raises(CommandError) as refused:
            run(*command)
        assert str(refused.value) == (
            "First4 Last4 has a penalty in Open, round 1: the round stands; correct scores instead."
        )
    assert snapshot() == before


@pytest.mark.django_db
def test_reseat_and_reopen_refuse_what_is_not_there(tmp_path):
    register(tmp_path, 8)
    with pytest.raises(
        CommandError, match="Open has no round seated: there is nothing to seat again."
    ):
        run("seat", SLUG, "--division", "Open", "--reseat")
    with pytest.raises(
        CommandError, match="Open has no round seated: there is nothing to take back."
    ):
        run("reopen_round", SLUG, "--division", "Open", "--reason", "x")
    with pytest.raises(
        CommandError, match="--reseat seats one division again: name it with --division"
    ):
        run("seat", SLUG, "--all", "--reseat")
    run("seat", SLUG, "--division", "Open")
    with pytest.raises(CommandError, match="needs a reason"):
        run("reopen_round", SLUG, "--division", "Open", "--reason", "   ")
    with pytest.raises(CommandError, match="There is no division 'Nope'"):
        run("reopen_round", SLUG, "--division", "Nope", "--reason", "x")
    assert Round.objects.count() == 1 and not RoundChange.objects.exists()


# ------------------------------------------------------------------ reopen_round


@pytest.mark.django_db
def test_reopen_round_one_sends_the_division_back_to_check_in(tmp_path):
    register(tmp_path, 9)
    run("seat", SLUG, "--division", "Open", "--seed", 2)
    out = run("reopen_round", SLUG, "--division", "Open", "--reason", "seated before the late bus")
    assert out.splitlines()[0] == (
        "Round 1 of Open taken back: its players are checked in and wait to be seated again "
        "(late arrivals can still be checked in)."
    )
    assert "manage.py seat fixing --division 'Open'" in out
    division = open_division()
    assert division.status == "registered" and not division.rounds.exists()
    assert results()["divisions"][0]["status"] == "registered"
    change = RoundChange.objects.get()
    assert (change.action, change.round_number, change.reason) == (
        "reopened",
        1,
        "seated before the late bus",
    )
    assert sum(len(t) for t in change.before["tables"].values()) == 9
    assert change.after == {"reopened": None}
    # The late arrivals can be checked in now, and round 1 is seated with them.
    late = entrants_file(
        tmp_path / "late.csv",
        [("L1", "Late", "Arrival", "1950-01-01", "F", "", "Open")],
    )
    run("import_entrants", SLUG, late)
    run("checkin", SLUG)
    assert Entrant.objects.get(external_id="L1").status == "checked_in"
    run("seat", SLUG, "--division", "Open", "--seed", 2)
    assert sum(len(t) for t in tables_of(SLUG, "Open", 1).values()) == 10


@pytest.mark.django_db
def test_reopen_round_two_reopens_round_one_and_advance_seats_round_two_again(tmp_path):
    register(tmp_path, 12)
    run("seat", SLUG, "--division", "Open", "--seed", 4)
    play_round(tmp_path, 1)
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    first_final = tables_of(SLUG, "Open", 2)
    out = run("reopen_round", SLUG, "--division", "Open", "--reason", "closed too early")
    assert out.splitlines()[0].startswith(
        "Round 2 of Open taken back; round 1 is open again: its results can be corrected"
    )
    round_one = Round.objects.get(division__event__slug=SLUG, number=1)
    assert (round_one.status, round_one.closed_at) == ("in_play", None)
    assert list(
        Round.objects.filter(division__event__slug=SLUG).values_list("number", flat=True)
    ) == [1]
    assert results()["divisions"][0]["status"] == "in_play"
    # Round 1's results can be changed as plain scores again (it is open), then closed.
    table = min(tables_of(SLUG, "Open", 1))
    seats = tables_of(SLUG, "Open", 1)[table]
    racks = {p: 0 if i == 1 else 3 + i for i, p in enumerate(seats)}
    import_scores(
        SLUG,
        tmp_path / "fix.csv",
        score_rows("Open", 1, table, 1, racks),
        "--replace",
        "--reason",
        "misread",
    )
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    again = tables_of(SLUG, "Open", 2)
    assert len(again) == len(first_final) == 1
    assert Round.objects.get(division__event__slug=SLUG, number=2).status == "seated"
    # Taking back again, twice: the second time round 1 has scores and stands.
    run("reopen_round", SLUG, "--division", "Open", "--reason", "again")
    with pytest.raises(CommandError, match=r"Table \d+ game 1 of Open, round 1 has scores"):
        run("reopen_round", SLUG, "--division", "Open", "--reason", "and again")
    assert [c.round_number for c in RoundChange.objects.order_by("pk")] == [2, 2]


@pytest.mark.django_db
def test_byes_are_kept_by_a_reseat_and_given_again_after_a_reopen(tmp_path):
    # 17 players: round 2 is a table of three and two byes.
    register(tmp_path, 17)
    run("seat", SLUG, "--division", "Open", "--seed", 4)
    play_round(tmp_path, 1)
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    round_two = Round.objects.get(division__event__slug=SLUG, number=2)
    byes = sorted(round_two.byes.values_list("entrant__external_id", flat=True))
    players = sorted(p for t in tables_of(SLUG, "Open", 2).values() for p in t)
    assert len(byes) == 2 and len(players) == 3
    out = run("seat", SLUG, "--division", "Open", "--reseat", "--seed", 6)
    assert "Byes to round 3:" in out
    reseated = Round.objects.get(division__event__slug=SLUG, number=2)
    assert sorted(reseated.byes.values_list("entrant__external_id", flat=True)) == byes
    assert sorted(p for t in tables_of(SLUG, "Open", 2).values() for p in t) == players
    change = RoundChange.objects.get()
    assert change.before["byes"] == byes == change.after["byes"]
    run("reopen_round", SLUG, "--division", "Open", "--reason", "byes announced wrongly")
    assert not Round.objects.filter(number=2).exists()
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    again = Round.objects.get(division__event__slug=SLUG, number=2)
    assert sorted(again.byes.values_list("entrant__external_id", flat=True)) == byes


@pytest.mark.django_db
def test_a_final_seated_by_advance_can_be_reseated_and_taken_back_but_not_once_finished(tmp_path):
    register(tmp_path, 8)
    run("seat", SLUG, "--division", "Open", "--seed", 4)
    play_round(tmp_path, 1)
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    final = Round.objects.get(division__event__slug=SLUG, number=2)
    assert final.kind == "final"
    run("seat", SLUG, "--division", "Open", "--reseat", "--seed", 99)
    assert Round.objects.get(division__event__slug=SLUG, number=2).seed == 99
    run("reopen_round", SLUG, "--division", "Open", "--reason", "final seated too soon")
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    play_round(tmp_path, 2)
    run("advance", SLUG, "--division", "Open")
    assert open_division().status == "complete"
    before = snapshot()
    for command in (
        ("seat", SLUG, "--division", "Open", "--reseat"),
        ("reopen_round", SLUG, "--division", "Open", "--reason", "medals wrong"),
    ):
        with pytest.raises(CommandError) as refused:
            run(*command)
        assert str(refused.value) == (
            "Open is finished (its final is played and the medals given): its rounds stand. "
            "Correct scores instead (a correction that changes the medals is flagged for you "
            "to decide)."
        )
    assert snapshot() == before


@pytest.mark.django_db
def test_a_walkover_cannot_be_reopened(tmp_path):
    register(tmp_path, 1)
    run("seat", SLUG, "--division", "Open")
    with pytest.raises(CommandError, match=r"Open is finished \(a walkover\): its rounds stand"):
        run("reopen_round", SLUG, "--division", "Open", "--reason", "x")


@pytest.mark.django_db
def test_a_combined_division_is_fixed_through_any_of_its_names(tmp_path):
    path = entrants_file(
        tmp_path / "two.csv",
        [(f"A{n}", f"A{n}", "Young", "1960-01-01", "F", "", "60-64") for n in range(4)]
        + [(f"B{n}", f"B{n}", "Old", "1950-01-01", "F", "", "70-74") for n in range(4)],
    )
    run("import_entrants", SLUG, path, "--create-event", "--date", "2026-05-16")
    run("checkin", SLUG)
    run("combine_divisions", SLUG, "--into", "60+", "60-64", "70-74")
    run("seat", SLUG, "--division", "60+", "--seed", 1)
    out = run("seat", SLUG, "--division", "70-74", "--reseat", "--seed", 2)
    assert out.startswith("60+: round 1 seated again (seed 2; it was 1).")
    run("reopen_round", SLUG, "--division", "60-64", "--reason", "combined wrongly")
    assert Division.objects.get(event__slug=SLUG, name="60+").status == "registered"
    run("split_division", SLUG, "60+")
    assert Division.objects.get(event__slug=SLUG, name="60-64").combined_into is None


# ------------------------------------------------------------------ hall numbers


def _two_divisions(tmp_path):
    """Open (8 players: round 1 played and closed, its final seated) and Late (8 players)
    seated after that, taking the hall numbers Open's round 1 had freed."""
    path = entrants_file(
        tmp_path / "two.csv",
        [(f"O{n}", f"O{n}", "Open", "1950-01-01", "F", "", "Open") for n in range(1, 9)]
        + [(f"L{n}", f"L{n}", "Late", "1950-01-01", "F", "", "Late") for n in range(1, 9)],
    )
    run("import_entrants", SLUG, path, "--create-event", "--date", "2026-05-16")
    run("checkin", SLUG)
    run("seat", SLUG, "--division", "Open", "--seed", 4)
    assert sorted(tables_of(SLUG, "Open", 1)) == [1, 2]
    play_round(tmp_path, 1)
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    assert sorted(tables_of(SLUG, "Open", 2)) == [1]
    run("seat", SLUG, "--division", "Late", "--seed", 6)
    assert sorted(tables_of(SLUG, "Late", 1)) == [2, 3]


def _numbers_in_play():
    from tournaments.models import Table

    return sorted(Table.objects.exclude(round__status="closed").values_list("number", flat=True))


@pytest.mark.django_db
def test_a_reopened_round_whose_numbers_are_taken_gets_the_lowest_free_ones(tmp_path):
    _two_divisions(tmp_path)
    open_one = tables_of(SLUG, "Open", 1)
    out = run("reopen_round", SLUG, "--division", "Open", "--reason", "final seated too soon")
    # Open's final (table 1) is gone; round 1's table 1 is free again, its table 2 is
    # Late's now: it becomes the lowest number free, 4.
    assert (
        "Round 1's table 2 is now table 4 (table 2 is in play for Late, round 1): print its "
        "score sheet and table list again." in out
    )
    assert tables_of(SLUG, "Open", 1) == {1: open_one[1], 4: open_one[2]}
    assert _numbers_in_play() == [1, 2, 3, 4]
    change = RoundChange.objects.get()
    assert change.after == {
        "reopened": 1,
        "renumbered": {"2": 4},
        "held_by": {"2": {"division": "Late", "round": 1}},
    }
    assert change.notes[1].startswith("Round 1's table 2 is now table 4")
    round_one = Round.objects.get(division__name="Open", number=1)
    assert round_one.warnings[-1] == "Playing again: table 2 is now table 4."
    # Its scores follow the table: a correction names the new number.
    seats = open_one[2]
    run(
        "correct_score", SLUG, "--division", "Open", "--round", 1, "--table", 4, "--game", 1,
        "--entrant", seats[2], "--rack-total", 40, "--reason", "misread",
    )  # fmt: skip
    with pytest.raises(CommandError):
        run(
            "correct_score", SLUG, "--division", "Open", "--round", 1, "--table", 2,
            "--game", 1, "--entrant", seats[2], "--rack-total", 41, "--reason", "misread",
        )  # fmt: skip
    # Closing it again seats the final on the lowest free number.
    run("advance", SLUG, "--division", "Open", "--seed", 5)
    assert sorted(tables_of(SLUG, "Open", 2)) == [1]
    assert _numbers_in_play() == [1, 2, 3]


@pytest.mark.django_db
def test_a_reseat_takes_hall_numbers_like_any_new_round(tmp_path):
    _two_divisions(tmp_path)
    run("seat", SLUG, "--division", "Late", "--reseat", "--seed", 8)
    assert sorted(tables_of(SLUG, "Late", 1)) == [2, 3]
    run("seat", SLUG, "--division", "Open", "--reseat", "--seed", 9)
    assert sorted(tables_of(SLUG, "Open", 2)) == [1]
    assert _numbers_in_play() == [1, 2, 3]


@pytest.mark.django_db
def test_a_reopened_table_with_a_player_in_need_gets_a_free_accessible_number(tmp_path):
    _two_divisions(tmp_path)
    in_need = tables_of(SLUG, "Open", 1)[2][0]
    run("configure_event", SLUG, "--hall-tables", 10, "--accessible", 7)
    run("checkin", SLUG, "--accessible", in_need)
    out = run("reopen_round", SLUG, "--division", "Open", "--reason", "too soon")
    assert "Round 1's table 2 is now table 7 (table 2 is in play for Late, round 1)" in out
    assert in_need in tables_of(SLUG, "Open", 1)[7]
    assert _numbers_in_play() == [1, 2, 3, 7]


@pytest.mark.django_db
def test_a_round_seated_again_after_its_clock_started_says_to_start_it_again(tmp_path):
    register(tmp_path, 8)
    run("seat", SLUG, "--division", "Open", "--seed", 3)
    run("start_clock", SLUG, "--division", "Open")
    out = run("seat", SLUG, "--division", "Open", "--reseat", "--reason", "wrong room")
    assert "Its round clock had been started: start it again once everyone is seated." in out
    assert Round.objects.get().clock_started_at is None
    assert RoundChange.objects.get().notes == [
        "Seated again by the organizer: wrong room.",
        "Its round clock had been started: start it again once everyone is seated.",
    ]


@pytest.mark.django_db
def test_the_desk_says_beforehand_which_table_a_take_back_renumbers_and_the_notes_follow(
    tmp_path,
):
    """The confirm page names the table that will be renumbered
    (and changes nothing), and the reopened round's seating notes use the new number."""
    from html import unescape

    from django.test import Client

    from tests.factories import UserFactory

    _two_divisions(tmp_path)
    division = Division.objects.get(event__slug=SLUG, name="Open")
    round_one = Round.objects.get(division=division, number=1)
    round_one.seating_notes = [
        {
            "kind": "club",
            "table": 2,
            "players": ["O1", "O2"],
            "text": "O1, O2 of Oak Club share a table (no other way).",
            "language": "en",
        },
        {
            "kind": "met",
            "table": 1,
            "players": ["O3", "O4"],
            "text": "O3 and O4 met in an earlier round.",
            "language": "en",
        },
    ]
    round_one.save(update_fields=["seating_notes"])
    client = Client()
    client.force_login(UserFactory(is_superuser=True))
    url = f"/e/{SLUG}/desk/divisions/{division.pk}/take-back/"
    final = division.rounds.current()
    before = tables_of(SLUG, "Open", 1)
    asked = unescape(client.post(url, {"round": final.pk, "reason": "too soon"}).content.decode())
    assert "Take back round 2 of Open?" in asked
    assert (
        "Round 1's table 2 is in use by Late, round 1: it will become table 4 — print its "
        "score sheet and table list again." in asked
    )
    # Only asked: nothing moved, nothing recorded.
    assert tables_of(SLUG, "Open", 1) == before and not RoundChange.objects.exists()
    assert division.rounds.current().pk == final.pk
    client.post(url, {"round": final.pk, "reason": "too soon", "confirmed": "yes"})
    assert RoundChange.objects.get().after["renumbered"] == {"2": 4}
    round_one.refresh_from_db()
    assert round_one.warnings[:2] == [
        "Table 4: O1, O2 of Oak Club share a table (no other way).",
        "Table 1: O3 and O4 met in an earlier round.",
    ]
    assert round_one.warnings[2] == "Playing again: table 2 is now table 4."
    page = unescape(client.get(f"/e/{SLUG}/desk/divisions/{division.pk}/").content.decode())
    assert "Table 4: O1, O2 of Oak Club share a table" in page
    assert "Table 2: O1" not in page
