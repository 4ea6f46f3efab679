"""The division's seating record keeps its notes in English (like the command line); a
note that is one of the interface's sentences (a round clock to start again after a round
was seated again) is said in the reader's language on the division page."""

import html

import pytest
from django.test import Client

from tests.factories import UserFactory, seated_division
from tournaments import services
from tournaments.models import RoundChange

pytestmark = pytest.mark.django_db

CLOCK_AGAIN = {
    "en": "Its round clock had been started: start it again once everyone is seated.",
    "fr": "Son chronomètre avait été lancé : relancez-le quand chacun est assis.",
    "es": "Su reloj estaba en marcha: póngalo en marcha otra vez cuando todos estén sentados.",
}


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_seating_record_says_the_clock_note_in_the_readers_language(language):
    division = seated_division(8)
    services.round_clock_start(round_=division.rounds.get())
    services.round_reseat(division=division, seed=3, reason="wrong list")
    assert RoundChange.objects.get(division=division).notes[-1] == CLOCK_AGAIN["en"]
    olive = UserFactory(username="olive")
    division.event.organizers.add(olive)
    client = Client()
    client.force_login(olive)
    client.cookies["django_language"] = language
    page = client.get(f"/e/{division.event.slug}/desk/divisions/{division.pk}/")
    text = " ".join(html.unescape(page.content.decode()).split())
    record = text[text.index("wrong list") :]
    assert CLOCK_AGAIN[language] in record, language
    if language != "en":
        assert CLOCK_AGAIN["en"] not in text
