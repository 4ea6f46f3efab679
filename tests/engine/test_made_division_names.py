"""A division name made from the event's age groups, from its parts: the same English name
``assign_division`` gives, and what made a stored name read back from it."""

import datetime

import pytest

from tournaments.engine import (
    MADE_AS,
    assign_division,
    made_as_of,
    made_division_name,
    parse_bands,
)

BANDS = parse_bands("50,55,60,65,70,75,80,85,90,95,100")
CUTOFF = datetime.date(2026, 12, 31)


@pytest.mark.parametrize("by_gender", [True, False])
@pytest.mark.parametrize("gender", ["F", "M", "X", ""])
@pytest.mark.parametrize("age", [30, 49, 50, 54, 72, 99, 100, 104])
def test_the_parts_make_the_name_assign_division_gives(by_gender, gender, age):
    slot = assign_division(
        birth_date=None, age=age, gender=gender, bands=BANDS, by_gender=by_gender, cutoff=CUTOFF
    )
    assert slot.made_as in MADE_AS
    assert made_division_name(slot.made_as, slot.min_age, slot.max_age) == slot.name
    assert made_as_of(slot.name, slot.gender, slot.min_age, slot.max_age) == slot.made_as


@pytest.mark.parametrize(
    ("name", "gender", "low", "high"),
    [
        ("Golden Girls", "F", 70, 74),  # typed over a made range
        ("Women 70-74", "M", 70, 74),  # a man's division named as women's: typed
        ("Women 90+", "F", None, None),  # named in a file: no range stored
        ("70-75", "", 70, 74),
    ],
)
def test_a_name_its_parts_do_not_make_was_typed(name, gender, low, high):
    assert made_as_of(name, gender, low, high) == ""


def test_the_words_of_each_shape():
    assert made_division_name("F", 70, 74) == "Women 70-74"
    assert made_division_name("M", None, 49) == "Men Under 50"
    assert made_division_name("open", 100, None) == "Open 100+"
    assert made_division_name("any", 55, 59) == "55-59"
    assert made_division_name("any", None, 49) == "Under 50"
