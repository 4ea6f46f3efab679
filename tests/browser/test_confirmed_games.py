"""After confirmation a score changes only as an organizer's correction, with a reason:
the game form is not offered for a confirmed game, and a POST to it changes nothing."""

import pytest
from django.test import Client

from scoring import services
from scoring.models import Game, RackScore, ScoreChange

from .conftest import PASSWORD


def _post_game(client, world, table, racks):
    data = {"game": "1", "version": "1", "ended": "out"}
    for entrant, value in racks.items():
        data[f"rack_{entrant.pk}"] = str(value)
    return client.post(world.table_url(table), data)


@pytest.mark.django_db
def test_a_confirmed_game_is_changed_only_by_a_correction(world):
    table = world.tables[0]
    a, b, c, d = world.seated(table)
    services.game_record(
        table=table, number=1, racks={a: 0, b: 10, c: 20, d: 30}, user=world.users["scorekeeper"]
    )
    game = Game.objects.get(table=table, number=1)
    services.game_confirm(game=game, user=world.users["scorekeeper2"])

    for role in ("scorekeeper", "organizer"):
        client = Client()
        assert client.login(username=world.users[role].username, password=PASSWORD)
        page = client.get(world.table_url(table) + "?game=1").content.decode()
        assert "Save game 1" not in page
        assert "Game 1: confirmed" in page
        response = _post_game(client, world, table, {a: 0, b: 11, c: 20, d: 30})
        assert response.status_code == 302
        follow = client.get(response["Location"]).content.decode()
        assert "Game 1 is confirmed: an organizer changes it as a correction" in follow
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 10
    assert not ScoreChange.objects.filter(action="replaced").exists()

    # The organizer's correction, with its reason, is the way to change it.
    client = Client()
    assert client.login(username=world.users["organizer"].username, password=PASSWORD)
    client.post(
        f"/e/{world.event.slug}/tables/{table.pk}/games/1/correct/",
        {"entrant": b.pk, "rack_total": "11", "reason": "misread the 1 as 0"},
    )
    assert RackScore.objects.get(game=game, entrant=b).rack_total == 11
    change = ScoreChange.objects.get(action="corrected")
    assert (change.before, change.after, change.reason) == (
        {"rack_total": 10},
        {"rack_total": 11},
        "misread the 1 as 0",
    )
