"""Events, divisions, entrants and the bracket: rounds, tables, seats and byes; table codes,
announcements and the signed-in session. One module per concern; every name is
importable from ``tournaments.models``.

Rules of the game live in ``tournaments.engine``; what must never happen in the data is
also refused by the database (each model's constraints).
"""

from .announcements import ANNOUNCEMENT_MAX_LENGTH, Announcement
from .bracket import Bye, Round, RoundChange, RoundQuerySet, Seat, Table, seating_note_words
from .divisions import Division, DivisionQuerySet, DivisionResults
from .entrants import (
    ENTRANT_DETAILS,
    Entrant,
    EntrantQuerySet,
    EntrantRemoval,
    EntrantStatusChange,
    name_search_text,
)
from .events import (
    BRACKET_SETTINGS,
    DEFAULT_PERSONAL_DATA_DAYS,
    EVENT_SETTINGS,
    FORMAT_FIELDS,
    FORMAT_PLAYED_SETTINGS,
    MAX_PERSONAL_DATA_DAYS,
    SLUG_PATTERN,
    Event,
    EventAddress,
    EventQuerySet,
    table_numbers_text,
    validate_qualify,
    validate_ribbons_to,
    validate_table_numbers,
)
from .notices import Notice, NoticeSubscription
from .page_codes import (
    PAGE_CODE_LENGTH,
    PAGE_CODE_PATTERN,
    new_page_code,
    page_code_read,
    page_code_shown,
)
from .page_finds import PageFindMiss
from .privacy import Erasure
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
    "ENTRANT_DETAILS",
    "ANNOUNCEMENT_MAX_LENGTH",
    "BRACKET_SETTINGS",
    "DEFAULT_PERSONAL_DATA_DAYS",
    "EVENT_SETTINGS",
    "FORMAT_FIELDS",
    "FORMAT_PLAYED_SETTINGS",
    "MAX_PERSONAL_DATA_DAYS",
    "SLUG_PATTERN",
    "TABLE_CODE_ALPHABET",
    "TABLE_CODE_LENGTH",
    "TABLE_CODE_LOOK_ALIKES",
    "TABLE_CODE_NEW_ALPHABET",
    "TABLE_CODE_VALIDATOR",
    "Announcement",
    "EventAddress",
    "Bye",
    "Division",
    "DivisionQuerySet",
    "DivisionResults",
    "Entrant",
    "EntrantQuerySet",
    "EntrantRemoval",
    "EntrantStatusChange",
    "Erasure",
    "Event",
    "EventQuerySet",
    "Notice",
    "NoticeSubscription",
    "PAGE_CODE_LENGTH",
    "PAGE_CODE_PATTERN",
    "new_page_code",
    "page_code_read",
    "page_code_shown",
    "Round",
    "RoundChange",
    "RoundQuerySet",
    "Seat",
    "Table",
    "TableCode",
    "PageFindMiss",
    "TableCodeAttempt",
    "name_search_text",
    "seating_note_words",
    "table_code_readings",
    "table_numbers_text",
    "validate_qualify",
    "validate_ribbons_to",
    "validate_table_numbers",
]
