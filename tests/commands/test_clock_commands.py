"""start_clock and add_minutes: the clock from the command line, refusals with a non-zero
exit naming the item."""

import pytest
from django.core.management.base import CommandError

from tests.factories import DivisionFactory, EntrantFactory, seated_division
from tests.helpers import run
from tournaments import services
from tournaments.models import Round, Table

pytestmark = pytest.mark.django_db


def test_start_pause_resume_restart_one_division():
    division = seated_division(8, minutes_per_game=20)
    slug = division.event.slug
    out = run("start_clock", slug, "--division", "open")
    assert "Open, round 1: clock started at" in out and "for 60 minutes" in out
    assert "59:5" in out or "1:00:00" in out or "ends at" in out
    out = run("start_clock", slug, "--division", "Open")
    assert "already running; --restart starts it again" in out
    assert "paused with" in run("start_clock", slug, "--division", "Open", "--pause")
    assert "ends at" in run("start_clock", slug, "--division", "Open", "--resume")
    first = Round.objects.get(division=division).clock_started_at
    run("start_clock", slug, "--division", "Open", "--restart")
    assert Round.objects.get(division=division).clock_started_at >= first


def test_start_every_division_at_once():
    division = seated_division(8)
    other = DivisionFactory(event=division.event, name="Masters", min_age=80)
    EntrantFactory.create_batch(4, division=other)
    services.division_seat_first_round(division=other, seed=1)
    out = run("start_clock", division.event.slug, "--all")
    assert "Open, round 1: clock started" in out and "Masters, round 1: clock started" in out
    out = run("start_clock", division.event.slug, "--all")
    assert out.count("already running, left as it was") == 2
    assert out.count("paused") == 0
    assert run("start_clock", division.event.slug, "--all", "--pause").count("paused") == 2


def test_refusals_name_the_item():
    division = seated_division(8)
    slug = division.event.slug
    DivisionFactory(event=division.event, name="Later", min_age=90)
    for args, words in [
        (["--division", "Nobody"], "There is no division 'Nobody'"),
        (["--division", "Later"], "Later is not seated yet"),
        (["--division", "Open", "--pause"], "has not started: nothing to pause"),
        (["--all", "--restart"], "--restart starts one division's clock again"),
    ]:
        with pytest.raises(CommandError, match=words):
            run("start_clock", slug, *args)
    with pytest.raises(CommandError, match="There is no event"):
        run("start_clock", "nope", "--all")


def test_add_minutes_to_one_table():
    division = seated_division(8, minutes_per_game=20)
    slug = division.event.slug
    run("start_clock", slug, "--division", "Open")
    out = run("add_minutes", slug, "--table", 2, "--minutes", 5)
    assert out.startswith("Table 2 (Open, round 1): 5 extra minutes; it ends at")
    assert Table.objects.get(round__division=division, number=2).extra_minutes == 5
    assert Table.objects.get(round__division=division, number=1).extra_minutes == 0
    assert "0 extra minutes" in run("add_minutes", slug, "--table", 2, "--minutes", -5)
    for args, words in [
        (["--table", 9, "--minutes", 5], "No table 9 is playing now"),
        (["--table", 1, "--minutes", 0], "Add at least one minute"),
        (["--table", 1, "--minutes", 500], "at most 120 minutes at once"),
        (["--table", 1, "--minutes", -3], "cannot be taken back"),
    ]:
        with pytest.raises(CommandError, match=words):
            run("add_minutes", slug, *args)


def test_add_minutes_finds_the_one_table_of_a_hall_number():
    division = seated_division(4)
    other = DivisionFactory(event=division.event, name="Masters", min_age=80)
    EntrantFactory.create_batch(4, division=other)
    services.division_seat_first_round(division=other, seed=1)
    numbers = list(
        Table.objects.filter(round__division__event=division.event).values_list("number", flat=True)
    )
    # Table numbers are the hall's: no two tables in play share one.
    assert len(numbers) == len(set(numbers)) == 2
    masters = Table.objects.get(round__division=other).number
    assert "5 extra minutes" in run(
        "add_minutes", division.event.slug, "--table", masters, "--minutes", 5
    )
    assert "Masters" in run(
        "add_minutes",
        division.event.slug,
        "--table",
        masters,
        "--minutes",
        1,
        "--division",
        "Masters",
    )
    with pytest.raises(CommandError, match=f"No table {masters} is playing now in "):
        run(
            "add_minutes",
            division.event.slug,
            "--table",
            masters,
            "--minutes",
            5,
            "--division",
            division.name,
        )
