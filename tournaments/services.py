"""State changes of events, divisions, entrants and the bracket.

Every function here runs in a transaction and is the only way the data changes.
Rules of the game come from ``tournaments.engine``; this module never imports
``scoring``.
"""

import datetime
import secrets
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from django.db import IntegrityError, transaction
from django.utils.text import slugify

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat, Table
from tournaments.registration import ParsedRegistrations

AUTO_ID_PREFIX = "AUTO-"


# ---------------------------------------------------------------- events


def _clean(instance) -> None:
    """Model validation as a RuleError in words (field: message), never a traceback."""
    from django.core.exceptions import ValidationError

    try:
        instance.full_clean()
    except ValidationError as error:
        lines = [
            f"{field.replace('_', ' ')}: {message}" if field != "__all__" else message
            for field, messages in error.message_dict.items()
            for message in messages
        ]
        raise RuleError("; ".join(lines)) from None


def bracket_started(division: Division) -> bool:
    """Seated, or finished without play (a walkover): no more players can join."""
    bracket = division.bracket
    return (
        bracket.status == Division.Status.COMPLETE
        or Round.objects.filter(division=bracket).exists()
    )


def event_create(
    *,
    name: str,
    slug: str | None = None,
    date: datetime.date,
    scoring: str = engine.LOW,
    venue: str = "",
) -> Event:
    slug = slug or slugify(name)
    if not slug:
        raise RuleError("An event needs a name made of letters or digits.")
    if scoring not in (engine.LOW, engine.SABRA):
        raise RuleError(f"'{scoring}' is not a scoring system (low or sabra).")
    with transaction.atomic():
        if Event.objects.filter(slug=slug).exists():
            raise RuleError(f"An event '{slug}' already exists.")
        return Event.objects.create(name=name, slug=slug, date=date, scoring=scoring, venue=venue)


def event_get_or_create(
    *, slug: str, name: str | None, date: datetime.date | None, scoring: str | None
) -> tuple[Event, bool]:
    """The event ``slug``, created if missing; refused when the options contradict it."""
    with transaction.atomic():
        event = Event.objects.select_for_update().filter(slug=slug).first()
        if event is None:
            if date is None:
                raise RuleError("A new event needs --date YYYY-MM-DD.")
            created = Event.objects.create(
                slug=slug, name=name or slug, date=date, scoring=scoring or engine.LOW
            )
            return created, True
        clashes = []
        if name is not None and name != event.name:
            clashes.append(f"its name is '{event.name}', not '{name}'")
        if date is not None and date != event.date:
            clashes.append(f"its date is {event.date.isoformat()}, not {date.isoformat()}")
        if scoring is not None and scoring != event.scoring:
            clashes.append(f"it scores '{event.scoring}', not '{scoring}'")
        if clashes:
            raise RuleError(f"Event '{slug}' already exists and " + "; ".join(clashes) + ".")
        return event, False


def _started(event: Event) -> bool:
    return Round.objects.filter(division__event=event).exists()


def event_configure(*, event: Event, **options) -> Event:
    """Change event settings. Settings that decide the bracket cannot change once play began."""
    allowed = {
        "scoring",
        "prefer_threes",
        "age_bands",
        "by_gender",
        "cutoff_date",
        "tie_order",
        "medal_policy",
        "confirmation",
        "minutes_per_game",
        "paper",
        "initial_meld",
        "name",
        "venue",
        "date",
        "combine_below",
    }
    unknown = set(options) - allowed
    if unknown:
        raise RuleError(f"Unknown setting {', '.join(sorted(unknown))}.")
    options = {k: v for k, v in options.items() if v is not None}
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if "scoring" in options:
            if options["scoring"] not in (engine.LOW, engine.SABRA):
                raise RuleError(f"'{options['scoring']}' is not a scoring system (low or sabra).")
            if options["scoring"] != event.scoring and _started(event):
                raise RuleError("The scoring system cannot change once a round is seated.")
        started = _started(event)
        for key, what in (
            ("tie_order", "tie-break order"),
            ("medal_policy", "medal policy"),
            ("prefer_threes", "table size preference"),
        ):
            if key in options and started:
                current = getattr(event, key)
                wanted = options[key]
                if key == "tie_order":
                    wanted = ",".join(engine.parse_tie_order(wanted))
                if wanted != current:
                    raise RuleError(
                        f"The {what} cannot change once a round is seated: it would change "
                        "results already decided."
                    )
        if "age_bands" in options:
            bands = engine.parse_bands(options["age_bands"])
            options["age_bands"] = ",".join(str(b.low) for b in bands)
        if "tie_order" in options:
            options["tie_order"] = ",".join(engine.parse_tie_order(options["tie_order"]))
        if "medal_policy" in options and options["medal_policy"] not in (
            engine.COMBINED,
            engine.AGE_GROUP,
        ):
            raise RuleError("The medal policy is 'combined' or 'age-group'.")
        if "confirmation" in options and options["confirmation"] not in (
            Event.Confirmation.NONE,
            Event.Confirmation.SECOND_PERSON,
        ):
            raise RuleError("Confirmation is 'none' or 'second-person'.")
        if "paper" in options and options["paper"] not in (Event.Paper.LETTER, Event.Paper.A4):
            raise RuleError("Paper is 'letter' or 'a4'.")
        if "minutes_per_game" in options and not 1 <= options["minutes_per_game"] <= 600:
            raise RuleError("Minutes per game must be between 1 and 600.")
        for key, value in options.items():
            setattr(event, key, value)
        _clean(event)
        event.save()
        return event


def event_rules(event: Event) -> engine.Rules:
    """The engine's view of an event's settings."""
    return engine.Rules(
        scoring=event.scoring,
        tie_order=engine.parse_tie_order(event.tie_order),
        prefer_threes=event.prefer_threes,
        medal_policy=event.medal_policy,
    )


# ---------------------------------------------------------------- registration


@dataclass
class ImportReport:
    created: int = 0
    updated: int = 0
    skipped_other_events: dict[str, int] = field(default_factory=dict)
    divisions_created: list[str] = field(default_factory=list)


def _division_for(event: Event, row, bands, cache: dict) -> Division:
    if row.division:
        key = ("named", row.division.casefold())
        if key not in cache:
            existing = Division.objects.filter(event=event, name__iexact=row.division).first()
            cache[key] = existing or Division(event=event, name=row.division)
        return cache[key]
    slot = engine.assign_division(
        birth_date=row.birth_date,
        age=row.age,
        gender=row.gender,
        bands=bands,
        by_gender=event.by_gender,
        cutoff=event.age_cutoff,
    )
    key = ("named", slot.name.casefold())
    if key not in cache:
        existing = Division.objects.filter(event=event, name__iexact=slot.name).first()
        cache[key] = existing or Division(
            event=event,
            name=slot.name,
            min_age=slot.min_age,
            max_age=slot.max_age,
            gender=slot.gender,
        )
    return cache[key]


# Entrant field -> the file column it comes from, where the names differ.
UPDATE_COLUMNS = {"stated_age": "age"}


def _moves_division(row, current: Entrant, present: set[str]) -> bool:
    """On --update, a division changes only when the file names one or the age changed."""
    if "division" in present and row.division:
        return True
    if "birth_date" in present and row.birth_date and row.birth_date != current.birth_date:
        return True
    return "age" in present and row.age is not None and row.age != current.stated_age


def _person_key(first: str, last: str, birth: datetime.date | None):
    return (first.casefold().strip(), last.casefold().strip(), birth)


def entrants_import(
    *, event: Event, parsed: ParsedRegistrations, update: bool = False
) -> ImportReport:
    """Register every row of an entrants file, or none of them.

    An id already registered is refused unless ``update``; a row without id that
    matches a registered person (names and birth date) is refused as registered.
    """
    report = ImportReport(skipped_other_events=dict(parsed.skipped_by_event))
    present = set(parsed.columns)
    if "full_name" in present:
        present |= {"first_name", "last_name"}
    problems: list[str] = []
    bands = engine.parse_bands(event.age_bands)
    with transaction.atomic():
        existing = {e.external_id: e for e in Entrant.objects.filter(event=event)}
        people = {
            _person_key(e.first_name, e.last_name, e.birth_date): e for e in existing.values()
        }
        seated_brackets = set(
            Round.objects.filter(division__event=event).values_list("division_id", flat=True)
        )
        cache: dict = {}
        planned: list[tuple[object, Division, Entrant | None]] = []
        seen_people: dict = {}
        for row in parsed.rows:
            current = existing.get(row.entrant_id) if row.entrant_id else None
            try:
                if current is not None and update and not _moves_division(row, current, present):
                    division = current.division
                else:
                    division = _division_for(event, row, bands, cache)
            except RuleError as error:
                problems.append(f"line {row.line}: {row.first_name} {row.last_name} {error}")
                continue
            key = _person_key(row.first_name, row.last_name, row.birth_date)
            if current is not None and not update:
                problems.append(
                    f"line {row.line}: entrant id {row.entrant_id} is already registered "
                    f"({current.name}); use --update to change their details"
                )
                continue
            if not row.entrant_id:
                if key in people:
                    problems.append(
                        f"line {row.line}: {row.first_name} {row.last_name} is already "
                        f"registered as {people[key].external_id}"
                    )
                    continue
                if key in seen_people:
                    problems.append(
                        f"line {row.line}: {row.first_name} {row.last_name} (born "
                        f"{row.birth_date or 'unknown'}) is also on line {seen_people[key]}"
                    )
                    continue
                seen_people[key] = row.line
            if current is not None and current.division_id != division.pk:
                moving = {current.division.bracket.pk, division.bracket.pk if division.pk else None}
                if moving & seated_brackets:
                    problems.append(
                        f"line {row.line}: {current.name} cannot change division: play has "
                        "started"
                    )
                    continue
            planned.append((row, division, current))
        if problems:
            raise RuleError("Nothing was imported:\n" + "\n".join(problems))
        for division in cache.values():
            if division.pk is None:
                division.save()
                report.divisions_created.append(division.name)
        taken = set(existing)
        counter = 1
        new_entrants = []
        for row, division, current in planned:
            fields = dict(
                first_name=row.first_name,
                last_name=row.last_name,
                birth_date=row.birth_date,
                stated_age=row.age,
                gender=row.gender if row.gender in ("F", "M", "X") else "",
                club=row.club,
                email=row.email,
                phone=row.phone,
                division=division,
            )
            if current is not None:
                # --update changes what the file has columns for, and nothing else.
                for name, value in fields.items():
                    if UPDATE_COLUMNS.get(name, name) in present or name == "division":
                        setattr(current, name, value)
                current.save()
                report.updated += 1
                continue
            entrant_id = row.entrant_id
            if not entrant_id:
                while f"{AUTO_ID_PREFIX}{counter:04d}" in taken:
                    counter += 1
                entrant_id = f"{AUTO_ID_PREFIX}{counter:04d}"
            taken.add(entrant_id)
            new_entrants.append(Entrant(event=event, external_id=entrant_id, **fields))
        Entrant.objects.bulk_create(new_entrants, batch_size=500)
        report.created = len(new_entrants)
    return report


def divisions_combine(*, event: Event, into: str, names: Sequence[str]) -> Division:
    """Play several divisions as one bracket, named ``into``, before any is seated."""
    if not names:
        raise RuleError("Name the divisions to combine.")
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        divisions = []
        for name in names:
            division = Division.objects.filter(event=event, name__iexact=name).first()
            if division is None:
                raise RuleError(f"There is no division '{name}' in {event.name}.")
            divisions.append(division)
        target = Division.objects.filter(event=event, name__iexact=into).first()
        if target is None:
            target = Division.objects.create(event=event, name=into)
        if target.combined_into_id:
            raise RuleError(f"'{target.name}' is itself combined into '{target.combined_into}'.")
        involved = [target] + divisions
        if any(bracket_started(d) for d in involved):
            raise RuleError("Divisions cannot be combined once one of them is seated.")
        for division in divisions:
            if division.pk == target.pk:
                continue
            # Divisions already combined elsewhere move with their members.
            Division.objects.filter(combined_into=division).update(combined_into=target)
            division.combined_into = target
            division.save(update_fields=["combined_into"])
        return target


def bracket_entrants(division: Division):
    """Every entrant who plays in this division's bracket (its own and those combined into it)."""
    return Entrant.objects.filter(division__in=_bracket_divisions(division))


def _bracket_divisions(division: Division) -> list[int]:
    return [division.pk] + list(
        Division.objects.filter(combined_into=division).values_list("pk", flat=True)
    )


def brackets(event: Event):
    """The divisions that are played as brackets (not combined into another)."""
    return Division.objects.filter(event=event, combined_into__isnull=True)


# ---------------------------------------------------------------- check-in


@dataclass
class CheckInReport:
    checked_in: list[str] = field(default_factory=list)
    absent: list[str] = field(default_factory=list)
    too_late: list[str] = field(default_factory=list)


def _entrants_by_ids(event: Event, ids: Iterable[str]) -> list[Entrant]:
    ids = [i.strip() for i in ids if i.strip()]
    found = {e.external_id: e for e in Entrant.objects.filter(event=event, external_id__in=ids)}
    missing = [i for i in ids if i not in found]
    if missing:
        raise RuleError(f"No entrant with id {', '.join(missing)} in {event.name}.")
    return [found[i] for i in ids]


def entrants_check_in(*, event: Event, absent: Iterable[str] = ()) -> CheckInReport:
    """Check in every registered entrant except those named absent.

    Run again, it checks in late arrivals, as long as their bracket's first round
    is not seated. Absent players are not seated and get no place.
    """
    report = CheckInReport()
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        absent_entrants = _entrants_by_ids(event, absent)
        seated = set(
            Round.objects.filter(division__event=event).values_list("division_id", flat=True)
        ) | set(
            Division.objects.filter(event=event, status=Division.Status.COMPLETE).values_list(
                "pk", flat=True
            )
        )
        for entrant in absent_entrants:
            if (
                entrant.division.bracket.pk in seated
                and entrant.status == Entrant.Status.CHECKED_IN
            ):
                raise RuleError(
                    f"{entrant.name} ({entrant.external_id}) is already seated: withdraw "
                    "them instead (--withdraw)."
                )
        absent_ids = {e.pk for e in absent_entrants}
        Entrant.objects.filter(pk__in=absent_ids).exclude(
            status__in=[Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED]
        ).update(status=Entrant.Status.ABSENT)
        report.absent = [e.external_id for e in absent_entrants]
        waiting = Entrant.objects.filter(
            event=event, status=Entrant.Status.REGISTERED
        ).select_related("division")
        to_check_in = []
        for entrant in waiting:
            if entrant.pk in absent_ids:
                continue
            if entrant.division.bracket.pk in seated:
                report.too_late.append(entrant.external_id)
            else:
                to_check_in.append(entrant.pk)
                report.checked_in.append(entrant.external_id)
        Entrant.objects.filter(pk__in=to_check_in).update(status=Entrant.Status.CHECKED_IN)
    return report


def entrants_withdraw(*, event: Event, ids: Iterable[str]) -> list[Entrant]:
    """Withdraw players mid-event: they keep the scores entered so far and get no place."""
    with transaction.atomic():
        entrants = _entrants_by_ids(event, ids)
        for entrant in entrants:
            who = f"{entrant.name} ({entrant.external_id})"
            if entrant.status == Entrant.Status.ABSENT:
                raise RuleError(f"{who} was absent, not playing.")
            bracket = entrant.division.bracket
            if bracket.status == Division.Status.COMPLETE:
                raise RuleError(
                    f"{bracket.name} is finished: {who} keeps their place (a late change "
                    "of results is a correction)."
                )
            latest = Round.objects.filter(division=bracket).order_by("-number").first()
            if latest is not None and not (
                Seat.objects.filter(round=latest, entrant=entrant).exists()
                or Bye.objects.filter(round=latest, entrant=entrant).exists()
            ):
                raise RuleError(
                    f"{who} is no longer in play in {bracket.name} (out after an earlier "
                    "round): there is nothing to withdraw from, and their place stays."
                )
        Entrant.objects.filter(pk__in=[e.pk for e in entrants]).update(
            status=Entrant.Status.WITHDRAWN
        )
        return entrants


# ---------------------------------------------------------------- seating


def new_seed() -> int:
    return secrets.randbits(48)


def round_create(
    *,
    division: Division,
    shape: engine.RoundShape,
    players: Sequence[Entrant],
    byes: Sequence[Entrant] = (),
    seed: int,
    met: Iterable[frozenset[str]] = (),
) -> Round:
    """Seat round ``shape.number`` of ``division``: tables from the engine's seating, and byes.

    The database refuses a second round of the same number, so two organizers
    seating at once make one round.
    """
    by_id = {e.external_id: e for e in players}
    seating = engine.seat_players(
        [engine.Seat(e.external_id, e.club) for e in players], shape.tables, seed=seed, met=met
    )
    names = {e.external_id: e.name for e in players}
    try:
        with transaction.atomic():
            round_ = Round.objects.create(
                division=division,
                number=shape.number,
                kind=shape.kind,
                games=shape.games,
                seed=seed,
                warnings=seating.warnings(names),
            )
            tables = Table.objects.bulk_create(
                [Table(round=round_, number=n) for n in range(1, len(seating.tables) + 1)]
            )
            Seat.objects.bulk_create(
                [
                    Seat(round=round_, table=table, entrant=by_id[player], number=seat)
                    for table, players_at in zip(tables, seating.tables, strict=False)
                    for seat, player in enumerate(players_at, start=1)
                ],
                batch_size=1000,
            )
            Bye.objects.bulk_create([Bye(round=round_, entrant=e) for e in byes])
            if division.status != Division.Status.IN_PLAY:
                division.status = Division.Status.IN_PLAY
                division.save(update_fields=["status"])
    except IntegrityError:
        raise RuleError(
            f"Round {shape.number} of {division.name} was seated by someone else just now."
        ) from None
    return round_


@dataclass
class SeatResult:
    division: Division
    round: Round | None
    created: bool
    walkover: bool = False
    message: str = ""


def division_seat_first_round(*, division: Division, seed: int | None = None) -> SeatResult:
    """Seat round 1 of a bracket from its checked-in players (a lone player: a walkover)."""
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.combined_into_id:
            raise RuleError(
                f"{division.name} plays in {division.combined_into.name}: seat that division."
            )
        latest = division.rounds.order_by("-number").first()
        if latest is not None:
            return SeatResult(division, latest, False, message="already seated")
        if division.status == Division.Status.COMPLETE:
            return SeatResult(division, None, False, walkover=division.walkover)
        players = list(
            bracket_entrants(division)
            .filter(status=Entrant.Status.CHECKED_IN)
            .order_by("external_id")
        )
        if not players:
            raise RuleError(f"{division.name}: nobody is checked in.")
        if len(players) == 1:
            division.status = Division.Status.COMPLETE
            division.walkover = True
            division.save(update_fields=["status", "walkover"])
            return SeatResult(division, None, True, walkover=True)
        event = division.event
        shape = engine.round_shape(len(players), 1, prefer_threes=event.prefer_threes)
        round_ = round_create(
            division=division,
            shape=shape,
            players=players,
            seed=new_seed() if seed is None else seed,
        )
        return SeatResult(division, round_, True)


def division_finish(*, division: Division, results: list | None = None) -> Division:
    """Mark a division finished, recording its placings as they stand."""
    division.status = Division.Status.COMPLETE
    division.results = results
    division.save(update_fields=["status", "results"])
    return division


def round_mark_closed(*, round_: Round) -> Round:
    from django.utils import timezone

    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    return round_


def round_mark_in_play(*, round_: Round) -> None:
    if round_.status == Round.Status.SEATED:
        Round.objects.filter(pk=round_.pk, status=Round.Status.SEATED).update(
            status=Round.Status.IN_PLAY
        )
        round_.status = Round.Status.IN_PLAY


# ---------------------------------------------------------------- the organizer's desk


ENTRANT_FIELDS = ("first_name", "last_name", "birth_date", "gender", "club", "email", "phone")


def entrant_save(
    *,
    event: Event,
    entrant: Entrant | None = None,
    division_name: str = "",
    external_id: str = "",
    **fields,
) -> Entrant:
    """Add an entrant by hand, or change one. The division comes from the name given,
    else from the event's age bands; it cannot change once the bracket is seated."""
    unknown = set(fields) - set(ENTRANT_FIELDS)
    if unknown:
        raise RuleError(f"Unknown entrant field {', '.join(sorted(unknown))}.")
    first, last = fields.get("first_name", "").strip(), fields.get("last_name", "").strip()
    if not first or not last:
        raise RuleError("Enter the first and the last name.")
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=event.pk)
        from tournaments.registration import RegistrationRow

        row = RegistrationRow(
            line=0,
            entrant_id=external_id,
            first_name=first,
            last_name=last,
            birth_date=fields.get("birth_date"),
            age=None,
            gender=fields.get("gender", ""),
            club=fields.get("club", ""),
            division=division_name.strip(),
            email=fields.get("email", ""),
            phone=fields.get("phone", ""),
        )
        division = _division_for(event, row, engine.parse_bands(event.age_bands), {})
        if division.pk is None:
            division.save()
        if entrant is None:
            key = _person_key(first, last, row.birth_date)
            for other in Entrant.objects.filter(
                event=event, first_name__iexact=first, last_name__iexact=last
            ):
                if _person_key(other.first_name, other.last_name, other.birth_date) == key:
                    raise RuleError(f"{first} {last} is already registered as {other.external_id}.")
            if not external_id:
                taken = set(
                    Entrant.objects.filter(event=event).values_list("external_id", flat=True)
                )
                number = 1
                while f"{AUTO_ID_PREFIX}{number:04d}" in taken:
                    number += 1
                external_id = f"{AUTO_ID_PREFIX}{number:04d}"
            elif Entrant.objects.filter(event=event, external_id=external_id).exists():
                raise RuleError(f"Entrant id {external_id} is already registered.")
            entrant = Entrant(event=event, external_id=external_id)
        elif (
            entrant.division_id != division.pk
            and Round.objects.filter(
                division__in=[entrant.division.bracket, division.bracket]
            ).exists()
        ):
            raise RuleError(f"{entrant.name} cannot change division: play has started.")
        for name in ENTRANT_FIELDS:
            if name in fields:
                value = fields[name]
                setattr(entrant, name, value.strip() if isinstance(value, str) else value)
        entrant.division = division
        _clean(entrant)
        entrant.save()
        return entrant


def _bracket_seated(entrant: Entrant) -> bool:
    return bracket_started(entrant.division)


def entrant_set_status(*, entrant: Entrant, status: str) -> Entrant:
    """The check-in desk: check in, mark absent, or back to registered, before seating."""
    allowed = {Entrant.Status.CHECKED_IN, Entrant.Status.ABSENT, Entrant.Status.REGISTERED}
    if status not in allowed:
        raise RuleError("At the desk a player is checked in, absent, or registered.")
    with transaction.atomic():
        entrant = Entrant.objects.select_for_update().select_related("division").get(pk=entrant.pk)
        if entrant.status == status:
            return entrant
        if _bracket_seated(entrant):
            raise RuleError(
                f"{entrant.division.bracket.name} is already seated: {entrant.name} can no "
                "longer be checked in or out (withdraw a seated player instead)."
            )
        if entrant.out_of_play:
            raise RuleError(f"{entrant.name} has withdrawn.")
        entrant.status = status
        entrant.save(update_fields=["status"])
        return entrant


def seats_swap(*, round_: Round, first: Entrant, second: Entrant) -> None:
    """Swap two players' seats before the round's play starts."""
    with transaction.atomic():
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if (
            round_.status != Round.Status.SEATED
            or Table.objects.filter(round=round_, games__isnull=False).exists()
        ):
            raise RuleError("Play has started in this round: seats can no longer be swapped.")
        a = Seat.objects.filter(round=round_, entrant=first).first()
        b = Seat.objects.filter(round=round_, entrant=second).first()
        if a is None or b is None:
            missing = first if a is None else second
            raise RuleError(f"{missing.name} has no seat in round {round_.number}.")
        if a.table_id == b.table_id:
            raise RuleError("Both players sit at the same table: nothing to swap.")
        a_table, a_number = a.table_id, a.number
        # Move one aside first: the unique constraints hold at every step.
        Seat.objects.filter(pk=a.pk).delete()
        Seat.objects.filter(pk=b.pk).update(table_id=a_table, number=a_number)
        Seat.objects.create(round=round_, table_id=b.table_id, entrant=first, number=b.number)
        round_.warnings = list(round_.warnings) + [
            f"Organizer swapped {first.name} and {second.name}."
        ]
        round_.save(update_fields=["warnings"])


def medals_confirm(*, division: Division) -> Division:
    """The organizer confirms the medals of a finished division (for the public pages)."""
    from django.utils import timezone

    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.status != Division.Status.COMPLETE:
            raise RuleError(f"{division.name} is not finished yet.")
        if division.medals_confirmed_at is None:
            division.medals_confirmed_at = timezone.now()
            division.save(update_fields=["medals_confirmed_at"])
        return division


def scorekeeper_add(*, event: Event, username: str, password: str | None = None):
    """Give a user the scorekeeper role for an event, creating the account if needed.

    Returns (user, new password or None).
    """
    from django.contrib.auth import get_user_model

    username = username.strip()
    if not username:
        raise RuleError("Enter a user name.")
    User = get_user_model()
    with transaction.atomic():
        user = User.objects.filter(username__iexact=username).first()
        created_password = None
        if user is None:
            created_password = password or secrets.token_urlsafe(9)
            user = User.objects.create_user(username=username, password=created_password)
        event.scorekeepers.add(user)
        return user, created_password


def scorekeeper_remove(*, event: Event, user) -> None:
    event.scorekeepers.remove(user)


def event_create_by(
    *, user, name: str, date: datetime.date, scoring: str = engine.LOW, venue: str = ""
) -> Event:
    """A new event; whoever creates it organizes it."""
    with transaction.atomic():
        event = event_create(name=name, date=date, scoring=scoring, venue=venue)
        event.organizers.add(user)
        return event
