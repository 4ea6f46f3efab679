"""The round clock's services: start, a second click, restart, pause and resume, extra
minutes for one table, every refusal in words; the clock never touches a score; tables
running late; the clock in the exact backup."""

import datetime

import pytest
from django.utils import timezone

from scoring import services as scoring
from scoring.backup import event_backup, event_restore
from scoring.models import Game, RackScore, ScoreChange
from scoring.selectors import late_tables, table_sheet
from tests.factories import DivisionFactory, EntrantFactory, enter, seated, seated_division
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Round, Table
from tournaments.selectors import clock_time, round_clock, running_clock

pytestmark = pytest.mark.django_db

NOW = timezone.make_aware(datetime.datetime(2026, 5, 14, 13, 45))


def later(minutes: float) -> datetime.datetime:
    return NOW + datetime.timedelta(minutes=minutes)


def _round(division) -> Round:
    return division.rounds.current()


def test_starting_play_times_the_round_from_minutes_per_game_and_games():
    division = seated_division(8, minutes_per_game=20)
    round_ = _round(division)
    assert running_clock(round_) is None
    result = services.round_clock_start(round_=round_, now=NOW)
    assert result.started
    clock = round_clock(result.round, now=later(1))
    assert clock.clock.minutes == 60  # the qualifying round: 3 games × 20 minutes
    assert clock.seconds_left == 59 * 60 and clock.left_text == "59:00"
    assert clock.end_text == "2:45 pm" == clock_time(later(60))
    assert clock.as_json()["end_ms"] == int(later(60).timestamp() * 1000)


def test_a_second_click_changes_nothing_and_restart_starts_again():
    round_ = _round(seated_division(8))
    services.round_clock_start(round_=round_, now=NOW)
    again = services.round_clock_start(round_=round_, now=later(10))
    assert not again.started and again.round.clock_started_at == NOW
    restarted = services.round_clock_start(round_=round_, restart=True, now=later(10))
    assert restarted.started and restarted.round.clock_started_at == later(10)


def test_pause_for_a_fire_drill_and_resume():
    round_ = _round(seated_division(8, minutes_per_game=20))
    with pytest.raises(RuleError, match="has not started: nothing to pause"):
        services.round_clock_pause(round_=round_, now=NOW)
    services.round_clock_start(round_=round_, now=NOW)
    services.round_clock_pause(round_=round_, now=later(20))
    services.round_clock_pause(round_=round_, now=later(25))  # a second click: no change
    round_.refresh_from_db()
    assert round_.clock_paused_at == later(20)
    assert round_clock(round_, now=later(50)).left_text == "40:00"
    assert round_clock(round_, now=later(50)).paused
    services.round_clock_resume(round_=round_, now=later(50))
    services.round_clock_resume(round_=round_, now=later(55))  # not paused: no change
    round_.refresh_from_db()
    assert round_.clock_paused_seconds == 30 * 60 and round_.clock_paused_at is None
    assert round_clock(round_, now=later(60)).end_text == clock_time(later(90))
    # Restarting forgets the pause.
    services.round_clock_start(round_=round_, restart=True, now=later(60))
    round_.refresh_from_db()
    assert round_.clock_paused_seconds == 0


def test_extra_minutes_for_one_table_only():
    division = seated_division(8, minutes_per_game=20)
    round_ = _round(division)
    first, second = Table.objects.filter(round=round_).order_by("number")
    round_ = services.round_clock_start(round_=round_, now=NOW).round
    services.table_minutes_add(table=first, minutes=5)
    first.refresh_from_db()
    assert first.extra_minutes == 5
    assert round_clock(round_, table=first, now=NOW).end_text == clock_time(later(65))
    assert round_clock(round_, table=second, now=NOW).end_text == clock_time(later(60))
    services.table_minutes_add(table=first, minutes=-5)  # a mistake taken back
    first.refresh_from_db()
    assert first.extra_minutes == 0
    with pytest.raises(RuleError, match="0 extra minutes: 1 cannot be taken back"):
        services.table_minutes_add(table=first, minutes=-1)
    with pytest.raises(RuleError, match="whole number"):
        services.table_minutes_add(table=first, minutes="5")


def test_a_closed_round_has_no_clock_to_start_or_change():
    division = seated_division(4)
    (table,) = Table.objects.filter(round__division=division)
    for n in (1, 2, 3):
        enter(table, n, [0, 10 + n, 20, 30])
    scoring.division_advance(division=division)
    round_ = Round.objects.get(pk=table.round_id)
    assert round_.status == Round.Status.CLOSED
    for action in (
        lambda: services.round_clock_start(round_=round_),
        lambda: services.round_clock_pause(round_=round_),
        lambda: services.table_minutes_add(table=table, minutes=5),
    ):
        with pytest.raises(RuleError, match="is closed: its clock has stopped"):
            action()
    assert running_clock(round_) is None


def test_start_every_round_at_once():
    division = seated_division(8)
    event = division.event
    other = DivisionFactory(event=event, name="Masters", min_age=80)
    EntrantFactory.create_batch(4, division=other)
    services.division_seat_first_round(division=other, seed=1)
    DivisionFactory(event=event, name="Empty", min_age=90)  # not seated: left alone
    services.round_clock_start(round_=_round(division), now=NOW)
    report = services.rounds_clock_start(event=event, now=later(3))
    assert [r.division.name for r in report.started] == ["Masters"]
    assert [r.division.name for r in report.running] == ["Open"]
    assert _round(other).clock_started_at == later(3)
    assert _round(division).clock_started_at == NOW


def test_start_every_round_with_nothing_seated_says_so():
    event = DivisionFactory().event
    with pytest.raises(RuleError, match="No round of .* is seated and still playing"):
        services.rounds_clock_start(event=event)


def test_the_clock_never_changes_a_score_or_blocks_entry():
    division = seated_division(4, minutes_per_game=1)
    round_ = _round(division)
    (table,) = Table.objects.filter(round=round_)
    enter(table, 1, [0, 5, 9, 12])
    before = list(RackScore.objects.values_list("pk", "rack_total", "version"))
    changes = ScoreChange.objects.count()
    services.round_clock_start(round_=round_, now=NOW - datetime.timedelta(hours=2))
    services.table_minutes_add(table=table, minutes=5)
    services.round_clock_pause(round_=round_)
    services.round_clock_resume(round_=round_)
    assert list(RackScore.objects.values_list("pk", "rack_total", "version")) == before
    assert ScoreChange.objects.count() == changes
    # Time is long up: a game is still entered, by a scorekeeper too.
    round_.refresh_from_db()
    assert round_clock(round_, table=table).up
    scoring.game_record(
        table=table, number=2, racks=dict(zip(seated(table), [3, 0, 7, 8], strict=True))
    )
    assert Game.objects.filter(table=table).count() == 2
    assert table_sheet(table).games[1].entered


def test_late_tables_are_those_out_of_time_with_games_missing():
    division = seated_division(12, minutes_per_game=10)
    event = division.event
    round_ = _round(division)
    one, two, three = Table.objects.filter(round=round_).order_by("number")
    for n in (1, 2, 3):
        enter(one, n, [0, 10 + n, 20, 30])  # finished: never late
    enter(two, 1, [0, 10, 20, 30])
    assert late_tables(event) == []  # the clock has not started
    services.round_clock_start(round_=round_, now=NOW)
    services.table_minutes_add(table=three, minutes=10)
    assert late_tables(event, now=later(29)) == []
    late = late_tables(event, now=later(32))
    assert [(t.table.number, t.missing, t.clock.minutes_late) for t in late] == [(2, 2, 2)]
    late = late_tables(event, now=later(45))
    assert [(t.table.number, t.clock.minutes_late) for t in late] == [(2, 15), (3, 5)]
    # Paused before table 3's time was up: it is not late while the clock stands still.
    services.round_clock_pause(round_=round_, now=later(35))
    assert [t.table.number for t in late_tables(event, now=later(80))] == [2]


def test_a_table_with_one_player_left_is_not_late():
    division = seated_division(4, minutes_per_game=1)
    event = division.event
    round_ = _round(division)
    (table,) = Table.objects.filter(round=round_)
    services.round_clock_start(round_=round_, now=NOW)
    assert len(late_tables(event, now=later(10))) == 1
    ids = [e.external_id for e in seated(table)[1:]]
    services.entrants_withdraw(event=event, ids=ids)
    assert late_tables(event, now=later(10)) == []


def test_the_clock_and_extra_minutes_go_through_the_backup_exactly():
    division = seated_division(8, minutes_per_game=20)
    round_ = _round(division)
    first = Table.objects.filter(round=round_).order_by("number").first()
    services.round_clock_start(round_=round_, now=NOW)
    services.round_clock_pause(round_=round_, now=later(7))
    services.table_minutes_add(table=first, minutes=5)
    data = event_backup(division.event)
    (saved,) = data["rounds"]
    assert datetime.datetime.fromisoformat(saved["clock_started_at"]) == NOW
    assert datetime.datetime.fromisoformat(saved["clock_paused_at"]) == later(7)
    assert saved["tables"][0]["extra_minutes"] == 5
    assert saved["clock_minutes_per_game"] == 20
    copy = event_restore(data, slug="copy")
    again = event_backup(copy)
    assert {k: v for k, v in again.items() if k != "event"} == {
        k: v for k, v in data.items() if k != "event"
    }


@pytest.mark.parametrize(
    "change, words",
    [
        (lambda r: r.update(clock_started_at="soon"), "clock started at"),
        (lambda r: r["tables"][0].update(extra_minutes=-5), "extra minutes"),
        (lambda r: r["tables"][0].update(extra_minutes=999), "table_extra_minutes_max|240"),
        (lambda r: r.update(clock_paused_seconds="x"), "clock paused seconds"),
        (lambda r: r.update(clock_minutes_per_game=0), "clock minutes per game"),
        (lambda r: r.update(clock_minutes_per_game=601), "clock minutes per game"),
        (lambda r: r.update(clock_minutes_per_game="20"), "clock minutes per game"),
    ],
)
def test_a_tampered_clock_in_a_backup_is_refused(change, words):
    division = seated_division(8)
    data = event_backup(division.event)
    change(data["rounds"][0])
    with pytest.raises(RuleError, match=words):
        event_restore(data, slug="copy")


def test_a_running_clock_keeps_its_length_when_minutes_per_game_change():
    """The minutes-per-game setting changed after Start play times the next
    clocks and a restart, never the clock already running."""
    division = seated_division(8, minutes_per_game=20)
    round_ = _round(division)
    services.round_clock_start(round_=round_, now=NOW)
    services.event_configure(event=division.event, minutes_per_game=1)
    round_.refresh_from_db()
    clock = round_clock(round_, now=later(4))
    assert clock.clock.minutes == 60 and clock.left_text == "56:00"
    assert late_tables(division.event, now=later(4)) == []
    # A restart takes the event's minutes per game of now.
    services.round_clock_start(round_=round_, restart=True, now=later(5))
    round_.refresh_from_db()
    assert round_.clock_minutes_per_game == 1
    assert round_clock(round_, now=later(5)).clock.minutes == 3
