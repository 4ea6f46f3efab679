"""The desk shows, per table, when its last score arrived, and a table gone quiet:
games still to enter and no score for QUIET_MINUTES (scoring/selectors/
clock.py; the division page's cards and the overview)."""

import datetime

import pytest
from django.utils import timezone

from desk.selectors import division_desk
from scoring.models import RackScore
from scoring.selectors import QUIET_MINUTES, table_heard_from, tables_to_watch
from tests.factories import enter, seated_division
from tournaments.models import Round, Table

NOW = datetime.datetime(2026, 5, 16, 11, 0, tzinfo=datetime.UTC)


def ago(minutes: float) -> datetime.datetime:
    return NOW - datetime.timedelta(minutes=minutes)


@pytest.mark.parametrize(
    ("last", "started", "waiting", "text", "quiet"),
    [
        (ago(0.5), ago(30), True, "last score just now", False),
        (ago(2), ago(30), True, "last score 2 min ago", False),
        (ago(QUIET_MINUTES - 0.1), ago(60), True, "last score 19 min ago", False),
        (ago(QUIET_MINUTES), ago(60), True, "no score for 20 min", True),
        (ago(25), ago(60), True, "no score for 25 min", True),
        # Every game in: a long silence is no reason to walk over.
        (ago(25), ago(60), False, "last score 25 min ago", False),
        # Nothing entered yet: counted from the start of play.
        (None, ago(5), True, "no score yet", False),
        (None, ago(25), True, "no score for 25 min", True),
        (None, None, True, "", False),  # play not started: nothing to say
    ],
)
def test_the_words_and_the_threshold(last, started, waiting, text, quiet):
    heard = table_heard_from(last=last, started=started, waiting=waiting, now=NOW)
    assert (heard.text, heard.quiet) == (text, quiet)


@pytest.mark.django_db
def test_the_division_desk_shows_each_tables_last_score_from_the_rack_times():
    division = seated_division(8)
    first, second = Table.objects.filter(round__division=division).order_by("number")
    round_ = first.round
    Round.objects.filter(pk=round_.pk).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=50),
        status=Round.Status.IN_PLAY,
    )
    enter(first, 1, (0, 5, 6, 7))
    # Game 1 of the first table arrived 25 minutes ago; a replacement of a rack counts.
    RackScore.objects.filter(game__table=first).update(
        entered_at=timezone.now() - datetime.timedelta(minutes=25)
    )
    rows = {t["number"]: t for t in division_desk(division).tables()}
    assert rows[first.number]["heard"].text == "no score for 25 min"
    assert rows[first.number]["heard"].quiet
    # The second table has nothing in 50 minutes of play.
    assert rows[second.number]["heard"].text == "no score for 50 min"
    RackScore.objects.filter(game__table=first, entrant=seated_table_first(first)).update(
        entered_at=timezone.now() - datetime.timedelta(minutes=3)
    )
    rows = {t["number"]: t for t in division_desk(division).tables()}
    assert rows[first.number]["heard"].text == "last score 3 min ago"
    assert not rows[first.number]["heard"].quiet


def seated_table_first(table):
    return table.seats.order_by("number").first().entrant


@pytest.mark.django_db
def test_the_division_page_highlights_a_quiet_table(client):
    from django.urls import reverse

    from tests.factories import UserFactory

    division = seated_division(8)
    first, second = Table.objects.filter(round__division=division).order_by("number")
    Round.objects.filter(pk=first.round_id).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=30),
        status=Round.Status.IN_PLAY,
    )
    enter(first, 1, (0, 5, 6, 7))
    olive = UserFactory(username="olive", is_staff=True)
    division.event.organizers.add(olive)
    client.force_login(olive)
    page = client.get(reverse("desk:division", args=[division.event.slug, division.pk]))
    text = page.content.decode()
    assert "last score just now" in text
    assert '<span class="status quiet" data-heard><strong>no score for 30 min</strong>' in text


@pytest.mark.django_db
def test_the_overview_lists_quiet_tables_apart_from_late_ones(client):
    from django.urls import reverse

    from tests.factories import UserFactory

    division = seated_division(8, minutes_per_game=20)
    first, second = Table.objects.filter(round__division=division).order_by("number")
    Round.objects.filter(pk=first.round_id).update(
        clock_started_at=timezone.now() - datetime.timedelta(minutes=30),
        status=Round.Status.IN_PLAY,
    )
    enter(first, 1, (0, 5, 6, 7))
    watch = tables_to_watch(division.event)
    assert watch.late == []  # 3 games x 20 minutes: time is not up
    assert [(q.table.number, q.heard.text) for q in watch.quiet] == [
        (second.number, "no score for 30 min")
    ]
    # Much later the round's time is up: the table is late, and listed there only.
    later = timezone.now() + datetime.timedelta(minutes=60)
    watch = tables_to_watch(division.event, now=later)
    assert {t.table.number for t in watch.late} == {first.number, second.number}
    assert watch.quiet == []
    olive = UserFactory(username="olive", is_staff=True)
    division.event.organizers.add(olive)
    client.force_login(olive)
    text = client.get(reverse("desk:overview", args=[division.event.slug])).content.decode()
    assert "Tables gone quiet" in text
    assert "no score for 30 min, 0 of 3 games in" in text
