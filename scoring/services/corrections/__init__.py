"""An organizer's changes after the fact: corrections of scores with a reason and penalty
points (``scores``), and the decision about a correction flagged for changing who advanced,
the byes or the medals: accept what the scores now give, or undo it (``decisions``)."""

from .decisions import AcceptResult, correction_undo, corrections_accept, settle_if_moot
from .scores import flag_names, penalty_add, score_correct, scores_correct

__all__ = [
    "AcceptResult",
    "correction_undo",
    "corrections_accept",
    "flag_names",
    "penalty_add",
    "score_correct",
    "scores_correct",
    "settle_if_moot",
]
