"""Every rack check follows the event's format: a joker worth 50 makes racks of up to 828
possible, a joker worth 25 of up to 778; the save's two paths (short and whole), the
service, the score page's script and a correction all say the same."""

import json

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from scoring import services as scoring
from scoring.models import Game
from tests.factories import enter, seated, seated_division
from tournaments.engine import GameError, RuleError
from tournaments.models import Table

pytestmark = pytest.mark.django_db

# 800 is more than a rack holds with a joker at 30 (788); 780 more than at 25 (778).
RACKS = {50: [0, 800, 9, 12], 25: [0, 780, 3, 4]}


def _first_table(joker: int) -> Table:
    division = seated_division(4, joker_value=joker)
    return Table.objects.get(round__division=division)


def _gwinnett_table() -> Table:
    return Table.objects.get(round__division=seated_division(4))


def test_the_service_takes_the_events_largest_rack_total():
    table = _first_table(50)
    game = enter(table, 1, RACKS[50])
    assert sorted(game.racks.values_list("rack_total", flat=True)) == [0, 9, 12, 800]
    with pytest.raises(GameError, match="largest possible rack total is 788"):
        enter(_gwinnett_table(), 1, RACKS[50])
    # and the other way round: what Gwinnett takes, a joker at 25 refuses
    enter(_gwinnett_table(), 1, RACKS[25])
    with pytest.raises(GameError, match="largest possible rack total is 778"):
        enter(_first_table(25), 1, RACKS[25])


def test_a_penalty_is_bounded_by_the_events_largest_total():
    table = _first_table(25)
    player = seated(table)[0]
    with pytest.raises(RuleError, match="more than a whole game can score"):
        scoring.penalty_add(round_=table.round, entrant=player, points=780, reason="slow")


def _keeper(event) -> Client:
    keeper = get_user_model().objects.create_user("sam", password="Keeper-Pass-1")
    event.scorekeepers.add(keeper)
    client = Client()
    client.force_login(keeper)
    return client


def _post(client, table, values):
    data = {"game": 1, "version": 0, "ended": "", "winner": ""}
    data.update({f"rack_{e.pk}": v for e, v in zip(seated(table), values, strict=True)})
    return client.post(f"/e/{table.round.division.event.slug}/tables/{table.pk}/", data)


@pytest.mark.parametrize(("joker", "taken"), [(50, True), (25, False), (30, False)])
def test_the_score_page_saves_by_the_events_joker(joker, taken):
    table = _first_table(joker)
    client = _keeper(table.round.division.event)
    answer = _post(client, table, RACKS[50] if joker != 25 else RACKS[25])
    assert Game.objects.filter(table=table).exists() is taken
    if not taken:
        largest = {25: 778, 30: 788}[joker]
        assert f"largest possible rack total is {largest}" in answer.content.decode()


@pytest.mark.parametrize(("joker", "largest"), [(50, 828), (30, 788), (25, 778)])
def test_the_score_pages_script_gets_the_events_joker_and_largest_total(joker, largest):
    table = _first_table(joker)
    client = _keeper(table.round.division.event)
    page = client.get(f"/e/{table.round.division.event.slug}/tables/{table.pk}/")
    text = page.content.decode()
    start = text.index('<script id="entry-rules" type="application/json">') + len(
        '<script id="entry-rules" type="application/json">'
    )
    rules = json.loads(text[start : text.index("</script>", start)])
    assert (rules["joker"], rules["max_rack"]) == (joker, largest)
