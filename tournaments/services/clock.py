"""The round clock: the organizer starts play for a round, pauses it (a fire drill),
resumes it, starts it again, and gives one table extra minutes.

Only times are stored here; nothing reads the clock to change or refuse a score.
"""

from dataclasses import dataclass, field

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.engine.clock import check_added_minutes
from tournaments.models import Division, Event, Round, Table


def _locked(round_: Round) -> Round:
    round_ = Round.objects.select_for_update().select_related("division").get(pk=round_.pk)
    if round_.status == Round.Status.CLOSED:
        raise RuleError(
            gettext("Round %(number)d of %(division)s is closed: its clock has stopped.")
            % {"number": round_.number, "division": round_.division.name}
        )
    return round_


def _name(round_: Round) -> str:
    return f"round {round_.number} of {round_.division.name}"


@dataclass(frozen=True)
class ClockStarted:
    round: Round
    started: bool  # False: it was already running (a second click), nothing changed


def round_clock_start(*, round_: Round, restart: bool = False, now=None) -> ClockStarted:
    """Start the clock of a round not yet closed. Already running: nothing changes unless
    ``restart``, which starts it again from the round's full time (a pause is forgotten;
    the tables' extra minutes stay)."""
    now = now or timezone.now()
    with transaction.atomic():
        round_ = _locked(round_)
        if round_.clock_started_at is not None and not restart:
            return ClockStarted(round_, False)
        round_.clock_started_at = now
        round_.clock_paused_at = None
        round_.clock_paused_seconds = 0
        round_.clock_minutes_per_game = round_.division.event.minutes_per_game
        round_.save(
            update_fields=[
                "clock_started_at",
                "clock_paused_at",
                "clock_paused_seconds",
                "clock_minutes_per_game",
            ]
        )
        return ClockStarted(round_, True)


@dataclass
class ClocksStarted:
    started: list[Round] = field(default_factory=list)
    running: list[Round] = field(default_factory=list)  # already running: left as they were


def rounds_clock_start(*, event: Event, now=None) -> ClocksStarted:
    """Start the clock of every bracket's current round that is seated and not closed
    (the desk's "start every round" and ``start_clock --all``)."""
    now = now or timezone.now()
    report = ClocksStarted()
    with transaction.atomic():
        for division in Division.objects.brackets().filter(event=event).in_age_order():
            current = division.rounds.current()
            if current is None or current.status == Round.Status.CLOSED:
                continue
            result = round_clock_start(round_=current, now=now)
            (report.started if result.started else report.running).append(result.round)
    if not report.started and not report.running:
        raise RuleError(
            gettext("No round of %(event)s is seated and still playing: nothing to time.")
            % {"event": event.name}
        )
    return report


def round_clock_pause(*, round_: Round, now=None) -> Round:
    """Stop the clock for a while (a fire drill): the time left stands still. A second
    click changes nothing."""
    now = now or timezone.now()
    with transaction.atomic():
        round_ = _locked(round_)
        if round_.clock_started_at is None:
            raise RuleError(
                gettext(
                    "The clock of round %(number)d of %(division)s has not started: nothing "
                    "to pause."
                )
                % {"number": round_.number, "division": round_.division.name}
            )
        if round_.clock_paused_at is None:
            round_.clock_paused_at = now
            round_.save(update_fields=["clock_paused_at"])
        return round_


def round_clock_resume(*, round_: Round, now=None) -> Round:
    """Let a paused clock run on from the time it had left. Not paused: nothing changes."""
    now = now or timezone.now()
    with transaction.atomic():
        round_ = _locked(round_)
        if round_.clock_paused_at is not None:
            pause = max(0, int((now - round_.clock_paused_at).total_seconds()))
            round_.clock_paused_seconds += pause
            round_.clock_paused_at = None
            round_.save(update_fields=["clock_paused_at", "clock_paused_seconds"])
        return round_


def table_minutes_add(*, table: Table, minutes: int) -> Table:
    """Give one table extra minutes (a late start, a long dispute); a negative number takes
    back minutes given by mistake. The round's other tables keep their time."""
    if not isinstance(minutes, int) or isinstance(minutes, bool):
        raise RuleError(gettext("Minutes must be a whole number, such as 5."))
    with transaction.atomic():
        round_ = _locked(table.round)
        table = Table.objects.select_for_update().get(pk=table.pk)
        table.extra_minutes = check_added_minutes(minutes, table.extra_minutes)
        table.save(update_fields=["extra_minutes"])
        table.round = round_
        return table
