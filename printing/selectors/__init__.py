"""Build the renderers' plain data from the database (the same for tasks and commands):
one module per document, ``document_data`` to ask for any of them by its kind."""

import hashlib
from dataclasses import astuple

from tournaments.engine import RuleError

from .awards import certificates_data, ribbons_data
from .bracket import bracket_data
from .qualifiers import qualifiers_data
from .results import correction_notes, keepsake_name, name_folds, results_data
from .shared import event_info, printed, shared_states
from .slips import player_slips_data
from .tables import players_address, score_sheets_data, table_list_data

__all__ = [
    "BUILDERS",
    "bracket_data",
    "certificates_data",
    "correction_notes",
    "document_data",
    "event_info",
    "fingerprint",
    "keepsake_name",
    "name_folds",
    "player_slips_data",
    "players_address",
    "printed",
    "qualifiers_data",
    "results_data",
    "ribbons_data",
    "score_sheets_data",
    "shared_states",
    "table_list_data",
]

BUILDERS = {
    "table-list": table_list_data,
    "score-sheets": score_sheets_data,
    "bracket": bracket_data,
    "results": results_data,
    "certificates": certificates_data,
    "ribbons": ribbons_data,
    "qualifiers": qualifiers_data,
    "player-slips": player_slips_data,
}


def document_data(event, kind: str, division=None, round_number=None):
    """The plain data for one document, as the renderer takes it."""
    if kind not in BUILDERS:
        raise RuleError(f"Unknown document '{kind}' ({', '.join(BUILDERS)}).")
    if kind in ("table-list", "score-sheets"):
        return BUILDERS[kind](event, division, round_number)
    return BUILDERS[kind](event, division)


def fingerprint(document_data) -> str:
    """A digest of the data a document is made from: it changes when the data change."""
    return hashlib.sha256(repr(astuple(document_data)).encode("utf-8")).hexdigest()
