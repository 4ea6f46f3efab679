"""Registration: entrants from a file or by hand, and the divisions they land in."""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils.translation import gettext, ngettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import ENTRANT_DETAILS, Division, Entrant, Event, Round, name_search_text
from tournaments.registration import ParsedRegistrations, RegistrationRow
from tournaments.selectors import DivisionMove, division_moves
from tournaments.selectors.registration import (
    CHANGED,
    NEW,
    ImportPlan,
    division_for,
    entrant_fields,
    import_plan,
    person_key,
)
from tournaments.text import isolate, visible_text

from ._common import auto_ids, model_clean
from .checkin import entrant_set_status

ENTRANT_FIELDS = ENTRANT_DETAILS  # what an entrant added or changed by hand may hold
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


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    unchanged: int = 0
    skipped_problems: int = 0  # rows refused and skipped (the desk's "skip 2 with problems")
    marked_absent: int = 0
    skipped_removed: int = 0  # rows of entrants removed before play, not registered again
    skipped_other_events: dict[str, int] = field(default_factory=dict)
    divisions_created: list[str] = field(default_factory=list)
    plan: ImportPlan | None = None  # what was done, row by row (and who the file left out)


def _save(plan: ImportPlan, report: ImportReport) -> None:
    for division in plan.divisions.values():
        if division.pk is None and division.name in plan.new_divisions:
            division.save()
            report.divisions_created.append(division.name)
    taken = {e.external_id for e in Entrant.objects.filter(event=plan.event)}
    new_ids = auto_ids(taken | {r.row.entrant_id for r in plan.rows if r.row})
    new_entrants = []
    for row_plan in plan.rows:
        if row_plan.action == CHANGED:
            current = row_plan.entrant
            fields = entrant_fields(row_plan.row)
            # An update changes what the file has columns for, and nothing else.
            for change in row_plan.changes:
                if change.field != "division":
                    setattr(current, change.field, fields[change.field])
            current.division = row_plan.division
            current.save()
            report.updated += 1
        elif row_plan.action == NEW:
            row = row_plan.row
            new_entrants.append(
                Entrant(
                    event=plan.event,
                    external_id=row.entrant_id or next(new_ids),
                    division=row_plan.division,
                    **entrant_fields(row),
                )
            )
    Entrant.objects.bulk_create(new_entrants, batch_size=500)
    report.created = len(new_entrants)
    report.unchanged = plan.unchanged
    report.skipped_problems = plan.refused
    report.skipped_removed = plan.removed


def _mark_absent(plan: ImportPlan, absent_ids) -> int:
    """The entrants the file no longer holds whom the organizer marks absent (registered
    or checked in, their division not seated); anyone else named is refused."""
    wanted = {i for i in absent_ids if i}
    missing = {e.external_id: e for e in plan.missing}
    unknown = sorted(wanted - plan.markable)
    if unknown:
        raise RuleError(
            gettext(
                "Only entrants the file no longer holds, registered and not yet seated, can "
                "be marked absent here: %(ids)s."
            )
            % {"ids": ", ".join(unknown)}
        )
    marked = 0
    for external_id in sorted(wanted):
        entrant = missing[external_id]
        if entrant.status != Entrant.Status.ABSENT:
            entrant_set_status(entrant=entrant, status=Entrant.Status.ABSENT)
            marked += 1
    return marked


def entrants_import(
    *,
    event: Event,
    parsed: ParsedRegistrations,
    update: bool = False,
    accept_lines=(),
    absent_ids=(),
    skip_problems: bool = False,
    again_lines=(),
    leave_lines=(),
) -> ImportReport:
    """Register every row of an entrants file, or none of them, as ``import_plan`` plans.

    An id already registered is refused unless ``update``; a row without id that matches a
    registered person (names and birth date, accents and case folded) is refused as
    registered, or with ``update`` changes them. A row outside the event's ages is refused
    unless its line is in ``accept_lines``. Any refusal refuses the whole file, unless
    ``skip_problems`` (the desk's button, after its preview named them): then the refused
    rows are skipped and the rest registered. ``absent_ids``: entrants the file no longer
    holds, marked absent in the same transaction. A row for an entrant removed before play
    is skipped (counted in ``skipped_removed``) unless its line is in ``again_lines``; a new
    entrant of a division already in play is left out when its line is in ``leave_lines``.
    """
    _refuse_after_purge(event)
    report = ImportReport(skipped_other_events=dict(parsed.skipped_by_event))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        plan = import_plan(
            event=event,
            parsed=parsed,
            update=update,
            accept_lines=accept_lines,
            again_lines=again_lines,
            leave_lines=leave_lines,
        )
        if plan.refused and not skip_problems:
            raise RuleError("\n".join([gettext("Nothing was imported:"), *plan.refusal_lines()]))
        _save(plan, report)
        report.marked_absent = _mark_absent(plan, absent_ids)
        report.plan = plan
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
    # The same folded names (search_name), then the birth date: "Jose Nunez" is José Núñez.
    for other in Entrant.objects.filter(event=event, search_name=name_search_text(first, last)):
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
        division = division_for(event, row, engine.parse_bands(event.age_bands), {})
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
            target = division_for(event, row, bands, cache)
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
