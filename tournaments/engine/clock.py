"""The round clock: how long a round (or one table of it) has left.

A round's playing time is the event's minutes per game times the round's games (three in
the qualifying round, two in later rounds, one in the final); one table may be given extra
minutes. The organizer starts the clock, may pause it (a fire drill) and resume it, or
start it again. The clock only tells time: it never changes a score and never blocks one.
"""

import datetime
import math
from dataclasses import dataclass

from .errors import RuleError
from .words import gettext, ngettext

MAX_EXTRA_MINUTES = 240
MAX_ADDED_AT_ONCE = 120


def round_minutes(games: int, minutes_per_game: int, extra_minutes: int = 0) -> int:
    """The playing time of a round's table in minutes: games × minutes per game + extra."""
    return games * minutes_per_game + extra_minutes


@dataclass(frozen=True)
class Clock:
    """One table's (or a whole round's) clock, as stored: when it started, the minutes it
    runs, and its pauses (``paused_at`` while paused; ``paused_seconds`` of pauses over)."""

    started_at: datetime.datetime | None
    minutes: int
    paused_at: datetime.datetime | None = None
    paused_seconds: int = 0

    @property
    def started(self) -> bool:
        return self.started_at is not None

    @property
    def paused(self) -> bool:
        return self.started and self.paused_at is not None

    def seconds_left(self, now: datetime.datetime) -> int | None:
        """Whole seconds left (rounded up; zero or less once time is up); None before the
        clock starts. A paused clock stands still at the moment it was paused."""
        if self.started_at is None:
            return None
        until = self.started_at + datetime.timedelta(
            minutes=self.minutes, seconds=self.paused_seconds
        )
        reference = self.paused_at if self.paused_at is not None else now
        return math.ceil((until - reference).total_seconds())

    def end(self, now: datetime.datetime) -> datetime.datetime | None:
        """When time is up, as things stand at ``now`` (a paused clock's end moves on)."""
        left = self.seconds_left(now)
        if left is None:
            return None
        return now + datetime.timedelta(seconds=left)

    def up(self, now: datetime.datetime) -> bool:
        left = self.seconds_left(now)
        return left is not None and left <= 0


def left_in_words(seconds: int | None) -> str:
    """Time left as a clock shows it: ``23:05``, ``1:02:09``; ``0:00`` once time is up."""
    if seconds is None:
        return ""
    seconds = max(0, seconds)
    hours, rest = divmod(seconds, 3600)
    minutes, secs = divmod(rest, 60)
    if hours:
        return f"{hours}:{minutes:02d}:{secs:02d}"
    return f"{minutes}:{secs:02d}"


def minutes_left_in_words(seconds: int | None) -> str:
    """Time left in whole minutes, rounded up, as a hall reads it: ``6 min`` (``1 min``
    in the last minute, ``0 min`` once time is up)."""
    if seconds is None:
        return ""
    return f"{-(-max(0, seconds) // 60)} min"


def on_extra_time(seconds_left: int | None, extra_minutes: int) -> bool:
    """A table given extra minutes whose round's own time is up while its own is not: it
    plays on while the other tables finish their current game."""
    return (
        bool(extra_minutes) and seconds_left is not None and 0 < seconds_left <= extra_minutes * 60
    )


def check_added_minutes(minutes: int, extra_now: int) -> int:
    """The table's extra minutes after adding ``minutes`` (negative takes back a mistake);
    a RuleError in words when it is out of range."""
    if minutes == 0:
        raise RuleError(
            gettext("Add at least one minute (or take back minutes with a minus sign).")
        )
    if abs(minutes) > MAX_ADDED_AT_ONCE:
        if minutes > 0:
            message = gettext("Add at most %(most)s minutes at once.")
        else:
            message = gettext("Take back at most %(most)s minutes at once.")
        raise RuleError(message % {"most": MAX_ADDED_AT_ONCE})
    total = extra_now + minutes
    if total < 0:
        raise RuleError(
            ngettext(
                "The table has %(extra)s extra minute: %(minutes)s cannot be taken back.",
                "The table has %(extra)s extra minutes: %(minutes)s cannot be taken back.",
                extra_now,
            )
            % {"extra": extra_now, "minutes": -minutes}
        )
    if total > MAX_EXTRA_MINUTES:
        raise RuleError(
            gettext("A table can have at most %(most)s extra minutes.")
            % {"most": MAX_EXTRA_MINUTES}
        )
    return total


# ------------------------------------------------------------------ games of several hands
# A format may give each game a time limit and a least number of hands (the NVSO: at least
# three hands within an hour). At time up the hand in progress is finished, and a game
# always has its least number of hands: a table short of them plays on until it has them.


def minutes_per_game_of(minutes_per_game: int, game_minutes: int | None) -> int:
    """The minutes the clock gives each game: the format's game time limit when it sets
    one, else the event's minutes per game."""
    return game_minutes or minutes_per_game


def game_clock(round_clock: Clock, game: int, game_minutes: int) -> Clock:
    """The clock of game ``game`` (1, 2, …) of a round whose games have a time limit:
    the round's time cut in one slot of ``game_minutes`` per game, game 2 starting
    ``game_minutes`` after the round's start, and so on. A pause stops every game's
    clock and moves the later ones on, as it moves the round's end. (A table whose game
    ran over starts its next game late: its clock shows less time, as the round's does.)"""
    if game < 1:
        raise RuleError(gettext("Games are numbered from 1."))
    if round_clock.started_at is None:
        return Clock(None, game_minutes)
    return Clock(
        started_at=round_clock.started_at + datetime.timedelta(minutes=(game - 1) * game_minutes),
        minutes=game_minutes,
        paused_at=round_clock.paused_at,
        paused_seconds=round_clock.paused_seconds,
    )


def game_in_play(round_clock: Clock, now: datetime.datetime, game_minutes: int, games: int) -> int:
    """Which game's slot the round is in at ``now`` (1 before the start; the last game once
    the round's time is up)."""
    left = round_clock.seconds_left(now)
    if left is None:
        return 1
    elapsed = games * game_minutes * 60 - left
    return max(1, min(games, int(elapsed // (game_minutes * 60)) + 1))


@dataclass(frozen=True)
class HandsTime:
    """A game of hands at one moment: the seconds left on its clock (None before it
    starts), the hands entered so far, and the least number the game needs."""

    seconds_left: int | None
    hands_entered: int
    least_hands: int

    @property
    def up(self) -> bool:
        return self.seconds_left is not None and self.seconds_left <= 0

    @property
    def hands_after_this(self) -> int:
        """Hands still to play once the hand in progress is finished, to reach the least
        number (0 when finishing this hand is enough)."""
        return max(0, self.least_hands - self.hands_entered - 1)

    def words(self) -> str:
        """What the clock says: the time left, or at time up "finish this hand" (and how
        many more hands the game still needs), in the active language."""
        if not self.up:
            return left_in_words(self.seconds_left)
        if not self.hands_after_this:
            return gettext("Time is up — finish this hand")
        return ngettext(
            "Time is up — finish this hand, then play %(more)s more hand",
            "Time is up — finish this hand, then play %(more)s more hands",
            self.hands_after_this,
        ) % {"more": self.hands_after_this}


def hands_time(
    clock: Clock, now: datetime.datetime, *, hands_entered: int, least_hands: int
) -> HandsTime:
    """The game's time as its clock (``game_clock``, or the table's own) and its hands
    entered say at ``now``."""
    return HandsTime(clock.seconds_left(now), hands_entered, least_hands)
