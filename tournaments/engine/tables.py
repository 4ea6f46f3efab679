"""How a field of players is split into tables of three or four."""

from .errors import RuleError
from .words import gettext


def split_tables(players: int, *, prefer_threes: bool = False) -> tuple[int, ...]:
    """Return the table sizes for ``players``, largest tables first.

    Default: ceil(N/4) tables, as many of four as possible, the rest of three.
    With ``prefer_threes``: as many tables of three as possible, the rest of four.
    A table of two only where nothing else is possible (2 or 5 players).
    One player has no table (a walkover) and gets an empty tuple.
    """
    if players < 0:
        raise RuleError(gettext("The number of players cannot be negative."))
    if players <= 1:
        return ()
    if players == 2:
        return (2,)
    if players == 5:
        return (3, 2)
    if prefer_threes:
        fours = {0: 0, 1: 1, 2: 2}[players % 3]
        threes = (players - 4 * fours) // 3
    else:
        count = -(-players // 4)
        fours = players - 3 * count
        threes = count - fours
    return (4,) * fours + (3,) * threes
