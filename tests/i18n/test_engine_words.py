"""The engine's and the bracket services' words in the reader's language: a
refusal on a page in the visitor's language, the same refusal on the command line in
English, and a round's stored seating notes in the event's language whoever seated it."""

import json
import re
from pathlib import Path

import pytest
from django.core.management.base import CommandError
from django.utils import translation

from tests.factories import seated
from tests.helpers import entrants_file, run
from tests.helpers import organizer_client as organizer
from tests.i18n.test_scoring_pages import as_scorekeeper, hall  # noqa: F401 (a fixture)
from tournaments import services
from tournaments.models import Division, Event, Round

SLUG = "words"


def divisions(tmp_path: Path, sizes: dict[str, int], club: str = "") -> dict[str, Division]:
    players = [
        (f"{name[:1]}{n:02d}", f"P{n}", f"{name}x", "1950-01-01", "F", club, name)
        for name, size in sizes.items()
        for n in range(1, size + 1)
    ]
    path = entrants_file(tmp_path / "p.csv", players)
    run("import_entrants", SLUG, path, "--create-event", "--date", "2026-05-16")
    run("checkin", SLUG)
    return {d.name: d for d in Division.objects.filter(event__slug=SLUG)}


REFUSAL = {
    "en": "Not enough free tables in the hall: 3 needed (Beta, round 1: 3), 1 free of the "
    "hall's 4 usable tables.",
    "fr": "Pas assez de tables libres dans la salle\u202f: il en "
    "faut 3 (Beta, manche 1\u202f: 3), 1 "
    "libres sur les 4 tables utilisables de la salle.",
    "es": "No hay bastantes mesas libres en la sala: hacen falta 3 (Beta, ronda 1: 3), hay 1 "
    "libres de las 4 mesas que se pueden usar.",
}
SETTINGS = {
    "en": "give the hall more tables on the settings page",
    "fr": "donnez plus de tables à la salle sur la page des réglages",
    "es": "dé más mesas a la sala en la página de ajustes",
}
HOLDERS = {"en": "Alpha, round 1: 3 tables (1-3)", "fr": "Alpha, manche 1\u202f: 3 tables (1-3)"}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_hall_s_refusal_on_the_desk_in_the_visitor_s_language(tmp_path, language):
    found = divisions(tmp_path, {"Alpha": 9, "Beta": 9})
    event = Event.objects.get(slug=SLUG)
    event.hall_tables = 4
    event.save()
    services.division_seat_first_round(division=found["Alpha"], seed=1)
    client = organizer(event, None if language == "en" else language)
    answer = client.post(f"/e/{SLUG}/desk/divisions/{found['Beta'].pk}/seat/", follow=True)
    page = answer.content.decode().replace("&#x27;", "'")
    assert REFUSAL[language] in page
    if language in HOLDERS:
        assert HOLDERS[language] in page
    if language != "en":
        assert "Not enough free tables" not in page and "Nothing was seated" not in page
    # No command-line option on the page: the settings page instead, with a link to it.
    assert "configure_event" not in page and "--hall-tables" not in page
    assert SETTINGS[language] in page
    assert f"/e/{SLUG}/desk/settings/#id_hall_tables" in page
    assert not Round.objects.filter(division=found["Beta"]).exists()
    # The same refusal on the command line: English, whatever the page spoke.
    with pytest.raises(CommandError) as refused:
        run("seat", SLUG, "--division", "Beta")
    assert str(refused.value).startswith(REFUSAL["en"])
    assert "Nothing was seated: close a round that is over" in str(refused.value)


def notes_of(division: Division) -> list[str]:
    return Round.objects.get(division=division, number=1).warnings


NOTE = {
    "en": "of Sunrise share a table (more members than tables).",
    "fr": "de Sunrise, sont à la même table (plus de membres que de tables).",
    "es": "de Sunrise, están en la misma mesa (más miembros que mesas).",
}


@pytest.mark.django_db
@pytest.mark.parametrize("event_language", ["en", "fr", "es"])
@pytest.mark.parametrize("seated_by", ["desk in en", "desk in fr", "desk in es", "command"])
def test_stored_seating_notes_are_in_the_event_s_language_whoever_seated(
    tmp_path, event_language, seated_by
):
    found = divisions(tmp_path, {"Alpha": 8}, club="Sunrise")
    event = Event.objects.get(slug=SLUG)
    event.language = event_language
    event.save()
    if seated_by == "command":
        out = run("seat", SLUG, "--division", "Alpha", "--seed", "1")
        assert out.startswith("Alpha")
    else:
        client = organizer(event, seated_by[-2:])
        answer = client.post(f"/e/{SLUG}/desk/divisions/{found['Alpha'].pk}/seat/")
        assert answer.status_code == 302
    # Stored in the event's language; read in the reader's (who, their club, why).
    stored = Round.objects.get(division=found["Alpha"], number=1).seating_notes
    assert len(stored) == 2
    assert all(record["text"].endswith(NOTE[event_language]) for record in stored)
    for reader in ("en", "fr", "es"):
        with translation.override(reader):
            notes = notes_of(found["Alpha"])
        for note in notes:
            assert note.startswith({"en": "Table ", "fr": "Table ", "es": "Mesa "}[reader])
            assert note.endswith(NOTE[reader])
    # The organizer swaps two players (from a page in another language): the round's
    # note says so in the event's language too.
    round_ = Round.objects.get(division=found["Alpha"], number=1)
    first, second = (table.seats.first().entrant for table in round_.tables.order_by("number"))
    with translation.override("fr" if event_language != "fr" else "es"):
        services.seats_swap(round_=round_, first=first, second=second)
    swapped = Round.objects.get(pk=round_.pk).warnings[-1]
    assert (
        swapped
        == {
            "en": f"Organizer swapped {first.name} and {second.name}.",
            "fr": f"L'organisateur a échangé {first.name} et {second.name}.",
            "es": f"El organizador intercambió a {first.name} y {second.name}.",
        }[event_language]
    )


LONE = {
    "fr": [
        "75-79 n'a qu'un joueur arrivé (Lonely Lou)",
        "Regroupez-la avec 70-74, le groupe d'âge le plus proche",
    ],
    "es": [
        "75-79 solo tiene un jugador presente (Lonely Lou)",
        "Júntela con 70-74, el grupo de edad más cercano",
    ],
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["fr", "es"])
def test_a_lone_division_refused_on_the_desk_in_the_visitor_s_language(language):
    from tests.selectors.test_lone_entrant_desk import hall as lone_hall

    event, lone, _young, client = lone_hall()
    client.cookies["django_language"] = language
    answer = client.post(f"/e/{event.slug}/desk/divisions/{lone.pk}/seat/", follow=True)
    page = answer.content.decode().replace("&#x27;", "'")
    for words in LONE[language]:
        assert words in page
    assert "has only one player checked in" not in page
    assert "the nearest age group" not in page
    # The command says the same refusal in English.
    with pytest.raises(CommandError) as refused:
        run("seat", event.slug, "--division", "75-79")
    assert str(refused.value).startswith(
        "75-79 has only one player checked in (Lonely Lou), and this event gives no medal "
        "without play: the division cannot be finished alone. Combine it with 70-74, the "
        "nearest age group, before seating: its medals then go by age group, so Lonely Lou "
        "plays for a medal of 75-79."
    )


GAME_REFUSED = {
    "en": ["is more than any rack can hold", "both have 0: only one player can go out"],
    "fr": [
        "est plus que ce qu'un chevalet peut contenir",
        "ont tous les deux 0\u202f: un seul joueur",
    ],
    "es": ["es más de lo que cabe en un atril", "tienen los dos 0: solo un jugador puede cerrar"],
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_engine_s_game_refusals_on_the_score_page_in_its_language(hall, language):  # noqa: F811
    """The engine's reasons for refusing a game's rack totals, as the server says them on
    the table page and as the page's script gets them (entry_rules), in the page's
    language."""
    event, _division, table, tess = hall
    client = as_scorekeeper(tess, language)
    players = seated(table)
    url = f"/e/{event.slug}/tables/{table.pk}/"
    too_big = {"game": 2, "version": 0, f"rack_{players[0].pk}": "0"}
    too_big |= {f"rack_{p.pk}": "1000" for p in players[1:]}
    zeros = {"game": 2, "version": 0}
    zeros |= {f"rack_{p.pk}": v for p, v in zip(players, ["0", "0", "9", "12"], strict=True)}
    pages = [
        client.post(url, data).content.decode().replace("&#x27;", "'") for data in (too_big, zeros)
    ]
    for page, words in zip(pages, GAME_REFUSED[language], strict=True):
        assert words in page
    script = re.search(r'<script id="entry-rules"[^>]*>(.*?)</script>', pages[0], re.S)
    assert script, "the page hands the engine's rules to its script"
    rules = json.loads(script.group(1))
    assert {
        "en": "A game needs the rack totals of at least two players.",
        "fr": "Une partie demande le total du chevalet d'au moins deux joueurs.",
        "es": "Una partida necesita el total del atril de al menos dos jugadores.",
    }[language] == rules["messages"]["too_few"]


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "round 1: Ann, Bob are tied for a medal in 70-74; record the playoff or tile draw."),
        (
            "fr",
            "manche 1\u202f: Ann, Bob sont à égalité pour une médaille "
            "en 70-74\u202f; notez la partie",
        ),
        ("es", "ronda 1: Ann, Bob empatan por una medalla en 70-74; anote el desempate"),
    ],
)
def test_a_tie_in_the_active_language(language, said):
    from tournaments.engine.rounds import Tie

    with translation.override(language):
        assert (
            Tie(1, ("A", "B"), "a medal in 70-74")
            .describe({"A": "Ann", "B": "Bob"})
            .startswith(said)
        )


RIBBONS = {
    "en": "N is 0 (no ribbons) or a place from 4 to 500, not 3",
    "fr": "N vaut 0 (aucun ruban) ou une place de 4 à 500, pas 3",
    "es": "N es 0 (ninguna cinta) o un puesto de 4 a 500, no 3",
}
IN_PLAY = {
    "en": "Tables 3 and 4 (Alpha, round 1) are in play: the hall would have 2 tables",
    "fr": "Les tables 3 et 4 (Alpha, manche 1) sont en jeu\u202f: la salle aurait 2 tables",
    "es": "Las mesas 3 y 4 (Alpha, ronda 1) están en juego: la sala tendría 2 mesas",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_settings_page_s_refusals_in_the_visitor_s_language(tmp_path, language):
    """The engine's (ribbons) and the event service's (a hall smaller than the tables in
    play) refusals on the desk's settings page."""
    from tests.helpers import settings_post

    found = divisions(tmp_path, {"Alpha": 16})
    event = Event.objects.get(slug=SLUG)
    services.division_seat_first_round(division=found["Alpha"], seed=1)
    client = organizer(event, None if language == "en" else language)
    url = f"/e/{SLUG}/desk/settings/"
    page = client.post(url, settings_post(event, ribbons_to="3")).content.decode()
    assert RIBBONS[language] in page.replace("&#x27;", "'")
    page = client.post(url, settings_post(event, hall_tables="2")).content.decode()
    assert IN_PLAY[language] in page.replace("&#x27;", "'")
    assert Event.objects.get(pk=event.pk).hall_tables is None


DUPLICATE = {
    "en": "Entrant id A01 is already registered.",
    "fr": "Le numéro de joueur A01 est déjà inscrit.",
    "es": "El número de jugador A01 ya está inscrito.",
}


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "fr", "es"])
def test_the_entrants_service_refuses_in_the_active_language(tmp_path, language):
    from tournaments.engine import RuleError

    divisions(tmp_path, {"Alpha": 2})
    event = Event.objects.get(slug=SLUG)
    with translation.override(language), pytest.raises(RuleError) as refused:
        services.entrant_save(
            event=event,
            external_id="A01",
            first_name="New",
            last_name="Person",
            division_name="Alpha",
        )
    assert str(refused.value) == DUPLICATE[language]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("event_language", "note"),
    [
        ("en", "Playing again: table 2 is now table 4."),
        ("fr", "Rejouée\u202f: la table 2 devient la table 4."),
        ("es", "Se juega otra vez: la mesa 2 pasa a ser la mesa 4."),
    ],
)
def test_a_round_played_again_notes_its_new_numbers_in_the_event_s_language(
    tmp_path, event_language, note
):
    """Taken back from the command line (English): the round's stored note is in the
    event's language; the command's answer and the division's record stay English."""
    from tests.commands import test_fixing_seating as fixing
    from tournaments.models import RoundChange

    fixing._two_divisions(tmp_path)
    Event.objects.filter(slug=fixing.SLUG).update(language=event_language)
    out = run("reopen_round", fixing.SLUG, "--division", "Open", "--reason", "too soon")
    assert "Round 1's table 2 is now table 4 (table 2 is in play for Late, round 1)" in out
    assert RoundChange.objects.get().notes[1].startswith("Round 1's table 2 is now table 4")
    round_one = Round.objects.get(division__name="Open", number=1)
    assert round_one.warnings[-1] == note
