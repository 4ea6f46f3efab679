"""The organizer's desk: event, registration, check-in, rounds, medals, backup.

Thin views, one module per part of the desk: forms check input, services change
data, selectors read; ``web.actions.act`` turns a service's answer into a message.
"""

from .announcements import announcement_remove, announcements
from .clock import clocks_start, division_clock, table_minutes
from .divisions import (
    correction_accept,
    correction_undo,
    division_accept,
    division_advance,
    division_disqualify,
    division_medals,
    division_page,
    division_reinstate,
    division_seat,
    division_split,
    division_swap,
    division_tie,
    division_withdraw,
)
from .events import (
    archive,
    backup,
    delete,
    event_new,
    overview,
    restore,
    scorekeeper_add,
    scorekeeper_password,
    scorekeeper_remove,
    scorekeeper_unlock,
    settings_page,
)
from .registration import (
    checkin,
    checkin_accessible,
    checkin_everyone,
    checkin_set,
    combine,
    entrant_edit,
    entrants,
    import_preview,
    import_upload,
)
from .seating_fixes import division_reopen, division_reseat
from .table_codes import division_codes, table_code_new

__all__ = [
    "announcement_remove",
    "announcements",
    "clocks_start",
    "division_clock",
    "division_codes",
    "table_minutes",
    "archive",
    "backup",
    "delete",
    "checkin",
    "checkin_everyone",
    "checkin_accessible",
    "checkin_set",
    "combine",
    "correction_accept",
    "correction_undo",
    "division_accept",
    "division_advance",
    "division_disqualify",
    "division_medals",
    "division_page",
    "division_reinstate",
    "division_reopen",
    "division_reseat",
    "division_seat",
    "division_split",
    "division_swap",
    "division_tie",
    "division_withdraw",
    "entrant_edit",
    "entrants",
    "event_new",
    "import_preview",
    "import_upload",
    "overview",
    "restore",
    "scorekeeper_add",
    "scorekeeper_password",
    "scorekeeper_remove",
    "scorekeeper_unlock",
    "settings_page",
    "table_code_new",
]
