"""PDF renderers: plain data in (printing.data), PDF bytes out.

Each renderer is ``render_x(data, *, progress=None) -> bytes``; ``progress(done,
total)`` is called after each page is drawn. No queries: Python and reportlab, and
Django's ``gettext`` for every word printed (the active language: the printing service
renders inside ``translation.override(event.language)``). Large print throughout:
nothing under 11 pt, names at least 14 pt, US Letter unless ``EventInfo.paper == "a4"``.
"""

from .bracket import render_bracket
from .certificates import render_certificates
from .player_slips import render_player_slips
from .qualifiers import render_qualifiers
from .results import render_results
from .ribbons import render_ribbons
from .score_sheets import render_score_sheets
from .table_list import render_table_list
from .table_rules import table_rules

__all__ = [
    "render_bracket",
    "render_certificates",
    "render_player_slips",
    "render_qualifiers",
    "render_results",
    "render_ribbons",
    "render_score_sheets",
    "render_table_list",
    "table_rules",
]
