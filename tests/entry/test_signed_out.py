"""A form sent after the sign-in ended is refused in words (401), never quietly dropped
by a redirect to the sign-in page, where what was typed is lost."""

import pytest
from django.test import Client

from scoring.models import Game, Penalty, RackScore
from tests.browser.conftest import build_world
from tournaments.models import SignInSession as Session

pytestmark = pytest.mark.django_db


def _post(client, world, table):
    a, b, *_ = world.seated(table)
    return client.post(
        world.table_url(table), {"game": "1", f"rack_{a.pk}": "0", f"rack_{b.pk}": "9"}
    )


def test_signed_out_post_is_refused_in_words_with_a_way_back():
    world = build_world()
    table = world.tables[0]
    response = _post(Client(), world, table)
    assert response.status_code == 401
    assert response["X-Signed-Out"] == "1"
    text = response.content.decode()
    assert "You were signed out: this was not saved" in text
    assert f"/login/?next=/e/{world.event.slug}/tables/{table.pk}/" in text
    assert not Game.objects.filter(table=table).exists()
    # A page opened (GET) signed out still goes to the sign-in page.
    assert Client().get(world.table_url(table)).status_code == 302


def test_a_refused_security_token_when_signed_out_says_signed_out():
    world = build_world()
    table = world.tables[0]
    response = _post(Client(enforce_csrf_checks=True), world, table)
    assert response.status_code == 401
    assert "You were signed out" in response.content.decode()


def test_a_refused_security_token_when_signed_in_is_a_page_too_old():
    world = build_world()
    table = world.tables[0]
    client = Client(enforce_csrf_checks=True)
    client.force_login(world.users["scorekeeper"])
    response = _post(client, world, table)
    assert response.status_code == 403
    assert response["X-Stale-Page"] == "1"
    assert "please send it again" in response.content.decode()


def test_a_save_sent_signed_out_shows_its_numbers_by_the_players_names():
    """Without JavaScript, Back reopens a page that asks for a sign-in: the numbers sent
    are shown back by name (the names the public projector shows at the table)."""
    world = build_world()
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    response = Client().post(
        world.table_url(table), {"game": "1", f"rack_{a.pk}": "12", f"rack_{b.pk}": "25"}
    )
    assert response.status_code == 401
    assert response["X-Signed-Out"] == "1"
    text = response.content.decode()
    assert "Game 1: your numbers were not saved." in text
    for entrant, value in ((a, "12"), (b, "25"), (c, "—"), (d, "—")):
        assert f"{entrant.shown_name}</span>: <strong>{value}</strong>" in text
    assert "Back button" not in text
    assert f"/login/?next=/e/{world.event.slug}/tables/{table.pk}/" in text
    assert not Game.objects.filter(table=table).exists()


def test_a_signed_out_form_without_a_game_or_table_shows_no_numbers():
    world = build_world()
    table = world.tables[0]
    a, *_ = world.seated(table)
    for url, data in (
        (world.table_url(table), {"game": "99", f"rack_{a.pk}": "12"}),  # no such game
        (world.table_url(table), {f"rack_{a.pk}": "12"}),  # no game said
        (f"/e/{world.event.slug}/tables/999999/", {"game": "1", f"rack_{a.pk}": "12"}),
    ):
        response = Client().post(url, data)
        assert response.status_code == 401, url
        text = response.content.decode()
        assert "You were signed out: this was not saved" in text
        assert "not-saved" not in text
        assert a.shown_name not in text


# ---------------------------------------------------------------- corrections and penalties


def _entered_game(world, table):
    from scoring import services as scoring

    players = world.seated(table)
    scoring.game_record(
        table=table,
        number=1,
        racks=dict(zip(players, (0, 10, 20, 30), strict=True)),
        organizer=True,
        user=world.users["organizer"],
    )
    return players


def _signed_out_organizer(world):
    """The organizer's client after their sign-in ended (the session gone on the server;
    the browser keeps its cookies, the security token too)."""
    client = Client()
    client.force_login(world.users["organizer"])
    Session.objects.all().delete()
    return client


def _listed(text: str, label: str, value: str) -> bool:
    return f'<li>{label}: <strong dir="auto">{value}</strong></li>' in text


def test_a_correction_sent_signed_out_shows_what_was_typed_not_back():
    """The organizer's "Correct a rack total" sent after the sign-in ended shows what was
    typed, read-only; it used to say to press Back, which reopens a page asking for a
    sign-in, without what was typed."""
    world = build_world()
    table = world.tables[0]
    a, b, c, d = _entered_game(world, table)
    client = _signed_out_organizer(world)
    # The game's form, two rows changed (one still without its reason), two left alone.
    typed = {f"was_{p.pk}": str(v) for p, v in zip((a, b, c, d), (0, 10, 20, 30), strict=True)}
    typed |= {f"fix_{p.pk}": str(v) for p, v in zip((a, b, c, d), (0, 15, 20, 34), strict=True)}
    typed |= {f"why_{a.pk}": "", f"why_{b.pk}": "Miscounted a joker", f"why_{c.pk}": ""}
    typed[f"why_{d.pk}"] = ""
    response = client.post(f"/e/{world.event.slug}/tables/{table.pk}/games/1/correct/", typed)
    assert response.status_code == 401 and response["X-Signed-Out"] == "1"
    text = response.content.decode()
    assert "Correction of game 1: not saved." in text
    assert _listed(text, f"{b.shown_name}: new rack total", "15")
    assert _listed(text, f"{b.shown_name}: reason for the correction", "Miscounted a joker")
    assert _listed(text, f"{d.shown_name}: new rack total", "34")
    assert _listed(text, f"{d.shown_name}: reason for the correction", "—")
    # The rows left as they were are not listed.
    assert f"{a.shown_name}: new rack total" not in text
    assert f"{c.shown_name}: new rack total" not in text
    assert "sign in again and enter it again under “Correct a rack total (organizer)”" in text
    assert "Back" not in text
    assert RackScore.objects.get(game__table=table, entrant=b).rack_total == 10
    # Signed in again, the link comes back to that game (where the correction is).
    login = f"/login/?next=/e/{world.event.slug}/tables/{table.pk}/games/1/correct/"
    assert login in text
    client.force_login(world.users["organizer"])
    back = client.get(f"/e/{world.event.slug}/tables/{table.pk}/games/1/correct/")
    assert back.status_code == 302
    assert back["Location"] == f"/e/{world.event.slug}/tables/{table.pk}/?game=1"
    assert RackScore.objects.get(game__table=table, entrant=b).rack_total == 10


def test_penalty_points_sent_signed_out_show_what_was_typed_not_back():
    world = build_world()
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    client = _signed_out_organizer(world)
    response = client.post(
        f"/e/{world.event.slug}/tables/{table.pk}/penalty/",
        {"entrant": c.pk, "points": "5", "reason": "Slow play"},
    )
    assert response.status_code == 401
    text = response.content.decode()
    assert "Penalty points: not saved." in text
    assert _listed(text, "Player", c.shown_name)
    assert _listed(text, "Penalty points", "5")
    assert _listed(text, "Reason", "Slow play")
    assert "enter it again under “Penalty points (organizer)”" in text
    assert "Back" not in text
    assert not Penalty.objects.exists()
    client.force_login(world.users["organizer"])
    back = client.get(f"/e/{world.event.slug}/tables/{table.pk}/penalty/")
    assert back["Location"] == f"/e/{world.event.slug}/tables/{table.pk}/#penalty"


def test_a_signed_out_correction_names_only_a_player_of_that_table():
    world = build_world()
    table, other = world.tables[0], world.tables[1]
    _entered_game(world, table)
    stranger = world.seated(other)[0]
    for entrant in (stranger.pk, "", "abc"):
        text = (
            Client()
            .post(
                f"/e/{world.event.slug}/tables/{table.pk}/games/1/correct/",
                {"entrant": entrant, "rack_total": "15", "reason": "x"},
            )
            .content.decode()
        )
        assert _listed(text, "Player", "—"), entrant
        assert stranger.shown_name not in text


@pytest.mark.parametrize("form", ["game", "correction", "penalty"])
def test_cleared_cookies_show_what_was_typed_too(form):
    """Cookies cleared take the security token with the sign-in: the form is refused for
    its token before its view, and is answered the same way, with what it typed."""
    world = build_world()
    table = world.tables[0]
    a, b, c, d = _entered_game(world, table) if form == "correction" else world.seated(table)
    base = f"/e/{world.event.slug}/tables/{table.pk}/"
    url, data, shown = {
        "game": (base, {"game": "2", f"rack_{a.pk}": "12", f"rack_{b.pk}": "25"}, "12"),
        "correction": (
            base + "games/1/correct/",
            {"entrant": b.pk, "rack_total": "15", "reason": "Miscounted"},
            "Miscounted",
        ),
        "penalty": (base + "penalty/", {"entrant": c.pk, "points": "5", "reason": "Slow"}, "Slow"),
    }[form]
    response = Client(enforce_csrf_checks=True).post(url, data)
    assert response.status_code == 401
    text = response.content.decode()
    assert "You were signed out: this was not saved" in text
    assert 'id="not-saved"' in text and shown in text
    assert "Back button" not in text


def test_cleared_cookies_on_another_page_get_the_plain_signed_out_page():
    world = build_world()
    response = Client(enforce_csrf_checks=True).post(
        f"/e/{world.event.slug}/desk/", {"anything": "1"}
    )
    assert response.status_code == 401
    assert 'id="not-saved"' not in response.content.decode()
