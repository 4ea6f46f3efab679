"""Players checking themselves in: the window an organizer opens (a start and an end time).

Outside the window only the desk checks players in; inside it a player may check in from
their own page or at the kiosk. Either way the desk's rule still holds: nobody is checked
in once their division is seated (``tournaments.services.entrant_set_status``).
"""

import datetime
from dataclasses import dataclass

from .errors import RuleError
from .words import gettext

# Where a check-in window stands at a moment.
NOT_SET = "not_set"  # the organizer has not opened one
NOT_YET = "not_yet"  # it opens later
OPEN = "open"
OVER = "over"  # it closed


@dataclass(frozen=True)
class CheckinWindow:
    """The window as stored: both ends, or neither."""

    opens_at: datetime.datetime | None
    closes_at: datetime.datetime | None

    def state(self, now: datetime.datetime) -> str:
        """NOT_SET, NOT_YET, OPEN (from ``opens_at`` up to, not including, ``closes_at``) or
        OVER."""
        if self.opens_at is None or self.closes_at is None:
            return NOT_SET
        if now < self.opens_at:
            return NOT_YET
        if now < self.closes_at:
            return OPEN
        return OVER


def check_window(opens_at: datetime.datetime | None, closes_at: datetime.datetime | None) -> None:
    """A window is both ends with the end after the start, or neither (closed)."""
    if (opens_at is None) != (closes_at is None):
        raise RuleError(gettext("Give the self check-in both a start and an end time."))
    if opens_at is not None and closes_at <= opens_at:
        raise RuleError(gettext("The self check-in must end after it starts."))
