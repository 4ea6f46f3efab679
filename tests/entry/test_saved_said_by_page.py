"""A keyed save is said by the page it leads to, not by a message cookie.

The score page's save (with its key) writes no message: the page its redirect opens
(``?saved=KEY``) finds the key in the table's audit trail and says "Game N saved for table
T." there. Both ways of saving (the short path and the whole one), the players' page with
a table's code, and the htmx sheet alone say it; "already saved" is said once (the save's
own message), and a key not saved at this table says nothing.
"""

import uuid

import pytest
from django.contrib.auth import get_user_model
from django.test import Client, override_settings

from scoring.models import ScoreChange
from tests.factories import seated, seated_division
from tournaments.models import Table
from tournaments.selectors import table_code_live

pytestmark = pytest.mark.django_db

HTMX = {"HTTP_HX_REQUEST": "true", "HTTP_HX_TARGET": "sheet"}


@pytest.fixture
def hall():
    division = seated_division(8)
    keeper = get_user_model().objects.create_user("sam", password="Keeper-Pass-1")
    division.event.scorekeepers.add(keeper)
    client = Client()
    client.force_login(keeper)
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    return division.event, tables, client


def game(table, values, key="", number=1) -> dict:
    data = {"game": number, "version": 0, "ended": "", "winner": ""}
    data.update({f"rack_{e.pk}": v for e, v in zip(seated(table), values, strict=True)})
    if key:
        data["save_key"] = key
    return data


def page_url(event, table) -> str:
    return f"/e/{event.slug}/tables/{table.pk}/"


@pytest.mark.parametrize("plain", [True, False], ids=["short path", "whole path"])
def test_a_keyed_save_writes_no_message_and_its_page_says_it(hall, plain):
    event, (table, other), client = hall
    key = str(uuid.uuid4())
    with override_settings(PLAIN_SAVES=plain):
        answer = client.post(page_url(event, table), game(table, [0, 5, 9, 12], key))
    assert answer.status_code == 302
    assert answer["Location"] == f"{page_url(event, table)}?saved={key}"
    assert "messages" not in answer.cookies  # nothing signed and sent with the save
    assert ScoreChange.objects.filter(save_key=key).count() == 1
    text = client.get(answer["Location"]).content.decode()
    assert text.count(f"Game 1 saved for table {table.number}.") == 1
    assert "Game 2: enter each player's rack total" in text
    # The sheet alone (the page's htmx follows the redirect) says it too.
    alone = client.get(answer["Location"], **HTMX).content.decode()
    assert alone.lstrip().startswith('<div id="sheet" ')
    assert f"Game 1 saved for table {table.number}." in alone
    # The same key at another table's page, or a key never saved, says nothing.
    elsewhere = client.get(f"{page_url(event, other)}?saved={key}").content.decode()
    unknown = client.get(f"{page_url(event, table)}?saved={uuid.uuid4()}").content.decode()
    for text in (elsewhere, unknown):
        assert "saved for table" not in text


@pytest.mark.parametrize("plain", [True, False], ids=["short path", "whole path"])
def test_the_same_save_sent_again_is_said_once_as_already_saved(hall, plain):
    event, (table, _other), client = hall
    key = str(uuid.uuid4())
    with override_settings(PLAIN_SAVES=plain):
        client.post(page_url(event, table), game(table, [0, 5, 9, 12], key))
        again = client.post(page_url(event, table), game(table, [0, 5, 9, 12], key))
    assert again["Location"] == f"{page_url(event, table)}?saved={key}"
    text = client.get(again["Location"]).content.decode()
    assert f"Game 1 was already saved for table {table.number}: nothing changed." in text
    assert f"Game 1 saved for table {table.number}." not in text
    assert ScoreChange.objects.filter(save_key=key).count() == 1


def test_a_save_without_a_key_still_says_it_by_message(hall):
    event, (table, _other), client = hall
    answer = client.post(page_url(event, table), game(table, [0, 5, 9, 12]))
    assert answer["Location"] == page_url(event, table)
    text = client.get(answer["Location"]).content.decode()
    assert text.count(f"Game 1 saved for table {table.number}.") == 1


def test_the_players_page_says_a_keyed_save_from_its_audit_trail():
    division = seated_division(8, score_entry="players", confirmation="second-person")
    table = Table.objects.filter(round__division=division).order_by("number").first()
    code = table_code_live(table).code
    client = Client(REMOTE_ADDR="192.0.2.44")
    assert client.post(f"/t/{code}/me/", {"player": seated(table)[0].pk}).status_code == 302
    key = str(uuid.uuid4())
    answer = client.post(f"/t/{code}/", game(table, [0, 5, 9, 12], key))
    assert answer.status_code == 302 and answer["Location"].endswith(f"?saved={key}")
    assert "messages" not in answer.cookies
    text = client.get(answer["Location"]).content.decode()
    assert text.count(f"Game 1 saved for table {table.number}.") == 1
