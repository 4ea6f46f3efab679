"""State changes of scores, one module per concern: entering and confirming games
(``games``), corrections and penalties (``corrections``), closing rounds (``rounds``).

Every function runs in a transaction. The rules come from the engine; the
bracket is changed only through ``tournaments.services``.
"""

from ._common import AtTable, RoundUnfinished, ScoreConflict, TieBlocked, Unchecked
from .bulk import round_games_record
from .corrections import (
    AcceptResult,
    correction_undo,
    corrections_accept,
    penalty_add,
    score_correct,
    scores_correct,
)
from .events import event_delete
from .games import OWN_ENTRY, game_confirm, game_record, games_import
from .plain import PlainGame, game_record_plain
from .privacy import (
    entrant_erase,
    erasures_apply,
    event_personal_purge,
    events_ended_forget,
    events_personal_purge_due,
)
from .rounds import (
    Advanced,
    AdvanceResult,
    division_advance,
    results_accept,
    round_reopen,
    tie_resolve,
)
from .withdrawals import entrant_reinstate

__all__ = [
    "AcceptResult",
    "correction_undo",
    "corrections_accept",
    "AdvanceResult",
    "Advanced",
    "AtTable",
    "OWN_ENTRY",
    "RoundUnfinished",
    "ScoreConflict",
    "TieBlocked",
    "Unchecked",
    "division_advance",
    "event_delete",
    "entrant_reinstate",
    "game_confirm",
    "game_record",
    "game_record_plain",
    "PlainGame",
    "games_import",
    "penalty_add",
    "results_accept",
    "round_games_record",
    "round_reopen",
    "score_correct",
    "scores_correct",
    "tie_resolve",
    "entrant_erase",
    "erasures_apply",
    "event_personal_purge",
    "events_ended_forget",
    "events_personal_purge_due",
]
