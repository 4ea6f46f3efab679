"""The entry pages' forms (entry/forms.py) as the pages show them: a withdrawn or
disqualified player gets no rack box (nor tile counter) on any entry form, only their
name marked, and a number sent for them anyway changes nothing of theirs; a scorekeeper
on a confirmed game is told what to do about a wrong number."""

import re
import uuid

import pytest
from django.test import Client

from scoring import services
from scoring.models import Game, RackScore
from tests.browser.conftest import PASSWORD, build_world
from tests.factories import seated, seated_division
from tournaments.models import Entrant, Table
from tournaments.selectors import table_code_live

pytestmark = pytest.mark.django_db

ADVICE = "Confirmed. A wrong number? Ask the desk: only an organizer corrects it, with a reason."


def _signed_in(world, who: str) -> Client:
    client = Client()
    assert client.login(username=world.users[who].username, password=PASSWORD)
    return client


def _out_of_play(world, status):
    table = world.tables[0]
    players = world.seated(table)
    out = players[-1]
    out.status = status
    out.save()
    return table, players, out


@pytest.mark.parametrize("status", [Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED])
def test_the_scorekeepers_form_has_no_box_for_a_player_out_of_play(status):
    world = build_world()
    table, players, out = _out_of_play(world, status)
    html = _signed_in(world, "scorekeeper").get(world.table_url(table)).content.decode()
    for player in players[:-1]:
        assert f'name="rack_{player.pk}"' in html
    assert f'name="rack_{out.pk}"' not in html and f"id_rack_{out.pk}-calc" not in html
    marked = re.search(r'<p class="rack-row out-of-play">([^<]*)</p>', html)
    assert marked and out.shown_name in marked[1] and out.out_of_play_word in marked[1]


def test_a_save_without_the_player_out_of_play_is_stored_and_a_number_for_them_ignored():
    world = build_world()
    table, players, out = _out_of_play(world, Entrant.Status.WITHDRAWN)
    data = {"game": 1, "version": 0, "ended": "", "winner": "", "save_key": str(uuid.uuid4())}
    data |= {f"rack_{p.pk}": v for p, v in zip(players[:-1], (0, 7, 12), strict=True)}
    data[f"rack_{out.pk}"] = "40"  # a page opened before they withdrew
    answer = _signed_in(world, "scorekeeper").post(world.table_url(table), data)
    assert answer.status_code == 302
    game = Game.objects.get(table=table, number=1)
    stored = dict(RackScore.objects.filter(game=game).values_list("entrant_id", "rack_total"))
    assert stored == {p.pk: v for p, v in zip(players[:-1], (0, 7, 12), strict=True)}


def test_the_players_page_has_no_box_for_a_player_out_of_play():
    division = seated_division(8, score_entry="players", confirmation="second-person")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    players = seated(table)
    out = players[-1]
    out.status = Entrant.Status.DISQUALIFIED
    out.save()
    code = table_code_live(table).code
    client = Client(REMOTE_ADDR="192.0.2.44")
    assert client.post(f"/t/{code}/me/", {"player": players[0].pk}).status_code == 302
    html = client.get(f"/t/{code}/").content.decode()
    assert f'name="rack_{players[0].pk}"' in html
    assert f'name="rack_{out.pk}"' not in html
    assert re.search(rf'<p class="rack-row out-of-play">[^<]*{re.escape(out.shown_name)}', html)


def test_a_scorekeeper_on_a_confirmed_game_is_told_to_ask_the_desk():
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
    url = world.table_url(table) + "?game=1"
    for who in ("scorekeeper", "scorekeeper2"):
        html = _signed_in(world, who).get(url).content.decode()
        assert ADVICE in html and 'action="/e/' not in html.split(ADVICE)[1].split("</section>")[0]
    # The organizer gets the correction form instead.
    html = _signed_in(world, "organizer").get(url).content.decode()
    assert ADVICE not in html and 'id="correct-1"' in html
    # In French too.
    client = _signed_in(world, "scorekeeper")
    client.cookies["django_language"] = "fr"
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Confirmé. Un nombre faux\u202f? Demandez à l'accueil" in html.replace("&#x27;", "'")
