"""The scorekeepers' pages: the score home, a table's page (the
entry form, a refused rack total, a game waiting for confirmation, the audit trail), the
standings and the printing page, asked for with the language cookie: each speaks French or
Spanish and none of the area's English interface words is left. English stays the default."""

import re

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import UserFactory, seated, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db

# The area's interface words, as English shows them (phrases, not single words that the
# other languages share, such as "Total", "Division" or "Place").
ENGLISH = [
    "Enter scores",
    "qualifying",
    "in play",
    "Go to table number",
    "Standings",
    "No table is playing now",
    "games entered",
    "to confirm",
    "All tables",
    "Scores so far",
    "Rack total",
    "Count tiles",
    "Save game",
    "is not saved yet",
    "How did the game end?",
    "A player went out",
    "Pool exhausted",
    "Winner named by the table",
    "Left empty",
    "Changes to this table",
    "Entered by",
    "Seat",
    "Player",
    "Penalty",
    "waiting to be sent",
    "Send now",
    "Forget these numbers",
    "Download as CSV",
    "Updated by itself",
    "Goes on",
    "Time left at table",
    "are these the numbers",
    "Something is wrong",
    "Confirm game",
]

SAID = {
    "fr": {
        "home": ["Entrer les scores", "Aller à la table numéro", "Classement"],
        "table": ["Scores jusqu'ici", "Compter les tuiles", "Enregistrer la partie 2", "Siège"],
        "refused": ["La partie 2 n'est pas encore enregistrée", "Compter les tuiles"],
        "review": ["Confirmer la partie 1", "Saisie par", "Modifications des scores"],
        "standings": ["Classement", "Siège", "Joueur", "Télécharger en CSV"],
    },
    "es": {
        "home": ["Anotar los puntos", "Ir a la mesa número", "Clasificación"],
        "table": ["Puntos hasta ahora", "Contar fichas", "Guardar la partida 2", "Asiento"],
        "refused": ["La partida 2 aún no está guardada", "Contar fichas"],
        "review": ["Confirmar la partida 1", "Anotada por", "Cambios en los puntos"],
        "standings": ["Clasificación", "Asiento", "Jugador", "Descargar en CSV"],
    },
}


def visible(html: str) -> str:
    """The page's words a person reads or hears: text and the attributes shown or read out
    (labels, the outbox's words), without scripts, styles and the language switch (each
    language named in its own words)."""
    html = re.sub(r"<(script|style)\b.*?</\1>", " ", html, flags=re.S)
    html = re.sub(r'<form class="languages".*?</form>', " ", html, flags=re.S)
    words = re.findall(r'(?:aria-label|title|placeholder|data-[a-z-]+)="([^"]*)"', html)
    return re.sub(r"<[^>]+>", " ", html) + " " + " ".join(words)


def leftovers(html: str) -> list[str]:
    text = visible(html)
    # whole words: "Player" is not "Ann Player6" (the factories' names)
    return [w for w in ENGLISH if re.search(rf"\b{re.escape(w)}\b", text)]


@pytest.fixture
def hall():
    """A second-person event with table 1 of round 1: game 1 entered by one scorekeeper
    (waiting for another's confirmation), the others to enter."""
    division = seated_division(8, confirmation="second-person")
    event = division.event
    sam, tess = UserFactory(username="sam"), UserFactory(username="tess")
    event.scorekeepers.add(sam, tess)
    table = Table.objects.filter(round__division=division).order_by("number").first()
    from scoring import services

    services.game_record(
        table=table,
        number=1,
        racks=dict(zip(seated(table), [0, 5, 9, 12], strict=True)),
        user=sam,
    )
    return event, division, table, tess


def as_scorekeeper(user, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def pages(event, division, table, client) -> dict[str, str]:
    base = f"/e/{event.slug}"
    players = seated(table)
    refused = {"game": 2, "version": 0, f"rack_{players[0].pk}": "0"}
    refused |= {f"rack_{p.pk}": "1000" for p in players[1:]}
    return {
        "home": client.get(f"{base}/score/").content.decode(),
        "table": client.get(f"{base}/tables/{table.pk}/?game=2").content.decode(),
        "refused": client.post(f"{base}/tables/{table.pk}/", refused).content.decode(),
        "review": client.get(f"{base}/tables/{table.pk}/?game=1").content.decode(),
        "standings": client.get(f"{base}/standings/{division.pk}/").content.decode(),
    }


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_scorekeepers_pages_speak_the_chosen_language(hall, language):
    event, division, table, tess = hall
    for name, html in pages(event, division, table, as_scorekeeper(tess, language)).items():
        assert f'<html lang="{language}">' in html, name
        for words in SAID[language][name]:
            assert words in html, (name, words)
        assert leftovers(html) == [], name


def test_english_stays_the_default_and_the_list_finds_english(hall):
    """Without a choice the pages speak English, and the list of English words finds them
    (so the test above cannot pass by looking at nothing)."""
    event, division, table, tess = hall
    client = Client()
    client.force_login(tess)
    for name, html in pages(event, division, table, client).items():
        assert '<html lang="en">' in html, name
        assert len(leftovers(html)) >= 2, name


def test_names_on_the_table_page_are_set_apart_for_right_to_left(hall):
    event, _division, table, tess = hall
    html = as_scorekeeper(tess, "fr").get(f"/e/{event.slug}/tables/{table.pk}/").content.decode()
    for entrant in seated(table):
        assert f'<span dir="auto">{entrant.shown_name}</span>' in html


PRINTING_ENGLISH = [
    "Printing",
    "Make the document",
    "Whole event",
    "A bracket is made for one division",
    "Round (empty",
    "Table list",
    "Score sheets",
    "whole event",
    "Waiting",
    "Failed",
    "Try again",
    "asked",
    "No documents yet",
]

PRINTING_SAID = {
    "fr": ["Impression", "Faire le document", "Liste des tables", "tout le tournoi", "Échec"],
    "es": ["Impresión", "Hacer el documento", "Lista de mesas", "todo el torneo", "Falló"],
}


@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_printing_page_speaks_the_chosen_language(hall, language):
    from printing.models import GeneratedDocument

    event, division, _table, _tess = hall
    olive = UserFactory(username="olive")
    event.organizers.add(olive)
    kinds = GeneratedDocument.Kind
    GeneratedDocument.objects.create(event=event, kind=kinds.TABLE_LIST, requested_by=olive)
    GeneratedDocument.objects.create(
        event=event,
        kind=kinds.SCORE_SHEETS,
        division=division,
        round_number=1,
        status=GeneratedDocument.Status.FAILED,
        error="No printer",
    )
    html = as_scorekeeper(olive, language).get(f"/e/{event.slug}/print/").content.decode()
    text = visible(html)
    found = [w for w in PRINTING_ENGLISH if re.search(rf"\b{re.escape(w)}\b", text)]
    if language == "en":
        assert {"Printing", "Table list", "whole event", "Failed", "Try again"} <= set(found)
        return
    assert found == [], found
    for words in PRINTING_SAID[language]:
        assert words in text, words


@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_services_refusal_speaks_the_pages_language(hall, language):
    """The scoring services' refusals reach the page in its language: a scorekeeper
    confirming the game they entered themselves."""
    from scoring.models import Game

    event, _division, table, _tess = hall
    sam = event.scorekeepers.get(username="sam")
    client = as_scorekeeper(sam, language)
    version = Game.objects.get(table=table, number=1).version
    page = client.post(
        f"/e/{event.slug}/tables/{table.pk}/games/1/confirm/", {"version": version}, follow=True
    ).content.decode()
    said = {
        "fr": "Les scores doivent être confirmés par une autre personne",
        "es": "Los puntos debe confirmarlos otra persona",
    }[language]
    assert said in page
    assert "must be confirmed by someone other" not in page
    assert Game.objects.get(table=table, number=1).confirmed_at is None


def test_a_command_says_a_services_refusal_in_english_whatever_the_language(hall):
    """The command line stays English (cli/base.py), even with French
    active around it and a French event."""
    from django.core.management import call_command
    from django.core.management.base import CommandError
    from django.utils import translation

    event, division, table, _tess = hall
    event.language = "fr"
    event.save(update_fields=["language"])
    outsider = next(e for e in division.entrants.all() if e.pk not in {p.pk for p in seated(table)})
    with translation.override("fr"), pytest.raises(CommandError) as error:
        call_command(
            "correct_score", event.slug, "--division", division.name, "--round", "1",
            "--table", str(table.number), "--game", "1", "--entrant", outsider.external_id,
            "--rack-total", "5", "--reason", "typo",
        )  # fmt: skip
    assert str(error.value) == (
        f"{division.name}, round 1, table {table.number}, game 1: {outsider.name} "
        f"({outsider.external_id}) is not at this table."
    )


def test_names_on_the_players_pages_are_set_apart_for_right_to_left():
    """The players' table pages (opened with the table's code): the name chooser, 'You are
    NAME', the sheet's rows and 'Entered by NAME' each set the name apart (dir=auto)."""
    from tournaments.selectors import table_code_live

    division = seated_division(8, score_entry="players", confirmation="second-person")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    ann, bo = seated(table)[:2]
    code = table_code_live(table).code
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    chooser = client.get(f"/t/{code}/").content.decode()
    assert f'dir="auto">{ann.shown_name}</button>' in chooser
    client.post(f"/t/{code}/me/", {"player": ann.pk})
    page = client.get(f"/t/{code}/").content.decode()
    assert f'Vous êtes <strong dir="auto">{ann.shown_name}</strong>' in page
    assert f'<th scope="row"><span dir="auto">{bo.shown_name}</span></th>' in page
    racks = {f"rack_{e.pk}": v for e, v in zip(seated(table), ["0", "5", "9", "12"], strict=True)}
    client.post(f"/t/{code}/", {"game": 1, "version": 0, **racks})
    client.post(f"/t/{code}/me/", {"player": bo.pk})
    review = client.get(f"/t/{code}/?game=1").content.decode()
    assert f'Saisi par <span dir="auto">{ann.shown_name}</span>.' in review
