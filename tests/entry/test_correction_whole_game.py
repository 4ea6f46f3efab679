"""The organizer's "Correct a rack total" is one form for the game (as separate forms, two rows
typed, the second one's Correct pressed without its reason, the page came back with the
first row's number and reason gone; after the second was fixed only it was corrected, and
the first was lost without a word). Every row that differs from the recorded total is
corrected, each with its reason, together or not at all; refused, every number and reason
typed comes back, each problem beside its row; the same form sent twice corrects once."""

import re

import pytest
from django.test import Client

from scoring import services
from scoring.models import Game, RackScore, ScoreChange
from tests.browser.conftest import PASSWORD, build_world

pytestmark = pytest.mark.django_db


def _setup():
    world = build_world()
    table = world.tables[0]
    players = world.seated(table)
    services.game_record(
        table=table,
        number=1,
        racks=dict(zip(players, (0, 10, 20, 30), strict=True)),
        user=world.users["scorekeeper"],
    )
    game = Game.objects.get(table=table, number=1)
    services.game_confirm(game=game, user=world.users["scorekeeper2"])
    client = Client()
    assert client.login(username=world.users["organizer"].username, password=PASSWORD)
    return world, table, players, game, client


def _form(players, fixes: dict, reasons: dict) -> dict:
    """The game's form as the page sends it: every row, its shown total, the typed ones."""
    recorded = dict(zip(players, (0, 10, 20, 30), strict=True))
    data = {}
    for p in players:
        data[f"was_{p.pk}"] = str(recorded[p])
        data[f"fix_{p.pk}"] = str(fixes.get(p, recorded[p]))
        data[f"why_{p.pk}"] = reasons.get(p, "")
    return data


def _url(world, table):
    return f"/e/{world.event.slug}/tables/{table.pk}/games/1/correct/"


def _input(html, element_id) -> str:
    match = re.search(rf'<input id="{element_id}"[^>]*>', html)
    assert match, f"no input {element_id}"
    return match[0]


def _error(html, element_id) -> str:
    match = re.search(rf'<div class="field-error" id="{element_id}-error"[^>]*>(.*?)</div>', html)
    assert match, f"no error box for {element_id}"
    return match[1].strip()


def _racks(game, players):
    return [RackScore.objects.get(game=game, entrant=p).rack_total for p in players]


def test_a_row_without_its_reason_refuses_the_whole_form_keeping_every_row():
    world, table, (a, b, c, d), game, client = _setup()
    data = _form(players=(a, b, c, d), fixes={b: 14, d: 52}, reasons={b: "sheet says 14"})
    response = client.post(_url(world, table), data)
    assert response.status_code == 302
    assert response["Location"] == world.table_url(table) + "?game=1"
    html = client.get(response["Location"]).content.decode()
    assert '<details id="correct-1" open>' in html
    # Both typed numbers and the first row's reason come back; the problem is at d's reason.
    assert 'value="14"' in _input(html, f"fix-1-{b.pk}")
    assert 'value="sheet says 14"' in _input(html, f"why-1-{b.pk}")
    assert 'value="52"' in _input(html, f"fix-1-{d.pk}")
    assert _error(html, f"why-1-{d.pk}") == "Give a reason for the correction."
    assert "autofocus" in _input(html, f"why-1-{d.pk}")
    assert _error(html, f"why-1-{b.pk}") == "" and _error(html, f"fix-1-{b.pk}") == ""
    # Nothing stored.
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 10
    assert RackScore.objects.get(game=game, entrant=d).rack_total == 30
    assert not ScoreChange.objects.filter(action="corrected").exists()


def test_two_rows_with_reasons_are_both_corrected_with_two_audit_lines_and_one_message():
    world, table, (a, b, c, d), game, client = _setup()
    data = _form(
        players=(a, b, c, d), fixes={b: 14, d: 52}, reasons={b: "sheet says 14", d: "typo"}
    )
    response = client.post(_url(world, table), data, follow=True)
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 14
    assert RackScore.objects.get(game=game, entrant=d).rack_total == 52
    changes = ScoreChange.objects.filter(action="corrected").order_by("pk")
    assert [(c.entrant_id, c.before, c.after, c.reason) for c in changes] == [
        (b.pk, {"rack_total": 10}, {"rack_total": 14}, "sheet says 14"),
        (d.pk, {"rack_total": 30}, {"rack_total": 52}, "typo"),
    ]
    shown = [str(m) for m in response.context["messages"]]
    assert shown == [f"{b.name}, game 1: 10 → 14. {d.name}, game 1: 30 → 52."]
    html = response.content.decode()
    assert '<details id="correct-1">' in html  # closed again, the new totals in it
    assert 'value="52"' in _input(html, f"fix-1-{d.pk}")


def test_a_combination_the_engine_refuses_is_refused_whole_naming_the_players():
    world, table, (a, b, c, d), game, client = _setup()
    # a went out with 0; a second 0 typed for c: two players at 0.
    data = _form(players=(a, b, c, d), fixes={c: 0, b: 12}, reasons={c: "went out", b: "x"})
    response = client.post(_url(world, table), data)
    html = client.get(response["Location"]).content.decode()
    problem = re.search(r'<p class="field-error form-problem"[^>]*>(.*?)</p>', html, re.S)
    assert problem, "no problem above the rows"
    assert a.name in problem[1] and c.name in problem[1]
    assert 'value="0"' in _input(html, f"fix-1-{c.pk}")
    assert 'value="went out"' in _input(html, f"why-1-{c.pk}")
    assert 'value="12"' in _input(html, f"fix-1-{b.pk}")
    assert 'value="x"' in _input(html, f"why-1-{b.pk}")
    assert _racks(game, (a, b, c, d)) == [0, 10, 20, 30]
    assert not ScoreChange.objects.filter(action="corrected").exists()


def test_a_zero_moved_from_one_player_to_another_is_one_correction():
    """Row by row it would pass through two zeros or none; as one form it is the game after."""
    world, table, (a, b, c, d), game, client = _setup()
    data = _form(players=(a, b, c, d), fixes={a: 10, b: 0}, reasons={a: "swapped", b: "swapped"})
    client.post(_url(world, table), data)
    assert _racks(game, (a, b, c, d)) == [10, 0, 20, 30]
    assert ScoreChange.objects.filter(action="corrected").count() == 2


def test_nothing_changed_says_so_politely():
    world, table, (a, b, c, d), game, client = _setup()
    data = _form(players=(a, b, c, d), fixes={}, reasons={b: "just looking"})
    response = client.post(_url(world, table), data, follow=True)
    shown = [str(m) for m in response.context["messages"]]
    assert shown == ["Nothing changed in game 1: every rack total is as recorded."]
    assert not ScoreChange.objects.filter(action="corrected").exists()


def test_the_same_form_sent_twice_corrects_once():
    world, table, (a, b, c, d), game, client = _setup()
    data = _form(players=(a, b, c, d), fixes={b: 14, d: 52}, reasons={b: "sheet", d: "typo"})
    client.post(_url(world, table), data, follow=True)
    response = client.post(_url(world, table), data, follow=True)
    assert ScoreChange.objects.filter(action="corrected").count() == 2
    assert _racks(game, (a, b, c, d)) == [0, 14, 20, 52]
    shown = [str(m) for m in response.context["messages"]]
    assert shown == ["Nothing changed in game 1: every rack total is as recorded."]


def test_a_row_left_as_shown_is_not_changed_back_after_another_organizers_correction():
    """Another organizer corrected b meanwhile; this page still shows b's old 10 and
    changes only d: b stays as the other organizer corrected it."""
    world, table, (a, b, c, d), game, client = _setup()
    services.score_correct(game=game, entrant=b, rack_total=11, reason="desk", user=None)
    data = _form(players=(a, b, c, d), fixes={d: 33}, reasons={d: "typo"})
    client.post(_url(world, table), data)
    assert _racks(game, (a, b, c, d)) == [0, 11, 20, 33]


def test_a_number_that_is_not_a_rack_total_is_said_beside_its_row():
    world, table, (a, b, c, d), game, client = _setup()
    data = _form(players=(a, b, c, d), fixes={b: "1000", c: 21}, reasons={b: "x", c: "y"})
    response = client.post(_url(world, table), data)
    html = client.get(response["Location"]).content.decode()
    assert _error(html, f"fix-1-{b.pk}").startswith(f"{b.shown_name}: ")
    assert "autofocus" in _input(html, f"fix-1-{b.pk}")
    assert 'value="21"' in _input(html, f"fix-1-{c.pk}")
    assert 'value="y"' in _input(html, f"why-1-{c.pk}")
    assert _racks(game, (a, b, c, d)) == [0, 10, 20, 30]
