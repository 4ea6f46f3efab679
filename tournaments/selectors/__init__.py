"""Reads of events, divisions, entrants and the bracket, one module per concern; every
name is importable from ``tournaments.selectors``.

Selectors change nothing and import no services; ``scoring`` builds on them and they
never import ``scoring``.
"""

from .announcements import announcements
from .brackets import (
    AfterClosedRound,
    after_closed_round,
    bracket_division_ids,
    bracket_entrants,
    bracket_name,
    bracket_started,
    brackets,
    entrant_seated,
    played_brackets,
    seated_bracket_ids,
    womens_bracket,
    words_list,
)
from .checkin import CheckinSummary, checkin_search, checkin_summary
from .clock import ClockView, clock_time, extra_time_tables, round_clock, running_clock
from .divisions import (
    DivisionMove,
    age_cutoff,
    combine_candidates,
    combine_neighbour,
    division_moves,
    division_slot,
    lone_neighbours,
)
from .events import (
    division_rules,
    event_rules,
    event_started,
    events_personal_data_due,
    free_slug,
    notes_language,
    notes_language_code,
)
from .find_table import find_table, waiting_to_be_seated
from .hall import event_hall, hall_tables_in_play, round_label, table_in_play
from .namesakes import (
    has_namesake,
    loaded_namesakes,
    mark_flagged_namesakes,
    mark_namesakes,
    namesakes,
    with_shown_name,
)
from .public_names import public_name, public_names
from .table_codes import (
    CODE_CLOSED,
    CODE_OFF,
    CODE_REFUSALS,
    CODE_RETIRED,
    CODE_REVOKED,
    CODE_UNKNOWN,
    CodeLookup,
    TableCodeLine,
    table_code_find,
    table_code_live,
    table_code_typed,
    table_code_wait,
    table_codes_in_play,
)

__all__ = [
    "CODE_CLOSED",
    "CODE_OFF",
    "CODE_REFUSALS",
    "CODE_RETIRED",
    "CODE_REVOKED",
    "CODE_UNKNOWN",
    "AfterClosedRound",
    "CheckinSummary",
    "ClockView",
    "CodeLookup",
    "DivisionMove",
    "TableCodeLine",
    "after_closed_round",
    "age_cutoff",
    "announcements",
    "bracket_division_ids",
    "bracket_entrants",
    "bracket_name",
    "bracket_started",
    "brackets",
    "checkin_search",
    "checkin_summary",
    "clock_time",
    "combine_candidates",
    "combine_neighbour",
    "division_moves",
    "division_rules",
    "division_slot",
    "event_hall",
    "event_rules",
    "event_started",
    "events_personal_data_due",
    "extra_time_tables",
    "find_table",
    "free_slug",
    "hall_tables_in_play",
    "has_namesake",
    "loaded_namesakes",
    "lone_neighbours",
    "mark_flagged_namesakes",
    "mark_namesakes",
    "namesakes",
    "notes_language",
    "notes_language_code",
    "played_brackets",
    "public_name",
    "public_names",
    "round_clock",
    "round_label",
    "running_clock",
    "entrant_seated",
    "seated_bracket_ids",
    "table_code_find",
    "table_code_live",
    "table_code_typed",
    "table_code_wait",
    "table_codes_in_play",
    "table_in_play",
    "waiting_to_be_seated",
    "with_shown_name",
    "womens_bracket",
    "words_list",
]
