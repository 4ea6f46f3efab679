"""Reads of events, divisions, entrants and the bracket.

Selectors change nothing and import no services; ``scoring`` builds on them and
they never import ``scoring``.
"""

import dataclasses
import datetime
from dataclasses import dataclass, field

from django.conf import settings
from django.db.models import Count, Exists, OuterRef, Q, QuerySet
from django.utils import formats, timezone, translation

from tournaments import engine
from tournaments.engine import clock as engine_clock
from tournaments.models import (
    TABLE_CODE_ALPHABET,
    TABLE_CODE_LENGTH,
    Announcement,
    Bye,
    Division,
    Entrant,
    Event,
    Round,
    Seat,
    Table,
    TableCode,
    TableCodeAttempt,
    table_code_readings,
)
from tournaments.text import fold, matches, namesake_names


def event_rules(event: Event) -> engine.Rules:
    """The engine's view of an event's settings."""
    return engine.Rules(
        scoring=event.scoring,
        tie_order=engine.parse_tie_order(event.tie_order),
        prefer_threes=event.prefer_threes,
        medal_policy=event.medal_policy,
    )


def division_rules(division: Division) -> engine.Rules:
    """The engine's view of the settings a bracket plays by: the event's, except that a
    combined bracket made for a lone player who must play gives medals by age group."""
    rules = event_rules(division.event)
    if division.medals_by_age_group:
        return dataclasses.replace(rules, medal_policy=engine.AGE_GROUP)
    return rules


def event_hall(event: Event) -> engine.Hall:
    """The engine's view of the event's hall (its physical tables)."""
    return engine.Hall(
        tables=event.hall_tables,
        unusable=frozenset(engine.parse_table_numbers(event.unusable_tables)),
        accessible=frozenset(engine.parse_table_numbers(event.accessible_tables)),
    )


def hall_tables_in_play(event: Event) -> list[tuple[str, list[int]]]:
    """Who holds the hall's tables now: ("division, round N", [table numbers]) for every
    round seated and not closed, in table order."""
    holders: dict[tuple, list[int]] = {}
    rows = (
        Table.objects.filter(round__division__event=event)
        .exclude(round__status=Round.Status.CLOSED)
        .order_by("number")
        .values_list("round__division__name", "round__number", "number")
    )
    for division, round_number, number in rows:
        holders.setdefault((division, round_number), []).append(number)
    return [(round_label(d, r), numbers) for (d, r), numbers in holders.items()]


def round_label(division_name: str, number: int) -> str:
    """A round as the hall's messages name it: "60-64, round 2" (in the active language)."""
    return translation.gettext("%(division)s, round %(number)s") % {
        "division": division_name,
        "number": number,
    }


def notes_language(event: Event):
    """What a round's stored seating notes are written in: the event's language, whoever
    seats it and whatever their browser's language (``with notes_language(event): ...``),
    like the printed sheets."""
    return translation.override(notes_language_code(event))


def notes_language_code(event: Event) -> str:
    """The language code a round's seating notes are written in (``notes_language``)."""
    return getattr(event, "language", None) or settings.LANGUAGE_CODE


def free_slug(slug: str) -> str:
    """A short name like ``slug`` that no event has: ``slug-2``, ``slug-3``, …"""
    taken = set(Event.objects.filter(slug__startswith=slug).values_list("slug", flat=True))
    number = 2
    while f"{slug}-{number}"[:50] in taken:
        number += 1
    return f"{slug[: 49 - len(str(number))]}-{number}"


def event_started(event: Event) -> bool:
    """A round of one of its divisions is seated: the bracket settings are fixed."""
    return Round.objects.filter(division__event=event).exists()


def brackets(event: Event) -> QuerySet[Division]:
    """The divisions that are played as brackets (not combined into another), in age order."""
    return Division.objects.filter(event=event).brackets().in_age_order()


def played_brackets(event: Event) -> QuerySet[Division]:
    """Bracket divisions with at least one player (or a walkover), in age order."""
    return (
        brackets(event)
        .annotate(
            members=Count("entrants", distinct=True)
            + Count("combined_from__entrants", distinct=True)
        )
        .filter(Q(members__gt=0) | Q(walkover=True))
    )


def words_list(items: list[str]) -> str:
    """ "A", "A and B", "A, B and C" (in the active language: "A, B et C")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return translation.gettext("%(first)s and %(last)s") % {
        "first": ", ".join(items[:-1]),
        "last": items[-1],
    }


def bracket_name(division: Division) -> str:
    """A bracket's name as awards give it: "55-59 and 60-64 combined" for a combined one."""
    others = list(division.combined_from.all())
    if not others:
        return division.name
    if division.entrants.exists():
        members = sorted([division, *others], key=lambda d: (d.min_age or 0, d.gender, d.name))
        return translation.gettext("%(divisions)s combined") % {
            "divisions": words_list([d.name for d in members])
        }
    others.sort(key=lambda d: (d.min_age or 0, d.gender, d.name))
    return translation.gettext("%(division)s (%(divisions)s combined)") % {
        "division": division.name,
        "divisions": words_list([d.name for d in others]),
    }


def womens_bracket(division: Division) -> bool:
    """Every division playing in this bracket is a women's (gender F): its places are a
    woman's, which French and Spanish write in the feminine (1re, 1.ª)."""
    if division.gender != "F":
        return False
    return all(d.gender == "F" for d in division.combined_from.all())


def bracket_division_ids(division: Division) -> list[int]:
    """This division and those combined into it."""
    return [division.pk] + list(
        Division.objects.filter(combined_into=division).values_list("pk", flat=True)
    )


def bracket_entrants(division: Division) -> QuerySet[Entrant]:
    """Every entrant who plays in this division's bracket (its own and those combined into it)."""
    return Entrant.objects.filter(division__in=bracket_division_ids(division))


def bracket_started(division: Division) -> bool:
    """Seated, or finished without play (a walkover): no more players can join."""
    bracket = division.bracket
    return (
        bracket.status == Division.Status.COMPLETE
        or Round.objects.filter(division=bracket).exists()
    )


def division_slot(division: Division) -> engine.DivisionSlot:
    """The division's age range and gender for the neighbour search: as made from the age
    groups, else (a division named by hand, or combined) from its players' ages on the
    event's cut-off and their shared gender (``engine.division_slot``)."""
    if division.min_age is not None or division.max_age is not None:
        return engine.division_slot(
            division.name, division.min_age, division.max_age, division.gender
        )
    cutoff = division.event.age_cutoff
    ages, genders = [], []
    for born, stated, gender in bracket_entrants(division).values_list(
        "birth_date", "stated_age", "gender"
    ):
        if born is not None:
            ages.append(engine.age_on(born, cutoff))
        elif stated is not None:
            ages.append(stated)
        genders.append(gender)
    return engine.division_slot(
        division.name, None, None, division.gender, ages=ages, genders=genders
    )


def combine_candidates(division: Division) -> list[Division]:
    """The divisions a lone player's division can still be combined with: not seated or
    finished, not combined into another, with someone checked in; those of the lone
    division's gender (or open to any) first, each part in age order."""
    division = division.bracket
    gender = division_slot(division).gender
    found = [
        d
        for d in played_brackets(division.event).exclude(pk=division.pk)
        if not bracket_started(d) and bracket_entrants(d).checked_in().exists()
    ]
    return sorted(found, key=lambda d: bool(gender and d.gender and d.gender != gender))


def combine_neighbour(division: Division) -> Division | None:
    """The division a lone player's division is best combined with (the nearest age band of
    the same gender, engine.nearest_division, by the divisions' real age ranges: see
    ``division_slot``) among ``combine_candidates``."""
    division = division.bracket
    open_brackets = combine_candidates(division)
    chosen = engine.nearest_division(
        division_slot(division), [division_slot(d) for d in open_brackets]
    )
    return next((d for d in open_brackets if d.name == chosen.name), None) if chosen else None


def lone_neighbours(event: Event) -> dict[int, Division]:
    """Where the event requires play: each division held for a lone player, by the pk of
    the lone player's division — the neighbour ``combine_neighbour`` offers, which seating
    everything at once must leave unseated, or the combine could no longer happen."""
    if event.lone_entrant != Event.LoneEntrant.PLAY:
        return {}
    held = {}
    for division in played_brackets(event):
        if bracket_started(division) or bracket_entrants(division).checked_in().count() != 1:
            continue
        neighbour = combine_neighbour(division)
        if neighbour is not None:
            held[division.pk] = neighbour
    return held


def seated_bracket_ids(event: Event, *, finished: bool = False) -> set[int]:
    """The brackets of ``event`` with a round seated (and, with ``finished``, walkovers)."""
    ids = set(Round.objects.filter(division__event=event).values_list("division_id", flat=True))
    if finished:
        ids |= set(
            Division.objects.filter(event=event, status=Division.Status.COMPLETE).values_list(
                "pk", flat=True
            )
        )
    return ids


@dataclass(frozen=True)
class DivisionMove:
    """An entrant whom new age bands, gender split or cut-off put in another division."""

    entrant: Entrant
    before: str
    after: str
    blocked: str = ""  # why they stay (a seated division), or "" when they move


def age_cutoff(cutoff_date: datetime.date | None, date: datetime.date) -> datetime.date:
    """The day ages are taken on: the cut-off set, else 31 December of the event's year."""
    return cutoff_date or datetime.date(date.year, 12, 31)


def division_moves(
    event: Event,
    *,
    age_bands: str | None = None,
    by_gender: bool | None = None,
    cutoff: datetime.date | None = None,
) -> list[DivisionMove]:
    """Who would move to another division under these settings (the event's own where one
    is None). Only entrants placed by age (their division has an age range) move; a
    division named in the registration file stays. Entrants of a seated (or finished)
    bracket never move, nor into one: they are listed with the reason they stay."""
    bands = engine.parse_bands(age_bands if age_bands is not None else event.age_bands)
    by_gender = event.by_gender if by_gender is None else by_gender
    cutoff = cutoff or event.age_cutoff
    started = seated_bracket_ids(event, finished=True)
    divisions = {
        d.name.casefold(): d
        for d in Division.objects.filter(event=event).select_related("combined_into")
    }
    moves = []
    for entrant in (
        Entrant.objects.filter(event=event)
        .filter(Q(division__min_age__isnull=False) | Q(division__max_age__isnull=False))
        .select_related("division", "division__combined_into")
        .order_by("last_name", "first_name", "external_id")
    ):
        try:
            slot = engine.assign_division(
                birth_date=entrant.birth_date,
                age=entrant.stated_age,
                gender=entrant.gender,
                bands=bands,
                by_gender=by_gender,
                cutoff=cutoff,
            )
        except engine.RuleError:
            continue  # nothing to place them by: they stay where the organizer put them
        if slot.name.casefold() == entrant.division.name.casefold():
            continue
        blocked = ""
        if entrant.division.bracket.pk in started:
            blocked = translation.gettext("%(division)s is already seated") % {
                "division": entrant.division.bracket.name
            }
        else:
            target = divisions.get(slot.name.casefold())
            if target is not None and target.bracket.pk in started:
                blocked = translation.gettext("%(division)s is already seated") % {
                    "division": target.bracket.name
                }
        moves.append(DivisionMove(entrant, entrant.division.name, slot.name, blocked))
    return moves


def namesakes(event: Event, among=None) -> dict[str, str]:
    """The entrants of the event whose name another entrant of the event shares (folded:
    case, accents, spaces), by entrant id, with the name to show them by: "Mary Smith
    (Sunrise Club)", "Mary Smith #57" (``tournaments.text.namesake_names``). Usually empty.
    One query, whatever the field: the shared names are found in the database, grouped by
    the folded name ``Entrant.search_name`` holds, and only their entrants are read.
    ``among``: only these entrants' names are looked at (a table's players, a bracket, the
    players a search found: entrants, or a QuerySet of them), which keeps the grouping to
    a few index lookups on a large event (10,000 entrants: 18 ms on PostgreSQL for the
    whole event)."""
    everyone = Entrant.objects.filter(event=event)
    if isinstance(among, QuerySet):
        everyone = everyone.filter(search_name__in=among.order_by().values("search_name"))
    elif among is not None:
        everyone = everyone.filter(search_name__in={e.search_name for e in among})
    shared = (
        everyone.order_by()
        .values("search_name")
        .annotate(count=Count("pk"))
        .filter(count__gt=1)
        .values("search_name")
    )
    rows = (
        Entrant.objects.filter(event=event, search_name__in=shared)
        .order_by()
        .values_list("external_id", "first_name", "last_name", "club")
    )
    return namesake_names((i, f"{first} {last}", club, i) for i, first, last, club in rows)


def has_namesake(entrant: str = "") -> Exists:
    """For ``annotate``: another entrant of the event has this entrant's name (folded).
    ``entrant``: the path to the entrant ("entrant__" on a Seat), "" on an Entrant."""
    return Exists(
        Entrant.objects.filter(
            event_id=OuterRef(f"{entrant}event_id"),
            search_name=OuterRef(f"{entrant}search_name"),
        ).exclude(pk=OuterRef(f"{entrant}pk"))
    )


def mark_flagged_namesakes(event: Event, flagged) -> None:
    """``mark_namesakes`` for the entrants a ``has_namesake`` annotation flagged: nothing
    is read when none is (the usual case), else one query for their names."""
    flagged = list(flagged)
    if flagged:
        mark_namesakes(flagged, namesakes(event, among=flagged))


def mark_namesakes(entrants, shown: dict[str, str]):
    """Give each entrant of ``entrants`` that has a namesake the name to show it by
    (``Entrant.shown_name``); ``shown`` is ``namesakes(event)``. Returns ``entrants``."""
    for entrant in entrants:
        if entrant.external_id in shown:
            entrant.namesake_name = shown[entrant.external_id]
    return entrants


def with_shown_name(entrant: Entrant) -> Entrant:
    """One entrant, marked as ``mark_namesakes`` does (a desk's confirm page names them)."""
    return mark_namesakes([entrant], namesakes(entrant.event_id, among=[entrant]))[0]


def loaded_namesakes(entrants) -> dict[str, str]:
    """``namesakes`` computed from entrants already loaded, when they are the whole event
    (the check-in page reads every entrant anyway): no query."""
    return namesake_names((e.external_id, e.name, e.club, e.external_id) for e in entrants)


def checkin_search(event: Event, query: str, limit: int | None = None) -> list[Entrant]:
    """Entrants whose name (or id) contains the typed text, accents, apostrophes and case
    ignored ("obrien" finds O'Brien); everyone when nothing is typed. Each carries
    ``seated``: their bracket is seated, so they are no longer checked in or out here."""
    wanted = fold(query.strip())
    entrants = (
        Entrant.objects.filter(event=event)
        .select_related("division", "division__combined_into")
        .order_by("last_name", "first_name", "external_id")
    )
    found = []
    entrants = list(entrants)
    shown = loaded_namesakes(entrants)
    for entrant in entrants:
        if wanted:
            haystack = f"{entrant.first_name} {entrant.last_name} {entrant.external_id}"
            if not matches(wanted, haystack):
                continue
        found.append(entrant)
        if limit is not None and len(found) >= limit:
            break
    seated = seated_bracket_ids(event, finished=True)
    for entrant in mark_namesakes(found, shown):
        entrant.seated = entrant.division.bracket.pk in seated
    return found


@dataclass
class CheckinSummary:
    """Where the check-in desk stands: "44 of 46 checked in — 2 still to come"."""

    total: int  # everyone expected: checked in (or since withdrawn) and still to come
    checked_in: int
    to_come: list[Entrant] = field(default_factory=list)  # registered, still in time
    too_late: list[Entrant] = field(default_factory=list)  # registered, bracket seated
    absent: list[Entrant] = field(default_factory=list)


def checkin_summary(event: Event) -> CheckinSummary:
    """Counts and names for the top of the check-in page."""
    seated = seated_bracket_ids(event, finished=True)
    summary = CheckinSummary(total=0, checked_in=0)
    everyone = list(
        Entrant.objects.filter(event=event)
        .select_related("division", "division__combined_into")
        .order_by("last_name", "first_name", "external_id")
    )
    for entrant in mark_namesakes(everyone, loaded_namesakes(everyone)):
        status = entrant.status
        if status == Entrant.Status.ABSENT:
            summary.absent.append(entrant)
            continue
        if status == Entrant.Status.REGISTERED:
            if entrant.division.bracket.pk in seated:
                summary.too_late.append(entrant)
                continue
            summary.to_come.append(entrant)
        else:
            summary.checked_in += 1
        summary.total += 1
    return summary


def waiting_to_be_seated(event: Event, query: str, limit: int = 30, shown=None) -> list[dict]:
    """Checked-in players matching the search whose division has no round yet: name and
    division, so "Find my table" can say "not seated yet" rather than "check the spelling".
    ``shown``: the event's ``namesakes`` when already read."""
    wanted = fold(query.strip())
    if len(wanted) < 2:
        return []
    found = []
    waiting = (
        Entrant.objects.filter(event=event)
        .checked_in()
        .matching(wanted)
        .exclude(pk__in=Seat.objects.filter(round__division__event=event).values("entrant_id"))
        .exclude(pk__in=Bye.objects.filter(round__division__event=event).values("entrant_id"))
        .select_related("division", "division__combined_into")
    )
    started = seated_bracket_ids(event, finished=True)
    waiting = sorted(waiting, key=lambda e: (fold(e.last_name), fold(e.first_name)))
    if waiting and shown is None:
        shown = namesakes(event, among=waiting)
    for entrant in waiting:
        if entrant.division.bracket.pk not in started:
            name = shown.get(entrant.external_id, entrant.name)
            found.append({"name": name, "division": entrant.division.name})
            if len(found) >= limit:
                break
    return found


def find_table(event: Event, query: str, limit: int = 30, shown=None) -> list[dict]:
    """Where each matching player sits now: name, division, round, table or bye; two
    players of the same name with their club or number beside it (``namesakes``, or
    ``shown`` when already read).

    The name is searched in the database (``Entrant.search_name``); only the matching
    players' seats are read, so the time does not grow with the field."""
    wanted = fold(query.strip())
    if len(wanted) < 2:
        return []
    matching = Entrant.objects.filter(event=event).matching(wanted).values("pk")
    latest = {}
    for seat in Seat.objects.filter(entrant__in=matching).select_related(
        "entrant", "table", "round__division"
    ):
        key = seat.entrant_id
        if key not in latest or latest[key]["round"] < seat.round.number:
            latest[key] = {
                "entrant": seat.entrant,
                "division": seat.round.division.name,
                "round": seat.round.number,
                "table": seat.table.number,
                "seat": seat.number,
                # A closed round: the table is not where to sit now (eliminated, finished).
                "over": seat.round.status == Round.Status.CLOSED,
            }
    for bye in Bye.objects.filter(entrant__in=matching).select_related(
        "entrant", "round__division"
    ):
        key = bye.entrant_id
        if key not in latest or latest[key]["round"] <= bye.round.number:
            latest[key] = {
                "entrant": bye.entrant,
                "division": bye.round.division.name,
                "round": bye.round.number,
                "table": None,
                "seat": None,
                "over": False,
            }
    found = []
    if latest and shown is None:
        shown = namesakes(event, among=[row["entrant"] for row in latest.values()])
    for row in sorted(
        latest.values(), key=lambda r: (fold(r["entrant"].last_name), fold(r["entrant"].first_name))
    ):
        entrant = row["entrant"]
        if matches(wanted, entrant.name):
            found.append({**row, "name": shown.get(entrant.external_id, entrant.name)})
            if len(found) >= limit:
                break
    return found


# ---------------------------------------------------------------- the round clock


def clock_time(moment: datetime.datetime) -> str:
    """A time of day as the hall reads it, in the event's time zone: ``2:45 pm`` in English
    (and on the command line), as the active language writes it otherwise (``14:45``)."""
    local = timezone.localtime(moment)
    if not (translation.get_language() or "en").startswith("en"):
        return formats.time_format(local, "TIME_FORMAT")
    hour = local.hour % 12 or 12
    return f"{hour}:{local.minute:02d} {'am' if local.hour < 12 else 'pm'}"


@dataclass(frozen=True)
class ClockView:
    """What a page shows of a round's clock (for one table when ``table_id`` is set)."""

    round_id: int
    round_number: int
    table_id: int | None
    table_number: int | None
    clock: engine_clock.Clock
    extra_minutes: int
    now: datetime.datetime

    @property
    def started(self) -> bool:
        return self.clock.started

    @property
    def paused(self) -> bool:
        return self.clock.paused

    @property
    def seconds_left(self) -> int | None:
        return self.clock.seconds_left(self.now)

    @property
    def up(self) -> bool:
        return self.clock.up(self.now)

    @property
    def end(self) -> datetime.datetime | None:
        return self.clock.end(self.now)

    @property
    def left_text(self) -> str:
        return engine_clock.left_in_words(self.seconds_left)

    @property
    def end_text(self) -> str:
        end = self.end
        return clock_time(end) if end is not None else ""

    @property
    def on_extra_time(self) -> bool:
        """The round's time is up at the other tables; this one still has extra minutes."""
        return engine_clock.on_extra_time(self.seconds_left, self.extra_minutes)

    @property
    def started_text(self) -> str:
        return clock_time(self.clock.started_at) if self.started else ""

    @property
    def minutes_late(self) -> int:
        """Whole minutes since time was up (0 while time is left)."""
        left = self.seconds_left
        return 0 if left is None or left > 0 else -left // 60

    def as_json(self) -> dict:
        """For the pages' script: it counts down from the server's end time, corrected
        for the browser's clock by the server's ``now``."""
        end = self.end
        return {
            "started": self.started,
            "paused": self.paused,
            "left": self.seconds_left,
            "up": self.up,
            "end_ms": int(end.timestamp() * 1000) if end is not None else None,
            "now_ms": int(self.now.timestamp() * 1000),
            "end_text": self.end_text,
            "extra_minutes": self.extra_minutes,
            "table_number": self.table_number,
        }


def round_clock(round_: Round, *, table: Table | None = None, now=None) -> ClockView:
    """The clock of ``round_`` (with ``table``'s extra minutes when given)."""
    extra = table.extra_minutes if table is not None else 0
    # A started clock keeps the minutes per game it started with (cold test 11, finding 1).
    minutes_per_game = round_.clock_minutes_per_game or round_.division.event.minutes_per_game
    return ClockView(
        round_id=round_.pk,
        round_number=round_.number,
        table_id=table.pk if table is not None else None,
        table_number=table.number if table is not None else None,
        clock=engine_clock.Clock(
            started_at=round_.clock_started_at,
            minutes=engine_clock.round_minutes(round_.games, minutes_per_game, extra),
            paused_at=round_.clock_paused_at,
            paused_seconds=round_.clock_paused_seconds,
        ),
        extra_minutes=extra,
        now=now or timezone.now(),
    )


def running_clock(round_: Round | None, *, table: Table | None = None, now=None):
    """The clock to show for a round still playing whose clock was started, else None."""
    if round_ is None or round_.status == Round.Status.CLOSED or round_.clock_started_at is None:
        return None
    return round_clock(round_, table=table, now=now)


def extra_time_tables(round_: Round, *, now=None) -> list[dict]:
    """The round's tables given extra minutes, each with its own clock (for the projector:
    "Table 14: 5:40 left" once the round's time is up, as the clock's digits), in table order."""
    now = now or timezone.now()
    return [
        {
            "number": t.number,
            "minutes": t.extra_minutes,
            "clock": round_clock(round_, table=t, now=now),
        }
        for t in round_.tables.filter(extra_minutes__gt=0).order_by("number")
    ]


def announcements(event: Event) -> list[Announcement]:
    """The organizer's messages to the hall, newest first."""
    return list(Announcement.objects.filter(event=event).order_by("-at", "-pk"))


def table_code_typed(text: str) -> str:
    """A table code as typed (lower case, spaces, a dash) in its stored form, or '' when it
    cannot be one (wrong length, a character the alphabet has not)."""
    code = "".join(str(text or "").split()).replace("-", "").upper()
    if len(code) != TABLE_CODE_LENGTH or any(c not in TABLE_CODE_ALPHABET for c in code):
        return ""
    return code


@dataclass(frozen=True)
class CodeLookup:
    """What a table code opens: its table and round, or why it opens nothing
    (``refusal``: one of ``CODE_REFUSALS``; the table and round are still known for a
    revoked code or a closed round, so the page can say which)."""

    code: str
    table: Table | None = None
    refusal: str = ""

    @property
    def round(self) -> Round | None:
        return self.table.round if self.table is not None else None


CODE_UNKNOWN, CODE_REVOKED, CODE_CLOSED, CODE_OFF = "unknown", "revoked", "closed", "off"
CODE_RETIRED = "retired"
CODE_REFUSALS = (CODE_UNKNOWN, CODE_REVOKED, CODE_RETIRED, CODE_CLOSED, CODE_OFF)


def table_code_find(text: str) -> CodeLookup:
    """The table and round a typed code opens, or the refusal: unknown (never given, or
    mistyped), revoked (the organizer gave the table a new code), retired (its round was
    seated again or taken back: the table is gone), closed (the round is
    over), off (the event's scores are entered by scorekeepers only now)."""
    code = table_code_typed(text)
    rows = (
        list(
            TableCode.objects.filter(code__in=table_code_readings(code)).select_related(
                "table__round__division__event"
            )
        )
        if code
        else []
    )
    # As typed, else the one code it reads as with look-alikes swapped (two older codes
    # that read alike: neither, rather than the wrong table).
    row = next((r for r in rows if r.code == code), rows[0] if len(rows) == 1 else None)
    if row is None:
        return CodeLookup(code, None, CODE_UNKNOWN)
    code = row.code
    table = row.table
    if table is None:
        # Its round was seated again or taken back: an old sheet, not a guess.
        return CodeLookup(code, None, CODE_RETIRED)
    if row.revoked_at is not None:
        return CodeLookup(code, table, CODE_REVOKED)
    if table.round.status == Round.Status.CLOSED:
        return CodeLookup(code, table, CODE_CLOSED)
    if not table.round.division.event.players_enter_scores:
        return CodeLookup(code, table, CODE_OFF)
    return CodeLookup(code, table, "")


def table_code_live(table: Table) -> TableCode | None:
    """The table's code in force (None: it has none)."""
    return TableCode.objects.filter(table=table, revoked_at__isnull=True).first()


def table_code_wait(address: str | None, *, now=None) -> int:
    """Seconds ``address`` must wait before a code is looked up for it again: 0 unless it
    typed ``TABLE_CODE_WRONG_ALLOWED`` wrong codes within ``TABLE_CODE_WINDOW``; then until
    enough of them are older than the window."""
    now = now or timezone.now()
    window, allowed = settings.TABLE_CODE_WINDOW, settings.TABLE_CODE_WRONG_ALLOWED
    recent = list(
        TableCodeAttempt.objects.filter(address=address, at__gt=now - window)
        .order_by("-at")
        .values_list("at", flat=True)[:allowed]
    )
    if len(recent) < allowed:
        return 0
    # The allowed-th newest leaves the window first among those that keep it full.
    return max(1, int((recent[-1] + window - now).total_seconds() + 0.999))


@dataclass(frozen=True)
class TableCodeLine:
    """A table of a round in play and its code in force ("" when it has none)."""

    division: str
    round: int
    table: int
    code: str


def table_codes_in_play(event: Event) -> list[TableCodeLine]:
    """Each table of the event's rounds not closed, in hall-number order, with its code."""
    live = dict(
        TableCode.objects.filter(
            table__round__division__event=event, revoked_at__isnull=True
        ).values_list("table_id", "code")
    )
    tables = (
        Table.objects.filter(round__division__event=event)
        .exclude(round__status=Round.Status.CLOSED)
        .order_by("number")
        .values_list("pk", "round__division__name", "round__number", "number")
    )
    return [
        TableCodeLine(name, round_, number, live.get(pk, "")) for pk, name, round_, number in tables
    ]


def table_in_play(event: Event, number: int) -> Table | None:
    """The table of a round in play with hall number ``number`` (unique among them)."""
    return (
        Table.objects.filter(round__division__event=event, number=number)
        .exclude(round__status=Round.Status.CLOSED)
        .select_related("round__division")
        .first()
    )


@dataclass(frozen=True)
class AfterClosedRound:
    """What comes after a closed round, for the pages still open on one of its tables:
    the division's round being played now, or its final over (neither: the next round is
    not seated yet)."""

    playing: Round | None
    final_over: bool


def after_closed_round(round_: Round) -> AfterClosedRound:
    """The division's newest round after ``round_`` if it is still played (one query; the
    division's status is read from ``round_.division``, which the table's page holds)."""
    newest = (
        Round.objects.filter(division_id=round_.division_id, number__gt=round_.number)
        .order_by("-number")
        .only("pk", "number", "status", "division_id")
        .first()
    )
    playing = newest if newest is not None and newest.status != Round.Status.CLOSED else None
    final_over = playing is None and round_.division.status == Division.Status.COMPLETE
    return AfterClosedRound(playing, final_over)
