"""The hall: one room's physical tables, shared by every division of an event.

Table numbers are the hall's: no two tables in play at the same time share a number,
whatever their division. A new round takes the lowest free usable numbers; a
division's tables are free again when its round closes. The organizer may describe
the hall once (how many tables, which numbers are not to be used, which tables are
accessible); without that, numbers simply stay unique.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import count

from .errors import RuleError
from .notes import ACCESSIBLE, SeatingNote
from .words import gettext, ngettext

# The largest table number a hall may have (and the largest number ever given).
MAX_HALL_TABLES = 5000


@dataclass(frozen=True)
class Hall:
    """The hall's tables as the organizer described them.

    ``tables`` is how many tables the hall has (numbered 1..tables), or None when the
    organizer did not say: then any number may be given, and numbers only stay unique.
    """

    tables: int | None = None
    unusable: frozenset[int] = field(default_factory=frozenset)
    accessible: frozenset[int] = field(default_factory=frozenset)

    def __post_init__(self):
        problems = hall_problems(self.tables, self.unusable, self.accessible)
        if problems:
            raise RuleError(" ".join(message for _what, message in problems))

    def usable(self, number: int) -> bool:
        return (
            number >= 1
            and number not in self.unusable
            and (self.tables is None or number <= self.tables)
        )

    @property
    def usable_count(self) -> int | None:
        """How many tables may be given at all (None: no limit)."""
        if self.tables is None:
            return None
        return self.tables - len([n for n in self.unusable if n <= self.tables])


def parse_table_numbers(text: str | Iterable[int] | None, what: str = "table numbers") -> tuple:
    """Read ``12,19`` (or a list of numbers) as sorted, distinct table numbers.

    Refused, in words, when an item is not a whole number of at least 1."""
    if text is None:
        return ()
    items = text.split(",") if isinstance(text, str) else list(text)
    numbers = set()
    for item in items:
        word = str(item).strip()
        if not word:
            continue
        if (
            isinstance(item, bool)
            or not (word.isascii() and word.isdigit())
            or len(word) > 6
            or not 1 <= int(word) <= MAX_HALL_TABLES
        ):
            raise RuleError(
                gettext(
                    "%(what)s: '%(word)s' is not a table number (a whole number from 1 to "
                    "%(most)s, as 12,19)."
                )
                % {
                    "what": f"{what[:1].upper()}{what[1:]}",
                    "word": word[:20],
                    "most": MAX_HALL_TABLES,
                }
            )
        numbers.add(int(word))
    return tuple(sorted(numbers))


def hall_problems(
    tables: int | None, unusable: Collection[int], accessible: Collection[int]
) -> list[tuple[str, str]]:
    """What is wrong with a hall's description: (which part, the reason in words) for
    each problem, the part being "tables", "unusable" or "accessible" ([] when nothing)."""
    problems = []
    if tables is not None and (
        isinstance(tables, bool)
        or not isinstance(tables, int)
        or not 1 <= tables <= MAX_HALL_TABLES
    ):
        problems.append(
            (
                "tables",
                gettext(
                    "The hall's number of tables must be a whole number from 1 to %(most)s, "
                    "not '%(tables)s'."
                )
                % {"most": MAX_HALL_TABLES, "tables": str(tables)[:20]},
            )
        )
        return problems
    for what, numbers in (("unusable", unusable), ("accessible", accessible)):
        wrong = [
            n
            for n in numbers
            if not isinstance(n, int) or isinstance(n, bool) or not 1 <= n <= MAX_HALL_TABLES
        ]
        if wrong:
            if what == "unusable":
                message = gettext("The unusable tables must be table numbers from 1 to %(most)s.")
            else:
                message = gettext("The accessible tables must be table numbers from 1 to %(most)s.")
            problems.append((what, message % {"most": MAX_HALL_TABLES}))
            continue
        if tables is not None:
            beyond = sorted(n for n in numbers if n > tables)
            if beyond:
                if what == "unusable":
                    message = ngettext(
                        "Unusable table %(numbers)s is not in the hall: its %(tables)s tables "
                        "are numbered 1 to %(tables)s.",
                        "Unusable tables %(numbers)s are not in the hall: its %(tables)s tables "
                        "are numbered 1 to %(tables)s.",
                        len(beyond),
                    )
                else:
                    message = ngettext(
                        "Accessible table %(numbers)s is not in the hall: its %(tables)s tables "
                        "are numbered 1 to %(tables)s.",
                        "Accessible tables %(numbers)s are not in the hall: its %(tables)s "
                        "tables are numbered 1 to %(tables)s.",
                        len(beyond),
                    )
                numbers_shown = ", ".join(map(str, beyond))
                problems.append((what, message % {"numbers": numbers_shown, "tables": tables}))
    if problems:
        return problems
    both = sorted(set(unusable) & set(accessible))
    if both:
        message = ngettext(
            "Table %(numbers)s cannot be both unusable and accessible.",
            "Tables %(numbers)s cannot be both unusable and accessible.",
            len(both),
        )
        problems.append(("accessible", message % {"numbers": ", ".join(map(str, both))}))
    if tables is not None and len(set(unusable)) >= tables:
        problems.append(
            (
                "unusable",
                gettext("Every one of the hall's %(tables)s tables would be unusable.")
                % {"tables": tables},
            )
        )
    return problems


class HallFull(RuleError):
    """Seating needs more free tables than the hall has: nothing is seated."""

    def __init__(self, *, needed: Mapping[str, int], free: int, hall: Hall, holders):
        self.needed = dict(needed)
        self.free = free
        self.holders = list(holders)
        total = sum(self.needed.values())
        for_whom = "; ".join(
            gettext("%(who)s: %(count)s") % {"who": who, "count": n}
            for who, n in self.needed.items()
        )
        usable = hall.usable_count
        lines = [
            ngettext(
                "Not enough free tables in the hall: %(total)s needed (%(for_whom)s), "
                "%(free)s free of the hall's %(usable)s usable table.",
                "Not enough free tables in the hall: %(total)s needed (%(for_whom)s), "
                "%(free)s free of the hall's %(usable)s usable tables.",
                usable,
            )
            % {"total": total, "for_whom": for_whom, "free": free, "usable": usable}
        ]
        if self.holders:
            lines.append(gettext("Tables in play now:"))
            lines += [
                "  " + gettext("%(who)s: %(count)s") % {"who": who, "count": numbers_text(numbers)}
                for who, numbers in self.holders
            ]
        lines.append(
            gettext(
                "Nothing was seated: close a round that is over, or give the hall more tables "
                "(configure_event --hall-tables)."
            )
        )
        super().__init__("\n".join(lines))


def numbers_text(numbers: Sequence[int]) -> str:
    """``tables 1-3, 7`` for people to read."""
    numbers = sorted(numbers)
    runs: list[list[int]] = []
    for n in numbers:
        if runs and n == runs[-1][-1] + 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    parts = [f"{r[0]}-{r[-1]}" if len(r) > 2 else ", ".join(map(str, r)) for r in runs]
    return ngettext(
        "%(count)s table (%(numbers)s)", "%(count)s tables (%(numbers)s)", len(numbers)
    ) % {
        "count": len(numbers),
        "numbers": ", ".join(parts),
    }


def free_numbers(hall: Hall, in_use: Collection[int]) -> Iterable[int]:
    """The hall's usable numbers not in use, lowest first (endless without a size)."""
    taken = set(in_use)
    numbers = range(1, hall.tables + 1) if hall.tables is not None else count(1)
    return (n for n in numbers if n not in taken and hall.usable(n))


def take_numbers(
    hall: Hall,
    in_use: Collection[int],
    needed: Mapping[str, int],
    holders: Sequence[tuple[str, Sequence[int]]] = (),
) -> dict[str, tuple[int, ...]]:
    """The lowest free usable numbers for each of ``needed`` (who → how many tables), in
    that order; ``HallFull`` (naming the ``holders`` of the tables in play) when the hall
    has too few free."""
    total = sum(needed.values())
    free = []
    for n in free_numbers(hall, in_use):
        if len(free) == total:
            break
        free.append(n)
    if len(free) < total:
        raise HallFull(needed=needed, free=len(free), hall=hall, holders=holders)
    given, start = {}, 0
    for who, n in needed.items():
        given[who] = tuple(free[start : start + n])
        start += n
    return given


def number_candidates(hall: Hall, in_use: Collection[int], count: int) -> tuple[int, ...]:
    """The free usable numbers a round of ``count`` tables may be given: the lowest ones
    (enough to leave the accessible ones aside) and every free accessible one."""
    lowest = []
    for n in free_numbers(hall, in_use):
        if len(lowest) >= count + len(hall.accessible):
            break
        lowest.append(n)
    taken = set(in_use)
    accessible = [n for n in hall.accessible if n not in taken and hall.usable(n)]
    return tuple(sorted(set(lowest) | set(accessible)))


@dataclass(frozen=True)
class TableNumbers:
    """Each table's hall number (in the seating's order), and what could not be done."""

    numbers: tuple[int, ...]
    notes: tuple[SeatingNote, ...] = ()

    @property
    def warnings(self) -> tuple[str, ...]:
        """The notes in words, in the active language."""
        return tuple(note.in_words() for note in self.notes)


def assign_numbers(
    tables: Sequence[Sequence[str]],
    free: Sequence[int],
    *,
    accessible: Collection[int] = frozenset(),
    needs: Collection[str] = frozenset(),
    keep_accessible: bool = False,
    names: Mapping[str, str] | None = None,
    holders: Sequence[tuple[str, Sequence[int]]] = (),
    held_with_needs: Collection[int] = frozenset(),
) -> TableNumbers:
    """Give each table a number from ``free``.

    Tables with players who need an accessible table take the free accessible numbers
    first (the table with most such players first); the other tables take the lowest
    free numbers left. With ``keep_accessible`` (someone in the event needs an
    accessible table) the other tables leave the accessible numbers to those who need
    them: they take the lowest free numbers that are not accessible, and accessible ones
    only when no other number is free. Without it the round takes exactly the lowest
    free numbers, the hall's plain rule (docs/rules.md, "The hall"): an event that lists
    accessible tables but has nobody in need seats like any other.

    Every player who needs an accessible table and does not get one is named in the
    warnings, with the reason and what the organizer can do: ``holders`` (who → numbers,
    the tables in play) and ``held_with_needs`` (those of their numbers whose tables seat
    a player in need) let the warning name the divisions holding the accessible tables.
    """
    free = sorted(set(free))
    if len(free) < len(tables):
        raise RuleError(
            gettext("%(tables)s tables cannot take %(free)s free numbers.")
            % {"tables": len(tables), "free": len(free)}
        )
    label = (names or {}).get
    needs = set(needs)
    accessible = set(accessible)
    count = [sum(1 for p in table if p in needs) for table in tables]
    needing = sorted((i for i, n in enumerate(count) if n), key=lambda i: (-count[i], i))
    open_accessible = [n for n in free if n in accessible]
    numbers: list[int | None] = [None] * len(tables)
    for i in needing:
        if open_accessible:
            numbers[i] = open_accessible.pop(0)
    rest = [n for n in free if n not in set(numbers)]
    if keep_accessible:
        rest.sort(key=lambda n: (n in accessible, n))
    rest_iter = iter(rest)
    for i in range(len(tables)):
        if numbers[i] is None:
            numbers[i] = next(rest_iter)
    left_out = [i for i in needing if numbers[i] not in accessible]
    why = _why_no_accessible_table(accessible, holders, held_with_needs) if left_out else ""
    notes = []
    for i in left_out:
        players = tuple(p for p in tables[i] if p in needs)
        who = ", ".join(label(p) or p for p in players)
        notes.append(
            SeatingNote(
                ACCESSIBLE,
                ngettext(
                    "%(who)s needs an accessible table; %(why)s",
                    "%(who)s need an accessible table; %(why)s",
                    count[i],
                )
                % {"who": who, "why": why},
                numbers[i],
                players,
            )
        )
    return TableNumbers(tuple(numbers), tuple(notes))


def _why_no_accessible_table(
    accessible: Collection[int],
    holders: Sequence[tuple[str, Sequence[int]]],
    held_with_needs: Collection[int],
) -> str:
    """Why a player in need got no accessible table, and what the organizer can do."""
    if not accessible:
        return gettext("the hall has no accessible tables (configure_event --accessible).")
    needed = set(held_with_needs)
    without = [
        (who, [n for n in numbers if n in accessible and n not in needed])
        for who, numbers in holders
    ]
    without = [(who, numbers) for who, numbers in without if numbers]
    if without:
        held = "; ".join(
            gettext("%(who)s holds %(tables)s") % {"who": who, "tables": numbers_text(numbers)}
            for who, numbers in without
        )
        return ngettext(
            "no accessible table was free. Accessible tables are held by players who do not "
            "need them: %(held)s. To free one, seat that round again while none of its scores "
            "is in (“Fix the seating” on its division page): it then leaves the accessible "
            "tables free; then seat this round again the same way.",
            "no accessible table was free. Accessible tables are held by players who do not "
            "need them: %(held)s. To free one, seat one of those rounds again while none of its "
            "scores is in (“Fix the seating” on its division page): it then leaves the "
            "accessible tables free; then seat this round again the same way.",
            len(without),
        ) % {"held": held}
    with_needs = [(who, [n for n in numbers if n in accessible]) for who, numbers in holders]
    with_needs = [(who, numbers) for who, numbers in with_needs if numbers]
    if with_needs:
        held = "; ".join(f"{who}: {numbers_text(numbers)}" for who, numbers in with_needs)
        return gettext(
            "no accessible table was free: players who need them hold every one (%(held)s). "
            "Mark more of the hall's tables accessible in the event's settings, then seat "
            "this round again while none of its scores is in (“Fix the seating”)."
        ) % {"held": held}
    return gettext(
        "no accessible table was free: this round's other players in need hold them. Mark "
        "more of the hall's tables accessible in the event's settings, then seat this round "
        "again while none of its scores is in (“Fix the seating”)."
    )
