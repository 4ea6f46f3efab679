"""The player's page reads only the player's tables, yet places them as the projector
does; its mark changes with what it shows and costs one query; codes are read as typed."""

import datetime

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scoring import services as scoring
from scoring.selectors import division_state, round_standings
from scoring.selectors.player_page import (
    BYE,
    FINISHED,
    OUT,
    SEATED,
    WAITING,
    player_page,
    player_page_mark,
)
from scoring.services import division_advance
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, enter, seated
from tournaments import services
from tournaments.models import Entrant, page_code_read, page_code_shown
from tournaments.selectors.player_pages import division_schedule, page_opened

pytestmark = pytest.mark.django_db


def test_a_code_is_read_as_typed_scanned_or_grouped():
    code = "K7QM4XRT9HWD"
    assert page_code_shown(code) == "K7QM-4XRT-9HWD"
    for typed in ("k7qm-4xrt-9hwd", " K7QM 4XRT 9HWD ", "http://hall/p/e/me/K7QM4XRT9HWD/"):
        assert page_code_read(typed) == code
    assert page_code_read("K7QM4XRT9HWB") == "K7QM4XRT9HW8"  # B is read as 8
    assert page_code_read("K7QM4XRT9HW") == ""  # one short
    assert page_code_read("K7QM4XRT9HW0") == ""  # 0 is never in a code


def test_each_entrant_has_two_codes_that_open_their_page_in_their_event_only():
    mary = EntrantFactory()
    other = EventFactory()
    assert len({mary.page_code, mary.family_code}) == 2
    assert page_opened(mary.event, mary.page_code).family is False
    assert page_opened(mary.event, mary.family_code).family is True
    assert page_opened(other, mary.page_code) is None


def play(division, number=None):
    """Every game of the latest round, seat 1 going out each time (0, 10, 20, 30…)."""
    round_ = division.rounds.order_by("-number").first()
    for table in round_.tables.all():
        for game in range(1, round_.games + 1):
            enter(table, game, [0, 10, 20, 30, 40][: table.seats.count()])


def test_the_place_at_the_table_is_the_projectors(django_assert_max_num_queries):
    event = EventFactory(confirmation="second-person")
    division = DivisionFactory(event=event)
    EntrantFactory.create_batch(11, division=division)
    services.division_seat_first_round(division=division, seed=5)
    for table in division.rounds.get().tables.all():
        players = seated(table)
        # Ties on the total at every table: the tie-break chain decides, as on the projector.
        enter(table, 1, [0, 10, 10, 30][: len(players)])
        enter(table, 2, [10, 0, 10, 30][: len(players)])
    state = division_state(division)
    rows = {r["entrant_id"]: r for r in round_standings(state, 1)}
    for entrant in Entrant.objects.filter(event=event):
        with django_assert_max_num_queries(20):
            page = player_page(page_opened(event, entrant.family_code))
        assert page.now == SEATED
        mine = next(r for r in page.rows if r.me)
        assert (mine.total, mine.place) == (
            rows[entrant.external_id]["total"],
            rows[entrant.external_id]["position"],
        )
        assert [g.rack_total is not None for g in page.games] == [True, True, False]


def test_went_on_or_not_then_the_final_place():
    division = DivisionFactory()
    EntrantFactory.create_batch(8, division=division)
    services.division_seat_first_round(division=division, seed=3)
    players = seated(division.rounds.get().tables.order_by("number").first())
    winner, loser = players[0], players[-1]
    play(division)
    division_advance(division=division)
    won = player_page(page_opened(division.event, winner.page_code))
    lost = player_page(page_opened(division.event, loser.page_code))
    assert won.now == SEATED and won.round.number == 2 and won.rounds[0].went_on is True
    assert lost.now == OUT and lost.rounds[0].went_on is False and lost.table is not None
    play(division)
    division_advance(division=division)
    services.medals_confirm(division=division)
    final = player_page(page_opened(division.event, winner.page_code))
    assert final.now == FINISHED and final.final["place"] >= 1 and final.final["confirmed"]


def test_a_bye_and_a_player_not_seated_yet():
    division = DivisionFactory()
    EntrantFactory.create_batch(9, division=division)
    waiting = EntrantFactory(division=DivisionFactory(event=division.event, name="80+"))
    assert player_page(page_opened(division.event, waiting.page_code)).now == WAITING
    services.division_seat_first_round(division=division, seed=3)
    play(division)
    division_advance(division=division)
    bye = division.rounds.get(number=2).byes.first()
    if bye is not None:
        assert player_page(page_opened(division.event, bye.entrant.page_code)).now == BYE


def test_the_mark_changes_with_what_the_page_shows_in_one_query():
    event = EventFactory(confirmation="second-person")
    division = DivisionFactory(event=event)
    EntrantFactory.create_batch(8, division=division)
    services.division_seat_first_round(division=division, seed=3)
    table, other = division.rounds.get().tables.order_by("number")
    mary = seated(table)[0]
    with CaptureQueriesContext(connection) as queries:
        marks = [player_page_mark(mary.pk)]
    assert len(queries.captured_queries) == 1
    enter(other, 1, [0, 10, 20, 30])  # another table: nothing Mary's page shows
    assert player_page_mark(mary.pk) == marks[-1]
    game = scoring.game_record(
        table=table, number=1, racks=dict(zip(seated(table), [0, 10, 20, 30], strict=True))
    )
    marks.append(player_page_mark(mary.pk))
    scoring.game_confirm(game=game, user=None, organizer=True)
    marks.append(player_page_mark(mary.pk))
    services.entrants_withdraw(event=event, ids=[mary.external_id])
    marks.append(player_page_mark(mary.pk))
    assert len(set(marks)) == len(marks)


def test_the_schedule_estimates_each_round_from_the_start_time():
    event = EventFactory(minutes_per_game=20)
    division = DivisionFactory(event=event, starts_at=datetime.time(13, 0), place="at table row B")
    EntrantFactory.create_batch(8, division=division)
    schedule = division_schedule(division)
    starts = [r.starts_at.time() for r in schedule.rounds]
    # Round 1: 3 games from 1:00; the final (1 game) after 60 minutes.
    assert [(r.number, r.games) for r in schedule.rounds] == [(1, 3), (2, 1)]
    assert starts == [datetime.time(13, 0), datetime.time(14, 0)]
    services.division_seat_first_round(division=division, seed=1)
    assert division_schedule(division).rounds[0].round is not None
