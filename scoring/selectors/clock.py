"""Tables running late: their clock's time is up and games are still missing."""

from dataclasses import dataclass

from django.db.models import Count, Max, Q
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from tournaments.models import Entrant, Event, Round, Table
from tournaments.selectors import ClockView, round_clock


@dataclass(frozen=True)
class LateTable:
    table: Table
    round: Round
    entered: int
    clock: ClockView

    @property
    def missing(self) -> int:
        return self.round.games - self.entered


# A table with games still to enter and no score for this long is "quiet" on the desk:
# the organizer walks over (a game takes 15 to 20 minutes).
QUIET_MINUTES = 20


@dataclass(frozen=True)
class Heard:
    """When a table's last score arrived, in words for the desk, and whether it has gone
    quiet (games still to enter, nothing for QUIET_MINUTES)."""

    text: str
    quiet: bool
    minutes: int | None


def table_heard_from(*, last, started, waiting: bool, now) -> Heard:
    """``last``: when its latest score arrived (None: none yet); ``started``: when the
    round's clock started (None: not started); ``waiting``: games still to enter."""
    if last is None:
        if started is None or not waiting:
            return Heard("", False, None)
        minutes = max(0, int((now - started).total_seconds() // 60))
        quiet = minutes >= QUIET_MINUTES
        text = _no_score_for(minutes) if quiet else gettext("no score yet")
        return Heard(text, quiet, minutes)
    minutes = max(0, int((now - last).total_seconds() // 60))
    quiet = waiting and minutes >= QUIET_MINUTES
    if quiet:
        return Heard(_no_score_for(minutes), True, minutes)
    if minutes < 1:
        return Heard(gettext("last score just now"), False, minutes)
    text = ngettext("last score %(minutes)s min ago", "last score %(minutes)s min ago", minutes) % {
        "minutes": minutes
    }
    return Heard(text, False, minutes)


def _no_score_for(minutes: int) -> str:
    return ngettext("no score for %(minutes)s min", "no score for %(minutes)s min", minutes) % {
        "minutes": minutes
    }


@dataclass(frozen=True)
class QuietTable:
    table: Table
    round: Round
    entered: int
    heard: Heard


@dataclass(frozen=True)
class Watch:
    """Tables the organizer may want to walk over to."""

    late: list[LateTable]
    quiet: list[QuietTable]


def late_tables(event: Event, now=None) -> list[LateTable]:
    """Every table of a round still playing whose time is up (its own extra minutes
    included) with games still to enter, longest late first. A paused clock's table is
    late only if its time was up before the pause; a table with fewer than two players
    still in play has nothing left to play."""
    return tables_to_watch(event, now).late


def tables_to_watch(event: Event, now=None) -> Watch:
    """The tables running late (``late_tables``) and, of the others, those gone quiet:
    games still to enter and no score for QUIET_MINUTES. One query."""
    now = now or timezone.now()
    out = (Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED)
    tables = (
        Table.objects.filter(round__division__event=event)
        .filter(Q(round__clock_started_at__isnull=False) | Q(round__status=Round.Status.IN_PLAY))
        .exclude(round__status=Round.Status.CLOSED)
        .select_related("round__division__event")
        .annotate(
            entered=Count("games", distinct=True),
            playing=Count("seats", filter=~Q(seats__entrant__status__in=out), distinct=True),
            last_score=Max("games__racks__entered_at"),
        )
        .order_by("number", "round__division__name")
    )
    late, quiet = [], []
    for table in tables:
        if table.entered >= table.round.games or table.playing < 2:
            continue
        if table.round.clock_started_at is not None:
            clock = round_clock(table.round, table=table, now=now)
            if clock.up:
                late.append(LateTable(table, table.round, table.entered, clock))
                continue
        heard = table_heard_from(
            last=table.last_score, started=table.round.clock_started_at, waiting=True, now=now
        )
        if heard.quiet:
            quiet.append(QuietTable(table, table.round, table.entered, heard))
    late.sort(key=lambda t: (-t.clock.minutes_late, t.table.number))
    quiet.sort(key=lambda t: (-(t.heard.minutes or 0), t.table.number))
    return Watch(late, quiet)
