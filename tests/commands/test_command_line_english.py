"""The command line stays English: the scripting interface's output
never changes with the event's language, nor with a language active around the call."""

import json

import pytest
from django.utils import translation

from tests.factories import DivisionFactory, EntrantFactory, EventFactory, enter
from tests.helpers import run
from tournaments import services

pytestmark = pytest.mark.django_db

PLAYERS = [("Ann", "Lee"), ("Bo", "Kim"), ("Cy", "Young"), ("Dee", "Park")]


def _played(slug: str, language: str):
    event = EventFactory(slug=slug, name="Meet", language=language)
    division = DivisionFactory(event=event, name="Open")
    for n, (first, last) in enumerate(PLAYERS):
        EntrantFactory(
            division=division, external_id=f"P{n}", first_name=first, last_name=last, club=""
        )
    services.division_seat_first_round(division=division, seed=3)
    table = division.rounds.get().tables.get()
    for game in (1, 2, 3):
        enter(table, game, [0, 5, 9, 14])
    run("advance", slug, "--division", "Open")
    return event


def _outputs(slug: str) -> dict[str, str]:
    return {
        "seating": run("export_seating", slug),
        "results csv": run("export_results", slug, "--format", "csv"),
        "results json": run("export_results", slug),
    }


@pytest.mark.parametrize("active", [None, "fr", "es"])
def test_a_french_and_a_spanish_event_export_as_an_english_one(active):
    _played("en-meet", "en")
    _played("fr-meet", "fr")
    _played("es-meet", "es")
    with translation.override(active):
        english = _outputs("en-meet")
        for slug in ("fr-meet", "es-meet"):
            other = _outputs(slug)
            assert other["seating"].splitlines()[0] == english["seating"].splitlines()[0]
            assert other["results csv"].splitlines()[0] == (english["results csv"].splitlines()[0])
            # Same players, same scores: the same rows, word for word (medal words too).
            assert other["seating"] == english["seating"]
            assert other["results csv"] == english["results csv"]
            first, second = json.loads(english["results json"]), json.loads(other["results json"])
            first.pop("event", None), second.pop("event", None)
            assert second == first
    assert "gold" in english["results csv"]


@pytest.mark.parametrize("active", ["fr", "es"])
def test_a_commands_own_words_stay_english_whatever_language_is_active(active):
    EventFactory(slug="quebec", language="fr")
    with translation.override(active):
        said = run("configure_event", "quebec", "--minutes-per-game", "25")
        assert translation.get_language() == active  # put back after the command
    assert "25 min per game" in said
    assert "tables of four first" in said
