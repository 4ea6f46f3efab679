"""The event's ages (a minimum, an optional maximum, on the cut-off date): who is outside,
and the division maker never makes a group below the minimum."""

import datetime

from hypothesis import given
from hypothesis import strategies as st

from tournaments.engine import age_outside, assign_division, entry_age, parse_bands

CUTOFF = datetime.date(2026, 12, 31)
BANDS = parse_bands("50,55,60,65,70,75,80,85,90,95,100")


def test_age_is_taken_on_the_cutoff_date_and_a_stated_age_only_without_a_birth_date():
    assert entry_age(birth_date=datetime.date(1976, 12, 31), age=70, cutoff=CUTOFF) == 50
    assert entry_age(birth_date=datetime.date(1977, 1, 1), age=70, cutoff=CUTOFF) == 49
    assert entry_age(birth_date=None, age=70, cutoff=CUTOFF) == 70
    assert entry_age(birth_date=None, age=None, cutoff=CUTOFF) is None


def test_outside_below_the_minimum_and_above_the_maximum_only():
    assert age_outside(49, min_age=50, max_age=None)
    assert not age_outside(50, min_age=50, max_age=None)
    assert not age_outside(64, min_age=50, max_age=64)
    assert age_outside(65, min_age=50, max_age=64)
    assert not age_outside(12, min_age=None, max_age=None)
    assert not age_outside(None, min_age=50, max_age=64)  # unknown: a problem of its own


def test_a_45_year_old_in_a_50_plus_event_gets_no_under_50_division():
    without = assign_division(birth_date=datetime.date(1981, 6, 1), age=None, gender="M",
                              bands=BANDS, by_gender=True, cutoff=CUTOFF)  # fmt: skip
    assert without.name == "Men Under 50"
    accepted = assign_division(birth_date=datetime.date(1981, 6, 1), age=None, gender="M",
                               bands=BANDS, by_gender=True, cutoff=CUTOFF, min_age=50)  # fmt: skip
    assert (accepted.name, accepted.min_age, accepted.max_age) == ("Men 50-54", 50, 54)


def test_a_minimum_below_the_first_band_starts_the_under_group_at_the_minimum():
    slot = assign_division(birth_date=None, age=45, gender="", bands=BANDS, by_gender=False,
                           cutoff=CUTOFF, min_age=40)  # fmt: skip
    assert (slot.name, slot.min_age, slot.max_age) == ("Under 50", 40, 49)


@given(
    age=st.integers(0, 120),
    low=st.integers(0, 110),
    span=st.one_of(st.none(), st.integers(0, 40)),
    starts=st.lists(st.integers(0, 110), min_size=1, max_size=8, unique=True),
)
def test_no_group_is_ever_made_below_the_minimum_or_above_the_maximum(age, low, span, starts):
    high = None if span is None else low + span
    slot = assign_division(birth_date=None, age=age, gender="", bands=parse_bands(
        ",".join(str(a) for a in sorted(starts))), by_gender=False, cutoff=CUTOFF,
        min_age=low, max_age=high)  # fmt: skip
    # No group lies below the minimum or above the maximum ...
    assert slot.max_age is None or slot.max_age >= low
    assert high is None or slot.min_age is None or slot.min_age <= high
    # ... and it holds the age the entrant plays at (brought into the event's ages).
    plays_at = max(age, low) if high is None else min(max(age, low), high)
    assert (slot.min_age or 0) <= plays_at and (slot.max_age is None or plays_at <= slot.max_age)
