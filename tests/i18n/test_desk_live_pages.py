"""The desk while the tournament runs speaks French and Spanish: the overview, a
division's page (in play, with a tie, a correction waiting, finished), announcements,
table codes and the confirm pages, asked for with the language cookie. Each page shows
some of its words in the chosen language and none of the English interface words of the
desk's pages; in English (no cookie) the same pages keep their English words."""

import html
import re

import pytest
from django.core.management.base import CommandError
from django.test import Client
from django.utils import translation

from tests.browser.conftest import build_world, build_world_with_a_game_to_confirm
from tests.helpers import run
from tournaments import services

pytestmark = pytest.mark.django_db

# English interface words of the desk's live pages that must not be left in fr or es.
ENGLISH = [
    "Overview",
    "Settings",
    "Entrants",
    "Check-in",
    "Announcements",
    "Standings",
    "Printing",
    "Backup",
    "Projector",
    "Registered",
    "Checked in",
    "Absent",
    "game to enter",
    "games to enter",
    "to confirm",
    "round 1, in play",
    "Round clock",
    "Seat round",
    "Close round",
    "Swap two players",
    "A player withdraws",
    "Disqualify a player",
    "Give one table extra minutes",
    "choose the player",
    "Reason",
    "Start play",
    "New announcement",
    "Show this announcement",
    "Shown now",
    "What will happen",
    "Yes",
    "No, go back",
    "Table codes",
    "Who enters scores",
]


def visible_text(page: str) -> str:
    """The words a person reads: no tags, scripts, attributes or the language switch."""
    page = re.sub(r"<(script|style)\b.*?</\1>", " ", page, flags=re.S)
    page = re.sub(r'<form class="languages".*?</form>', " ", page, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", page))


@pytest.fixture
def world():
    # County Senior Games: Open in play, a game waiting for a second person's confirmation
    world = build_world_with_a_game_to_confirm()
    services.announcement_post(
        event=world.event, text="Lunch at noon", user=world.users["organizer"]
    )
    return world


def desk_client(language: str | None) -> Client:
    client = Client()
    client.login(username="olive", password="tiles-and-racks-42")
    if language:
        client.cookies["django_language"] = language
    return client


def pages(world) -> dict[str, tuple[str, str, dict]]:
    """Page name: (method, path, data)."""
    slug, division = world.event.slug, world.division.pk
    return {
        "overview": ("get", f"/e/{slug}/desk/", {}),
        "announcements": ("get", f"/e/{slug}/desk/announcements/", {}),
        # Refused by the service: its words on the page, and what was typed kept.
        "announcement refused": ("post", f"/e/{slug}/desk/announcements/", {"text": "x" * 230}),
        "division": ("get", f"/e/{slug}/desk/divisions/{division}/", {}),
        # The "are you sure?" page before a withdrawal.
        "withdraw confirm": (
            "post",
            f"/e/{slug}/desk/divisions/{division}/withdraw/",
            {"entrant": world.seated(world.tables[0])[0].pk, "reason": ""},
        ),
        # A service's refusal, shown on the division page after the redirect.
        "pause refused": (
            "post",
            f"/e/{slug}/desk/divisions/{division}/clock/",
            {"action": "pause", "follow": True},
        ),
        # An action's answer, shown on the division page after the redirect.
        "clock started": (
            "post",
            f"/e/{slug}/desk/divisions/{division}/clock/",
            {"action": "start", "follow": True},
        ),
    }


WORDS = {
    "overview": {
        "en": ["Overview", "Checked in", "5 games to enter", "round 1, in play"],
        "fr": ["Vue d'ensemble", "Inscrits", "Arrivés", "parties à saisir", "manche 1, en cours"],
        "es": ["Resumen", "Inscritos", "Presentes", "partidas por anotar", "ronda 1, en juego"],
    },
    "announcements": {
        "en": ["New announcement", "Show this announcement", "Posted at"],
        "fr": ["Nouvelle annonce", "Afficher cette annonce", "Publiée à", "Lunch at noon"],
        "es": ["Aviso nuevo", "Mostrar este aviso", "Publicado a las", "Lunch at noon"],
    },
    "division": {
        "en": [
            "Round 1 (qualifying, 3 games) — in play",
            "3 games × 20 minutes = 60 minutes",
            "Table 1 game 1 of Open, round 1 has scores: the round stands",
        ],
        "fr": [
            "Manche 1 (qualificative, 3 parties) — en cours",
            "Chronomètre de la manche",
            "3 parties × 20 minutes = 60 minutes",
            "Un joueur abandonne",
            "1 sur 3 parties saisies",
            "La table 1, partie 1 de Open, manche 1, a des scores\u202f: "
            "la manche reste telle quelle",
        ],
        "es": [
            "Ronda 1 (clasificatoria, 3 partidas) — en juego",
            "Reloj de la ronda",
            "3 partidas × 20 minutos = 60 minutos",
            "Un jugador se retira",
            "1 de 3 partidas anotadas",
            "La mesa 1, partida 1 de Open, ronda 1, tiene puntos: la ronda se queda como está",
        ],
    },
    "withdraw confirm": {
        "en": ["What will happen", "stops playing", "No, go back"],
        "fr": ["Ce qui va se passer", "arrête de jouer", "Non, revenir"],
        "es": ["Lo que va a pasar", "deja de jugar", "No, volver"],
    },
    "pause refused": {
        "en": ["The clock of round 1 of Open has not started: nothing to pause."],
        "fr": [
            "Le chronomètre de la manche 1 de Open n'est pas lancé\u202f: rien à mettre en pause."
        ],
        "es": ["El reloj de la ronda 1 de Open no está en marcha: no hay nada que pausar."],
    },
    "clock started": {
        "en": ["the clock runs 60 minutes", "Pause the clock"],
        "fr": ["le chronomètre tourne 60 minutes", "Mettre le chronomètre en pause"],
        "es": ["el reloj corre 60 minutos", "Pausar el reloj"],
    },
    "announcement refused": {
        "en": ["The announcement is 230 characters long: at most 200 fit on the projector."],
        "fr": ["L'annonce fait 230 caractères\u202f: le projecteur en affiche 200 au plus."],
        "es": ["El aviso tiene 230 caracteres: en el proyector caben 200 como máximo."],
    },
}


@pytest.mark.parametrize("name", list(WORDS))
@pytest.mark.parametrize("language", ["fr", "es"])
def test_the_desk_page_speaks_the_chosen_language(world, name, language):
    method, path, data = pages(world)[name]
    data = dict(data)
    follow = data.pop("follow", False)
    answer = getattr(desk_client(language), method)(path, data, follow=follow)
    assert answer.status_code == 200
    assert answer["Content-Language"] == language
    text = visible_text(answer.content.decode())
    for words in WORDS[name][language]:
        assert words in text, words
    left = [word for word in ENGLISH if re.search(rf"(?<!\w){re.escape(word)}(?!\w)", text)]
    assert left == [], left


@pytest.mark.parametrize("name", list(WORDS))
def test_in_english_the_desk_page_keeps_its_words(world, name):
    method, path, data = pages(world)[name]
    data = dict(data)
    follow = data.pop("follow", False)
    answer = getattr(desk_client(None), method)(path, data, follow=follow)
    text = visible_text(answer.content.decode())
    for words in WORDS[name]["en"]:
        assert words in text, words


def test_the_command_line_stays_english_whatever_the_language(world):
    """A service's refusal is marked for pages; a command says it in English."""
    with translation.override("fr"), pytest.raises(CommandError) as refused:
        run("announce", world.event.slug, "x" * 230)
    assert "The announcement is 230 characters long: at most 200 fit on the projector" in str(
        refused.value
    )
    with translation.override("es"), pytest.raises(CommandError) as refused:
        run("start_clock", world.event.slug, "--division", "Open", "--pause")
    assert "The clock of round 1 of Open has not started: nothing to pause." in str(refused.value)


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", ["Échanger deux joueurs avant le début du jeu", "Échanger les sièges avec"]),
        ("es", ["Cambiar a dos jugadores de sitio antes de empezar", "Cambiar el sitio con"]),
        ("en", ["Swap two players before play starts", "Swap seats with"]),
    ],
)
def test_before_play_the_swap_form_speaks_the_language(language, words):
    world = build_world()  # round 1 seated, nothing played: seats can be swapped
    answer = desk_client(None if language == "en" else language).get(
        f"/e/{world.event.slug}/desk/divisions/{world.division.pk}/"
    )
    text = visible_text(answer.content.decode())
    for word in words:
        assert word in text, word
    if language != "en":
        assert "Swap seats with" not in text and "Player" not in text


@pytest.mark.parametrize(
    ("language", "words", "english"),
    [
        (
            "fr",
            [
                "Plan pour les 8 joueurs arrivés",
                "Manche 1 :",
                "Temps de jeu estimé",
                "Les joueurs de tables différentes sont comparés",
                "Placer la manche 1",
            ],
            ["Players from different tables", "Round 1:", "Estimated playing time", "play 3 games"],
        ),
        (
            "es",
            [
                "Plan para los 8 jugadores presentes",
                "Ronda 1:",
                "Tiempo de juego estimado",
                "Los jugadores de mesas distintas se comparan",
                "Asignar mesas de la ronda 1",
            ],
            ["Players from different tables", "Round 1:", "Estimated playing time", "play 3 games"],
        ),
        (
            "en",
            [
                "Plan for the 8 players checked in",
                "Round 1: 2 tables of four play 3 games",
                "Players from different tables are compared by score per game",
                "Seat round 1",
            ],
            [],
        ),
    ],
)
def test_before_seating_the_plan_and_its_notes_speak_the_language(language, words, english):
    """The plan in words (tournaments.plan_words) and the engine's notes on how players of
    different tables are compared, on the division page before round 1 is seated."""
    world = build_world()
    services.round_reopen(division=world.division, reason="seated too early")  # round 1 back
    answer = desk_client(None if language == "en" else language).get(
        f"/e/{world.event.slug}/desk/divisions/{world.division.pk}/"
    )
    text = " ".join(visible_text(answer.content.decode()).split())
    for word in words:
        assert word in text, word
    for word in english:
        assert word not in text, word


def test_every_plan_note_of_the_engine_has_its_words():
    """The notes the desk translates are the engine's, word for word (a changed note would
    stay English)."""
    from desk.selectors import PLAN_NOTES
    from tournaments import engine

    seen = set()
    for players in range(2, 40):
        plan = engine.plan_division(players, prefer_threes=False, minutes_per_game=20)
        seen.update(plan.comparison_notes(medals_by_age_group=True))
    assert seen == set(PLAN_NOTES)


BEFORE_PLAY = {
    # Seat round 1 again: the confirm page.
    "reseat confirm": (
        "reseat/",
        {"reason": "sisters together"},
        {
            "en": ["Seat round 1 of Open again?", "8 players at 2 tables", "Reason: sisters"],
            "fr": [
                "Placer de nouveau la manche 1 de Open ?",
                "8 joueurs à 2 tables",
                "Raison : sisters",
                "Oui, placer de nouveau la manche 1",
            ],
            "es": [
                "¿Asignar otra vez las mesas de la ronda 1 de Open?",
                "8 jugadores en 2 mesas",
                "Motivo: sisters",
            ],
        },
    ),
    # Take round 1 back, confirmed: the answer on the division page.
    "taken back": (
        "take-back/",
        {"reason": "wrong list", "confirmed": "yes", "follow": True},
        {
            "en": ["Round 1 of Open taken back: its players are checked in"],
            "fr": ["Manche 1 de Open annulée : ses joueurs restent arrivés"],
            "es": ["Ronda 1 de Open anulada: sus jugadores siguen presentes"],
        },
    ),
    # Minutes typed wrong: the refusal in words.
    "minutes refused": (
        "minutes/",
        {"minutes": "five", "follow": True},
        {
            "en": ["type a whole number, such as 5"],
            "fr": ["tapez un nombre entier, comme 5"],
            "es": ["escriba un número entero, como 5"],
        },
    ),
}


@pytest.mark.parametrize("name", list(BEFORE_PLAY))
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_before_play_the_desk_answers_in_the_language(name, language):
    world = build_world()  # round 1 seated, nothing played
    tail, data, words = BEFORE_PLAY[name]
    data = {"round": world.division.rounds.current().pk, **data}
    if name == "minutes refused":
        data["table"] = world.tables[0].pk
    follow = data.pop("follow", False)
    answer = desk_client(None if language == "en" else language).post(
        f"/e/{world.event.slug}/desk/divisions/{world.division.pk}/{tail}", data, follow=follow
    )
    text = " ".join(visible_text(answer.content.decode()).split())
    for word in words[language]:
        assert word in text, word
    if language != "en":
        for word in words["en"]:
            assert word not in text, word
        left = [w for w in ENGLISH if re.search(rf"(?<!\w){re.escape(w)}(?!\w)", text)]
        assert left == [], left


@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            ["A correction waits for your decision", "rack total 14 → 200", "Undo this correction"],
        ),
        (
            "fr",
            [
                "Une correction attend votre décision",
                "total du chevalet : 14 → 200",
                "Annuler cette correction",
                "Accepter : utiliser les résultats",
            ],
        ),
        (
            "es",
            [
                "Una corrección espera su decisión",
                "total del atril: 14 → 200",
                "Deshacer esta corrección",
                "Aceptar: usar los resultados",
            ],
        ),
    ],
)
def test_a_correction_waiting_for_the_organizer_speaks_the_language(client, language, words):
    """The division page's block for a flagged correction (the next round already seated)."""
    from scoring import services as scoring_services
    from tests.factories import (
        DivisionFactory,
        EntrantFactory,
        EventFactory,
        UserFactory,
        enter,
        seated,
    )

    event = EventFactory()
    division = DivisionFactory(event=event)
    for n in range(8):
        EntrantFactory(division=division, external_id=f"{n + 50}")
    services.division_seat_first_round(division=division, seed=3)
    for table in division.rounds.get().tables.all():
        for number, values in enumerate([(0, 10, 20, 30), (0, 12, 25, 31), (0, 14, 40, 35)], 1):
            enter(table, number, values)
    scoring_services.division_advance(division=division)
    table = division.rounds.get(number=1).tables.get(number=1)
    scoring_services.score_correct(
        game=table.games.get(number=3), entrant=seated(table)[1], rack_total=200, reason="misread"
    )
    organizer = UserFactory(username="olive")
    event.organizers.add(organizer)
    client.force_login(organizer)
    if language != "en":
        client.cookies["django_language"] = language
    page = client.get(f"/e/{event.slug}/desk/divisions/{division.pk}/").content.decode()
    text = " ".join(visible_text(page).split())
    for word in words:
        assert word in text, word


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", ["Only one player is checked in ( Lonely Lou )", "Combine 75-79 with 70-74…"]),
        (
            "fr",
            [
                "Un seul joueur est arrivé ( Lonely Lou )",
                "Regrouper 75-79 avec 70-74…",
                "le groupe d'âge le plus proche est 70-74",
            ],
        ),
        (
            "es",
            [
                "Solo un jugador está presente ( Lonely Lou )",
                "Combinar 75-79 con 70-74…",
                "el grupo de edad más cercano es 70-74",
            ],
        ),
    ],
)
def test_a_lone_player_who_must_play_is_explained_in_the_language(client, language, words):
    """The division page's block for a lone player (the name in its own dir=auto element,
    hence the spaces visible_text leaves around it)."""
    from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory

    event = EventFactory(lone_entrant="play")
    young = DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    lone = DivisionFactory(event=event, name="75-79", min_age=75, max_age=79)
    EntrantFactory.create_batch(4, division=young)
    EntrantFactory(division=lone, first_name="Lonely", last_name="Lou")
    user = UserFactory()
    event.organizers.add(user)
    client.force_login(user)
    if language != "en":
        client.cookies["django_language"] = language
    page = client.get(f"/e/{event.slug}/desk/divisions/{lone.pk}/").content.decode()
    text = " ".join(visible_text(page).split())
    for word in words:
        assert word in text, word
    if language != "en":
        assert "checked in" not in text and "Combine" not in text


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("en", "75-79 has only one player checked in (Lonely Lou), and this event gives no medal"),
        ("fr", "75-79 n'a qu'un joueur arrivé (Lonely Lou), et ce tournoi ne donne pas"),
        ("es", "75-79 solo tiene un jugador presente (Lonely Lou), y este torneo no da medallas"),
    ],
)
def test_seating_a_lone_player_who_must_play_is_refused_in_the_language(client, language, words):
    from tests.factories import DivisionFactory, EntrantFactory, EventFactory, UserFactory

    event = EventFactory(lone_entrant="play")
    DivisionFactory(event=event, name="70-74", min_age=70, max_age=74)
    lone = DivisionFactory(event=event, name="75-79", min_age=75, max_age=79)
    EntrantFactory(division=lone, first_name="Lonely", last_name="Lou")
    user = UserFactory()
    event.organizers.add(user)
    client.force_login(user)
    if language != "en":
        client.cookies["django_language"] = language
    page = client.post(f"/e/{event.slug}/desk/divisions/{lone.pk}/seat/", follow=True)
    assert words in " ".join(visible_text(page.content.decode()).split())
