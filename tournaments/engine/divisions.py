"""Age groups and gender: which division an entrant plays in.

Senior Games give medals per age group, age taken on a cut-off date the event
sets (often 31 December), sometimes per gender. Default bands: five years from
50–54 to 95–99, then 100+.
"""

import datetime
from collections.abc import Sequence
from dataclasses import dataclass, field

from .errors import RuleError
from .words import gettext

DEFAULT_BAND_STARTS = (50, 55, 60, 65, 70, 75, 80, 85, 90, 95, 100)
GENDER_WORDS = {"F": "Women", "M": "Men"}
# What made a division's name from the event's age groups (``made_division_name``): its
# gender, "open" (the event splits by gender, this entrant's is not known), or "any" (no
# split). A name the director typed is made by none of these and shows as typed.
MADE_ANY, MADE_OPEN = "any", "open"
MADE_AS = (MADE_ANY, MADE_OPEN, "F", "M")


@dataclass(frozen=True)
class AgeBand:
    low: int
    high: int | None  # None: open-ended (100+)

    @property
    def name(self) -> str:
        return f"{self.low}+" if self.high is None else f"{self.low}-{self.high}"

    def holds(self, age: int) -> bool:
        return age >= self.low and (self.high is None or age <= self.high)


def bands_from_starts(starts: Sequence[int]) -> tuple[AgeBand, ...]:
    starts = sorted(starts)
    if not starts:
        raise RuleError(gettext("Give at least one age band."))
    if len(set(starts)) != len(starts) or starts[0] < 0:
        raise RuleError(gettext("Age bands must be different ages of 0 or more."))
    bands = [AgeBand(a, b - 1) for a, b in zip(starts, starts[1:], strict=False)]
    return tuple(bands) + (AgeBand(starts[-1], None),)


def parse_bands(text: str) -> tuple[AgeBand, ...]:
    """Read ``50,55,60,…``: each number starts a band, the last is open-ended."""
    try:
        parts = [part.strip() for part in text.split(",") if part.strip()]
        if not all(part.isascii() for part in parts):
            raise ValueError  # "٥٠" is no age here, as in every number read (ASCII digits)
        starts = [int(part) for part in parts]
    except ValueError:
        raise RuleError(
            gettext("'%(text)s' is not a list of ages such as 50,55,60.") % {"text": text}
        ) from None
    for before, after in zip(starts, starts[1:], strict=False):
        if after < before:
            raise RuleError(
                gettext(
                    "Age bands go from the youngest to the oldest: %(after)s comes after "
                    "%(before)s. Write them in order, such as 50,55,60."
                )
                % {"after": after, "before": before}
            )
    return bands_from_starts(starts)


def age_on(birth_date: datetime.date, day: datetime.date) -> int:
    """Whole years of age on ``day``."""
    years = day.year - birth_date.year
    if (day.month, day.day) < (birth_date.month, birth_date.day):
        years -= 1
    return years


@dataclass(frozen=True)
class DivisionSlot:
    """The division an entrant belongs in by the event's rules."""

    name: str
    min_age: int | None
    max_age: int | None
    gender: str  # "F", "M" or "" for any
    made_as: str = field(default="", compare=False)  # one of MADE_AS: the name was made


def made_division_name(made_as: str, min_age: int | None, max_age: int | None) -> str:
    """A made division's name in the active language, from its parts: ``Women 70-74``,
    ``Men Under 50``, ``Open 100+``, ``55-59`` in English (as ``assign_division`` names it),
    ``Femmes 70-74`` in French, ``Mujeres 70-74`` in Spanish."""
    if min_age is None and max_age is not None:
        under = max_age + 1
        words = {
            "F": gettext("Women Under %(age)s"),
            "M": gettext("Men Under %(age)s"),
            MADE_OPEN: gettext("Open Under %(age)s"),
        }.get(made_as) or gettext("Under %(age)s")
        return words % {"age": under}
    if max_age is None:
        words = {
            "F": gettext("Women %(age)s+"),
            "M": gettext("Men %(age)s+"),
            MADE_OPEN: gettext("Open %(age)s+"),
        }.get(made_as) or gettext("%(age)s+")
        return words % {"age": min_age}
    words = {
        "F": gettext("Women %(low)s-%(high)s"),
        "M": gettext("Men %(low)s-%(high)s"),
        MADE_OPEN: gettext("Open %(low)s-%(high)s"),
    }.get(made_as) or gettext("%(low)s-%(high)s")
    return words % {"low": min_age, "high": max_age}


def _english_made_name(made_as: str, min_age: int | None, max_age: int | None) -> str:
    """The name ``assign_division`` gives these parts (English, as stored)."""
    if min_age is None and max_age is not None:
        ages = f"Under {max_age + 1}"
    elif max_age is None:
        ages = f"{min_age}+"
    else:
        ages = f"{min_age}-{max_age}"
    split = {"F": "Women", "M": "Men", MADE_OPEN: "Open"}.get(made_as)
    return f"{split} {ages}" if split else ages


def made_as_of(name: str, gender: str, min_age: int | None, max_age: int | None) -> str:
    """What made a stored division's name, when its parts make exactly that name (a division
    stored before this was recorded); "" for a name typed by hand."""
    if min_age is None and max_age is None:
        return ""
    for made_as in MADE_AS:
        if made_as in GENDER_WORDS and gender != made_as:
            continue
        if _english_made_name(made_as, min_age, max_age) == name:
            return made_as
    return ""


def entry_age(
    *, birth_date: datetime.date | None, age: int | None, cutoff: datetime.date
) -> int | None:
    """An entrant's age as the event counts it: on the cut-off date from the birth date,
    else the age they gave; None when neither is known."""
    if birth_date is not None:
        return age_on(birth_date, cutoff)
    return age


def age_outside(years: int | None, *, min_age: int | None, max_age: int | None) -> bool:
    """The age is outside the event's limits (younger than its minimum, older than its
    maximum). An unknown age is not outside: it is a problem of its own."""
    if years is None:
        return False
    return (min_age is not None and years < min_age) or (max_age is not None and years > max_age)


def assign_division(
    *,
    birth_date: datetime.date | None,
    age: int | None,
    gender: str,
    bands: Sequence[AgeBand],
    by_gender: bool,
    cutoff: datetime.date,
    min_age: int | None = None,
    max_age: int | None = None,
) -> DivisionSlot:
    """The age group (and gender, where the event splits by it) of one entrant.

    Age comes from the birth date on the cut-off date; a stated age is used only
    without a birth date. Anyone younger than the first band plays in "Under N", whose
    ages start at the event's minimum age (``min_age``) when it has one. No group below
    the minimum is ever made: an entrant younger than the minimum whom the organizer
    accepted plays with the youngest ages allowed, one older than ``max_age`` with the
    oldest.
    """
    years = entry_age(birth_date=birth_date, age=age, cutoff=cutoff)
    if years is None:
        raise RuleError(
            gettext("needs a birth date, an age or a division to be placed in an age group")
        )
    if min_age is not None:
        years = max(years, min_age)
    if max_age is not None:
        years = min(years, max(max_age, min_age or 0))
    band = next((b for b in bands if b.holds(years)), None)
    if band is None:
        low = min(b.low for b in bands)
        name, low_age, high_age = f"Under {low}", min_age, low - 1
    else:
        name, low_age, high_age = band.name, band.low, band.high
    split = GENDER_WORDS.get(gender, "Open") if by_gender else ""
    if split:
        name = f"{split} {name}"
    made_as = (gender if gender in GENDER_WORDS else MADE_OPEN) if by_gender else MADE_ANY
    return DivisionSlot(
        name, low_age, high_age, gender if by_gender and split != "Open" else "", made_as
    )


# A division with one player (RULES.md, "Field size"): gold without play by default, or,
# where the event requires play, combined with a neighbouring division first.
LONE_WALKOVER = "walkover"
LONE_PLAY = "play"
LONE_ENTRANT_CHOICES = (LONE_WALKOVER, LONE_PLAY)


def _gap(a: DivisionSlot, b: DivisionSlot) -> int | None:
    """Years between two age ranges (0 when they touch or overlap); None when either has no
    age range at all (a division named in the registration file)."""
    if (a.min_age is None and a.max_age is None) or (b.min_age is None and b.max_age is None):
        return None
    a_low, b_low = a.min_age or 0, b.min_age or 0
    a_high = a.max_age if a.max_age is not None else 1000
    b_high = b.max_age if b.max_age is not None else 1000
    if b_low > a_high:
        return b_low - a_high
    if a_low > b_high:
        return a_low - b_high
    return 0


def division_slot(
    name: str,
    min_age: int | None,
    max_age: int | None,
    gender: str,
    *,
    ages: Sequence[int] = (),
    genders: Sequence[str] = (),
) -> DivisionSlot:
    """A division's age range and gender as the neighbour search reads them.

    A division made from the event's age groups keeps the range and gender it was made
    with. One named by hand ("Women 90+" in the registration file, or a combined
    division) has none stored: its players say what it is, from the youngest to the
    oldest player's age (``ages``), and the gender they all share (``genders``; blanks
    ignored, none when they differ). With no age known it has no range: then no
    neighbour can be chosen for it and the organizer must choose.
    """
    if min_age is not None or max_age is not None:
        return DivisionSlot(name, min_age, max_age, gender)
    known = {g for g in genders if g}
    shared = next(iter(known)) if len(known) == 1 else ""
    if not ages:
        return DivisionSlot(name, None, None, gender or shared)
    return DivisionSlot(name, min(ages), max(ages), gender or shared)


def nearest_division(lone: DivisionSlot, others: Sequence[DivisionSlot]) -> DivisionSlot | None:
    """The neighbouring division a lone player's division is best combined with: the
    nearest age band of the same gender; on a tie, the younger band (the lone player plays
    with the band next below, as Senior Games let a player compete in a younger group).
    A division open to any gender takes a lone woman's or man's division only when no
    division of their own gender has an age range. None when no such division has one."""
    candidates = [
        (other.gender != lone.gender, gap, other.min_age or 0, other.name, other)
        for other in others
        if (other.gender == lone.gender or not other.gender)
        and other.name != lone.name
        and (gap := _gap(lone, other)) is not None
    ]
    if not candidates:
        return None
    return min(candidates, key=lambda c: c[:4])[4]
