"""Build the renderers' plain data from the database (the same for tasks and commands):
one module per document, ``document_data`` to ask for any of them by its kind."""

import hashlib
from dataclasses import astuple, is_dataclass, replace

from django.conf import settings

from tournaments.engine import RuleError

from .awards import certificates_data, ribbons_data
from .bracket import bracket_data
from .qualifiers import qualifiers_data
from .results import correction_notes, keepsake_name, name_folds, results_data
from .shared import event_info, in_one_language, printed, shared_states
from .slips import player_slips_data
from .tables import players_address, score_sheets_data, table_list_data

__all__ = [
    "BUILDERS",
    "bracket_data",
    "certificates_data",
    "correction_notes",
    "document_data",
    "event_info",
    "document_fingerprint",
    "fingerprint",
    "in_one_language",
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
    """The plain data for one document, as the renderer takes it: its words in the event's
    language, its times in the event's time zone."""
    if kind not in BUILDERS:
        raise RuleError(f"Unknown document '{kind}' ({', '.join(BUILDERS)}).")
    with printed(event):
        if kind in ("table-list", "score-sheets"):
            return BUILDERS[kind](event, division, round_number)
        return BUILDERS[kind](event, division)


def fingerprint(document_data) -> str:
    """A digest of the data a document is made from: it changes when the data change, not
    with the language it is printed in (the data's words are built ``in_one_language`` for
    it: ``document_fingerprint``)."""
    event = getattr(document_data, "event", None)
    if is_dataclass(event) and hasattr(event, "language"):
        document_data = replace(document_data, event=replace(event, language=""))
    return hashlib.sha256(repr(astuple(document_data)).encode("utf-8")).hexdigest()


def document_fingerprint(event, kind: str, division=None, round_number=None, data=None) -> str:
    """The fingerprint of a document's data, its words built in one language whatever the
    event's (``data``: the data already built in the event's language, reused when that is
    the same language)."""
    language = getattr(event, "language", None) or settings.LANGUAGE_CODE
    if data is None or language != settings.LANGUAGE_CODE:
        with in_one_language():
            data = document_data(event, kind, division, round_number)
    return fingerprint(data)
