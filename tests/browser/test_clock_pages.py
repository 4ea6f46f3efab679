"""The round clock on the pages (Django's test client, no browser): the desk starts,
pauses, resumes and restarts it (with a confirm), gives one table minutes and lists the
tables running late; the projector and the table page show it, with the end time for a
browser without JavaScript; the clock's JSON; a scorekeeper cannot touch the clock (403);
bad input gets words, never a 500."""

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from tournaments import services
from tournaments.models import Round, Table
from tournaments.selectors import clock_time

from .conftest import build_world, play_games

pytestmark = pytest.mark.django_db


@pytest.fixture
def world(db):
    return build_world()


def _client(world, role) -> Client:
    client = Client()
    client.force_login(world.users[role])
    return client


def _desk(world) -> str:
    return f"/e/{world.event.slug}/desk/divisions/{world.division.pk}/"


def _round(world) -> Round:
    return Round.objects.get(division=world.division, number=1)


def _messages(response) -> str:
    return " ".join(str(m) for m in response.context["messages"]) if response.context else ""


def test_the_desk_starts_pauses_resumes_and_restarts_the_clock(world):
    client = _client(world, "organizer")
    page = client.get(_desk(world)).content.decode()
    assert "The clock has not started" in page and "3 games × 20 minutes = 60 minutes" in page
    response = client.post(_desk(world) + "clock/", {"action": "start"}, follow=True)
    started = _round(world).clock_started_at
    assert started is not None
    end = clock_time(started + datetime.timedelta(minutes=60))
    assert f"the clock runs 60 minutes, until {end}" in _messages(response)
    page = response.content.decode()
    assert f"Ends at {end}" in page and "Pause the clock (a fire drill)" in page
    # A second click (two organizers at once) changes nothing.
    response = client.post(_desk(world) + "clock/", {"action": "start"}, follow=True)
    assert "was already running" in _messages(response)
    assert _round(world).clock_started_at == started
    response = client.post(_desk(world) + "clock/", {"action": "pause"}, follow=True)
    assert "The clock is paused with" in _messages(response)
    assert "Resume the clock" in response.content.decode()
    response = client.post(_desk(world) + "clock/", {"action": "resume"}, follow=True)
    assert "The clock runs again" in _messages(response)
    # Restarting asks first, and changes nothing until confirmed.
    response = client.post(_desk(world) + "clock/", {"action": "restart"})
    assert response.status_code == 200
    assert "Start the clock of round 1 of Open again?" in response.content.decode()
    assert _round(world).clock_started_at == started
    client.post(_desk(world) + "clock/", {"action": "restart", "confirmed": "yes"})
    assert _round(world).clock_started_at > started


def _other_table(world) -> Table:
    return Table.objects.filter(round__division__event=world.other).first()


def test_bad_clock_input_gets_words_not_a_500(world):
    client = _client(world, "organizer")
    for data, words in [
        ({"action": "explode"}, "Choose what to do with the clock"),
        ({}, "Choose what to do with the clock"),
        ({"action": "pause"}, "has not started: nothing to pause"),
    ]:
        response = client.post(_desk(world) + "clock/", data, follow=True)
        assert response.status_code == 200 and words in _messages(response)
    table = world.tables[0]
    for data, words in [
        ({"table": table.pk, "minutes": "five"}, "type a whole number, such as 5"),
        ({"table": table.pk, "minutes": "²"}, "type a whole number"),
        ({"table": table.pk, "minutes": "9" * 400}, "type a whole number"),
        ({"table": "x", "minutes": "5"}, "Choose the table"),
        ({"table": _other_table(world).pk, "minutes": "5"}, "Choose the table"),
        ({"table": "999999", "minutes": "5"}, "Choose the table"),
        ({"table": table.pk, "minutes": "-1"}, "cannot be taken back"),
        ({"table": table.pk, "minutes": "0"}, "Add at least one minute"),
        ({"table": table.pk, "minutes": "500"}, "at most 120 minutes at once"),
    ]:
        response = client.post(_desk(world) + "minutes/", data, follow=True)
        assert response.status_code == 200 and words in _messages(response), data
    assert Table.objects.get(pk=table.pk).extra_minutes == 0
    assert Table.objects.get(pk=_other_table(world).pk).extra_minutes == 0


def test_five_minutes_for_one_table_show_on_its_page_only(world):
    services.round_clock_start(round_=_round(world))
    organizer = _client(world, "organizer")
    first, second = world.tables
    response = organizer.post(
        _desk(world) + "minutes/", {"table": first.pk, "minutes": " 5 "}, follow=True
    )
    start = _round(world).clock_started_at
    assert f"Table {first.number} has 5 extra minutes: it ends at " in _messages(response)
    sam = _client(world, "scorekeeper")
    page = sam.get(world.table_url(first)).content.decode()
    assert f"Ends at {clock_time(start + datetime.timedelta(minutes=65))}" in page
    assert "(5 extra minutes for this table)" in page
    page = sam.get(world.table_url(second)).content.decode()
    assert f"Ends at {clock_time(start + datetime.timedelta(minutes=60))}" in page
    assert "extra minute" not in page
    # The projector names the table with extra time.
    page = Client().get(f"/p/{world.event.slug}/").content.decode()
    assert "<span data-clock-tables-head>Extra minutes:</span>" in page
    assert f"Table {first.number}: +5 min</span>" in page
    # Taking them back with a typographic minus.
    organizer.post(_desk(world) + "minutes/", {"table": first.pk, "minutes": "\u22125"})
    assert Table.objects.get(pk=first.pk).extra_minutes == 0


def test_the_clock_json_counts_from_the_servers_time(world):
    table = world.tables[0]
    url = f"/p/{world.event.slug}/clock/{_round(world).pk}/"
    assert Client().get(url).json()["started"] is False
    services.round_clock_start(round_=_round(world))
    data = Client().get(url + f"?table={table.pk}").json()
    assert data["started"] and not data["paused"] and not data["up"]
    assert data["end_ms"] - data["now_ms"] == pytest.approx(3600 * 1000, abs=3000)
    assert data["extra_minutes"] == 0
    response = Client().get(url)
    assert "no-cache" in response["Cache-Control"] or "max-age=0" in response["Cache-Control"]
    other = Table.objects.filter(round__division__event=world.other).first()
    for bad in (f"?table={other.pk}", "?table=²", "?table=" + "9" * 50):
        assert Client().get(url + bad).status_code == 404
    other_round = other.round
    assert Client().get(f"/p/{world.event.slug}/clock/{other_round.pk}/").status_code == 404


def test_time_up_is_a_calm_notice_and_the_table_is_late_on_the_desk(world):
    round_ = _round(world)
    services.round_clock_start(round_=round_, now=timezone.now() - datetime.timedelta(hours=2))
    first, second = world.tables
    play_games(second, [[0, 10, 20, 30]] * 3)  # finished: not late
    play_games(first, [[0, 10, 20, 30]])
    sam = _client(world, "scorekeeper")
    page = sam.get(world.table_url(first)).content.decode()
    assert "Time is up — finish the current game" in page and "Time was up at" in page
    assert 'class="clock up' in page
    # The score form is there as ever: the clock never blocks entry.
    assert "Save game 2" in page
    overview = _client(world, "organizer").get(f"/e/{world.event.slug}/desk/")
    late = overview.context["late"]
    assert [t.table.pk for t in late] == [first.pk]
    text = overview.content.decode()
    assert "Tables running late" in text and world.table_url(first) in text
    assert "1 of 3 games in, time was up 60 minutes ago" in text
    page = _client(world, "organizer").get(_desk(world)).content.decode()
    assert "Running late" in page and "time is up, games still to enter" in page


def test_start_every_seated_round_from_the_overview(world):
    client = _client(world, "organizer")
    overview = f"/e/{world.event.slug}/desk/"
    assert "1 round seated without a clock: Open." in client.get(overview).content.decode()
    response = client.post(overview + "clocks/start/", {})
    assert "Start the clock of 1 round?" in response.content.decode()
    assert _round(world).clock_started_at is None
    response = client.post(overview + "clocks/start/", {"confirmed": "yes"}, follow=True)
    assert "Clocks started: Open (until" in _messages(response)
    assert _round(world).clock_started_at is not None
    response = client.post(overview + "clocks/start/", {"confirmed": "yes"}, follow=True)
    assert "Every round playing has its clock running already." in _messages(response)


def test_a_scorekeeper_or_stranger_cannot_touch_the_clock(world):
    desk = _desk(world)
    posts = [
        (desk + "clock/", {"action": "start", "confirmed": "yes"}),
        (desk + "minutes/", {"table": world.tables[0].pk, "minutes": "5"}),
        (f"/e/{world.event.slug}/desk/clocks/start/", {"confirmed": "yes"}),
    ]
    for role in ("scorekeeper", "other_organizer", "other_scorekeeper"):
        client = _client(world, role)
        for url, data in posts:
            assert client.post(url, data).status_code == 403, (role, url)
    for url, data in posts:
        assert Client().post(url, data).status_code == 401
    assert _round(world).clock_started_at is None
    assert Table.objects.filter(extra_minutes__gt=0).count() == 0


def test_the_projector_shows_the_clock_with_its_end_time(world):
    url = f"/p/{world.event.slug}/"
    page = Client().get(url).content.decode()
    assert 'data-clock data-clock-url="/p/county-2026/clock/' in page and "hidden" in page
    round_ = services.round_clock_start(round_=_round(world)).round
    page = Client().get(url).content.decode()
    end = clock_time(round_.clock_started_at + datetime.timedelta(minutes=60))
    assert f"Ends at {end}" in page and "Time left" in page and "<script>" not in page
    # The scripts are files (no inline script: the Content-Security-Policy allows none).
    assert "js/clock.js" in page and "js/projector.js" in page


def test_a_closed_round_shows_no_clock(world):
    services.round_clock_start(round_=_round(world))
    for table in world.tables:
        play_games(table, [[0, 10, 20, 30], [5, 0, 20, 30], [5, 10, 0, 30]])
    from scoring import services as scoring

    scoring.division_advance(division=world.division)
    sam = _client(world, "scorekeeper")
    page = sam.get(world.table_url(world.tables[0])).content.decode()
    assert "data-clock" not in page
    url = f"/p/{world.event.slug}/clock/{_round(world).pk}/"
    assert Client().get(url).json() == {"started": False, "closed": True}
