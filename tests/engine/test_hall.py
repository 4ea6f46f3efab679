"""The hall's table numbers in the engine (issue 11, items 1-2): lowest free usable numbers,
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
