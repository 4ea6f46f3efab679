"""A restore's refusal in French or Spanish names the backup's fields and medals in that
language ("prénom", "médaille d’or"), never the file's English keys ("first name",
"gold"); in English it reads as before."""

import pytest
from django.utils import translation

from scoring.backup import BackupRefused, event_backup, event_restore
from scoring.backup.words import FIELD_WORDS
from tests.selectors.test_awards import combined_event

pytestmark = pytest.mark.django_db


@pytest.fixture
def backup():
    event, bracket = combined_event("combined")
    data = event_backup(event)
    data["event"]["slug"] = "copy"
    return data, bracket


def _refusal(data, language) -> str:
    with translation.override(language), pytest.raises(BackupRefused) as refused:
        event_restore(data)
    return str(refused.value)


def _results(data, bracket):
    return next(d for d in data["divisions"] if d["name"] == bracket.name)["results"]


SAID = {
    # what is tampered: {language: words the refusal holds}, words it must not hold
    "first name": (
        lambda data, bracket: data["entrants"][0].update(first_name="F" * 101),
        {"en": "first name:", "fr": "prénom\u202f:", "es": "nombre:"},
        "first name",
    ),
    "two golds": (
        lambda data, bracket: _results(data, bracket)[1].update(place=1, medal="gold"),
        {
            "en": "a second gold medal",
            "fr": "une deuxième médaille d’or",
            "es": "una segunda medalla de oro",
        },
        "gold",
    ),
    "round reached": (
        lambda data, bracket: _results(data, bracket)[0].update(round_reached="x"),
        {"en": "round reached is not", "fr": "manche atteinte", "es": "ronda alcanzada"},
        "round reached",
    ),
    "ages the wrong way round": (
        lambda data, bracket: data["divisions"][0].update(min_age=80, max_age=70),
        {
            "en": "its minimum age (80) is above its maximum age (70).",
            "fr": "son âge minimum (80) est supérieur à son âge maximum (70).",
            "es": "su edad mínima (80) es mayor que su edad máxima (70).",
        },
        "minimum age",
    ),
    "a control character": (
        lambda data, bracket: data["entrants"][1].update(last_name="Smith\x07"),
        {"en": "entrants, 2, last name", "fr": "joueurs, 2, nom", "es": "jugadores, 2, apellido"},
        "last name",
    ),
}


@pytest.mark.parametrize("case", SAID)
def test_a_refusal_names_fields_and_medals_in_the_pages_language(backup, case):
    data, bracket = backup
    tamper, said, english = SAID[case]
    tamper(data, bracket)
    for language, words in said.items():
        refusal = _refusal(data, language)
        assert words in refusal, (language, refusal)
        if language != "en":
            assert english not in refusal, (language, refusal)


def test_every_field_word_is_translated():
    for language in ("fr", "es"):
        with translation.override(language):
            same = [k for k, words in FIELD_WORDS.items() if str(words) == words._args[-1]]
        # Words alike in the three languages (club, code, format…) are allowed; the rest not.
        alike = {"accessible", "action", "club", "code", "codes", "confirmation", "date"}
        alike |= {"division", "divisions", "format", "note", "notes", "place", "points", "table"}
        alike |= {"tables", "version"}
        assert not [k for k in same if k not in alike], language
