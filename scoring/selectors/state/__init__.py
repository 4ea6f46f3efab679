"""A division's bracket and scores as the engine sees them: the state itself and what it
puts into words (``bracket``: ``DivisionState``), loaded in a few queries (``loading``:
``division_state``, ``recorded_state``); a medal or a place in words comes from
``tournaments.vocabulary``."""

from tournaments.vocabulary import medal_word, place_word

from .bracket import DivisionState, serialize_placings
from .loading import division_state, game_record_of, recorded_state

__all__ = [
    "DivisionState",
    "division_state",
    "game_record_of",
    "medal_word",
    "place_word",
    "recorded_state",
    "serialize_placings",
]
