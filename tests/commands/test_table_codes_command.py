"""table_codes: the organizer's command line lists the codes of the tables in play and gives
a table a new code, as the desk does."""

import pytest
from django.core.management.base import CommandError

from tests.factories import seated_division
from tests.helpers import run
from tournaments.models import Round, Table, TableCode
from tournaments.selectors import table_code_find, table_code_live

pytestmark = pytest.mark.django_db


def test_lists_each_table_in_play_with_its_code():
    division = seated_division(8, score_entry="players")
    tables = list(Table.objects.filter(round__division=division).order_by("number"))
    out = run("table_codes", division.event.slug)
    assert out.splitlines() == [
        f"Table {t.number} (Open, round 1): {table_code_live(t).code}" for t in tables
    ]


def test_new_gives_a_table_a_new_code_and_the_old_one_opens_nothing():
    division = seated_division(8, score_entry="both")
    table = Table.objects.filter(round__division=division).order_by("number").last()
    old = table_code_live(table).code
    out = run("table_codes", division.event.slug, "--new", table.number, "--reason", "photo")
    new = table_code_live(table).code
    assert out.strip() == (
        f"Table {table.number} (Open, round 1): new code {new}; the old code {old} opens "
        "nothing any more. Print its score sheet again."
    )
    assert table_code_find(old).refusal == "revoked"
    revoked = TableCode.objects.get(code=old)
    assert revoked.revoked_reason == "photo"
    assert revoked.revoked_by_label == "command line (organizer)"


def test_refusals_name_the_reason():
    division = seated_division(8)
    with pytest.raises(CommandError, match="scorekeepers only"):
        run("table_codes", division.event.slug)
    division.event.score_entry = "players"
    division.event.save(update_fields=["score_entry"])
    with pytest.raises(CommandError, match="No table 9 is in play"):
        run("table_codes", division.event.slug, "--new", 9)
    Round.objects.filter(division=division).update(status=Round.Status.CLOSED)
    assert run("table_codes", division.event.slug).strip().endswith("no round is in play.")
    with pytest.raises(CommandError, match="No table 1 is in play"):
        run("table_codes", division.event.slug, "--new", 1)
