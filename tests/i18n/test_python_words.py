"""The words the public pages take from Python: medals, places, ribbons, "withdrawn", a
combined bracket's name, the refusals of the sign-in and of a page that belongs to another
role, in the reader's language; the command line keeps English."""

import html

import pytest
from django.conf import settings
from django.test import Client
from django.utils import translation

from scoring.selectors.state import medal_word, place_word
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory, enter
from tests.helpers import run
from tournaments import services
from tournaments.models import Division
from tournaments.selectors import words_list
from tournaments.text import ordinal

pytestmark = pytest.mark.django_db

PLAYERS = [("Ann", "Lee"), ("Bo", "Kim"), ("Cy", "Young"), ("Dee", "Park")]


def _finished(slug="meet"):
    event = EventFactory(slug=slug, name="Meet", language="fr")
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
    services.medals_confirm(division=Division.objects.get(pk=division.pk))
    return event


def _page(path: str, language: str) -> str:
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client.get(path).content.decode()


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["1st", "2nd", "Gold", "Silver", "Bronze", "Ribbon"]),
        ("fr", ["1er", "2e", ">Or", "Argent", "Bronze", "Ruban"]),
        ("es", ["1.º", "2.º", "Oro", "Plata", "Bronce", "Cinta"]),
    ],
)
def test_the_results_and_find_pages_give_places_and_medals_in_the_readers_language(language, words):
    _finished()
    page = _page("/p/meet/results/", language)
    for word in words:
        assert word in page, (language, word)
    found = html.unescape(_page("/p/meet/find/?q=Ann", language))
    assert {
        "en": "Silver medal, 2nd place",
        "fr": "Médaille\u202f: Argent — 2e",
        "es": "Medalla: Plata — 2.º puesto",
    }[language] in found


def test_the_command_line_keeps_the_english_words_for_a_french_event():
    _finished()
    with translation.override("fr"):
        csv = run("export_results", "meet", "--format", "csv")
    assert ",gold," in csv and ",1," in csv
    assert "Or" not in csv


def test_places_medals_and_lists_in_each_language():
    assert [ordinal(n) for n in (1, 2, 3, 11, 21)] == ["1st", "2nd", "3rd", "11th", "21st"]
    assert [ordinal(n, "fr") for n in (1, 2, 21)] == ["1er", "2e", "21e"]
    assert [ordinal(n, "es") for n in (1, 2)] == ["1.º", "2.º"]
    for language, medal, place, listed in (
        ("en", "Gold", "3rd", "55-59, 60-64 and 65-69"),
        ("fr", "Or", "3e", "55-59, 60-64 et 65-69"),
        ("es", "Oro", "3.º", "55-59, 60-64 y 65-69"),
    ):
        with translation.override(language):
            assert medal_word("gold") == medal
            assert place_word(3) == place
            assert words_list(["55-59", "60-64", "65-69"]) == listed
    assert medal_word(None) == "" and place_word(None) == ""


def test_a_withdrawn_player_is_marked_in_the_readers_language():
    event = EventFactory(slug="meet")
    entrant = EntrantFactory(division=DivisionFactory(event=event), status="withdrawn")
    for language, word in (("en", "withdrawn"), ("fr", "retiré"), ("es", "retirado")):
        with translation.override(language):
            assert entrant.out_of_play_word == word


def test_another_events_desk_and_a_wrong_password_are_refused_in_the_readers_language():
    EventFactory(slug="meet", name="Meet")
    user = UserFactory(username="sam")
    user.set_password("right-password-42")
    user.save()
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    client.force_login(user)
    page = client.get("/e/meet/desk/")
    assert page.status_code == 403
    assert "Vous n'êtes pas organisateur de Meet." in html.unescape(page.content.decode())
    client = Client(headers={"accept-language": "es"})
    page = html.unescape(
        client.post("/login/", {"username": "sam", "password": "wrong"}).content.decode()
    )
    assert "Ese nombre de usuario y esa contraseña no van juntos." in page
    assert "contraseñas incorrectas más y «sam» quedará bloqueado" in page
