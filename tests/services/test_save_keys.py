"""A save's key: the score page makes a random key for each save and
the server stores a key once, so a game queued in a browser and sent again when the
network is back is never doubled or applied twice (scoring/services/games.py)."""

import uuid

import pytest

from scoring import services
from scoring.models import Game, RackScore, ScoreChange
from tests.factories import UserFactory, seated, seated_division
from tournaments.engine import RuleError
from tournaments.models import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def tables():
    division = seated_division(8)
    return list(Table.objects.filter(round__division=division).order_by("number"))


def racks(table, values=(0, 10, 20, 30)):
    return dict(zip(seated(table), values, strict=True))


def key() -> str:
    return str(uuid.uuid4())


def save(table, values=(0, 10, 20, 30), *, number=1, user=None, version=0, save_key=""):
    return services.game_record(
        table=table,
        number=number,
        racks=racks(table, values),
        user=user,
        expected_version=version,
        save_key=save_key,
    )


def test_the_same_key_twice_stores_once_and_answers_with_the_saved_values(tables):
    sam = UserFactory(username="sam")
    k = key()
    first = save(tables[0], user=sam, save_key=k)
    assert getattr(first, "already_saved", None) is None
    again = save(tables[0], user=sam, save_key=k)  # the queued copy, sent again
    assert again.pk == first.pk and again.version == first.version == 1
    racks_saved = {e.external_id: v for e, v in racks(tables[0]).items()}
    assert again.already_saved == {"racks": racks_saved, "ended": "out", "winner": None}
    assert RackScore.objects.filter(game=first).count() == 4
    line = ScoreChange.objects.get()
    assert line.save_key == k and line.action == ScoreChange.Action.ENTERED


def test_the_same_key_after_someone_confirmed_is_still_already_saved(
    tables,
):
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    k = key()
    game = save(tables[0], user=sam, save_key=k)
    services.game_confirm(game=game, user=sue)
    again = save(tables[0], user=sam, save_key=k)
    assert again.already_saved is not None and again.confirmed
    assert ScoreChange.objects.count() == 2  # entered, confirmed: nothing more


def test_the_same_key_with_other_values_is_refused_and_changes_nothing(tables):
    k = key()
    save(tables[0], save_key=k)
    with pytest.raises(RuleError, match="already stored with other numbers"):
        save(tables[0], (0, 11, 20, 30), version=1, save_key=k)
    assert sorted(RackScore.objects.values_list("rack_total", flat=True)) == [0, 10, 20, 30]
    assert Game.objects.get().version == 1
    assert ScoreChange.objects.count() == 1


@pytest.mark.parametrize("where", ["another game", "another table"])
def test_a_key_used_for_another_game_is_refused(tables, where):
    k = key()
    save(tables[0], save_key=k)
    table, number = (tables[0], 2) if where == "another game" else (tables[1], 1)
    with pytest.raises(RuleError, match="already used for another game"):
        save(table, number=number, save_key=k)
    assert Game.objects.count() == 1
    assert ScoreChange.objects.count() == 1


def test_a_key_stored_at_another_table_while_this_save_ran_is_refused_by_the_database(
    tables, monkeypatch
):
    """The other table's save committed after this one looked for the key (no lock is
    shared between two tables): the audit line's unique key refuses it, in words, and
    nothing of this save is kept."""
    k = key()
    save(tables[0], save_key=k)
    monkeypatch.setattr(
        "scoring.services.games._saved_with_key", lambda *args: None
    )  # not found yet: the other save had not committed when it was looked for
    with pytest.raises(RuleError, match="already used for another game"):
        save(tables[1], save_key=k)
    assert list(Game.objects.values_list("table_id", flat=True)) == [tables[0].pk]
    assert RackScore.objects.filter(game__table=tables[1]).count() == 0
    assert ScoreChange.objects.count() == 1
    monkeypatch.undo()
    assert getattr(save(tables[1], save_key=key()), "already_saved", None) is None  # usable


def test_a_new_key_after_someone_else_saved_is_a_conflict_with_both_values(tables):
    """A queued save that comes back after another scorekeeper saved other values is a
    conflict: both values are shown, neither is lost."""
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    save(tables[0], (0, 12, 20, 30), user=sue, save_key=key())
    with pytest.raises(services.ScoreConflict) as caught:
        save(tables[0], (0, 10, 20, 30), user=sam, version=0, save_key=key())
    assert caught.value.theirs["racks"] != caught.value.yours["racks"]
    assert sorted(RackScore.objects.values_list("rack_total", flat=True)) == [0, 12, 20, 30]
    assert ScoreChange.objects.count() == 1


def test_a_key_not_a_uuid_is_refused_by_the_model(tables):
    from django.core.exceptions import ValidationError

    line = ScoreChange(division=tables[0].round.division, round_number=1, save_key="x" * 36)
    with pytest.raises(ValidationError, match="random UUID"):
        line.full_clean(exclude=["action"])


def test_saves_without_a_key_are_as_before(tables):
    save(tables[0])
    save(tables[1])
    assert list(ScoreChange.objects.values_list("save_key", flat=True)) == ["", ""]


# ---------------------------------------------------------------- the page's answers


def _page_world(tmp_path, confirm="second-person"):
    from tests.services.test_save_path import keeper, players

    division = players(tmp_path, 8, confirm=confirm)
    table = Table.objects.get(round__division=division, round__number=1, number=1)
    return table, keeper()


def _post(client, table, values, *, version=0, save_key=None, queued=True, number=1):
    from tests.services.test_save_path import form, url

    data = form(table, number, values, version)
    if save_key is not None:
        data["save_key"] = save_key
    headers = {"HTTP_X_QUEUED_SAVE": "1"} if queued else {}
    return client.post(url(table), data, **headers)


def test_a_queued_save_sent_twice_is_stored_once_and_answered_already_saved(tmp_path, client):
    table, sam = _page_world(tmp_path)
    client.force_login(sam)
    k = key()
    first = _post(client, table, [0, 5, 6, 7], save_key=k)
    assert first.status_code == 200
    assert first.json()["status"] == "saved"
    again = _post(client, table, [0, 5, 6, 7], save_key=k)
    assert again.status_code == 200
    answer = again.json()
    assert answer["status"] == "already"
    assert "already saved" in answer["message"]
    names = [e.name for e in seated(table)]
    assert answer["values"] == dict(zip(names, [0, 5, 6, 7], strict=True))
    assert RackScore.objects.filter(game__table=table).count() == 4
    assert ScoreChange.objects.filter(table_number=table.number).count() == 1


def test_a_queued_save_after_another_saved_is_a_conflict_and_other_values_are_refused(
    tmp_path, client
):
    table, sam = _page_world(tmp_path)
    sue = UserFactory(username="sue")
    table.round.division.event.scorekeepers.add(sue)
    services.game_record(
        table=table, number=1, racks=dict(zip(seated(table), [0, 9, 9, 9], strict=True)), user=sue
    )
    client.force_login(sam)
    conflict = _post(client, table, [0, 5, 6, 7], save_key=key())
    assert conflict.status_code == 409
    assert conflict.json()["status"] == "conflict"
    assert "someone else saved this game" in conflict.json()["message"]
    # With the version now on the sheet (what "save yours over it" sends): replaced.
    replaced = _post(client, table, [0, 5, 5, 5], save_key=key(), version=1)
    assert replaced.status_code == 200 and replaced.json()["status"] == "saved"
    bad = _post(client, table, ["x", 5, 5, 5], save_key=key(), version=2)
    assert bad.status_code == 422
    assert "not a number" in bad.json()["message"] or "whole number" in bad.json()["message"]


def test_a_bad_key_is_refused_in_words_and_a_keyed_save_redirects_with_it(tmp_path, client):
    table, sam = _page_world(tmp_path)
    client.force_login(sam)
    bad = _post(client, table, [0, 5, 6, 7], save_key="not-a-key", queued=False)
    assert bad.status_code == 200
    assert "key for the save is not valid" in bad.content.decode()
    assert not Game.objects.filter(table=table).exists()
    k = key()
    saved = _post(client, table, [0, 5, 6, 7], save_key=k, queued=False)
    assert saved.status_code == 302 and saved["Location"].endswith(f"?saved={k}")


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_the_same_key_sent_twice_at_the_same_moment_is_stored_once():
    from django.db import connection

    from tests.services.test_concurrency import race

    assert connection.vendor == "postgresql"
    division = seated_division(8)
    table = Table.objects.filter(round__division=division).order_by("number").first()
    k = key()
    outcomes = race(lambda: save(Table.objects.get(pk=table.pk), save_key=k), threads=3)
    assert all(kind == "ok" for kind, _ in outcomes), outcomes
    assert sum(getattr(g, "already_saved", None) is None for _, g in outcomes) == 1
    assert ScoreChange.objects.filter(save_key=k).count() == 1
    assert RackScore.objects.filter(game__table=table).count() == 4
