"""Reads of scores, one module per concern: the engine's view of a division (``state``),
results (``results``), a table's sheet (``sheets``) and a round's standings (``standings``)."""

from .clock import (
    QUIET_MINUTES,
    Heard,
    LateTable,
    QuietTable,
    Watch,
    late_tables,
    table_heard_from,
    tables_to_watch,
)
from .contents import EventContents, event_contents
from .corrections import (
    Comparison,
    PendingCorrection,
    corrections_pending,
    division_open_consequences,
    division_pending_correction,
    flagged_corrections,
    undecided_changes,
)
from .privacy import person_record
from .qualifiers import (
    QualifierGroup,
    QualifierRow,
    QualifiersReport,
    event_qualifiers,
)
from .results import division_results, event_results, finished_places, public_results
from .sheets import (
    SheetGame,
    SheetSeat,
    TableEntry,
    TableInPlay,
    TableSheet,
    describe_change,
    table_changes_mark,
    table_entry,
    table_sheet,
    tables_in_play,
)
from .standings import decided_at_table, round_standings
from .state import (
    DivisionState,
    division_state,
    game_record_of,
    medal_word,
    place_word,
    recorded_state,
    serialize_placings,
)
from .withdrawals import undo_refusal, undoable

__all__ = [
    "QualifierGroup",
    "QualifierRow",
    "QualifiersReport",
    "event_qualifiers",
    "LateTable",
    "late_tables",
    "QUIET_MINUTES",
    "Heard",
    "QuietTable",
    "Watch",
    "table_heard_from",
    "tables_to_watch",
    "Comparison",
    "PendingCorrection",
    "corrections_pending",
    "division_open_consequences",
    "division_pending_correction",
    "flagged_corrections",
    "undecided_changes",
    "DivisionState",
    "EventContents",
    "SheetGame",
    "SheetSeat",
    "TableInPlay",
    "TableEntry",
    "TableSheet",
    "describe_change",
    "division_results",
    "division_state",
    "recorded_state",
    "event_contents",
    "event_results",
    "finished_places",
    "public_results",
    "game_record_of",
    "medal_word",
    "place_word",
    "decided_at_table",
    "round_standings",
    "serialize_placings",
    "table_changes_mark",
    "table_entry",
    "table_sheet",
    "tables_in_play",
    "undo_refusal",
    "undoable",
    "person_record",
]
