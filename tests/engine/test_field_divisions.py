"""Divisions by the field's size: the rule's text, the range a field falls in, who lands where."""

import datetime

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import (
    FieldEntrant,
    RuleError,
    SizeDivisions,
    SizeRange,
    group_field,
    parse_size_divisions,
)

NVSO = "16:50,75;32:50,65,80"
CUTOFF = datetime.date(2026, 12, 31)


def born(age: int) -> datetime.date:
    return datetime.date(CUTOFF.year - age, 6, 1)


def field(ages, genders=None) -> list[FieldEntrant]:
    genders = genders or ["F", "M"] * len(ages)
    return [FieldEntrant(f"e{i:03d}", born(age), None, genders[i]) for i, age in enumerate(ages)]


def names(grouping) -> dict[str, int]:
    return {group.slot.name: len(group.entrants) for group in grouping.groups}


# ------------------------------------------------------------------ the rule's text


def test_the_nvso_rule_reads_and_writes_back():
    rule = parse_size_divisions(NVSO)
    assert rule.ranges == (SizeRange(16, (50, 75)), SizeRange(32, (50, 65, 80)))
    assert rule.text() == NVSO
    assert parse_size_divisions(" 16 : 50, 75 ; 32:50,65,80 ;") == rule
    assert parse_size_divisions("") is None and parse_size_divisions(None) is None


def test_the_ranges_in_words():
    assert parse_size_divisions(NVSO).in_words() == [
        "1 to 16 players: 50+",
        "17 to 32 players: 50-74, 75+",
        "33 players or more: 50-64, 65-79, 80+",
    ]
    split = parse_size_divisions("0:50,70;20:50,60,70,80:gender")
    assert split.in_words() == [
        "1 to 20 players: 50-69, 70+",
        "21 players or more: 50-59, 60-69, 70-79, 80+, women and men apart",
    ]
    assert split.text() == "0:50,70;20:50,60,70,80:gender"


def test_the_range_a_field_falls_in():
    rule = parse_size_divisions(NVSO)
    assert rule.range_for(0).starts == (50,)
    assert rule.range_for(16).starts == (50,)  # "up to 16": one division
    assert rule.range_for(17).starts == (50, 75)
    assert rule.range_for(32).starts == (50, 75)
    assert rule.range_for(33).starts == (50, 65, 80)
    assert rule.range_for(5000).starts == (50, 65, 80)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("16", "'16' has no ':' between the field size and the ages"),
        ("sixteen:50,75", "'sixteen:50,75' does not start with a number of players"),
        ("-1:50", "'-1:50' does not start with a number of players"),
        ("16:", "'16:' needs whole ages after the ':'"),
        ("16:50,seventy", "'16:50,seventy' needs whole ages after the ':'"),
        ("16:75,50", "'16:75,50' has ages out of order or repeated"),
        ("16:50,50", "'16:50,50' has ages out of order or repeated"),
        ("16:50,75:sex", "'16:50,75:sex' may end only in ':gender'"),
        ("16:٥٠", "needs whole ages"),
        ("32:50,65,80;16:50,75", "Field sizes go from the smallest to the largest, each once"),
        ("16:50;16:50,75", "Field sizes go from the smallest to the largest, each once: 16, 16"),
    ],
)
def test_a_rule_that_cannot_be_read_is_refused_naming_the_part(text, words):
    with pytest.raises(RuleError) as refused:
        parse_size_divisions(text)
    assert words in str(refused.value)
    if "has no" in words:
        assert "such as 16:50,75;32:50,65,80" in str(refused.value)


def test_a_rule_needs_a_range():
    with pytest.raises(RuleError, match="at least one field size"):
        SizeDivisions(())


# ------------------------------------------------------------------ who lands where


def test_sixteen_players_make_one_division():
    grouping = group_field(parse_size_divisions(NVSO), field([55, 60, 77, 91] * 4), cutoff=CUTOFF)
    assert grouping.size == 16 and names(grouping) == {"50+": 16}
    assert grouping.in_words() == "16 players: one division (50+)."


def test_forty_players_make_three_age_groups():
    ages = [52] * 10 + [66] * 20 + [85] * 10
    grouping = group_field(parse_size_divisions(NVSO), field(ages), cutoff=CUTOFF)
    assert names(grouping) == {"50-64": 10, "65-79": 20, "80+": 10}
    assert grouping.in_words() == "40 players: more than 32, so 50-64, 65-79, 80+."
    assert grouping.group_of("e000").slot.name == "50-64"
    assert grouping.group_of("e039").slot.name == "80+"
    assert grouping.group_of("nobody") is None


def test_the_field_s_size_not_one_group_s_decides():
    grouping = group_field(parse_size_divisions(NVSO), field([74] * 16 + [75]), cutoff=CUTOFF)
    assert names(grouping) == {"50-74": 16, "75+": 1}


def test_age_is_taken_on_the_cutoff_and_a_stated_age_without_a_birth_date():
    entrants = [
        FieldEntrant("born", datetime.date(1952, 1, 1)),  # 74 on the cut-off
        FieldEntrant("stated", None, 80),
        FieldEntrant("unknown"),
    ] + field([60] * 15)
    grouping = group_field(parse_size_divisions(NVSO), entrants, cutoff=CUTOFF)
    assert grouping.size == 18
    assert grouping.group_of("born").slot.name == "50-74"
    assert grouping.group_of("stated").slot.name == "75+"
    assert grouping.unplaced == ("unknown",)


def test_by_gender_splits_the_range_women_first():
    rule = parse_size_divisions("0:50,75:gender")
    grouping = group_field(rule, field([60, 60, 80, 80], ["M", "F", "M", ""]), cutoff=CUTOFF)
    assert [g.slot.name for g in grouping.groups] == [
        "Women 50-74",
        "Men 50-74",
        "Men 75+",
        "Open 75+",
    ]
    event_split = group_field(
        parse_size_divisions(NVSO), field([60, 61], ["F", "M"]), cutoff=CUTOFF, by_gender=True
    )
    assert names(event_split) == {"Women 50+": 1, "Men 50+": 1}


def test_younger_than_the_rule_s_youngest_age_plays_under_it():
    grouping = group_field(parse_size_divisions(NVSO), field([45, 60]), cutoff=CUTOFF)
    assert names(grouping) == {"Under 50": 1, "50+": 1}


# ------------------------------------------------------------------ properties


@st.composite
def rules(draw):
    sizes = draw(st.lists(st.integers(0, 60), min_size=1, max_size=4, unique=True))
    ranges = []
    for size in sorted(sizes):
        starts = draw(st.lists(st.integers(40, 100), min_size=1, max_size=5, unique=True))
        ranges.append(SizeRange(size, tuple(sorted(starts)), draw(st.booleans())))
    return SizeDivisions(tuple(ranges))


@given(
    rule=rules(),
    ages=st.lists(st.one_of(st.none(), st.integers(30, 105)), max_size=80),
    by_gender=st.booleans(),
    seed=st.randoms(use_true_random=False),
)
def test_every_player_lands_in_exactly_one_group(rule, ages, by_gender, seed):
    entrants = [
        FieldEntrant(f"e{i}", None, age, seed.choice(["F", "M", ""])) for i, age in enumerate(ages)
    ]
    grouping = group_field(rule, entrants, cutoff=CUTOFF, by_gender=by_gender)
    placed = [e for g in grouping.groups for e in g.entrants]
    assert sorted(placed + list(grouping.unplaced)) == sorted(e.id for e in entrants)
    assert len(set(placed)) == len(placed)
    assert set(grouping.unplaced) == {e.id for e in entrants if e.age is None}
    assert grouping.range == rule.range_for(len(entrants))
    assert all(g.entrants for g in grouping.groups)
    for group in grouping.groups:
        for entrant in group.entrants:
            age = ages[int(entrant[1:])]
            slot = group.slot
            assert (slot.min_age is None or age >= slot.min_age) and (
                slot.max_age is None or age <= slot.max_age
            )
    assert parse_size_divisions(rule.text()) == rule
