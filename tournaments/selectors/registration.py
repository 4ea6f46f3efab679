"""What importing an entrants file will do, worked out before anything is saved: per row,
new, changed (each field old → new), unchanged or refused, the division it lands in, its
refusals and warnings; and the registered entrants the file no longer holds.

The one plan the upload's preview shows, the command prints and the import
(``tournaments.services.entrants_import``) carries out: what the preview said is what the
button does.
"""

import datetime
from dataclasses import dataclass, field

from django.utils import formats, timezone
from django.utils.translation import gettext

from tournaments import engine
from tournaments.models import ENTRANT_DETAILS, Division, Entrant, EntrantRemoval, Event
from tournaments.registration import ParsedRegistrations, RegistrationRow
from tournaments.text import fold, isolate

from .brackets import seated_bracket_ids

NEW, CHANGED, UNCHANGED, REFUSED = "new", "changed", "unchanged", "refused"
# Removed before play (``entrant_remove``) and still in the file: skipped, not registered
# again unless the organizer asks (``again_lines``).
REMOVED = "removed"
# A new entrant whose division is already in play or finished, left out by the organizer.
LEFT_OUT = "left_out"
# Entrant field -> the file column it comes from, where the names differ.
UPDATE_COLUMNS = {"stated_age": "age"}
# The entrant's fields a file fills, in the order a change is told.
FILE_FIELDS = (*ENTRANT_DETAILS, "stated_age")


def person_key(first: str, last: str, birth: datetime.date | None) -> tuple:
    """Who a person is when the file gives no id: names (accents and case folded, as
    ``tournaments.text.fold`` folds them) and birth date."""
    return (fold(first), fold(last), birth)


def entrant_fields(row: RegistrationRow) -> dict:
    """The entrant's fields as the row gives them."""
    return dict(
        first_name=row.first_name,
        last_name=row.last_name,
        birth_date=row.birth_date,
        stated_age=row.age,
        gender=row.gender if row.gender in ("F", "M", "X") else "",
        club=row.club,
        family=row.family,
        state=row.state,
        accessible=row.accessible,
        email=row.email,
        phone=row.phone,
        emergency_contact=row.emergency_contact,
        address=row.address,
        public_opt_out=row.public_opt_out,
    )


def division_for(event: Event, row: RegistrationRow, bands, cache: dict) -> Division:
    """The division a row names, else the one its age and gender give (unsaved if new).
    No age group below the event's minimum age is made (``engine.assign_division``)."""
    if row.division:
        name, defaults = row.division, {}
    else:
        slot = engine.assign_division(
            birth_date=row.birth_date,
            age=row.age,
            gender=row.gender,
            bands=bands,
            by_gender=event.by_gender,
            cutoff=event.age_cutoff,
            min_age=event.min_age,
            max_age=event.max_age,
        )
        name = slot.name
        defaults = {"min_age": slot.min_age, "max_age": slot.max_age, "gender": slot.gender}
        defaults["made_as"] = slot.made_as  # the name shows in the reader's language
    key = name.casefold()
    if key not in cache:
        existing = Division.objects.filter(event=event, name__iexact=name).first()
        cache[key] = existing or Division(event=event, name=name, **defaults)
    return cache[key]


def day_words(day: datetime.date | None) -> str:
    """A day as the preview's other dates show it (the language's date format)."""
    return formats.date_format(day, "DATE_FORMAT") if day else gettext("unknown")


def removed_day(removal: EntrantRemoval) -> str:
    """The day an entrant was removed, in the event's time zone and the page's format."""
    at = timezone.localtime(removal.at) if timezone.is_aware(removal.at) else removal.at
    return day_words(at.date())


def removed_words(removal: EntrantRemoval) -> str:
    """ "Removed before play on 7 December 2026 (entered twice)": a skipped row's words."""
    return gettext("Removed before play on %(day)s (%(reason)s)") % {
        "day": removed_day(removal),
        "reason": removal.reason,
    }


def ages_allowed_words(event: Event) -> str:
    """The event's ages in words: "50 and older", "up to 18", "50 to 64"."""
    low, high = event.min_age, event.max_age
    if high is None:
        return gettext("%(low)s and older") % {"low": low}
    if low is None:
        return gettext("up to %(high)s") % {"high": high}
    return gettext("%(low)s to %(high)s") % {"low": low, "high": high}


@dataclass(frozen=True)
class Change:
    """One field of a registered entrant the file changes: its name (the entrant's field,
    or "division"), the value stored and the file's."""

    field: str
    old: object
    new: object


@dataclass
class RowPlan:
    """One line of the file: what importing it does."""

    line: int
    row: RegistrationRow | None  # None: the line could not be read (``problems`` say why)
    action: str = NEW
    division: Division | None = None
    entrant: Entrant | None = None  # the registered entrant it matches
    changes: list[Change] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)  # refusals: the row is not imported
    warnings: list[str] = field(default_factory=list)
    age: int | None = None  # on the cut-off date
    age_outside: bool = False  # outside the event's ages (refused unless accepted)
    age_accepted: bool = False
    removal: EntrantRemoval | None = None  # removed before play, and in the file again
    again: bool = False  # ... and registered again, as the organizer asked
    late: bool = False  # new, and their division is already in play or finished
    # A line that could not be read: the name and id it gives, as far as they were read.
    shown_name: str = ""
    shown_id: str = ""

    @property
    def name(self) -> str:
        return f"{self.row.first_name} {self.row.last_name}" if self.row else self.shown_name

    @property
    def entrant_id(self) -> str:
        if self.entrant is not None:
            return self.entrant.external_id
        return self.row.entrant_id if self.row else self.shown_id


@dataclass
class ImportPlan:
    event: Event
    update: bool
    present: set[str]  # the entrant fields the file has columns for
    rows: list[RowPlan]
    missing: list[Entrant]  # registered, and no longer in the file (left as they are)
    # Of those, the ids that may be marked absent: not yet absent, out of play or seated.
    markable: set[str]
    divisions: dict  # name (folded) -> Division, unsaved when new

    def counted(self, action: str) -> int:
        return sum(1 for r in self.rows if r.action == action)

    @property
    def new(self) -> int:
        return self.counted(NEW)

    @property
    def changed(self) -> int:
        return self.counted(CHANGED)

    @property
    def unchanged(self) -> int:
        return self.counted(UNCHANGED)

    @property
    def refused(self) -> int:
        return self.counted(REFUSED)

    @property
    def removed(self) -> int:
        return self.counted(REMOVED)

    @property
    def left_out(self) -> int:
        return self.counted(LEFT_OUT)

    @property
    def late_rows(self) -> list[RowPlan]:
        """New entrants whose division is already in play or finished."""
        return [r for r in self.rows if r.late]

    @property
    def refused_rows(self) -> list[RowPlan]:
        return [r for r in self.rows if r.action == REFUSED]

    @property
    def removed_rows(self) -> list[RowPlan]:
        """Rows of entrants removed before play (skipped, or registered again)."""
        return [r for r in self.rows if r.removal is not None]

    @property
    def age_outside_rows(self) -> list[RowPlan]:
        return [r for r in self.rows if r.age_outside]

    @property
    def new_divisions(self) -> list[str]:
        used = {id(r.division) for r in self.rows if r.action in (NEW, CHANGED)}
        return [d.name for d in self.divisions.values() if d.pk is None and id(d) in used]

    def refusal_lines(self) -> list[str]:
        """Every refusal as "line N: …", in the file's order."""
        return [
            gettext("line %(line)s: %(problem)s") % {"line": r.line, "problem": problem}
            for r in self.rows
            for problem in r.problems
        ]


class _Planner:
    def __init__(self, event, update, present, accept_lines, again_lines=(), leave_lines=()):
        self.event = event
        self.update = update
        self.present = present
        self.accept_lines = set(accept_lines)
        self.again_lines = set(again_lines)
        self.leave_lines = set(leave_lines)
        # Removed before play: by id, and by names and birth date (the latest removal).
        self.removed_by_id: dict[str, EntrantRemoval] = {}
        self.removed_by_person: dict[tuple, EntrantRemoval] = {}
        for removal in EntrantRemoval.objects.filter(event=event).order_by("at", "pk"):
            self.removed_by_id[removal.external_id] = removal
            if removal.first_name and removal.last_name:
                key = person_key(removal.first_name, removal.last_name, removal.birth_date)
                self.removed_by_person[key] = removal
        self.entrants = list(
            Entrant.objects.filter(event=event).select_related("division__combined_into")
        )
        self.by_id = {e.external_id: e for e in self.entrants}
        self.by_person: dict[tuple, list[Entrant]] = {}
        self.by_names: dict[tuple, list[Entrant]] = {}
        for e in self.entrants:
            self.by_person.setdefault(person_key(e.first_name, e.last_name, e.birth_date), [])
            self.by_person[person_key(e.first_name, e.last_name, e.birth_date)].append(e)
            self.by_names.setdefault((fold(e.first_name), fold(e.last_name)), []).append(e)
        self.seated = seated_bracket_ids(event, finished=True)
        self.bands = engine.parse_bands(event.age_bands)
        self.divisions: dict = {}
        self.seen_people: dict[tuple, int] = {}
        self.id_people: dict[tuple, tuple[int, str]] = {}  # with an id: the first line, id
        self.matched: dict[int, int] = {}  # entrant pk -> the line that matched it

    def match(self, plan: RowPlan) -> None:
        """The registered entrant the row is: by its id, else (no id) by names and birth
        date. Without ``update`` a match is refused as already registered."""
        row = plan.row
        if row.entrant_id:
            if row.birth_date is not None:
                key = person_key(row.first_name, row.last_name, row.birth_date)
                line, other = self.id_people.setdefault(key, (row.line, row.entrant_id))
                if other != row.entrant_id:
                    plan.warnings.append(
                        gettext("possibly the same person as line %(line)s (id %(id)s)")
                        % {"line": line, "id": other}
                    )
            current = self.by_id.get(row.entrant_id)
            if current is not None and not self.update:
                plan.problems.append(
                    gettext(
                        "entrant id %(id)s is already registered (%(name)s); use --update to "
                        "change their details"
                    )
                    % {"id": row.entrant_id, "name": isolate(current.name)}
                )
            plan.entrant = current
            return
        key = person_key(row.first_name, row.last_name, row.birth_date)
        if key in self.seen_people:
            plan.problems.append(
                gettext("%(name)s (born %(born)s) is also on line %(line)s")
                % {
                    "name": plan.name,
                    "born": day_words(row.birth_date),
                    "line": self.seen_people[key],
                }
            )
            return
        self.seen_people[key] = row.line
        found = self.by_person.get(key, [])
        if not found:
            return
        if not self.update:
            plan.problems.append(
                gettext("%(name)s is already registered as %(id)s")
                % {"name": plan.name, "id": found[0].external_id}
            )
        elif len(found) > 1:
            plan.problems.append(
                gettext(
                    "%(name)s (born %(born)s) matches %(count)s registered entrants "
                    "(%(ids)s): give the file an id column, or change them by hand"
                )
                % {
                    "name": plan.name,
                    "born": day_words(row.birth_date),
                    "count": len(found),
                    "ids": ", ".join(sorted(e.external_id for e in found)),
                }
            )
        else:
            plan.entrant = found[0]

    def place(self, plan: RowPlan) -> None:
        """The division the row lands in; a registered entrant keeps theirs unless the file
        names another or their age changed."""
        row, current = plan.row, plan.entrant
        try:
            if current is not None and not self._moves_division(row, current):
                plan.division = current.division
            else:
                plan.division = division_for(self.event, row, self.bands, self.divisions)
        except engine.RuleError as error:
            plan.problems.append(f"{plan.name} {error}")

    def _moves_division(self, row, current: Entrant) -> bool:
        if "division" in self.present and row.division:
            return row.division.casefold() != current.division.name.casefold()
        if "birth_date" in self.present and row.birth_date and row.birth_date != current.birth_date:
            return True
        return "age" in self.present and row.age is not None and row.age != current.stated_age

    def changes(self, plan: RowPlan) -> None:
        current = plan.entrant
        fields = entrant_fields(plan.row)
        for name in FILE_FIELDS:
            if UPDATE_COLUMNS.get(name, name) not in self.present:
                continue
            old, new = getattr(current, name), fields[name]
            if old != new:
                plan.changes.append(Change(name, old, new))
        if (
            plan.division is None
            or plan.division.name.casefold() == current.division.name.casefold()
        ):
            plan.division = current.division
        else:
            plan.changes.append(Change("division", current.division.name, plan.division.name))

    def refusals(self, plan: RowPlan) -> None:
        current = plan.entrant
        if current is None:
            return
        if current.erased_at is not None:
            plan.problems.insert(
                0,
                gettext(
                    "entrant id %(id)s: their personal data were erased at their request; "
                    "nothing of them is imported again"
                )
                % {"id": current.external_id},
            )
            return
        if not plan.changes:
            return
        moving = any(c.field == "division" for c in plan.changes)
        if moving:
            brackets = {current.division.bracket.pk}
            if plan.division.pk is not None:
                brackets.add(plan.division.bracket.pk)
            if brackets & self.seated:
                plan.problems.append(
                    gettext("%(name)s cannot change division: play has started")
                    % {"name": isolate(current.name)}
                )
                return
        if current.division.bracket.pk in self.seated:
            # A seated player is not changed by a file (the command interface's rule): the
            # row is refused, naming them; the desk changes them on their page.
            plan.problems.append(
                gettext(
                    "%(name)s (%(id)s) is already seated in %(division)s: their details are "
                    "not changed by a file (change them on their page)"
                )
                % {
                    "name": isolate(current.name),
                    "id": current.external_id,
                    "division": current.division.bracket.name,
                }
            )

    def ages(self, plan: RowPlan) -> None:
        """Outside the event's ages: refused unless the organizer accepts the row. Checked
        for a row that registers someone or changes their age."""
        row = plan.row
        plan.age = engine.entry_age(
            birth_date=row.birth_date, age=row.age, cutoff=self.event.age_cutoff
        )
        if plan.entrant is not None and not any(
            c.field in ("birth_date", "stated_age") for c in plan.changes
        ):
            return
        if not engine.age_outside(plan.age, min_age=self.event.min_age, max_age=self.event.max_age):
            return
        plan.age_outside = True
        words = {
            "name": plan.name,
            "age": plan.age,
            "day": day_words(self.event.age_cutoff),
            "ages": ages_allowed_words(self.event),
        }
        if row.line in self.accept_lines:
            plan.age_accepted = True
            plan.warnings.append(
                gettext(
                    "%(name)s is %(age)s on %(day)s, outside the event's ages (%(ages)s): "
                    "accepted by the organizer"
                )
                % words
            )
        else:
            plan.problems.append(
                gettext(
                    "%(name)s is %(age)s on %(day)s, outside the event's ages (%(ages)s); "
                    "registered only if the organizer accepts them"
                )
                % words
            )

    def warn(self, plan: RowPlan) -> None:
        row = plan.row
        if row.birth_date is None:
            if row.age is not None:
                plan.warnings.append(
                    gettext("no birth date: the age given (%(age)s) is used") % {"age": row.age}
                )
            elif not plan.problems:
                plan.warnings.append(
                    gettext("no birth date or age: the event's ages cannot be checked")
                )
        division = plan.division
        if (
            plan.entrant is None
            and not plan.problems
            and division is not None
            and division.pk is not None
            and division.bracket.pk in self.seated
        ):
            bracket = division.bracket
            if bracket.status == Division.Status.COMPLETE:
                words = gettext(
                    "%(division)s is finished: they cannot be seated in it; check-in will "
                    "say so (move them by hand, or leave them out)"
                )
            else:
                words = gettext(
                    "%(division)s is already being played: they cannot be seated in it; "
                    "check-in will say so (move them by hand, or leave them out)"
                )
            plan.warnings.append(words % {"division": bracket.name})
            plan.late = True
        if plan.entrant is None and not plan.problems:
            namesakes = [
                e
                for e in self.by_names.get((fold(row.first_name), fold(row.last_name)), [])
                if e.pk not in self.matched
            ]
            if namesakes:
                plan.warnings.append(
                    gettext(
                        "a new entrant: %(ids)s of the same name is registered with another "
                        "birth date (the same person? then correct the birth date)"
                    )
                    % {"ids": ", ".join(e.external_id for e in namesakes)}
                )

    def removed(self, plan: RowPlan) -> None:
        """A new row that is an entrant removed before play (by id, else by names and birth
        date): skipped, unless the organizer registers them again."""
        row = plan.row
        removal = None
        if row.entrant_id:
            removal = self.removed_by_id.get(row.entrant_id)
        if removal is None:
            removal = self.removed_by_person.get(
                person_key(row.first_name, row.last_name, row.birth_date)
            )
        if removal is None:
            return
        plan.removal = removal
        words = {"day": removed_day(removal), "reason": removal.reason}
        if row.line in self.again_lines:
            plan.again = True
            plan.warnings.append(
                gettext(
                    "removed before play on %(day)s (%(reason)s): registered again, as the "
                    "organizer asked"
                )
                % words
            )

    def plan(self, row: RegistrationRow) -> RowPlan:
        plan = RowPlan(line=row.line, row=row)
        self.match(plan)
        if plan.entrant is None and not plan.problems:
            self.removed(plan)
        if plan.entrant is not None:
            if plan.entrant.pk in self.matched:
                plan.problems.append(
                    gettext("%(id)s is also on line %(line)s")
                    % {"id": plan.entrant.external_id, "line": self.matched[plan.entrant.pk]}
                )
            self.matched.setdefault(plan.entrant.pk, row.line)
        if not plan.problems:
            self.place(plan)
        if plan.entrant is not None and not plan.problems:
            self.changes(plan)
        self.refusals(plan)
        if not plan.problems:
            self.ages(plan)
        self.warn(plan)
        if plan.problems:
            plan.action = REFUSED
        elif plan.removal is not None and not plan.again:
            plan.action = REMOVED
        elif plan.late and row.line in self.leave_lines:
            plan.action = LEFT_OUT
        elif plan.entrant is None:
            plan.action = NEW
        else:
            plan.action = CHANGED if plan.changes else UNCHANGED
        return plan


def import_plan(
    *,
    event: Event,
    parsed: ParsedRegistrations,
    update: bool = False,
    accept_lines=(),
    again_lines=(),
    leave_lines=(),
) -> ImportPlan:
    """What importing ``parsed`` into ``event`` does, row by row (nothing is saved).

    A row matches a registered entrant by its id or, without one, by names and birth date
    (accents and case folded); without ``update`` a match is refused as already
    registered. A row whose age on the cut-off date is outside the event's ages is refused
    unless its line is in ``accept_lines`` (the organizer accepted it knowingly). A row for
    an entrant removed before play (same id, else names and birth date) is skipped
    (``REMOVED``) unless its line is in ``again_lines``. A new entrant whose division is
    already in play or finished is registered with a warning (``late``), or left out
    (``LEFT_OUT``) when its line is in ``leave_lines``."""
    present = set(parsed.columns)
    if "full_name" in present:
        present |= {"first_name", "last_name"}
    planner = _Planner(event, update, present, accept_lines, again_lines, leave_lines)
    rows = [planner.plan(row) for row in parsed.rows]
    who = parsed.refused_who
    unread: dict[int, RowPlan] = {}
    for line, message in parsed.row_problems:
        if line not in unread:
            name, entrant_id = who.get(line, ("", ""))
            unread[line] = RowPlan(line=line, row=None, action=REFUSED,
                                   shown_name=name, shown_id=entrant_id)  # fmt: skip
        unread[line].problems.append(message)
    rows += list(unread.values())
    rows.sort(key=lambda r: r.line)
    missing = []
    if update:
        missing = [
            e
            for e in sorted(planner.entrants, key=lambda e: (e.last_name, e.first_name))
            if e.pk not in planner.matched and e.erased_at is None
        ]
    markable = {
        e.external_id
        for e in missing
        if e.status in (Entrant.Status.REGISTERED, Entrant.Status.CHECKED_IN)
        and e.division.bracket.pk not in planner.seated
    }
    return ImportPlan(
        markable=markable,
        event=event,
        update=update,
        present=present,
        rows=rows,
        missing=missing,
        divisions=planner.divisions,
    )
