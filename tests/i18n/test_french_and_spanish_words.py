"""Word choices in French and Spanish that a literal translation gets wrong, as the pages
say them: a seat is a "siège" (not a "place", which reads as a finishing place)
and an "asiento"; the desk's check-in is "Arrivées", not "Accueil" (the breadcrumb's home);
the players' status is not the US state's word; neutral wording where the player's gender
is not known; "Partie 1 confirmée" in the audit trail; the confirmation's question; the
players' page's "confirmée"; "combinada"; "Marcar"; French punctuation with its narrow
no-break space where the colon sits in a template."""

import html
import re

import pytest
from django.conf import settings
from django.test import Client

from tests.factories import UserFactory, seated, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db

NNBSP = "\u202f"


def text(response) -> str:
    body = response.content.decode()
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", body, flags=re.S)
    body = re.sub(r'<form class="languages".*?</form>', " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", "", body))


def client_for(user, language: str) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.fixture
def hall():
    """Round 1 seated, game 1 at table 1 entered by one scorekeeper (to be confirmed by
    another), an organizer."""
    from scoring import services

    division = seated_division(8, confirmation="second-person")
    event = division.event
    sam, tess, olive = (UserFactory(username=n) for n in ("sam", "tess", "olive"))
    event.scorekeepers.add(sam, tess)
    event.organizers.add(olive)
    table = Table.objects.filter(round__division=division).order_by("number").first()
    services.game_record(
        table=table, number=1, racks=dict(zip(seated(table), [0, 5, 9, 12], strict=True)), user=sam
    )
    return event, division, table, {"sam": sam, "tess": tess, "olive": olive}


SHEET = {
    "fr": {
        "said": [
            f"Partie 1{NNBSP}: les chiffres sont-ils ceux de la feuille{NNBSP}?",
            "Partie 1 saisie",
            f"sam{NNBSP}:",
        ],
        "gone": ["sont-ce", "Saisie partie", "Saisie partie 1"],
    },
    "es": {
        "said": ["Partida 1 anotada", "Asiento"],
        "gone": ["Anotada partida", "Silla"],
    },
}


@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_table_page_asks_and_tells_in_the_languages_order(hall, language):
    event, _division, table, users = hall
    client = client_for(users["tess"], language)
    page = text(client.get(f"/e/{event.slug}/tables/{table.pk}/?game=1"))
    for words in SHEET[language]["said"]:
        assert words in page, words
    for words in SHEET[language]["gone"]:
        assert words not in page, words


def test_a_missing_rack_total_in_french_says_no_he_or_she(hall):
    event, _division, table, users = hall
    players = seated(table)
    refused = {"game": 2, "version": 0, f"rack_{players[0].pk}": "0"}
    response = client_for(users["sam"], "fr").post(f"/e/{event.slug}/tables/{table.pk}/", refused)
    page = text(response)
    assert "(0 si tout est posé)" in page
    assert "s'il a tout posé" not in page
    # the name comes first: no "de Eugene" (d'Eugene) to get wrong
    assert f"{players[1].shown_name}{NNBSP}: saisissez le total du chevalet" in page


FIND = {"fr": ("siège", "place"), "es": ("asiento", "silla")}


@pytest.mark.parametrize("language", ["fr", "es"])
def test_find_my_table_says_seat_not_place(hall, language):
    event, _division, table, _users = hall
    player = seated(table)[1]
    page = text(client_for(None, language).get(f"/p/{event.slug}/find/?q={player.last_name}"))
    seat, wrong = FIND[language]
    assert re.search(rf"\b{seat} 2\b", page, re.I), page
    assert not re.search(rf"\b{wrong} 2\b", page, re.I)


DESK = {
    "fr": {"tab": "Arrivées", "home": "Accueil", "status": "Statut", "not": "État"},
    "es": {"tab": "Registro de llegada", "home": "Inicio", "status": "Situación", "not": "Estado"},
}


@pytest.mark.parametrize("language", ["fr", "es"])
def test_check_in_and_status_have_their_own_words(hall, language):
    event, _division, _table, users = hall
    client = client_for(users["olive"], language)
    words = DESK[language]
    checkin = client.get(f"/e/{event.slug}/desk/checkin/").content.decode()
    # the check-in tab is not named like the way home
    tabs = [html.unescape(t).strip() for t in re.findall(r"<a [^>]*>([^<]+)</a>", checkin)]
    assert words["tab"] in tabs
    assert tabs.count(words["home"]) <= 1 and words["tab"] != words["home"]
    entrants = text(client.get(f"/e/{event.slug}/desk/entrants/"))
    assert words["status"] in entrants
    assert not re.search(rf"\b{words['not']}\b", entrants)


def test_spanish_marks_an_accessible_table_with_its_own_verb(hall):
    event, _division, _table, users = hall
    page = text(client_for(users["olive"], "es").get(f"/e/{event.slug}/desk/checkin/?q=Player"))
    assert "Marcar:" in page
    assert "Anotar:" not in page


def test_french_punctuation_has_its_narrow_no_break_space():
    """Every French message puts a narrow no-break space (U+202F) before ; : ? and !, never a
    plain space (a line could break before the sign) nor none ("saisies; dernier")."""
    import json
    from pathlib import Path

    wrong = []
    for name in ("django.po", "djangojs.po"):
        source = (Path(settings.BASE_DIR) / "locale" / "fr" / "LC_MESSAGES" / name).read_text()
        for found in re.finditer(r'^msgstr(?:\[\d\])? ((?:".*"\n?)+)', source, re.M):
            said = "".join(json.loads(x) for x in found.group(1).strip().split("\n"))
            if "Content-Type:" in said:
                continue
            for part in re.split(r"(<[^>]*>)", said):
                if part.startswith("<"):
                    continue
                if re.search(r"[ \u00a0][:;?!]|[^\s\u202f&][:;?!](?=\s|$)", part):
                    wrong.append(part)
    assert wrong == []
