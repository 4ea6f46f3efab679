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


RENUMBERED = {
    "en": "Round 1's table 2 is now table 4 (table 2 is in play for Late, round 1): print its "
    "score sheet and table list again.",
    "fr": "La table 2 de la manche 1 devient la table 4 (la table 2 est en jeu pour Late, "
    "manche 1) : imprimez de nouveau sa feuille de scores et la liste des tables.",
    "es": "La mesa 2 de la ronda 1 pasa a ser la mesa 4 (la mesa 2 está en juego para Late, "
    "ronda 1): imprima otra vez su hoja de puntos y la lista de mesas.",
}


def _record(division, language) -> str:
    olive = UserFactory(username=f"olive-{language}")
    division.event.organizers.add(olive)
    client = Client()
    client.force_login(olive)
    client.cookies["django_language"] = language
    page = client.get(f"/e/{division.event.slug}/desk/divisions/{division.pk}/")
    text = " ".join(html.unescape(page.content.decode()).split())
    return text[text.index("final seated too soon") :]


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_a_table_renumbered_when_a_round_is_taken_back_is_said_in_the_readers_language(
    tmp_path, language
):
    from tests.commands import test_fixing_seating as fixing
    from tests.helpers import run

    fixing._two_divisions(tmp_path)
    run("reopen_round", fixing.SLUG, "--division", "Open", "--reason", "final seated too soon")
    change = RoundChange.objects.get()
    # Stored as data (who held the old number); the record's English words stay for the
    # command line and backups.
    assert change.after == {
        "reopened": 1,
        "renumbered": {"2": 4},
        "held_by": {"2": {"division": "Late", "round": 1}},
    }
    assert change.notes[1] == RENUMBERED["en"]
    record = _record(change.division, language)
    assert RENUMBERED[language] in record, language
    assert record.count("is now table 4") == (1 if language == "en" else 0)


def test_an_old_record_without_the_holders_is_shown_as_written(tmp_path):
    from tests.commands import test_fixing_seating as fixing
    from tests.helpers import run

    fixing._two_divisions(tmp_path)
    run("reopen_round", fixing.SLUG, "--division", "Open", "--reason", "final seated too soon")
    change = RoundChange.objects.get()
    # A record written before the holders were kept (or restored from such a backup).
    change.after = {"reopened": 1, "renumbered": {"2": 4}}
    change.save(update_fields=["after"])
    assert RENUMBERED["en"] in _record(change.division, "fr")
    # Holders that do not match the tables renumbered: the words as written too.
    change.after = {"reopened": 1, "renumbered": {"2": 4}, "held_by": {"2": "Late"}}
    change.save(update_fields=["after"])
    assert RENUMBERED["en"] in _record(change.division, "es")
