"""The worker and the print_documents command print in the event's language, whoever
asks and in whatever language their page is; a document's fingerprint does not depend on
who looks, and a change of the event's language makes its documents out of date."""

import io
import re

import pytest
from django.core.management import call_command
from django.utils import translation

from printing import selectors, services
from printing.models import GeneratedDocument
from scoring.simulation import simulate_event
from tournaments import selectors as core_selectors
from tournaments import services as core_services
from tournaments.models import Division, Event

from . import pdfcheck


def pdftotext(pdf: bytes, tmp_path) -> str:
    return pdfcheck.collapse(pdfcheck.pdftotext(pdf, tmp_path))


@pytest.fixture
def played(db) -> Event:
    simulate_event(slug="lang-sim", entrants=30, seed=1)
    event = Event.objects.get(slug="lang-sim")
    for division in core_selectors.brackets(event).filter(status=Division.Status.COMPLETE):
        core_services.medals_confirm(division=division)
    return event


def _division(event: Event) -> Division:
    return core_selectors.brackets(event).filter(status=Division.Status.COMPLETE).first()


def _render(event: Event, kind: str, division=None, round_number=None) -> bytes:
    document = services.document_request(
        event=event, kind=kind, division=division, round_number=round_number
    )
    services.document_render(document.pk)
    document.refresh_from_db()
    assert document.status == GeneratedDocument.Status.READY, document.error
    return open(document.file.path, "rb").read()


@pytest.mark.parametrize(
    "language,words",
    [
        ("fr", {"score-sheets": "Règles de la table", "bracket": "Tableau", "results": "Résultats",
                "certificates": "Ce certificat", "table-list": "Liste des tables"}),
        ("es", {"score-sheets": "Reglas de la mesa", "bracket": "Cuadro", "results": "Resultados",
                "certificates": "Este certificado", "table-list": "Lista de mesas"}),
    ],
)  # fmt: skip
def test_the_worker_prints_in_the_events_language_whatever_the_askers(
    played, language, words, tmp_path, settings
):
    settings.MEDIA_ROOT = tmp_path
    played.language = language
    played.save(update_fields=["language"])
    division = _division(played)
    with translation.override("en"):  # the organizer's page was in English
        for kind, word in words.items():
            number = 1 if kind in ("table-list", "score-sheets") else None
            text = pdftotext(_render(played, kind, division, number), tmp_path)
            assert word in text, (kind, text[:300])
            assert "Table rules" not in text and "Results —" not in text
        assert translation.get_language() == "en"  # the page's language is left as it was


def test_the_fingerprint_does_not_depend_on_who_looks(played):
    """A French event's documents stay current whatever language the printing page is in."""
    played.language = "fr"
    played.save(update_fields=["language"])
    division = _division(played)
    prints = set()
    for language in ("en", "fr", "es"):
        with translation.override(language):
            prints.add(selectors.document_fingerprint(played, "bracket", division))
            prints.add(selectors.document_fingerprint(played, "table-list", division, 1))
    assert len(prints) == 2
    # A change of the event's language alone marks no document out of date: nothing it was
    # made from changed (the next one is printed in the new language).
    played.language = "es"
    played.save(update_fields=["language"])
    assert selectors.document_fingerprint(played, "bracket", division) in prints
    assert selectors.document_data(played, "bracket", division).event.language == "es"


def test_the_command_prints_in_the_events_language_and_speaks_english(played, tmp_path):
    played.language = "es"
    played.save(update_fields=["language"])
    out_file = tmp_path / "results.pdf"
    out = io.StringIO()
    call_command("print_documents", played.slug, "--kind", "results", "--out", str(out_file),
                 stdout=out, stderr=io.StringIO())  # fmt: skip
    assert "Resultados" in pdftotext(out_file.read_bytes(), tmp_path)
    said = out.getvalue()
    assert said and not re.search(r"[áéíóúñ]|Resultados|página", said), said
