"""A replaced game says who entered it and when, both of the last entry (else the
checker reads "Entered by scorekeeper2 at 14:34", 14:34 being when the first scorekeeper
typed it; scorekeeper2 replaced it at 14:38). By the whole save path (another person's
replacement) and by the short path (one's own game replaced), on SQLite and PostgreSQL."""

import datetime
import uuid
from unittest import mock

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings
from django.utils import timezone

from scoring.models import Game
from tests.factories import seated, seated_division
from tournaments.models import Table

pytestmark = pytest.mark.django_db

FIRST = datetime.datetime(2026, 6, 14, 14, 34, tzinfo=datetime.UTC)
LATER = FIRST + datetime.timedelta(minutes=4)


@pytest.fixture
def hall():
    division = seated_division(8, confirmation="second-person")
    event = division.event
    clients = {}
    for name in ("sam", "sue"):
        user = get_user_model().objects.create_user(name, password="Keeper-Pass-1")
        event.scorekeepers.add(user)
        clients[name] = Client()
        clients[name].force_login(user)
    table = Table.objects.filter(round__division=division).order_by("number").first()
    return event, table, clients


def save(client, event, table, values, version=0):
    data = {"game": 1, "version": version, "ended": "", "winner": "", "save_key": uuid.uuid4()}
    data.update({f"rack_{e.pk}": v for e, v in zip(seated(table), values, strict=True)})
    answer = client.post(f"/e/{event.slug}/tables/{table.pk}/", data)
    assert answer.status_code == 302, answer.content.decode()[:500]
    return Game.objects.get(table=table, number=1)


@pytest.mark.parametrize("plain", [True, False], ids=["short path", "whole path"])
@pytest.mark.parametrize("who", ["sam", "sue"], ids=["own game", "another's game"])
def test_a_replaced_game_is_entered_at_the_time_of_its_last_entry(hall, plain, who):
    event, table, clients = hall
    with override_settings(PLAIN_SAVES=plain):
        with mock.patch.object(timezone, "now", return_value=FIRST):
            game = save(clients["sam"], event, table, [0, 5, 9, 12])
        assert game.entered_at == FIRST
        with mock.patch.object(timezone, "now", return_value=LATER):
            game = save(clients[who], event, table, [0, 5, 9, 14], version=game.version)
    assert game.version == 2 and game.entered_by.username == who
    assert game.entered_at == LATER
    checker = "sue" if who == "sam" else "sam"
    page = clients[checker].get(f"/e/{event.slug}/tables/{table.pk}/?game=1").content.decode()
    local = timezone.localtime(LATER).strftime("%H:%M")
    assert f'Entered by <span dir="auto">{who}</span> at {local}.' in page
