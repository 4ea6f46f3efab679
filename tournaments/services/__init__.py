"""State changes of events, divisions, entrants and the bracket, one module per concern.

Every function here runs in a transaction and is the only way the data change.
Rules of the game come from ``tournaments.engine``; reads from
``tournaments.selectors``. Nothing here imports ``scoring``.
"""

from .accounts import readable_password, scorekeeper_password_reset, scorekeeper_unlock
from .bracket import (
    SeatResult,
    division_finish,
    division_seat_first_round,
    medals_confirm,
    new_seed,
    round_create,
    round_mark_closed,
    round_mark_in_play,
    round_seat_again,
    round_started,
    seats_swap,
)
from .checkin import (
    CheckInReport,
    division_split,
    divisions_combine,
    entrant_reinstate_status,
    entrant_set_status,
    entrants_check_in,
    entrants_disqualify,
    entrants_withdraw,
    status_record,
)
from .clock import (
    ClocksStarted,
    ClockStarted,
    round_clock_pause,
    round_clock_resume,
    round_clock_start,
    rounds_clock_start,
    table_minutes_add,
)
from .entrants import (
    ENTRANT_FIELDS,
    ImportReport,
    entrant_save,
    entrants_import,
    entrants_regroup,
)
from .events import (
    DivisionMovesPending,
    division_settings_moves,
    event_archive,
    event_configure,
    event_create,
    event_create_by,
    event_get_or_create,
    event_rows_delete,
    scorekeeper_add,
    scorekeeper_remove,
)

__all__ = [
    "ClockStarted",
    "ClocksStarted",
    "round_clock_pause",
    "round_clock_resume",
    "round_clock_start",
    "rounds_clock_start",
    "table_minutes_add",
    "DivisionMovesPending",
    "division_settings_moves",
    "CheckInReport",
    "ENTRANT_FIELDS",
    "ImportReport",
    "SeatResult",
    "division_finish",
    "division_seat_first_round",
    "division_split",
    "divisions_combine",
    "entrant_save",
    "entrant_reinstate_status",
    "entrant_set_status",
    "entrants_check_in",
    "entrants_disqualify",
    "entrants_import",
    "entrants_regroup",
    "entrants_withdraw",
    "event_archive",
    "event_configure",
    "event_create",
    "event_create_by",
    "event_get_or_create",
    "event_rows_delete",
    "medals_confirm",
    "new_seed",
    "readable_password",
    "round_create",
    "round_mark_closed",
    "round_mark_in_play",
    "round_seat_again",
    "round_started",
    "scorekeeper_add",
    "scorekeeper_password_reset",
    "scorekeeper_remove",
    "scorekeeper_unlock",
    "seats_swap",
    "status_record",
]
