"""The hall's table numbers in the engine: lowest free usable numbers,
a hall too small refused naming who holds the tables, the hall's description checked."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import (
    MAX_HALL_TABLES,
    Hall,
    HallFull,
    RuleError,
    hall_problems,
    numbers_text,
    parse_table_numbers,
    take_numbers,
)


def test_lowest_free_numbers_skip_those_in_play_and_the_unusable():
    hall = Hall(tables=None, unusable=frozenset({3}))
    given_ = take_numbers(hall, [1, 4], {"B, round 1": 3, "C, round 1": 2})
    assert given_ == {"B, round 1": (2, 5, 6), "C, round 1": (7, 8)}


def test_without_a_size_numbers_simply_stay_unique():
    assert take_numbers(Hall(), range(1, 201), {"X": 2}) == {"X": (201, 202)}


def test_a_hall_too_small_is_refused_naming_who_holds_the_tables():
    hall = Hall(tables=6, unusable=frozenset({6}))
    holders = [("Alpha, round 1", [1, 2, 3]), ("Beta, round 2", [5])]
    with pytest.raises(HallFull) as refused:
        take_numbers(hall, [1, 2, 3, 5], {"Gamma, round 1": 2}, holders)
    text = str(refused.value)
    assert text.startswith(
        "Not enough free tables in the hall: 2 needed (Gamma, round 1: 2), 1 free of the "
        "hall's 5 usable tables."
    )
    assert "  Alpha, round 1: 3 tables (1-3)" in text
    assert "  Beta, round 2: 1 table (5)" in text
    assert "Nothing was seated" in text
    assert isinstance(refused.value, RuleError)


def test_exactly_enough_is_enough():
    assert take_numbers(Hall(tables=4), [2], {"A": 3}) == {"A": (1, 3, 4)}


@pytest.mark.parametrize(
    ("text", "numbers"),
    [("12,19", (12, 19)), (" 19, 12 ,12", (12, 19)), ("", ()), (None, ()), ([3, 1], (1, 3))],
)
def test_table_numbers_are_read_sorted_without_repeats(text, numbers):
    assert parse_table_numbers(text) == numbers


@pytest.mark.parametrize(
    "text", ["0", "-1", "two", "1.5", "1;2", str(MAX_HALL_TABLES + 1), "9" * 30]
)
def test_a_bad_table_number_is_refused_naming_it(text):
    with pytest.raises(RuleError, match="is not a table number"):
        parse_table_numbers(f"4,{text}", "accessible tables")


@pytest.mark.parametrize(
    ("tables", "unusable", "accessible", "part", "words"),
    [
        (10, {12}, set(), "unusable", "Unusable table 12 is not in the hall: its 10 tables"),
        (10, set(), {11, 12}, "accessible", "Accessible tables 11, 12 are not in the hall"),
        (None, {2}, {2, 3}, "accessible", "Table 2 cannot be both unusable and accessible."),
        (2, {1, 2}, set(), "unusable", "Every one of the hall's 2 tables would be unusable."),
        (0, set(), set(), "tables", "a whole number from 1 to"),
        (True, set(), set(), "tables", "a whole number from 1 to"),
    ],
)
def test_the_halls_description_is_checked(tables, unusable, accessible, part, words):
    problems = hall_problems(tables, unusable, accessible)
    assert any(p == part and words in m for p, m in problems), problems
    with pytest.raises(RuleError):
        Hall(tables=tables, unusable=frozenset(unusable), accessible=frozenset(accessible))


def test_a_good_hall_has_no_problems():
    assert hall_problems(20, {12, 19}, {1, 2, 3}) == []
    assert Hall(20, frozenset({12, 19})).usable_count == 18


def test_numbers_text_reads_as_runs():
    assert numbers_text([7, 1, 2, 3, 9, 10]) == "6 tables (1-3, 7, 9, 10)"


@given(
    st.sets(st.integers(1, 60), max_size=40),
    st.sets(st.integers(1, 60), max_size=10),
    st.lists(st.integers(0, 5), min_size=1, max_size=5),
)
def test_numbers_given_are_free_usable_distinct_and_lowest(in_use, unusable, counts):
    hall = Hall(tables=None, unusable=frozenset(unusable))
    needed = {f"D{i}": n for i, n in enumerate(counts)}
    given_ = take_numbers(hall, in_use, needed)
    numbers = [n for who in needed for n in given_[who]]
    assert len(numbers) == len(set(numbers)) == sum(counts)
    assert not set(numbers) & (set(in_use) | set(unusable))
    free = [n for n in range(1, 200) if n not in in_use and n not in unusable]
    assert sorted(numbers) == free[: len(numbers)]


# ----------------------------------------------------------------------- accessible tables

from tournaments.engine import Seat, assign_numbers, number_candidates, seat_players  # noqa: E402


def test_a_table_with_players_in_need_takes_a_free_accessible_number():
    tables = [("a", "b", "c", "d"), ("e", "f", "g", "h"), ("i", "j", "k")]
    given_ = assign_numbers(tables, [1, 2, 3, 4, 9], accessible={9}, needs={"j"})
    assert given_.numbers == (1, 2, 9)
    assert given_.warnings == ()


def test_the_table_with_most_players_in_need_gets_the_accessible_table_first():
    tables = [("a", "b", "c"), ("d", "e", "f")]
    given_ = assign_numbers(
        tables, [1, 2, 5], accessible={5}, needs={"a", "d", "e"}, names={"a": "Ann Lee"}
    )
    assert given_.numbers == (1, 5)
    assert given_.warnings == (
        "Table 1: Ann Lee needs an accessible table; no accessible table was free: this "
        "round's other players in need hold them. Mark more of the hall's tables accessible "
        "in the event's settings, then seat this round again while none of its scores is in "
        "(“Fix the seating”).",
    )


def test_without_accessible_tables_in_the_hall_the_warning_says_how_to_set_them():
    given_ = assign_numbers([("a", "b")], [1], needs={"a", "b"})
    assert given_.warnings == (
        "Table 1: a, b need an accessible table; the hall has no accessible tables "
        "(configure_event --accessible).",
    )


def test_tables_without_needs_leave_accessible_numbers_free_only_when_asked():
    """Nobody in the event needs an accessible table: the lowest free numbers, the
    hall's plain rule. Someone does (keep_accessible): the others leave them while others are
    free."""
    tables = [("a", "b"), ("c", "d")]
    assert assign_numbers(tables, [1, 2, 3, 4], accessible={1, 2}).numbers == (1, 2)
    kept = assign_numbers(tables, [1, 2, 3, 4], accessible={1, 2}, keep_accessible=True)
    assert kept.numbers == (3, 4)
    # Nothing else free: an accessible table is better than none (the lowest first).
    kept = assign_numbers(tables, [1, 2, 3], accessible={1, 2}, keep_accessible=True)
    assert kept.numbers == (3, 1)
    # Without accessible tables in the hall: exactly the lowest free numbers.
    assert assign_numbers(tables, [1, 2, 3, 4], keep_accessible=True).numbers == (1, 2)


def test_a_round_with_players_in_need_takes_the_lowest_free_numbers():
    """Its tables in need take the accessible numbers, its others the lowest ones left:
    with the accessible tables among the lowest, the round holds the lowest free numbers."""
    tables = [("a", "b"), ("c", "d"), ("e", "f")]
    given_ = assign_numbers(tables, [1, 2, 3, 4, 5], accessible={1, 2}, needs={"e"})
    assert given_.numbers == (2, 3, 1)
    assert given_.warnings == ()


def test_the_note_names_who_holds_the_accessible_tables_without_needing_them():
    given_ = assign_numbers(
        [("a", "b", "c")],
        [4, 5, 6],
        accessible={1, 2, 3},
        needs={"b"},
        names={"b": "Bea Cole"},
        holders=[("Men 70-74, round 1", [1, 2, 3]), ("Women 90+, round 1", [7])],
        held_with_needs=set(),
    )
    assert given_.numbers == (4,)
    assert given_.warnings == (
        "Table 4: Bea Cole needs an accessible table; no accessible table was free. "
        "Accessible tables are held by players who do not need them: Men 70-74, round 1 "
        "holds 3 tables (1-3). To free one, seat that round again while none of its scores "
        "is in (“Fix the seating” on its division page): it then leaves the accessible "
        "tables free; then seat this round again the same way.",
    )


def test_the_note_says_when_players_in_need_hold_every_accessible_table():
    given_ = assign_numbers(
        [("a", "b")],
        [4, 5],
        accessible={1, 2},
        needs={"a"},
        holders=[("A, round 1", [1, 5]), ("B, round 2", [2])],
        held_with_needs={1, 2},
    )
    assert given_.warnings == (
        "Table 4: a needs an accessible table; no accessible table was free: players who "
        "need them hold every one (A, round 1: 1 table (1); B, round 2: 1 table (2)). Mark "
        "more of the hall's tables accessible in the event's settings, then seat this round "
        "again while none of its scores is in (“Fix the seating”).",
    )
    # Only the holders without a player in need are named when there are some.
    mixed = assign_numbers(
        [("a", "b")],
        [4],
        accessible={1, 2},
        needs={"a"},
        holders=[("A, round 1", [1]), ("B, round 2", [2])],
        held_with_needs={1},
    )
    assert "B, round 2 holds 1 table (2)" in mixed.warnings[0]
    assert "A, round 1" not in mixed.warnings[0]


@given(
    st.lists(st.integers(2, 4), min_size=1, max_size=12),
    st.sets(st.integers(1, 30), max_size=8),
    st.sets(st.integers(1, 30), max_size=6),
    st.sets(st.integers(0, 40), max_size=6),
    st.booleans(),
)
def test_numbering_keeps_accessible_tables_for_players_in_need(
    sizes, in_use, accessible, need, keep
):
    """Whatever is in play: numbers are free and distinct; while someone in the event
    needs an accessible table, the tables without needs take an accessible number only
    when no other is free (else exactly the lowest free numbers); tables in need get
    every accessible number they can."""
    hall = Hall(accessible=frozenset(accessible))
    players = iter(range(1000))
    tables = [tuple(f"p{next(players)}" for _ in range(size)) for size in sizes]
    needs = {f"p{n}" for n in need}
    free = number_candidates(hall, in_use, len(tables))
    given_ = assign_numbers(
        tables, free, accessible=accessible, needs=needs, keep_accessible=keep or bool(needs)
    )
    numbers = given_.numbers
    assert len(set(numbers)) == len(numbers) and not set(numbers) & in_use
    needing = [i for i, t in enumerate(tables) if needs & set(t)]
    plain_left = [n for n in free if n not in accessible and n not in numbers]
    open_accessible = [n for n in free if n in accessible and n not in numbers]
    others = {numbers[i] for i, t in enumerate(tables) if not needs & set(t)}
    if keep or needs:
        assert not (others & accessible) or not plain_left
    else:  # nobody in the event needs one: exactly the lowest free numbers
        assert numbers == tuple(sorted(free)[: len(tables)])
    got = [i for i in needing if numbers[i] in accessible]
    assert len(got) == len(needing) or not open_accessible
    assert len(given_.warnings) == len(needing) - len(got)


def test_candidates_hold_enough_plain_numbers_and_every_free_accessible_one():
    hall = Hall(tables=40, unusable=frozenset({4}), accessible=frozenset({1, 2, 30}))
    assert number_candidates(hall, [1, 5], 2) == (2, 3, 6, 7, 8, 30)


def pairs(tables, group_of):
    return sum(
        1
        for table in tables
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if group_of.get(a) and group_of.get(a) == group_of.get(b)
    )


@given(
    st.integers(5, 60),
    st.integers(0, 12),
    st.integers(0, 2**32),
    st.integers(0, 6),
    st.booleans(),
)
def test_players_in_need_are_gathered_at_as_few_tables_as_separation_allows(
    count, needing, seed, clubs, families
):
    from tournaments.engine import round_shape

    players = [f"p{n:02d}" for n in range(count)]
    needs = set(players[: min(needing, count)])
    club = {p: f"club{n % clubs}" for n, p in enumerate(players)} if clubs else {}
    family = {p: f"fam{n // 2}" for n, p in enumerate(players) if families and n % 5 in (0, 1)}
    seats = [Seat(p, club.get(p, ""), family.get(p, "")) for p in players]
    sizes = round_shape(count, 1).tables
    plain = seat_players(seats, sizes, seed=seed)
    gathered = seat_players(seats, sizes, seed=seed, gather=needs)
    # The same players, every one once.
    assert sorted(p for t in gathered.tables for p in t) == sorted(players)
    # Families and clubs are never brought closer for it.
    assert pairs(gathered.tables, family) <= pairs(plain.tables, family)
    if pairs(gathered.tables, family) == pairs(plain.tables, family):
        assert pairs(gathered.tables, club) <= pairs(plain.tables, club)
    holding = sum(1 for t in gathered.tables if needs & set(t))
    assert holding <= max(1, sum(1 for t in plain.tables if needs & set(t)))
    if not clubs and not family:
        fewest, room = 0, 0
        for size in sorted(sizes, reverse=True):
            if room >= len(needs):
                break
            fewest, room = fewest + 1, room + size
        assert holding == fewest


def test_without_clubs_or_families_four_in_need_share_one_table():
    from tournaments.engine import round_shape

    players = [Seat(f"p{n:02d}") for n in range(16)]
    needs = {"p03", "p07", "p11", "p15"}
    seating = seat_players(players, round_shape(16, 1).tables, seed=7, gather=needs)
    assert any(set(t) == needs for t in seating.tables)
