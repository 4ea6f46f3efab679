"""State changes of events, divisions, entrants and the bracket, one module per concern.

Every function here runs in a transaction and is the only way the data change.
Rules of the game come from ``tournaments.engine``; reads from
``tournaments.selectors``. Nothing here imports ``scoring``.
"""

from .accounts import (
    OrganizerAdded,
    check_username,
    director_create,
    organizer_add,
    organizer_remove,
    password_seen,
    readable_password,
    scorekeeper_password_refusal,
    scorekeeper_password_reset,
    scorekeeper_unlock,
)
from .announcements import announcement_post, announcement_remove
from .checkin import (
    CheckInReport,
    division_split,
    divisions_combine,
    entrant_reinstate_status,
    entrant_set_status,
    entrants_check_in,
    entrants_disqualify,
    entrants_mark_accessible,
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
from .division_results import division_finish, division_record_results, medals_confirm
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
from .first_round import LoneEntrantMustPlay, SeatResult, division_seat_first_round
from .hall import event_lock, hall_check_first_rounds, hall_numbers
from .rounds import (
    new_seed,
    round_create,
    round_mark_closed,
    round_mark_in_play,
    round_seat_again,
    round_started,
    seats_swap,
)
from .seating_fixes import CLOCK_AGAIN, round_play_refusal, round_reseat
from .table_codes import (
    event_table_codes_issue,
    table_code_reissue,
    table_code_wrong,
    table_codes_issue,
)
from .taking_back import (
    Reopened,
    round_renumber_clashing,
    round_reopen,
    round_reopen_renumbering,
)

__all__ = [
    "OrganizerAdded",
    "check_username",
    "director_create",
    "organizer_add",
    "organizer_remove",
    "announcement_post",
    "announcement_remove",
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
    "LoneEntrantMustPlay",
    "SeatResult",
    "division_finish",
    "division_record_results",
    "division_seat_first_round",
    "event_lock",
    "hall_check_first_rounds",
    "hall_numbers",
    "division_split",
    "divisions_combine",
    "entrant_save",
    "entrant_reinstate_status",
    "entrant_set_status",
    "entrants_check_in",
    "entrants_disqualify",
    "entrants_mark_accessible",
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
    "password_seen",
    "readable_password",
    "round_create",
    "round_mark_closed",
    "round_mark_in_play",
    "round_play_refusal",
    "round_renumber_clashing",
    "round_reopen",
    "round_reopen_renumbering",
    "round_reseat",
    "event_table_codes_issue",
    "table_code_reissue",
    "table_code_wrong",
    "table_codes_issue",
    "Reopened",
    "CLOCK_AGAIN",
    "round_seat_again",
    "round_started",
    "scorekeeper_add",
    "scorekeeper_password_refusal",
    "scorekeeper_password_reset",
    "scorekeeper_remove",
    "scorekeeper_unlock",
    "seats_swap",
    "status_record",
]
