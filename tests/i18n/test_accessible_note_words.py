"""The seating note "the hall has no accessible tables (configure_event --accessible)." is
stored for the command line and the desk alike (in the event's language): on the division
page it reads as a whole sentence pointing to the settings page, in the page's language
or the event's, never cut to "…(configure_event." by the removal of leftover options."""

import html
import re

import pytest
from django.test import Client

from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory
from tests.i18n.test_desk_registration_pages import visible_text
from tournaments import services

pytestmark = pytest.mark.django_db

WHOLE = {
    "en": "the hall has no accessible tables (say which tables are accessible on the settings "
    "page).",
    "fr": "la salle n'a pas de tables accessibles (indiquez les tables accessibles sur la page "
    "des réglages).",
    "es": "la sala no tiene mesas accesibles (indique las mesas accesibles en la página de "
    "ajustes).",
}
SETTINGS_LINK = {"en": "Open the settings", "fr": "Ouvrir les réglages", "es": "Abrir los ajustes"}


def seated_without_accessible_tables(language: str):
    """A division of an event in ``language`` seated with a player who needs an accessible
    table in a hall that has none; the organizer Olive."""
    event = EventFactory(language=language)
    division = DivisionFactory(event=event)
    EntrantFactory.create_batch(3, division=division)
    EntrantFactory(division=division, accessible=True)
    services.division_seat_first_round(division=division, seed=1)
    olive = UserFactory(username="olive")
    event.organizers.add(olive)
    return division, olive


def division_page(division, user, language: str) -> str:
    client = Client()
    client.force_login(user)
    client.cookies["django_language"] = language
    answer = client.get(f"/e/{division.event.slug}/desk/divisions/{division.pk}/")
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_division_page_says_a_whole_sentence_and_links_to_the_settings(language):
    division, olive = seated_without_accessible_tables(language)
    stored = division.rounds.get().warnings
    assert any("(configure_event --accessible)." in note for note in stored), stored
    page = division_page(division, olive, language)
    notes = page[page.index('id="seating-notes"') :]
    notes = notes[: notes.index("</div>")]
    text = " ".join(visible_text(notes).split())
    assert WHOLE[language] in text, text
    assert "configure_event" not in text and "--" not in text
    link = re.search(r'<a href="([^"]+)">([^<]+)</a>', notes)
    assert link and link.group(1).endswith(
        f"/e/{division.event.slug}/desk/settings/#id_accessible_tables"
    )
    assert html.unescape(link.group(2)) == SETTINGS_LINK[language]
    settings_page = Client()
    settings_page.force_login(olive)
    assert 'id="id_accessible_tables"' in settings_page.get(link.group(1)).content.decode()


def test_a_note_stored_in_the_events_language_reads_whole_on_a_page_in_another():
    division, olive = seated_without_accessible_tables("fr")
    text = " ".join(visible_text(division_page(division, olive, "es")).split())
    assert WHOLE["fr"] in text
    assert "configure_event" not in text
