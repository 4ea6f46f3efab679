"""Events, divisions, entrants and the bracket: rounds, tables, seats and byes; table codes,
announcements and the signed-in session. One module per concern; every name is
importable from ``tournaments.models``.

Rules of the game live in ``tournaments.engine``; what must never happen in the data is
also refused by the database (each model's constraints).
"""

from .announcements import ANNOUNCEMENT_MAX_LENGTH, Announcement
from .bracket import Bye, Round, RoundChange, RoundQuerySet, Seat, Table, seating_note_words
from .divisions import Division, DivisionQuerySet, DivisionResults
from .entrants import Entrant, EntrantQuerySet, EntrantStatusChange, name_search_text
from .events import (
    BRACKET_SETTINGS,
    EVENT_SETTINGS,
    SLUG_PATTERN,
    Event,
    EventQuerySet,
    table_numbers_text,
    validate_qualify,
    validate_ribbons_to,
    validate_table_numbers,
)
from .sign_in_sessions import SignInSession
from .table_codes import (
    TABLE_CODE_ALPHABET,
    TABLE_CODE_LENGTH,
    TABLE_CODE_LOOK_ALIKES,
    TABLE_CODE_NEW_ALPHABET,
    TABLE_CODE_VALIDATOR,
    TableCode,
    TableCodeAttempt,
    table_code_readings,
)

__all__ = [
    "ANNOUNCEMENT_MAX_LENGTH",
    "BRACKET_SETTINGS",
    "EVENT_SETTINGS",
    "SLUG_PATTERN",
    "TABLE_CODE_ALPHABET",
    "TABLE_CODE_LENGTH",
    "TABLE_CODE_LOOK_ALIKES",
    "TABLE_CODE_NEW_ALPHABET",
    "TABLE_CODE_VALIDATOR",
    "Announcement",
    "Bye",
    "Division",
    "DivisionQuerySet",
    "DivisionResults",
    "Entrant",
    "EntrantQuerySet",
    "EntrantStatusChange",
    "Event",
    "EventQuerySet",
    "Round",
    "RoundChange",
    "RoundQuerySet",
    "Seat",
    "SignInSession",
    "Table",
    "TableCode",
    "TableCodeAttempt",
    "name_search_text",
    "seating_note_words",
    "table_code_readings",
    "table_numbers_text",
    "validate_qualify",
    "validate_ribbons_to",
    "validate_table_numbers",
]
