"""Divisions by the field's size: how many age groups a meet makes depends on how many play.

Some boards split a field into age groups only when it is large enough (the Northern
Virginia Senior Olympics: one division up to 16 players; above 16, two age groups,
50–74 and 75+; above 32, three, 50–64, 65–79 and 80+). A rule is a list of size
ranges, each with the ages that start its bands and, where the meet wants it, a split
by gender. Written ``16:50,75;32:50,65,80``: above 16 players, bands starting at 50
and 75; above 32, at 50, 65 and 80. A part may end in ``:gender`` (``32:50,65,80:gender``)
to split that size range by gender too.

A field no larger than the first size named plays as one division, its band starting
at the youngest age the rule names (``50+``), unless the rule names a range from 0
itself (``0:50,75``: always at least two groups). The field is counted over the
entrants given (the service passes those checked in, when registration closes); each
lands in exactly one group, or, with no age known, among the unplaced, for the
organizer to place.
"""

import datetime
from collections.abc import Sequence
from dataclasses import dataclass

from .divisions import AgeBand, DivisionSlot, assign_division, bands_from_starts
from .errors import RuleError
from .words import gettext, ngettext

GENDER_WORD = "gender"
MAX_FIELD_SIZE = 100_000
_GENDER_ORDER = {"F": 0, "M": 1, "": 2}


@dataclass(frozen=True)
class SizeRange:
    """The age groups of a field of more than ``above`` players (up to the next range)."""

    above: int
    starts: tuple[int, ...]
    by_gender: bool = False

    def __post_init__(self):
        bands_from_starts(self.starts)  # refuses no band, repeated or negative ages

    @property
    def bands(self) -> tuple[AgeBand, ...]:
        return bands_from_starts(self.starts)

    def text(self) -> str:
        """The range as ``--divisions-by-size`` writes it: ``32:50,65,80``."""
        ages = ",".join(str(a) for a in sorted(self.starts))
        return f"{self.above}:{ages}" + (f":{GENDER_WORD}" if self.by_gender else "")

    def bands_in_words(self) -> str:
        """``50-64, 65-79, 80+`` (and ``, women and men apart`` when split by gender)."""
        names = ", ".join(band.name for band in self.bands)
        if self.by_gender:
            return gettext("%(bands)s, women and men apart") % {"bands": names}
        return names


@dataclass(frozen=True)
class SizeDivisions:
    """A divisions-by-size rule: its ranges, smallest field first."""

    ranges: tuple[SizeRange, ...]

    def __post_init__(self):
        if not self.ranges:
            raise RuleError(gettext("A divisions-by-size rule needs at least one field size."))
        sizes = [r.above for r in self.ranges]
        if sizes != sorted(set(sizes)):
            raise RuleError(
                gettext(
                    "Field sizes go from the smallest to the largest, each once: "
                    "%(sizes)s. Write them in order, such as 16:50,75;32:50,65,80."
                )
                % {"sizes": ", ".join(str(s) for s in sizes)}
            )

    @property
    def one_division(self) -> SizeRange:
        """The range below the first size named: one division from the youngest age named."""
        if self.ranges[0].above == 0:
            return self.ranges[0]
        youngest = min(age for r in self.ranges for age in r.starts)
        return SizeRange(0, (youngest,))

    def all_ranges(self) -> tuple[SizeRange, ...]:
        """Every range, the implicit one-division range first when there is one."""
        if self.ranges[0].above == 0:
            return self.ranges
        return (self.one_division, *self.ranges)

    def range_for(self, size: int) -> SizeRange:
        """The range a field of ``size`` players falls in."""
        chosen = self.one_division
        for size_range in self.ranges:
            if size > size_range.above:
                chosen = size_range
        return chosen

    def text(self) -> str:
        """The rule as ``--divisions-by-size`` takes it: ``16:50,75;32:50,65,80``."""
        return ";".join(r.text() for r in self.ranges)

    def in_words(self) -> list[str]:
        """One line per range, for the settings page and the desk:
        ``Up to 16 players: 50+``, ``17 players or more: 50-74, 75+``."""
        lines = []
        ranges = self.all_ranges()
        for index, size_range in enumerate(ranges):
            following = ranges[index + 1].above if index + 1 < len(ranges) else None
            if following is None:
                sizes = ngettext(
                    "%(low)s player or more", "%(low)s players or more", size_range.above + 1
                ) % {"low": size_range.above + 1}
            else:
                sizes = gettext("%(low)s to %(high)s players") % {
                    "low": size_range.above + 1,
                    "high": following,
                }
            lines.append(
                gettext("%(sizes)s: %(bands)s")
                % {"sizes": sizes, "bands": size_range.bands_in_words()}
            )
        return lines


def _refuse(part: str, why: str) -> RuleError:
    return RuleError(
        gettext(
            "'%(part)s' %(why)s: write each field size and the ages that start its groups, "
            "such as 16:50,75;32:50,65,80."
        )
        % {"part": part, "why": why}
    )


def _whole(text: str) -> int | None:
    text = text.strip()
    if text.isascii() and text.isdigit():  # "٥٠" is no number here, as elsewhere
        return int(text)
    return None


def _parse_part(part: str) -> SizeRange:
    pieces = [piece.strip() for piece in part.split(":")]
    if len(pieces) < 2:
        raise _refuse(part, gettext("has no ':' between the field size and the ages"))
    if len(pieces) > 3 or (len(pieces) == 3 and pieces[2].lower() != GENDER_WORD):
        raise _refuse(part, gettext("may end only in ':gender'"))
    size = _whole(pieces[0])
    if size is None or size > MAX_FIELD_SIZE:
        raise _refuse(part, gettext("does not start with a number of players"))
    ages = [_whole(age) for age in pieces[1].split(",") if age.strip()]
    if not ages or None in ages:
        raise _refuse(part, gettext("needs whole ages after the ':'"))
    if ages != sorted(set(ages)):
        raise _refuse(part, gettext("has ages out of order or repeated"))
    return SizeRange(size, tuple(ages), by_gender=len(pieces) == 3)


def parse_size_divisions(text: str | None) -> SizeDivisions | None:
    """Read ``16:50,75;32:50,65,80`` (None or blank: no such rule); a RuleError in words
    naming the part that cannot be read."""
    if text is None or not str(text).strip():
        return None
    parts = [part.strip() for part in str(text).split(";") if part.strip()]
    return SizeDivisions(tuple(_parse_part(part) for part in parts))


@dataclass(frozen=True)
class FieldEntrant:
    """An entrant counted in the field: an id, and what places them by age and gender."""

    id: str
    birth_date: datetime.date | None = None
    age: int | None = None
    gender: str = ""


@dataclass(frozen=True)
class FieldGroup:
    """One division the rule makes, and who lands in it."""

    slot: DivisionSlot
    entrants: tuple[str, ...]


@dataclass(frozen=True)
class FieldGrouping:
    """What a divisions-by-size rule makes of one field, for the desk to show and the
    service to apply: the field's size, the range that applied, the groups, and the
    entrants no age places (the organizer places them)."""

    size: int
    range: SizeRange
    groups: tuple[FieldGroup, ...]
    unplaced: tuple[str, ...] = ()

    def group_of(self, entrant: str) -> FieldGroup | None:
        return next((g for g in self.groups if entrant in g.entrants), None)

    def in_words(self) -> str:
        """``40 players: more than 32, so 50-64, 65-79, 80+.`` (or one division)."""
        counted = ngettext("%(size)s player", "%(size)s players", self.size) % {"size": self.size}
        if self.range.above == 0 and len(self.range.starts) == 1 and not self.range.by_gender:
            return gettext("%(counted)s: one division (%(bands)s).") % {
                "counted": counted,
                "bands": self.range.bands_in_words(),
            }
        return gettext("%(counted)s: more than %(above)s, so %(bands)s.") % {
            "counted": counted,
            "above": self.range.above,
            "bands": self.range.bands_in_words(),
        }


def group_field(
    rule: SizeDivisions,
    entrants: Sequence[FieldEntrant],
    *,
    cutoff: datetime.date,
    by_gender: bool = False,
    min_age: int | None = None,
    max_age: int | None = None,
) -> FieldGrouping:
    """Apply ``rule`` to a field: its size picks the range, each entrant's age on ``cutoff``
    (the birth date, else the age given) picks the group. ``by_gender`` (the event's gender
    split) splits every range, as a range's own ``:gender`` does. Groups come youngest
    first, women before men; only groups with someone in them are listed. The event's age
    limits (``min_age``, ``max_age``) make no group outside them (``assign_division``)."""
    size_range = rule.range_for(len(entrants))
    split = size_range.by_gender or by_gender
    members: dict[DivisionSlot, list[str]] = {}
    unplaced = []
    for entrant in entrants:
        try:
            slot = assign_division(
                birth_date=entrant.birth_date,
                age=entrant.age,
                gender=entrant.gender,
                bands=size_range.bands,
                by_gender=split,
                cutoff=cutoff,
                min_age=min_age,
                max_age=max_age,
            )
        except RuleError:
            unplaced.append(entrant.id)
            continue
        members.setdefault(slot, []).append(entrant.id)
    order = sorted(
        members,
        key=lambda s: (s.min_age if s.min_age is not None else -1, _GENDER_ORDER.get(s.gender, 3)),
    )
    groups = tuple(FieldGroup(slot, tuple(members[slot])) for slot in order)
    return FieldGrouping(len(entrants), size_range, groups, tuple(unplaced))
