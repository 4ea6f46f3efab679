"""The projector's round clock says the event's turn length, in the projector's language."""

import pytest
from django.test import Client

from tests.factories import seated_division

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("turn_seconds", "language", "words"),
    [
        (60, "en", "Time left · Turns: one minute each"),
        (120, "en", "Time left · Turns: two minutes each"),
        (None, "en", "Time left · No turn limit"),
        (60, "fr", "Temps restant · Tours\u202f: une minute chacun"),
        (60, "es", "Tiempo restante · Turnos: un minuto cada uno"),
    ],
)
def test_the_clock_says_the_turn_length(turn_seconds, language, words):
    event = seated_division(4, turn_seconds=turn_seconds, language=language).event
    text = Client().get(f"/p/{event.slug}/").content.decode()
    assert f'aria-label="{words}"' in text
    assert f'<p class="clock-label">{words}</p>' in text
