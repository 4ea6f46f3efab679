"""Registration: entrants from a file or by hand, and the divisions they land in."""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext, ngettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round
from tournaments.registration import ParsedRegistrations, RegistrationRow
from tournaments.selectors import DivisionMove, division_moves, seated_bracket_ids
from tournaments.text import isolate, visible_text

from ._common import auto_ids, model_clean, person_key

ENTRANT_FIELDS = (
    "first_name",
    "last_name",
    "birth_date",
    "gender",
    "club",
    "family",
    "state",
    "accessible",
    "email",
    "phone",
    # Privacy (docs/privacy.md): deleted after the event, and the wish to be named by
    # initials on the public pages.
    "emergency_contact",
    "address",
    "public_opt_out",
)
# What the purge after the event deleted, and no import or edit brings back.
PERSONAL_FIELDS = (
    "birth_date",
    "state",
    "family",
    "accessible",
    "email",
    "phone",
    "emergency_contact",
    "address",
)
# Entrant field -> the file column it comes from, where the names differ.
UPDATE_COLUMNS = {"stated_age": "age"}


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    skipped_other_events: dict[str, int] = field(default_factory=dict)
    divisions_created: list[str] = field(default_factory=list)


def _division_for(event: Event, row: RegistrationRow, bands, cache: dict) -> Division:
    """The division a row names, else the one its age and gender give (unsaved if new)."""
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
    key = name.casefold()
    if key not in cache:
        existing = Division.objects.filter(event=event, name__iexact=name).first()
        cache[key] = existing or Division(event=event, name=name, **defaults)
    return cache[key]


def _moves_division(row, current: Entrant, present: set[str]) -> bool:
    """On --update, a division changes only when the file names one or the age changed."""
    if "division" in present and row.division:
        return True
    if "birth_date" in present and row.birth_date and row.birth_date != current.birth_date:
        return True
    return "age" in present and row.age is not None and row.age != current.stated_age


@dataclass
class _ImportPlan:
    """What an import will do, worked out before anything is saved."""

    event: Event
    update: bool
    present: set[str]
    existing: dict[str, Entrant]
    people: dict
    seated: set[int]
    bands: tuple
    divisions: dict = field(default_factory=dict)
    planned: list = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    seen_people: dict = field(default_factory=dict)

    def add(self, row: RegistrationRow) -> None:
        """Plan one row, or note why it cannot be imported."""
        current = self.existing.get(row.entrant_id) if row.entrant_id else None
        try:
            if (
                current is not None
                and self.update
                and not _moves_division(row, current, self.present)
            ):
                division = current.division
            else:
                division = _division_for(self.event, row, self.bands, self.divisions)
        except RuleError as error:
            self.problems.append(
                gettext("line %(line)s: %(name)s %(problem)s")
                % {"line": row.line, "name": f"{row.first_name} {row.last_name}", "problem": error}
            )
            return
        problem = self._refusal(row, current, division)
        if problem:
            self.problems.append(
                gettext("line %(line)s: %(problem)s") % {"line": row.line, "problem": problem}
            )
        else:
            self.planned.append((row, division, current))

    def _refusal(self, row, current: Entrant | None, division: Division) -> str:
        if current is not None and current.erased_at is not None:
            return gettext(
                "entrant id %(id)s: their personal data were erased at their request; "
                "nothing of them is imported again"
            ) % {"id": row.entrant_id}
        if current is not None and not self.update:
            return gettext(
                "entrant id %(id)s is already registered (%(name)s); use --update to change "
                "their details"
            ) % {"id": row.entrant_id, "name": isolate(current.name)}
        if not row.entrant_id:
            key = person_key(row.first_name, row.last_name, row.birth_date)
            if key in self.people:
                return gettext("%(name)s is already registered as %(id)s") % {
                    "name": f"{row.first_name} {row.last_name}",
                    "id": self.people[key].external_id,
                }
            if key in self.seen_people:
                return gettext("%(name)s (born %(born)s) is also on line %(line)s") % {
                    "name": f"{row.first_name} {row.last_name}",
                    "born": row.birth_date or gettext("unknown"),
                    "line": self.seen_people[key],
                }
            self.seen_people[key] = row.line
        if current is not None and current.division_id != division.pk:
            moving = {current.division.bracket.pk, division.bracket.pk if division.pk else None}
            if moving & self.seated:
                return gettext("%(name)s cannot change division: play has started") % {
                    "name": isolate(current.name)
                }
        return ""


def _entrant_fields(row: RegistrationRow, division: Division) -> dict:
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
        division=division,
    )


def _save(plan: _ImportPlan, report: ImportReport) -> None:
    for division in plan.divisions.values():
        if division.pk is None:
            division.save()
            report.divisions_created.append(division.name)
    new_ids = auto_ids(set(plan.existing) | {row.entrant_id for row, _, _ in plan.planned})
    new_entrants = []
    for row, division, current in plan.planned:
        fields = _entrant_fields(row, division)
        if current is not None:
            # --update changes what the file has columns for, and nothing else.
            for name, value in fields.items():
                if UPDATE_COLUMNS.get(name, name) in plan.present or name == "division":
                    setattr(current, name, value)
            current.save()
            report.updated += 1
            continue
        entrant_id = row.entrant_id or next(new_ids)
        new_entrants.append(Entrant(event=plan.event, external_id=entrant_id, **fields))
    Entrant.objects.bulk_create(new_entrants, batch_size=500)
    report.created = len(new_entrants)


def entrants_import(
    *, event: Event, parsed: ParsedRegistrations, update: bool = False
) -> ImportReport:
    """Register every row of an entrants file, or none of them.

    An id already registered is refused unless ``update``; a row without id that
    matches a registered person (names and birth date) is refused as registered.
    """
    _refuse_after_purge(event)
    report = ImportReport(skipped_other_events=dict(parsed.skipped_by_event))
    present = set(parsed.columns)
    if "full_name" in present:
        present |= {"first_name", "last_name"}
    with transaction.atomic():
        existing = {e.external_id: e for e in Entrant.objects.filter(event=event)}
        plan = _ImportPlan(
            event=event,
            update=update,
            present=present,
            existing=existing,
            people={
                person_key(e.first_name, e.last_name, e.birth_date): e for e in existing.values()
            },
            seated=seated_bracket_ids(event),
            bands=engine.parse_bands(event.age_bands),
        )
        for row in parsed.rows:
            plan.add(row)
        if plan.problems:
            raise RuleError("\n".join([gettext("Nothing was imported:"), *plan.problems]))
        _save(plan, report)
    return report


def _refuse_after_purge(event: Event, fields: dict | None = None) -> None:
    """Once the event's personal data were deleted, none comes back: no import, and no
    birth date, contact detail or seating need typed for an entrant."""
    if event.personal_purged_at is None:
        return
    if fields is not None and not any(fields.get(name) for name in PERSONAL_FIELDS):
        return
    raise RuleError(
        gettext(
            "The personal data of %(event)s were deleted on %(day)s (%(days)s days after "
            "the event): birth dates, contact details and seating needs are no longer kept."
        )
        % {
            "event": event.name,
            "day": event.personal_purged_at.date().isoformat(),
            "days": event.personal_data_days,
        }
    )


def _new_entrant(event: Event, external_id: str, first: str, last: str, key) -> Entrant:
    for other in Entrant.objects.filter(
        event=event, first_name__iexact=first, last_name__iexact=last
    ):
        if person_key(other.first_name, other.last_name, other.birth_date) == key:
            raise RuleError(
                gettext("%(name)s is already registered as %(id)s.")
                % {"name": f"{first} {last}", "id": other.external_id}
            )
    taken = set(Entrant.objects.filter(event=event).values_list("external_id", flat=True))
    if not external_id:
        external_id = next(auto_ids(taken))
    elif external_id in taken:
        raise RuleError(gettext("Entrant id %(id)s is already registered.") % {"id": external_id})
    return Entrant(event=event, external_id=external_id)


def entrant_save(
    *,
    event: Event,
    entrant: Entrant | None = None,
    division_name: str = "",
    external_id: str = "",
    **fields,
) -> Entrant:
    """Add an entrant by hand, or change one. The division comes from the name given,
    else from the event's age bands; it cannot change once the bracket is seated. Text is
    kept as it is seen (``visible_text``), as an import keeps it."""
    unknown = set(fields) - set(ENTRANT_FIELDS)
    if unknown:
        raise RuleError(
            ngettext(
                "Unknown entrant field %(names)s.",
                "Unknown entrant fields %(names)s.",
                len(unknown),
            )
            % {"names": ", ".join(sorted(unknown))}
        )
    # Names, club and the rest as they are seen: what shows nothing is never stored.
    fields = {
        name: visible_text(value) if isinstance(value, str) else value
        for name, value in fields.items()
    }
    division_name = visible_text(division_name or "")
    external_id = visible_text(external_id or "")
    first, last = fields.get("first_name", ""), fields.get("last_name", "")
    if not first or not last:
        raise RuleError(gettext("Enter the first and the last name."))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        _refuse_after_purge(event, fields)
        if entrant is not None and entrant.erased_at is not None:
            raise RuleError(
                gettext(
                    "Entrant %(id)s's personal data were erased at their request: their "
                    "entry cannot be changed."
                )
                % {"id": entrant.external_id}
            )
        row = RegistrationRow(
            line=0,
            entrant_id=external_id,
            first_name=first,
            last_name=last,
            birth_date=fields.get("birth_date"),
            # An entrant whose birth date was deleted after the event keeps the age it gave.
            age=entrant.stated_age if entrant is not None else None,
            gender=fields.get("gender", ""),
            club=fields.get("club", ""),
            division=division_name,
            email=fields.get("email", ""),
            phone=fields.get("phone", ""),
        )
        division = _division_for(event, row, engine.parse_bands(event.age_bands), {})
        if division.pk is None:
            division.save()
        if entrant is None:
            key = person_key(first, last, row.birth_date)
            entrant = _new_entrant(event, external_id, first, last, key)
        elif (
            entrant.division_id != division.pk
            and Round.objects.filter(
                division__in=[entrant.division.bracket, division.bracket]
            ).exists()
        ):
            raise RuleError(
                gettext("%(name)s cannot change division: play has started.")
                % {"name": isolate(entrant.name)}
            )
        for name in ENTRANT_FIELDS:
            if name in fields:
                setattr(entrant, name, fields[name])
        entrant.division = division
        model_clean(entrant)
        entrant.save()
        return entrant


def entrants_regroup(*, event: Event) -> list[DivisionMove]:
    """Move every entrant placed by age whom the event's current age bands, gender split
    and cut-off put in another division, as long as neither division is seated. Returns
    the moves made (and, with ``blocked`` set, those refused). Age divisions left empty
    and never seated go away."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        moves = division_moves(event)
        bands = engine.parse_bands(event.age_bands)
        cache: dict = {}
        left = set()
        for move in moves:
            if move.blocked:
                continue
            entrant = move.entrant
            row = RegistrationRow(
                line=0,
                entrant_id=entrant.external_id,
                first_name=entrant.first_name,
                last_name=entrant.last_name,
                birth_date=entrant.birth_date,
                age=entrant.stated_age,
                gender=entrant.gender,
                club=entrant.club,
                division="",
                email="",
                phone="",
            )
            target = _division_for(event, row, bands, cache)
            if target.pk is None:
                target.save()
            left.add(entrant.division_id)
            entrant.division = target
            entrant.save(update_fields=["division"])
        for division in Division.objects.filter(pk__in=left):
            if not (
                division.entrants.exists()
                or division.rounds.exists()
                or division.combined_from.exists()
                or division.status != Division.Status.REGISTERED
            ):
                division.delete()
        return moves
