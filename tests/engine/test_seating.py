"""Seating: reproducible, every player once, clubs spread, repeat opponents avoided."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import RuleError, Seat, seat_players, split_tables, tablemates

SIXTEEN = [Seat(f"p{i:02d}") for i in range(16)]
FOUR_FOURS = (4, 4, 4, 4)


def test_same_seed_same_seating():
    seats = [Seat(f"p{i}", f"club{i % 3}") for i in range(23)]
    sizes = split_tables(23)
    first = seat_players(seats, sizes, seed=1234)
    again = seat_players(seats, sizes, seed=1234)
    assert first.tables == again.tables
    assert first == again


def test_different_seeds_usually_give_different_seatings():
    seatings = {seat_players(SIXTEEN, FOUR_FOURS, seed=seed).tables for seed in range(30)}
    assert len(seatings) >= 28


def test_every_player_is_seated_exactly_once_at_tables_of_the_given_sizes():
    seats = [Seat(f"p{i}") for i in range(37)]
    sizes = split_tables(37)
    seating = seat_players(seats, sizes, seed=7)
    seated = [p for table in seating.tables for p in table]
    assert sorted(seated) == sorted(s.player for s in seats)
    assert tuple(len(t) for t in seating.tables) == sizes
    assert seating.clashes == () and seating.repeats == () and seating.warnings() == []


def test_seating_refuses_wrong_sizes_and_duplicates():
    with pytest.raises(RuleError, match="cannot fill tables for 12"):
        seat_players(SIXTEEN, (4, 4, 4), seed=1)
    with pytest.raises(RuleError, match="listed twice"):
        seat_players([Seat("a"), Seat("a"), Seat("b")], (3,), seed=1)


def test_club_names_are_compared_ignoring_case_and_spaces():
    seats = [Seat("a", "Gwinnett"), Seat("b", " gwinnett "), Seat("c", "GWINNETT")]
    seats += [Seat(f"x{i}") for i in range(9)]
    for seed in range(10):
        seating = seat_players(seats, (4, 4, 4), seed=seed)
        table_of = {p: i for i, t in enumerate(seating.tables) for p in t}
        assert len({table_of["a"], table_of["b"], table_of["c"]}) == 3
        assert seating.clashes == ()


@st.composite
def fields_with_clubs(draw):
    n = draw(st.integers(2, 90))
    club_count = draw(st.integers(1, 12))
    clubs = draw(st.lists(st.integers(-1, club_count), min_size=n, max_size=n))
    seats = [Seat(f"p{i}", "" if c < 0 else f"club{c}") for i, c in enumerate(clubs)]
    return seats, draw(st.booleans()), draw(st.integers(0, 2**32))


@given(fields_with_clubs())
def test_clubs_are_spread_when_they_fit(field):
    seats, prefer_threes, seed = field
    sizes = split_tables(len(seats), prefer_threes=prefer_threes)
    seating = seat_players(seats, sizes, seed=seed)
    assert sorted(p for t in seating.tables for p in t) == sorted(s.player for s in seats)
    assert sorted(len(t) for t in seating.tables) == sorted(sizes)
    club_of = {s.player: s.club for s in seats}
    members = Counter(s.club for s in seats if s.club)
    reported = {(c.table, frozenset(c.players)) for c in seating.clashes}
    for number, at_table in enumerate(seating.tables, start=1):
        here = Counter(club_of[p] for p in at_table if club_of[p])
        for club, count in here.items():
            if members[club] <= len(sizes):
                assert count == 1, f"{club} ({members[club]} members) twice at table {number}"
            else:
                # A large club is spread as evenly as the tables allow.
                assert count <= -(-members[club] // len(sizes))
            if count > 1:
                together = frozenset(p for p in at_table if club_of[p] == club)
                assert (number, together) in reported
    for clash in seating.clashes:
        assert clash.avoidable is False
        assert members[club_of[clash.players[0]]] > len(sizes)


def test_a_club_larger_than_the_tables_is_reported_as_unavoidable():
    seats = [Seat(f"g{i}", "Golden") for i in range(5)] + [Seat(f"x{i}") for i in range(7)]
    seating = seat_players(seats, (4, 4, 4), seed=3)
    counts = sorted(sum(1 for p in t if p.startswith("g")) for t in seating.tables)
    assert counts == [1, 2, 2]
    assert len(seating.clashes) == 2
    assert all(
        c.club == "Golden" and not c.avoidable and len(c.players) == 2 for c in seating.clashes
    )
    warnings = seating.warnings()
    assert len(warnings) == 2
    assert all("of Golden share a table (more members than tables)" in w for w in warnings)


def test_players_who_met_are_kept_apart_when_possible():
    random_repeats = []
    for seed in range(20):
        first = seat_players(SIXTEEN, FOUR_FOURS, seed=seed)
        met = tablemates(first.tables)
        assert len(met) == 24
        second = seat_players(SIXTEEN, FOUR_FOURS, seed=seed + 100, met=met)
        assert second.repeats == ()
        assert tablemates(second.tables) & met == set()
        unguided = seat_players(SIXTEEN, FOUR_FOURS, seed=seed + 100)
        random_repeats.append(len(tablemates(unguided.tables) & met))
    assert sum(random_repeats) > 20  # a random seating repeats pairs, ~4.5 on average


def test_unavoidable_repeats_are_reported():
    four = [Seat(p) for p in "ABCD"]
    met = tablemates([("A", "B", "C", "D")])
    seating = seat_players(four, (4,), seed=1, met=met)
    assert len(seating.repeats) == 6
    assert {frozenset(r.players) for r in seating.repeats} == met
    assert all(r.table == 1 for r in seating.repeats)
    names = {"A": "Ann", "B": "Bob"}
    assert "Table 1: Ann and Bob met in an earlier round." in seating.warnings(
        names
    ) or "Table 1: Bob and Ann met in an earlier round." in seating.warnings(names)


def test_repeats_reported_are_exactly_the_repeated_pairs():
    players = [Seat(f"p{i}") for i in range(7)]
    met = {frozenset(pair) for pair in combinations([f"p{i}" for i in range(5)], 2)}
    seating = seat_players(players, (4, 3), seed=11, met=met)
    actual = tablemates(seating.tables) & met
    assert {frozenset(r.players) for r in seating.repeats} == actual
    # Five players who all met, two tables: at least four repeated pairs (3+1) are forced.
    assert len(actual) == 4


def test_tablemates():
    assert tablemates([("a", "b", "c"), ("d", "e")]) == {
        frozenset("ab"),
        frozenset("ac"),
        frozenset("bc"),
        frozenset("de"),
    }


# ------------------------------------------------------------------ families


@st.composite
def fields_with_families(draw):
    """A field with clubs (some larger than the tables allow) and families of one to five."""
    n = draw(st.integers(2, 90))
    club_count = draw(st.integers(1, 12))
    clubs = draw(st.lists(st.integers(-1, club_count), min_size=n, max_size=n))
    family_sizes = draw(st.lists(st.integers(2, 5), max_size=n // 2))
    families = []
    for number, size in enumerate(family_sizes):
        families += [f"Family{number}"] * size
    families = (families + [""] * n)[:n]
    order = draw(st.permutations(range(n)))
    seats = [
        Seat(f"p{i}", "" if clubs[i] < 0 else f"club{clubs[i]}", families[order[i]])
        for i in range(n)
    ]
    return seats, draw(st.booleans()), draw(st.integers(0, 2**32))


@given(fields_with_families())
def test_a_family_never_shares_a_table_when_it_has_no_more_members_than_tables(field):
    seats, prefer_threes, seed = field
    sizes = split_tables(len(seats), prefer_threes=prefer_threes)
    seating = seat_players(seats, sizes, seed=seed)
    assert sorted(p for t in seating.tables for p in t) == sorted(s.player for s in seats)
    assert sorted(len(t) for t in seating.tables) == sorted(sizes)
    family_of = {s.player: s.family for s in seats}
    members = Counter(s.family for s in seats if s.family)
    reported = {(c.table, frozenset(c.players)) for c in seating.family_clashes}
    for number, at_table in enumerate(seating.tables, start=1):
        here = Counter(family_of[p] for p in at_table if family_of[p])
        for family, count in here.items():
            if members[family] <= len(sizes):
                assert count == 1, f"{family} ({members[family]}) twice at table {number}"
            if count > 1:
                together = frozenset(p for p in at_table if family_of[p] == family)
                assert (number, together) in reported
    assert all(not c.avoidable for c in seating.family_clashes)
    # Clubs are still reported exactly as they sit.
    club_of = {s.player: s.club for s in seats}
    club_reported = {(c.table, frozenset(c.players)) for c in seating.clashes}
    for number, at_table in enumerate(seating.tables, start=1):
        for club, count in Counter(club_of[p] for p in at_table if club_of[p]).items():
            if count > 1:
                together = frozenset(p for p in at_table if club_of[p] == club)
                assert (number, together) in club_reported


def test_families_do_not_change_a_seating_without_families():
    seats = [Seat(f"p{i}", f"club{i % 3}") for i in range(23)]
    alone = [Seat(s.player, s.club, f"solo{i}") for i, s in enumerate(seats)]
    sizes = split_tables(23)
    assert seat_players(seats, sizes, seed=99).tables == seat_players(alone, sizes, seed=99).tables


def test_a_family_is_kept_apart_before_its_club():
    # Six of eight players in one club: the club must share tables (3 and 3); the two
    # of the Lee family in it still sit apart, in every seating.
    seats = [Seat(f"g{i}", "Golden", "Lee" if i < 2 else "") for i in range(6)]
    seats += [Seat("x1"), Seat("x2")]
    for seed in range(40):
        seating = seat_players(seats, (4, 4), seed=seed)
        table_of = {p: i for i, t in enumerate(seating.tables) for p in t}
        assert table_of["g0"] != table_of["g1"]
        assert seating.family_clashes == ()
        assert {len(c.players) for c in seating.clashes} == {3}


def test_a_couple_in_two_clubs_sits_apart_and_clubs_stay_spread():
    # Ann (Duluth club) and Bob (Lilburn club) are a couple; both clubs fit the tables.
    seats = [Seat("ann", "Duluth", "Lee"), Seat("bob", "Lilburn", "lee ")]
    seats += [Seat(f"d{i}", "Duluth") for i in range(2)] + [
        Seat(f"l{i}", "Lilburn") for i in range(2)
    ]
    seats += [Seat(f"x{i}") for i in range(6)]
    for seed in range(40):
        seating = seat_players(seats, (4, 4, 4), seed=seed)
        table_of = {p: i for i, t in enumerate(seating.tables) for p in t}
        assert table_of["ann"] != table_of["bob"]
        assert seating.family_clashes == () and seating.clashes == ()
        assert seating.warnings() == []


def test_a_family_of_three_at_two_tables_is_reported_as_unavoidable():
    seats = [
        Seat("ann", "", "Lee"),
        Seat("bob", "", "Lee"),
        Seat("cy", "", "Lee"),
        Seat("dee", "Golden"),
        Seat("eve", "Golden"),
        Seat("fay"),
        Seat("gus"),
    ]
    names = {"ann": "Ann Lee", "bob": "Bob Lee", "cy": "Cy Lee"}
    for seed in range(10):
        seating = seat_players(seats, (4, 3), seed=seed)
        table_of = {p: i for i, t in enumerate(seating.tables) for p in t}
        counts = sorted(Counter(table_of[p] for p in ("ann", "bob", "cy")).values())
        assert counts == [1, 2]
        assert table_of["dee"] != table_of["eve"]
        [clash] = seating.family_clashes
        assert clash.club == "Lee" and not clash.avoidable and len(clash.players) == 2
        [warning] = seating.warnings(names)
        a, b = (names[p] for p in clash.players)
        assert warning == (
            f"Table {clash.table}: {a} and {b} of family Lee share a table "
            "(more members than tables)."
        )


def test_family_warnings_come_before_club_warnings_and_name_three():
    seats = [Seat(p, "Tiles", "Ng") for p in ("a", "b", "c")] + [Seat("d"), Seat("e")]
    seating = seat_players(seats, (3, 2), seed=5)
    warnings = seating.warnings({"a": "Al Ng", "b": "Bea Ng", "c": "Cal Ng"})
    assert "of family Ng share a table" in warnings[0]
    assert "of Tiles share a table" in warnings[1]
