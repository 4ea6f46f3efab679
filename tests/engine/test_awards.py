"""Ribbons for places 4 to N, and qualifiers for the next level (engine/awards.py)."""

import pytest

from tournaments.engine import (
    IN_STATE,
    OUT_OF_STATE,
    STATE_UNKNOWN,
    Finisher,
    Placing,
    Placings,
    RuleError,
    Rules,
    check_qualify,
    check_ribbons_to,
    division_placings,
    has_ribbon,
    qualifiers,
    ribbon_winners,
)

from .test_placings import NINE, nine_player_division


def placings(*rows) -> Placings:
    """rows: (player, place, medal, withdrawn, group_place)."""
    return Placings(
        tuple(
            Placing(p, place, medal, 1, withdrawn=w, group_place=g)
            for p, place, medal, w, g in rows
        ),
        (),
    )


def test_places_four_to_n_get_a_ribbon():
    result = division_placings(nine_player_division(), Rules(), players=NINE)
    by_place = {p.player: p.place for p in result.placings}
    winners = ribbon_winners(result, 8, by_age_group=False)
    assert winners == {p for p, place in by_place.items() if 4 <= place <= 8}
    assert len(winners) == 5
    assert ribbon_winners(result, 0, by_age_group=False) == frozenset()
    assert ribbon_winners(result, 4, by_age_group=False) == {
        p for p, place in by_place.items() if place == 4
    }
    # medallists never get a ribbon as well
    assert not winners & {p.player for p in result.placings if p.medal}


def test_a_shared_place_that_starts_within_n_gives_everyone_sharing_it_a_ribbon():
    result = placings(
        ("g", 1, "gold", False, None),
        ("s", 2, "silver", False, None),
        ("b", 3, "bronze", False, None),
        ("p4", 4, None, False, None),
        ("p5", 5, None, False, None),
        ("p6", 6, None, False, None),
        ("x", 7, None, False, None),
        ("y", 7, None, False, None),
        ("z", 7, None, False, None),  # 7th shared by three: places 7, 8 and 9 at once
        ("p10", 10, None, False, None),
    )
    assert ribbon_winners(result, 8, by_age_group=False) == {"p4", "p5", "p6", "x", "y", "z"}
    # a shared place that starts after N gets none
    assert ribbon_winners(result, 6, by_age_group=False) == {"p4", "p5", "p6"}


def test_withdrawn_players_have_no_place_and_no_ribbon():
    result = placings(
        ("g", 1, "gold", False, None),
        ("s", 2, "silver", False, None),
        ("w", None, None, True, None),
        ("p4", 4, None, False, None),
    )
    assert ribbon_winners(result, 8, by_age_group=False) == {"p4"}
    assert not has_ribbon(None, 8)


def test_with_medals_by_age_group_ribbons_go_by_the_place_in_the_age_group():
    result = placings(
        ("a1", 1, "gold", False, 1),
        ("b1", 2, "gold", False, 1),
        ("a2", 3, "silver", False, 2),
        ("a3", 4, "bronze", False, 3),  # 4th overall, but bronze in the age group
        ("b2", 5, "silver", False, 2),
        ("a4", 6, None, False, 4),
        ("b3", 7, "bronze", False, 3),
        ("b4", 8, None, False, 4),
        ("a5", 9, None, False, 5),  # 9th overall, 5th of the age group: a ribbon
    )
    assert ribbon_winners(result, 8, by_age_group=True) == {"a4", "b4", "a5"}
    assert ribbon_winners(result, 8, by_age_group=False) == {"a4", "b4"}


@pytest.mark.parametrize("value", [1, 2, 3, -1, 501, "8", 8.0, True, None])
def test_ribbons_to_is_0_or_a_place_from_4(value):
    with pytest.raises(RuleError):
        check_ribbons_to(value)


@pytest.mark.parametrize("value", [0, 4, 8, 500])
def test_ribbons_to_accepted(value):
    assert check_ribbons_to(value) == value


def test_qualifiers_in_finishing_order_skipping_out_of_state():
    finishers = [
        Finisher("f3", 3),
        Finisher("f1", 1),
        Finisher("f2", 2, OUT_OF_STATE),
        Finisher("f4", 4),
        Finisher("f5", 5, STATE_UNKNOWN),
        Finisher("f6", 6),
    ]
    result = qualifiers(finishers, 4)
    assert [q.player for q in result.qualifiers] == ["f1", "f3", "f4", "f5"]
    assert [q.rank for q in result.qualifiers] == [1, 2, 3, 4]
    assert [q.state_unknown for q in result.qualifiers] == [False, False, False, True]
    assert result.skipped == ("f2",)
    # without a home state everyone is in state: the first four
    everyone = [Finisher(f.player, f.place, IN_STATE) for f in finishers]
    assert [q.player for q in qualifiers(everyone, 4).qualifiers] == ["f1", "f2", "f3", "f4"]


def test_a_shared_last_qualifying_place_qualifies_everyone_sharing_it():
    finishers = [Finisher("a", 1), Finisher("b", 2), Finisher("c", 3), Finisher("d", 3)]
    result = qualifiers(finishers, 3)
    assert [(q.player, q.rank) for q in result.qualifiers] == [
        ("a", 1),
        ("b", 2),
        ("c", 3),
        ("d", 3),
    ]
    assert [q.player for q in qualifiers(finishers, 2).qualifiers] == ["a", "b"]


def test_fewer_in_state_finishers_than_places():
    finishers = [Finisher("a", 1, OUT_OF_STATE), Finisher("b", 2), Finisher("c", 3, OUT_OF_STATE)]
    result = qualifiers(finishers, 4)
    assert [q.player for q in result.qualifiers] == ["b"]
    assert result.skipped == ("a", "c")
    assert qualifiers([], 4).qualifiers == ()


@pytest.mark.parametrize("value", [0, -1, 501, "4", True])
def test_places_that_qualify_must_be_1_to_500(value):
    with pytest.raises(RuleError):
        check_qualify(value)


# ---------------------------------------------------------------- a division with one player

from tournaments.engine import DivisionSlot, nearest_division  # noqa: E402


def slot(name, low, high, gender=""):
    return DivisionSlot(name, low, high, gender)


def test_the_nearest_age_band_of_the_same_gender_younger_first_on_a_tie():
    lone = slot("75-79", 75, 79)
    others = [slot("70-74", 70, 74), slot("80-84", 80, 84), slot("60-64", 60, 64)]
    assert nearest_division(lone, others).name == "70-74"
    assert nearest_division(lone, [slot("80-84", 80, 84), slot("60-64", 60, 64)]).name == "80-84"
    assert nearest_division(slot("100+", 100, None), others + [slot("95-99", 95, 99)]).name == (
        "95-99"
    )
    assert nearest_division(slot("Under 50", None, 49), [slot("55-59", 55, 59)]).name == "55-59"


def test_only_the_same_gender_and_divisions_with_an_age_range():
    lone = slot("Women 90-94", 90, 94, "F")
    others = [
        slot("Men 85-89", 85, 89, "M"),
        slot("Women 70-74", 70, 74, "F"),
        slot("Open", None, None, "F"),
    ]
    assert nearest_division(lone, others).name == "Women 70-74"
    assert nearest_division(lone, others[:1]) is None
    assert nearest_division(slot("Open", None, None), [slot("70-74", 70, 74)]) is None


def test_a_division_named_by_hand_takes_its_range_and_gender_from_its_players():
    from tournaments.engine import division_slot

    typed = division_slot("Women 90+", None, None, "", ages=[92], genders=["F"])
    assert typed == DivisionSlot("Women 90+", 92, 92, "F")
    # Made from the age groups: what it was made with, whoever plays in it.
    made = division_slot("Women 85-89", 85, 89, "F", ages=[70], genders=["M"])
    assert made == DivisionSlot("Women 85-89", 85, 89, "F")
    # Players of both genders (or none known): open to any; no age known: no range.
    assert division_slot("Mixed", None, None, "", ages=[60, 71], genders=["F", "M"]) == (
        DivisionSlot("Mixed", 60, 71, "")
    )
    assert division_slot("Club night", None, None, "", genders=["F", ""]) == DivisionSlot(
        "Club night", None, None, "F"
    )


def test_a_lone_division_named_by_hand_finds_its_real_neighbour():
    """A lone division typed by the organizer, "Women 90+", one woman of 92: the nearest
    women's age group, not none; and a typed neighbour counts by its players' ages."""
    lone = slot("Women 90+", 92, 92, "F")
    others = [
        slot("Women 70-74", 70, 74, "F"),
        slot("Women 85-89", 85, 89, "F"),
        slot("Men 90-94", 90, 94, "M"),
    ]
    assert nearest_division(lone, others).name == "Women 85-89"
    # A typed neighbour whose players are 86 to 88 beats an age group further away.
    typed = slot("Ladies 85 and over", 86, 88, "F")
    assert nearest_division(slot("Women 90-94", 90, 94, "F"), [others[0], typed]) == typed


def test_a_division_open_to_any_gender_is_taken_only_when_none_of_the_same_gender_is():
    lone = slot("Women 90+", 92, 92, "F")
    assert nearest_division(lone, [slot("90-94", 90, 94), slot("Women 70-74", 70, 74, "F")]) == (
        slot("Women 70-74", 70, 74, "F")
    )
    assert nearest_division(lone, [slot("90-94", 90, 94), slot("Men 90-94", 90, 94, "M")]) == (
        slot("90-94", 90, 94)
    )
    # A division open to any gender never goes into a women's or men's division.
    assert nearest_division(slot("90+", 90, None), [slot("Women 85-89", 85, 89, "F")]) is None


# ---------------------------------------------------------------- states

from tournaments.engine import state_key, state_standing  # noqa: E402


@pytest.mark.parametrize("text", ["GA", "ga", "Ga.", " Georgia ", "GEORGIA", "G.A."])
def test_a_state_written_many_ways_is_one_state(text):
    assert state_key(text) == "GA"


def test_state_standing():
    assert state_standing("FL", "") == IN_STATE  # no home state: everyone counts
    assert state_standing("", "GA") == STATE_UNKNOWN
    assert state_standing("georgia", "GA") == IN_STATE
    assert state_standing("Florida", "GA") == OUT_OF_STATE
    assert state_standing("Ontario", "ontario") == IN_STATE
    assert state_key("New  York") == "NY" and state_key("") == ""
