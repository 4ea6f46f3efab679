"""Reads for the player's own page and the kiosk: which page a code opens, the players a
name and birth year find, where the self check-in window stands for a player, and the
division's schedule."""

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from tournaments import engine
from tournaments.engine.self_checkin import NOT_SET, OPEN, CheckinWindow
from tournaments.models import Division, Entrant, Event, PageFindMiss, Round, page_code_read
from tournaments.text import fold

from .brackets import bracket_entrants, bracket_started

# Why a player cannot check themselves in now (the page words each one).
CHECKED_IN = "checked_in"
SEATED = "seated"
OUT_OF_PLAY = "out_of_play"
# The most players a name and birth year list at the kiosk or find-my-table.
MOST_FOUND = 10
# The most players a name may match (whatever their birth year) for find-my-table to answer
# it: a broader one ("ma") would open the page of a stranger born in the year typed.
MOST_NAMED = 10
NOT_PLAYING = (Entrant.Status.ABSENT, Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED)


@dataclass(frozen=True)
class OpenedPage:
    """What a page code opens: an entrant's page, as the player or as their family."""

    entrant: Entrant
    family: bool


def page_opened(event: Event | int, code: str) -> OpenedPage | None:
    """The page of ``event`` (or its id) that a code (typed, scanned or in the address)
    opens; None for a code that opens nothing (never given, or replaced by the desk)."""
    code = page_code_read(code)
    if not code:
        return None
    entrant = (
        Entrant.objects.filter(Q(page_code=code) | Q(family_code=code), event=event)
        .select_related("event", "division", "division__combined_into")
        .first()
    )
    if entrant is None:
        return None
    return OpenedPage(entrant, family=entrant.family_code == code)


def entrants_by_name_and_year(event: Event, name: str, year: int | None) -> list[Entrant]:
    """The entrants of ``event`` whose name holds every word typed (accents and case
    folded) and who were born in ``year``: what find-my-table and the kiosk ask. Entrants
    without a birth date are never found this way (the desk finds them)."""
    if year is None or len(fold(name.strip())) < 2:
        return []
    return list(
        Entrant.objects.filter(event=event, birth_date__year=year)
        .matching(name)
        .select_related("event", "division", "division__combined_into")
        .order_by("last_name", "first_name", "external_id")[:MOST_FOUND]
    )


def entrants_named(event: Event, name: str, most: int = MOST_NAMED) -> list[int]:
    """The ids of the event's entrants whose name holds every word typed, whatever their
    birth year: at most ``most`` + 1 of them (more says the name is too broad)."""
    if len(fold(name.strip())) < 2:
        return []
    return list(
        Entrant.objects.filter(event=event)
        .matching(name)
        .order_by("pk")
        .values_list("pk", flat=True)[: most + 1]
    )


def _wait(times: list[datetime.datetime], allowed: int, now: datetime.datetime) -> int:
    """Seconds until fewer than ``allowed`` of ``times`` (newest first) are in the window."""
    if len(times) < allowed:
        return 0
    return max(1, int((times[allowed - 1] + settings.PAGE_FIND_WINDOW - now).total_seconds() + 1))


def page_find_wait(
    event: Event, *, address: str | None, entrants=(), now: datetime.datetime | None = None
) -> int:
    """Seconds before a name and birth year is answered again for ``address``, or for a
    name matching any of ``entrants`` (ids): 0 unless, within ``PAGE_FIND_WINDOW``, that
    address sent ``PAGE_FIND_MISSES_PER_ADDRESS`` wrong years, or names matching one of
    them came with ``PAGE_FIND_MISSES_PER_PLAYER`` wrong years (from anywhere)."""
    now = now or timezone.now()
    recent = PageFindMiss.objects.filter(event=event, at__gt=now - settings.PAGE_FIND_WINDOW)
    from_address = list(
        recent.filter(address=address, entrant__isnull=True)
        .order_by("-at")
        .values_list("at", flat=True)[: settings.PAGE_FIND_MISSES_PER_ADDRESS]
    )
    waits = [_wait(from_address, settings.PAGE_FIND_MISSES_PER_ADDRESS, now)]
    per_player: dict[int, list] = {}
    for entrant_id, at in (
        recent.filter(entrant_id__in=list(entrants)).order_by("-at").values_list("entrant_id", "at")
    ):
        per_player.setdefault(entrant_id, []).append(at)
    waits += [_wait(t, settings.PAGE_FIND_MISSES_PER_PLAYER, now) for t in per_player.values()]
    return max(waits)


def notices_open(event: Event | int) -> bool:
    """Whether addresses may still be left for e-mail notices: the event runs (not every
    division finished, not archived, its end not yet dealt with). Once it is over nothing
    more would be told, and its addresses are deleted (docs/privacy.md)."""
    running = Event.objects.filter(
        pk=getattr(event, "pk", event), ended_forgotten_at__isnull=True, archived_at__isnull=True
    )
    return running.exists() and not running.finished().exists()


def checkin_window(event: Event) -> CheckinWindow:
    return CheckinWindow(event.checkin_opens_at, event.checkin_closes_at)


@dataclass(frozen=True)
class SelfCheckin:
    """Where self check-in stands for one player: ``can`` check in now, else ``why`` not
    (the window's state, CHECKED_IN, SEATED or OUT_OF_PLAY) and the window's times."""

    can: bool
    why: str
    opens_at: datetime.datetime | None
    closes_at: datetime.datetime | None
    checked_in_at: datetime.datetime | None = None
    at_kiosk: bool = False


def self_checkin(entrant: Entrant, now: datetime.datetime | None = None) -> SelfCheckin:
    """Whether ``entrant`` may check themselves in at ``now`` (default: now), and why not."""
    window = checkin_window(entrant.event)
    state = window.state(now or timezone.now())
    times = {"opens_at": window.opens_at, "closes_at": window.closes_at}
    if entrant.status == Entrant.Status.CHECKED_IN:
        return SelfCheckin(
            False,
            CHECKED_IN,
            **times,
            checked_in_at=entrant.self_checked_in_at,
            at_kiosk=entrant.self_checked_in_at_kiosk,
        )
    if entrant.out_of_play:
        return SelfCheckin(False, OUT_OF_PLAY, **times)
    if state == NOT_SET:
        return SelfCheckin(False, NOT_SET, **times)
    if bracket_started(entrant.division):
        return SelfCheckin(False, SEATED, **times)
    return SelfCheckin(state == OPEN, state, **times)


@dataclass(frozen=True)
class PlannedRound:
    """One round of a division's day: as seated (``round``), or as the plan expects it."""

    number: int
    kind: str
    games: int
    starts_at: datetime.datetime | None  # estimated from the division's start time
    round: Round | None = None


@dataclass(frozen=True)
class Schedule:
    """A division's day: when and where it starts, and its rounds (those seated, then the
    plan's for the rest), each with an estimated start when the start time is known."""

    starts_at: datetime.datetime | None
    place: str
    rounds: tuple[PlannedRound, ...]


def _start(division: Division) -> datetime.datetime | None:
    if division.starts_at is None:
        return None
    moment = datetime.datetime.combine(division.event.date, division.starts_at)
    return timezone.make_aware(moment) if timezone.is_naive(moment) else moment


def division_schedule(division: Division, rounds: list[Round] | None = None) -> Schedule:
    """The day of ``division``'s bracket: its seated rounds (``rounds`` when already read,
    in order) then the engine's plan for the rest, one after another at the event's
    minutes per game. A round's start is its clock's when started, else estimated."""
    bracket = division.bracket
    event = bracket.event
    if rounds is None:
        rounds = list(Round.objects.filter(division=bracket).order_by("number"))
    start = _start(bracket)
    planned: list[PlannedRound] = []
    at = start
    for round_ in rounds:
        began = round_.clock_started_at or at
        planned.append(PlannedRound(round_.number, round_.kind, round_.games, began, round_))
        at = _after(began, round_.games, event.minutes_per_game)
    last = rounds[-1] if rounds else None
    finished = bracket.status == Division.Status.COMPLETE
    if not finished and (last is None or last.kind != engine.FINAL):
        if last is None:
            players = bracket_entrants(bracket).exclude(status__in=NOT_PLAYING).count()
        else:
            players = last.seats.count() + last.byes.count()
        plan = engine.plan_division(
            players, prefer_threes=event.prefer_threes, first_round=last.number if last else 1
        )
        # The plan starts with the round seated now, if any: the rest are still to come.
        for shape in plan.rounds[1:] if last else plan.rounds:
            planned.append(PlannedRound(shape.number, shape.kind, shape.games, at))
            at = _after(at, shape.games, event.minutes_per_game)
    return Schedule(start, bracket.place, tuple(planned))


def _after(at, games: int, minutes_per_game: int):
    return at + datetime.timedelta(minutes=games * minutes_per_game) if at else None
