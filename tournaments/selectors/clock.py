"""The round clock as pages show it (its arithmetic is ``tournaments.engine.clock``)."""

import datetime
from dataclasses import dataclass

from django.utils import formats, timezone, translation

from tournaments.engine import clock as engine_clock
from tournaments.models import Round, Table
from tournaments.zones import clock_words


def clock_time(moment: datetime.datetime | datetime.time | None) -> str:
    """A time of day as the hall reads it, in the event's time zone (the active one: pages,
    documents and commands activate the event's), in the active language's one format:
    ``2:45 pm`` in English (and on the command line), ``14 h 45`` in French, ``14:45`` in
    Spanish (``tournaments.zones.clock_words``). The one way every time is shown."""
    if moment is None or moment == "":
        return ""
    if isinstance(moment, datetime.datetime):
        moment = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return clock_words(moment, translation.get_language() or "en")


def day_clock_time(moment: datetime.datetime | None) -> str:
    """A day and a time of day in the event's time zone: "12/07/2026 2:01 pm"."""
    if not moment:
        return ""
    local = timezone.localtime(moment) if timezone.is_aware(moment) else moment
    return f"{formats.date_format(local, 'SHORT_DATE_FORMAT')} {clock_time(local)}"


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
    # A started clock keeps the minutes per game it started with: a later change of the
    # setting times the next clocks, never one already running.
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
