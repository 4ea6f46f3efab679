"""Tables running late: their clock's time is up and games are still missing."""

from dataclasses import dataclass

from django.db.models import Count, Q
from django.utils import timezone

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


def late_tables(event: Event, now=None) -> list[LateTable]:
    """Every table of a round still playing whose time is up (its own extra minutes
    included) with games still to enter, longest late first. A paused clock's table is
    late only if its time was up before the pause; a table with fewer than two players
    still in play has nothing left to play."""
    now = now or timezone.now()
    out = (Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED)
    tables = (
        Table.objects.filter(round__division__event=event, round__clock_started_at__isnull=False)
        .exclude(round__status=Round.Status.CLOSED)
        .select_related("round__division__event")
        .annotate(
            entered=Count("games", distinct=True),
            playing=Count("seats", filter=~Q(seats__entrant__status__in=out), distinct=True),
        )
        .order_by("number", "round__division__name")
    )
    late = []
    for table in tables:
        if table.entered >= table.round.games or table.playing < 2:
            continue
        clock = round_clock(table.round, table=table, now=now)
        if clock.up:
            late.append(LateTable(table, table.round, table.entered, clock))
    late.sort(key=lambda t: (-t.clock.minutes_late, t.table.number))
    return late
