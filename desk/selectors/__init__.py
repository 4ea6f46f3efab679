"""Reads for the organizer's desk, one module per page or part of it: the overview and what
each division waits for (``overview``), the division page (``division``), fixing a
seating (``seating_fixes``), the round clocks (``clocks``), table codes
(``table_codes``), entrants (``entrants``) and scorekeepers (``scorekeepers``)."""

from .clocks import round_table, unstarted_clocks
from .division import PLAN_NOTES, DivisionDesk, division_desk
from .entrants import (
    EntrantPrivacy,
    entrant_privacy,
    entrants_in_order,
    entrants_listed,
    entrants_named,
)
from .overview import (
    DivisionLine,
    Overview,
    Waiting,
    desk_overview,
    division_waits,
    event_overview,
)
from .scorekeepers import scorekeepers_listed
from .seating_fixes import RoundSize, round_change_notes, round_changes, round_size
from .table_codes import PlayerEntry, RoundCodes, TableCodeLine, players_entries, round_codes

__all__ = [
    "PLAN_NOTES",
    "DivisionDesk",
    "DivisionLine",
    "EntrantPrivacy",
    "entrant_privacy",
    "Overview",
    "PlayerEntry",
    "RoundCodes",
    "RoundSize",
    "TableCodeLine",
    "Waiting",
    "desk_overview",
    "division_desk",
    "division_waits",
    "entrants_in_order",
    "entrants_listed",
    "entrants_named",
    "event_overview",
    "players_entries",
    "round_change_notes",
    "round_changes",
    "round_codes",
    "round_size",
    "round_table",
    "scorekeepers_listed",
    "unstarted_clocks",
]
