"""``resolve_tie`` takes every order ``advance`` prints, as printed (RULES.md, "Ties are
settled one question at a time"), run through the commands as an organizer would."""

import itertools
import json
import random
import shlex

import pytest
from django.core.management.base import CommandError
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.helpers import entrants_file, import_scores, run, score_rows, seating, tables_of

SLUG = "ties-2026"


def field(
    tmp_path, count: int, *, slug: str = SLUG, seed: int = 4, tie_order: str | None = None
) -> dict[int, list[str]]:
    """``count`` players checked in to one division, round 1 seated: its tables."""
    people = [
        (f"P{n:02d}", f"First{n}", "Field", "1950-01-01", "F", "", "Open")
        for n in range(1, count + 1)
    ]
    path = entrants_file(tmp_path / f"{slug}.csv", people)
    run("import_entrants", slug, path, "--create-event", "--date", "2026-05-16")
    if tie_order is not None:
        run("configure_event", slug, "--tie-order", tie_order)
    run("checkin", slug)
    run("seat", slug, "--division", "Open", "--seed", seed)
    return tables_of(slug, "Open", 1)


def play(tmp_path, number: int, games: dict[int, list[dict[str, int]]], slug: str = SLUG):
    """Enter round ``number``'s games: {table: [racks of game 1, game 2, …]}."""
    rows = [
        row
        for table, racks in games.items()
        for game, values in enumerate(racks, start=1)
        for row in score_rows("Open", number, table, game, values)
    ]
    import_scores(slug, tmp_path / f"scores-{number}.csv", rows)


def asked(slug: str = SLUG) -> tuple[str, list[list[str]]]:
    """``advance`` refused: what it said, and each ``resolve_tie`` it printed as arguments."""
    with pytest.raises(CommandError) as blocked:
        run("advance", slug, "--division", "Open")
    text = str(blocked.value)
    commands = [
        shlex.split(line.strip())[1:]
        for line in text.splitlines()
        if line.strip().startswith("manage.py resolve_tie ")
    ]
    assert commands, text
    return text.split("\nRecord each result")[0], commands


def order_of(command: list[str]) -> list[str]:
    return command[command.index("--order") + 1].split(",")


def with_order(command: list[str], order: list[str]) -> list[str]:
    changed = list(command)
    changed[changed.index("--order") + 1] = ",".join(order)
    return changed


def names(ids) -> str:
    return ", ".join(f"First{int(i[1:])} Field" for i in ids)


@pytest.mark.django_db
@pytest.mark.parametrize("reverse", [False, True], ids=["as-printed", "other-order"])
def test_a_tie_before_the_final_is_for_a_place_and_taken_as_printed(tmp_path, reverse):
    # Five players: a table of three and a table of two, the best two of each to a final
    # of four. Two players level for second at the table of three (total, wins and worst
    # game); the second of the table of two scores as much per game and goes on anyway.
    tables = field(tmp_path, 5)
    three = next(t for t, seats in tables.items() if len(seats) == 3)
    two = next(t for t, seats in tables.items() if len(seats) == 2)
    first, b, c = tables[three]
    d, e = tables[two]
    play(tmp_path, 1, {three: [{first: 0, b: 10, c: 10}] * 3, two: [{d: 0, e: 10}] * 3})
    said, commands = asked()
    assert said == (
        f"Unresolved ties block this:\nround 1, table {three}: {names([b, c])} are tied for a "
        "place in the next round; record the playoff or tile draw."
    )
    [command] = commands
    assert sorted(order_of(command)) == sorted([b, c])
    assert command[:6] == ["resolve_tie", SLUG, "--division", "Open", "--round", "1"]
    order = order_of(command)[::-1] if reverse else order_of(command)
    out = run(*with_order(command, order))
    assert out.startswith("Open, round 1: recorded ")
    assert run("advance", SLUG, "--division", "Open").startswith("Open: round 1 closed.")
    final = {row["entrant_id"] for row in seating(SLUG, "--round", 2)}
    assert final == {first, order[0], d, e}


@pytest.mark.django_db
def test_naming_part_of_a_tie_before_the_final_is_refused_naming_only_its_group(tmp_path):
    tables = field(tmp_path, 5)
    three = next(t for t, seats in tables.items() if len(seats) == 3)
    two = next(t for t, seats in tables.items() if len(seats) == 2)
    first, b, c = tables[three]
    d, e = tables[two]
    play(tmp_path, 1, {three: [{first: 0, b: 10, c: 10}] * 3, two: [{d: 0, e: 10}] * 3})
    with pytest.raises(CommandError) as refused:
        run("resolve_tie", SLUG, "--division", "Open", "--round", 1, "--order", f"{b},{e}")
    assert str(refused.value) == (
        f"Round 1: {names([b])} ({b}), {names([c])} ({c}) are tied for a place in the next "
        f"round. Name the whole group, best first (missing: {c})."
    )


def seventeen_scores(tables, winners_total, *, level_at=None):
    """Round 1 of seventeen: each table's first seat goes out in games 1 and 2; in game 3
    the second seat goes out and the first holds ``winners_total[table]``. At table
    ``level_at`` the third seat scores exactly as the first (a tie for the table)."""
    games = {}
    for number, seats in tables.items():
        plain = {p: 10 * (i + 1) for i, p in enumerate(seats)}
        first = dict(plain, **{seats[0]: 0})
        third = dict(plain, **{seats[0]: winners_total[number], seats[1]: 0})
        games[number] = [first, first, third]
        if number == level_at:
            games[number] = [
                dict(first, **{seats[2]: 2}),
                dict(first, **{seats[0]: 2, seats[2]: 0}),
                dict(third, **{seats[0]: 2, seats[2]: 2}),
            ]
    return games


@pytest.mark.django_db
@pytest.mark.parametrize("reverse", [False, True], ids=["as-printed", "other-order"])
def test_the_table_tie_is_settled_before_the_bye_tie_among_the_players_going_on(tmp_path, reverse):
    # Seventeen players, five tables: the winners of two tables score 4 in three games
    # (level for the second bye); at one of them two players are level for the table.
    tables = field(tmp_path, 17)
    assert [len(seats) for seats in tables.values()] == [4, 4, 3, 3, 3]
    numbers = list(tables)
    level, other = numbers[1], numbers[2]
    totals = dict(zip(numbers, (2, 4, 4, 8, 10), strict=True))
    play(tmp_path, 1, seventeen_scores(tables, totals, level_at=level))
    pair = [tables[level][0], tables[level][2]]
    said, commands = asked()
    assert said == (
        f"Unresolved ties block this:\nround 1, table {level}: {names(pair)} are tied for a "
        "place in the next round; record the playoff or tile draw."
    )
    [command] = commands
    order = order_of(command)[::-1] if reverse else order_of(command)
    run(*with_order(command, order))
    # Then the bye, among the players actually going on.
    going_on = order[0]
    said, commands = asked()
    assert said == (
        f"Unresolved ties block this:\nround 1: {names([going_on, tables[other][0]])} are "
        "tied for a bye in round 2; record the playoff or tile draw."
    )
    [command] = commands
    order = order_of(command)[::-1] if reverse else order_of(command)
    run(*with_order(command, order))
    assert run("advance", SLUG, "--division", "Open").startswith("Open: round 1 closed.")
    second = seating(SLUG, "--round", 2)
    assert {r["entrant_id"] for r in second if r["seat"] == "bye"} == {
        tables[numbers[0]][0],
        order[0],
    }
    assert {r["entrant_id"] for r in second} == {
        going_on,
        *(tables[n][0] for n in numbers if n != level),
    }


@pytest.mark.django_db
def test_a_tie_at_the_table_before_the_final_with_byes_is_for_a_place_not_a_medal(tmp_path):
    # Round 2 of seventeen: three play two games for two places in the final, two have a
    # bye; two of the three are level (in round 1 too). Not a medal tie, and the byes are
    # not part of it.
    tables = field(tmp_path, 17)
    numbers = list(tables)
    play(tmp_path, 1, seventeen_scores(tables, dict(zip(numbers, (2, 4, 6, 8, 8), strict=True))))
    run("advance", SLUG, "--division", "Open")
    [(table, seats)] = tables_of(SLUG, "Open", 2).items()
    best = tables[numbers[2]][0]
    b, c = [p for p in seats if p != best]
    play(tmp_path, 2, {table: [{best: 0, b: 10, c: 10}] * 2})
    said, commands = asked()
    assert said == (
        f"Unresolved ties block this:\nround 2, table {table}: {names([b, c])} are tied for a "
        "place in the next round; record the playoff or tile draw."
    )
    [command] = commands
    run(*command)
    assert run("advance", SLUG, "--division", "Open").startswith("Open: round 2 closed.")
    final = {row["entrant_id"] for row in seating(SLUG, "--round", 3)}
    assert final == {tables[numbers[0]][0], tables[numbers[1]][0], best, order_of(command)[0]}


@pytest.mark.django_db
def test_a_tie_in_a_later_round_of_two_tables_is_for_a_place_in_the_final(tmp_path):
    # Twenty-seven players: round 2 is a table of four and a table of three, the best two
    # of each to the final. Two level for second at the table of four; the second of the
    # table of three scores as much per game and goes on whatever the tie's outcome.
    tables = field(tmp_path, 27, tie_order="wins,worst-game")
    numbers = list(tables)
    totals = {n: 2 * i for i, n in enumerate(numbers, start=1)}
    play(tmp_path, 1, seventeen_scores(tables, totals))
    run("advance", SLUG, "--division", "Open")
    second = tables_of(SLUG, "Open", 2)
    four = next(t for t, seats in second.items() if len(seats) == 4)
    three = next(t for t, seats in second.items() if len(seats) == 3)
    a, b, c, d = second[four]
    e, f, g = second[three]
    play(
        tmp_path,
        2,
        {four: [{a: 0, b: 10, c: 10, d: 20}] * 2, three: [{e: 0, f: 10, g: 20}] * 2},
    )
    said, commands = asked()
    assert said == (
        f"Unresolved ties block this:\nround 2, table {four}: {names([b, c])} are tied for a "
        "place in the next round; record the playoff or tile draw."
    )
    [command] = commands
    run(*with_order(command, order_of(command)[::-1]))
    assert run("advance", SLUG, "--division", "Open").startswith("Open: round 2 closed.")
    final = {row["entrant_id"] for row in seating(SLUG, "--round", 3)}
    assert final == {a, order_of(command)[-1], e, f}


# ------------------------------------------------------------------ the property

EXAMPLES = max(6, settings().max_examples // 6)  # each example is a whole event
played_events = itertools.count(1)


def tie_prone_racks(players, rng, values):
    """One finished game whose racks come from a few ``values``: totals, wins and worst
    games are often level. Returns (racks, ended, winner)."""
    if rng.random() < 0.25:
        racks = {p: rng.choice(values) for p in players}
        lowest = sorted(p for p, v in racks.items() if v == min(racks.values()))
        return racks, "exhausted", rng.choice(lowest) if len(lowest) > 1 else None
    out = rng.choice(players)
    return {p: 0 if p == out else rng.choice(values) for p in players}, "", None


def play_round_with_leavers(tmp_path, slug, number, rng, values, leave):
    """Enter every game of round ``number``; now and then a player leaves before a game of
    it (the games before stay theirs), and a player with a bye leaves during the round."""
    rows = list(seating(slug, "--division", "Open", "--round", number))
    byes = [r["entrant_id"] for r in rows if r["seat"] == "bye"]
    tables = tables_of(slug, "Open", number)
    games = int(json.loads(run("export_results", slug))["divisions"][0]["rounds"][-1]["games"])
    before, after, leaving = [], [], []
    for table, seats in tables.items():
        present = list(seats)
        leaves_at = rng.randint(1, games) if rng.random() < leave else None
        for game in range(1, games + 1):
            if game == leaves_at:
                leaving.append(present.pop(rng.randrange(len(present))))
            if len(present) < 2:
                continue
            racks, ended, winner = tie_prone_racks(present, rng, values)
            batch = after if leaves_at is not None and game >= leaves_at else before
            batch += score_rows("Open", number, table, game, racks, ended=ended, winner=winner)
    leaving += [p for p in byes if rng.random() < leave]
    if before:
        import_scores(slug, tmp_path / f"{slug}-{number}-a.csv", before)
    if leaving:
        run("checkin", slug, "--withdraw", ",".join(leaving))
    if after:
        import_scores(slug, tmp_path / f"{slug}-{number}-b.csv", after)


def advance_answering_as_asked(slug, rng) -> str:
    """``advance`` until the round closes, answering each ``resolve_tie`` it prints as
    printed (or with the same players in another order); every answer must be taken."""
    for _ in range(30):
        try:
            return run("advance", slug, "--division", "Open")
        except CommandError as blocked:
            text = str(blocked)
            commands = [
                shlex.split(line.strip())[1:]
                for line in text.splitlines()
                if line.strip().startswith("manage.py resolve_tie ")
            ]
            assert commands, text
            rng.shuffle(commands)
            for command in commands:
                order = order_of(command)
                if rng.random() < 0.5:
                    rng.shuffle(order)
                run(*with_order(command, order))  # refused: CommandError, the test fails
    raise AssertionError(f"{slug}: advance kept asking")


@pytest.mark.django_db
@given(
    count=st.sampled_from([2, 4, 5, 6, 7, 9, 13, 17, 18]),
    seed=st.integers(0, 2**32),
    values=st.sampled_from([(5,), (5, 10)]),
    leave=st.sampled_from([0.0, 0.1, 0.25]),
    tie_order=st.sampled_from(["", "wins,worst-game,previous-round"]),
)
@settings(
    max_examples=EXAMPLES,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
def test_every_order_advance_prints_is_taken_and_the_event_finishes(
    tmp_path, count, seed, values, leave, tie_order
):
    slug = f"asked-{next(played_events)}"
    rng = random.Random(seed)
    field(tmp_path, count, slug=slug, seed=seed % 1000, tie_order=tie_order)
    for number in range(1, 8):
        play_round_with_leavers(tmp_path, slug, number, rng, values, leave)
        if "is complete" in advance_answering_as_asked(slug, rng):
            break
    else:
        raise AssertionError(f"{slug}: never finished")
    [division] = json.loads(run("export_results", slug))["divisions"]
    assert division["status"] == "complete"
    placed = [p for p in division["placings"] if p["place"] is not None]
    left = [p for p in division["placings"] if p.get("withdrawn")]
    assert len(placed) + len(left) == count
    assert placed == [] or placed[0]["medal"] == "gold"
