"""Who may confirm a game's scores: the second person's check."""

from collections.abc import Hashable


def may_confirm(
    entered_by: Hashable | None, confirmer: Hashable | None, *, organizer: bool = False
) -> bool:
    """Whether ``confirmer`` may confirm a game that ``entered_by`` entered: someone other
    than who entered it checks the numbers (nobody confirms their own entry), and an
    organizer may confirm any game. Both name whoever acted as the caller knows them (an
    account, a player at the table with the table's code); None is nobody known: a game
    entered by nobody known (the command line) may be confirmed by anyone known, and
    nobody known confirms nothing."""
    if organizer:
        return True
    return confirmer is not None and confirmer != entered_by
