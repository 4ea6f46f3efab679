"""Nothing typed is lost after a refusal (once, a correction without a reason folded
shut and showed the old number again, the message at the top said only "This
field is required."). The organizer's correction and penalty forms, a save refused for a
confirmed game or a closed round, and the players' page: the page comes back with every
value typed, each problem beside its field, naming the player."""

import re

import pytest
from django.test import Client
from django.utils import translation

from scoring import services
from scoring.models import Game, Penalty, RackScore, ScoreChange
from tests.browser.conftest import PASSWORD, build_world
from tournaments.engine import MAX_RACK_TOTAL


@pytest.fixture
def world(db):
    return build_world()


def _signed_in(world, role, language="en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=language)
    assert client.login(username=world.users[role].username, password=PASSWORD)
    return client


def _confirmed_game_1(world):
    table = world.tables[0]
    seated = world.seated(table)
    services.game_record(
        table=table,
        number=1,
        racks=dict(zip(seated, (0, 10, 20, 30), strict=True)),
        user=world.users["scorekeeper"],
    )
    game = Game.objects.get(table=table, number=1)
    services.game_confirm(game=game, user=world.users["scorekeeper2"])
    return table, seated, game


def _correct_url(world, table, number=1):
    return f"/e/{world.event.slug}/tables/{table.pk}/games/{number}/correct/"


def _input(html, element_id) -> str:
    """The whole <input> tag of that id."""
    match = re.search(rf'<input id="{element_id}"[^>]*>', html)
    assert match, f"no input {element_id}"
    return match[0]


def _error(html, element_id) -> str:
    match = re.search(rf'<div class="field-error" id="{element_id}-error"[^>]*>(.*?)</div>', html)
    assert match, f"no error box for {element_id}"
    return match[1].strip()


@pytest.mark.django_db
def test_a_correction_without_a_reason_comes_back_open_with_the_number_typed(world):
    table, (a, b, c, d), game = _confirmed_game_1(world)
    client = _signed_in(world, "organizer")
    response = client.post(
        _correct_url(world, table), {"entrant": b.pk, "rack_total": "15", "reason": "  "}
    )
    # Back to the table's own page (its links and the language switch keep working).
    assert response.status_code == 302
    assert response["Location"] == world.table_url(table) + "?game=1"
    html = client.get(response["Location"]).content.decode()
    assert re.search(r'<details id="correct-1" open>', html)
    fix, why = f"fix-1-{b.pk}", f"why-1-{b.pk}"
    assert 'value="15"' in _input(html, fix)
    assert "Give a reason for the correction." == _error(html, why)
    assert "autofocus" in _input(html, why) and 'aria-invalid="true"' in _input(html, why)
    assert _error(html, fix) == "" and "autofocus" not in _input(html, fix)
    # The other players' boxes keep the recorded numbers; the sheet still says 10.
    assert 'value="20"' in _input(html, f"fix-1-{c.pk}")
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 10
    assert "This field is required" not in html
    # Shown once: the page read again is the plain page.
    again = client.get(response["Location"]).content.decode()
    assert '<details id="correct-1">' in again and 'value="10"' in _input(again, fix)

    # With the reason, the typed number is what is stored.
    response = client.post(
        _correct_url(world, table), {"entrant": b.pk, "rack_total": "15", "reason": "misread"}
    )
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 15
    assert ScoreChange.objects.get(action="corrected").reason == "misread"


@pytest.mark.django_db
def test_a_rack_total_too_big_is_said_beside_the_box_with_the_players_name(world):
    table, (a, b, c, d), game = _confirmed_game_1(world)
    client = _signed_in(world, "organizer")
    response = client.post(
        _correct_url(world, table),
        {"entrant": c.pk, "rack_total": "1000", "reason": "typo on the sheet"},
    )
    html = client.get(response["Location"]).content.decode()
    fix, why = f"fix-1-{c.pk}", f"why-1-{c.pk}"
    error = _error(html, fix)
    assert error.startswith(f"{c.shown_name}: ") and "1000" in error
    assert 'value="1000"' in _input(html, fix) and "autofocus" in _input(html, fix)
    assert 'value="typo on the sheet"' in _input(html, why)
    # Empty: the player named too.
    response = client.post(
        _correct_url(world, table), {"entrant": c.pk, "rack_total": "", "reason": "x"}
    )
    html = client.get(response["Location"]).content.decode()
    assert c.shown_name in _error(html, fix) and 'value="x"' in _input(html, why)
    assert RackScore.objects.get(game=game, entrant=c).rack_total == 20


@pytest.mark.django_db
def test_a_correction_to_the_number_already_there_says_nothing_changed(world):
    table, (a, b, c, d), game = _confirmed_game_1(world)
    client = _signed_in(world, "organizer")
    # The same number as recorded: nothing to correct, said politely, nothing stored.
    response = client.post(
        _correct_url(world, table),
        {"entrant": d.pk, "rack_total": "30", "reason": "check"},
        follow=True,
    )
    shown = [str(m) for m in response.context["messages"]]
    assert shown == ["Nothing changed in game 1: every rack total is as recorded."]
    assert not ScoreChange.objects.filter(action="corrected").exists()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("fr", "Indiquez la raison de la correction."),
        ("es", "Indique el motivo de la corrección."),
    ],
)
def test_the_reason_missing_is_said_in_the_pages_language(world, language, words):
    table, (a, b, c, d), game = _confirmed_game_1(world)
    client = _signed_in(world, "organizer", language)
    response = client.post(
        _correct_url(world, table), {"entrant": b.pk, "rack_total": "15", "reason": ""}
    )
    html = client.get(response["Location"]).content.decode()
    assert _error(html, f"why-1-{b.pk}") == words
    assert 'value="15"' in _input(html, f"fix-1-{b.pk}")
    translation.activate("en")


@pytest.mark.django_db
def test_a_refused_penalty_comes_back_open_with_what_was_typed(world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    client = _signed_in(world, "organizer")
    url = f"/e/{world.event.slug}/tables/{table.pk}/penalty/"
    response = client.post(url, {"entrant": str(c.pk), "points": "5", "reason": ""})
    assert response["Location"] == world.table_url(table)
    html = client.get(response["Location"]).content.decode()
    assert '<details id="penalty" open>' in html
    assert re.search(r'<input type="number" name="points" value="5"', html)
    assert re.search(rf'<option value="{c.pk}" selected>', html)
    assert _error(html, "id_reason") == "Give a reason for the penalty points."
    assert re.search(r'<input type="text" name="reason"[^>]*autofocus', html)
    # Too many points: said beside the points, the reason kept.
    response = client.post(url, {"entrant": str(c.pk), "points": "5000", "reason": "slow"})
    html = client.get(response["Location"]).content.decode()
    assert str(MAX_RACK_TOTAL) in _error(html, "id_points")
    assert re.search(r'<input type="text" name="reason" value="slow"', html)
    assert not Penalty.objects.exists()
    client.post(url, {"entrant": str(c.pk), "points": "5", "reason": "slow"})
    assert list(Penalty.objects.values_list("entrant", "points")) == [(c.pk, 5)]


@pytest.mark.django_db
def test_a_save_refused_for_a_confirmed_game_shows_the_numbers_typed(world):
    table, (a, b, c, d), game = _confirmed_game_1(world)
    data = {"game": "1", "version": "1", "ended": "out"}
    typed = {a: "0", b: "14", c: "20", d: "30"}
    data |= {f"rack_{e.pk}": v for e, v in typed.items()}
    # A scorekeeper: the numbers, and whom to tell.
    client = _signed_in(world, "scorekeeper")
    response = client.post(world.table_url(table), data)
    html = client.get(response["Location"]).content.decode()
    box = re.search(r'<div class="conflict" id="not-saved".*?</div>', html, re.S)[0]
    assert "Game 1 is confirmed: an organizer changes it as a correction" in box
    assert f"{b.shown_name}</span>: <strong>14</strong>" in box
    assert "tell the organizer" in box
    # The organizer: the changed number is filled into the correction, open.
    client = _signed_in(world, "organizer")
    response = client.post(world.table_url(table), data)
    html = client.get(response["Location"]).content.decode()
    assert '<details id="correct-1" open>' in html
    assert 'value="14"' in _input(html, f"fix-1-{b.pk}")
    assert 'value="10"' not in _input(html, f"fix-1-{b.pk}")
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 10


@pytest.mark.django_db
def test_a_save_refused_for_a_closed_round_shows_the_numbers_typed(world):
    from tournaments.models import Round

    table = world.tables[0]
    a, b, c, d = world.seated(table)
    Round.objects.filter(pk=table.round_id).update(status=Round.Status.CLOSED)
    client = _signed_in(world, "scorekeeper")
    data = {"game": "2", "version": "0", "ended": "out"}
    data |= {f"rack_{e.pk}": v for e, v in {a: "0", b: "11", c: "22", d: "33"}.items()}
    response = client.post(world.table_url(table), data)
    html = client.get(response["Location"]).content.decode()
    box = re.search(r'<div class="conflict" id="not-saved".*?</div>', html, re.S)[0]
    assert "This round is closed" in box
    assert f"{c.shown_name}</span>: <strong>22</strong>" in box
    assert not Game.objects.filter(table=table, number=2).exists()


@pytest.mark.django_db
def test_a_refused_save_keeps_every_number_on_the_form(world):
    """The normal save (no JavaScript): a problem re-renders the form with every value."""
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    client = _signed_in(world, "scorekeeper")
    data = {"game": "1", "version": "0", f"rack_{a.pk}": "0", f"rack_{b.pk}": "1000"}
    data |= {f"rack_{c.pk}": "12", f"rack_{d.pk}": "7"}
    html = client.post(world.table_url(table), data).content.decode()
    assert re.search(rf'name="rack_{b.pk}" value="1000"', html)
    assert re.search(rf'name="rack_{c.pk}" value="12"', html)
    assert b.shown_name in _error(html, f"id_rack_{b.pk}")


# ---------------------------------------------------------------- the players' page


@pytest.fixture
def players_table(db):
    from tests.factories import seated, seated_division
    from tournaments.models import Table
    from tournaments.selectors import table_code_live

    division = seated_division(8, score_entry="players", confirmation="second-person")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    return table, table_code_live(table).code, seated(table)


def _players_game(seats, values, number=1, version=0):
    data = {"game": number, "version": version}
    data |= {f"rack_{e.pk}": v for e, v in zip(seats, values, strict=True)}
    return data


def test_a_players_save_before_choosing_a_name_comes_back_on_the_form(players_table):
    table, code, seats = players_table
    client = Client()
    client.get(f"/t/{code}/")
    response = client.post(f"/t/{code}/", _players_game(seats, ["0", "5", "9", "12"]))
    assert response["Location"] == f"/t/{code}/?who=1&game=1"
    choose = client.get(response["Location"]).content.decode()
    assert "Choose your name first" in choose and 'name="game" value="1"' in choose
    chosen = client.post(f"/t/{code}/me/", {"player": seats[0].pk, "game": "1"})
    assert chosen["Location"] == f"/t/{code}/?game=1"
    html = client.get(chosen["Location"]).content.decode()
    for entrant, value in zip(seats, ["0", "5", "9", "12"], strict=True):
        assert re.search(rf'name="rack_{entrant.pk}" value="{value}"', html)
    assert not Game.objects.exists()


def test_a_players_change_refused_for_a_game_confirmed_meanwhile_shows_the_numbers(
    players_table,
):
    from tests.factories import enter

    table, code, seats = players_table
    enter(table, 1, [0, 10, 20, 30])  # as an organizer: confirmed
    game = Game.objects.get(table=table, number=1)
    assert game.confirmed
    client = Client()
    client.post(f"/t/{code}/me/", {"player": seats[1].pk})
    typed = ["0", "16", "20", "30"]
    response = client.post(f"/t/{code}/", _players_game(seats, typed, version=game.version))
    html = client.get(response["Location"]).content.decode()
    box = re.search(r'<div class="conflict" id="not-saved".*?</div>', html, re.S)[0]
    assert "Game 1 is confirmed" in box and "tell the organizer" in box
    assert f"{seats[1].shown_name}</span>: <strong>16</strong>" in box
    assert RackScore.objects.get(game=game, entrant=seats[1]).rack_total == 10
