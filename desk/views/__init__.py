"""The organizer's desk: event, registration, check-in, rounds, medals, backup.

Thin views, one module per page or part of the desk: forms check input, services change
data, selectors read; ``confirm.confirm_then_act`` asks "are you sure?" first where an
action cannot simply be taken back, and ``web.actions.act`` turns a service's answer into
a message.
"""

from .announcements import announcement_remove, announcements
from .backups import backup, restore
from .checkin import (
    checkin,
    checkin_accessible,
    checkin_add_to_seating,
    checkin_everyone,
    checkin_set,
)
from .clock import clocks_start, division_clock, table_minutes
from .combining import combine, division_split
from .division_page import division_page
from .entrants import entrant_edit, entrants, import_preview, import_upload
from .event_settings import settings_page
from .events import archive, delete, event_new, overview
from .privacy import entrant_erase, entrant_export, entrant_public_name
from .removals import entrant_remove
from .results import correction_accept, correction_undo, division_accept, division_medals
from .rounds import (
    division_advance,
    division_seat,
    division_swap,
    division_tie,
    divisions_by_size,
)
from .scorekeepers import (
    scorekeeper_add,
    scorekeeper_password,
    scorekeeper_remove,
    scorekeeper_unlock,
)
from .seating_fixes import division_reopen, division_reseat
from .table_codes import division_codes, table_code_new
from .withdrawals import division_disqualify, division_reinstate, division_withdraw

__all__ = [
    "announcement_remove",
    "announcements",
    "archive",
    "backup",
    "checkin",
    "checkin_accessible",
    "checkin_add_to_seating",
    "checkin_everyone",
    "checkin_set",
    "clocks_start",
    "combine",
    "correction_accept",
    "correction_undo",
    "delete",
    "division_accept",
    "division_advance",
    "division_clock",
    "division_codes",
    "division_disqualify",
    "division_medals",
    "division_page",
    "division_reinstate",
    "division_reopen",
    "division_reseat",
    "division_seat",
    "divisions_by_size",
    "division_split",
    "division_swap",
    "division_tie",
    "division_withdraw",
    "entrant_edit",
    "entrant_remove",
    "entrant_erase",
    "entrant_export",
    "entrant_public_name",
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
    "table_minutes",
]
