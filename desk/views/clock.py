"""The round clock at the desk: start play, pause for a fire drill, resume, start again,
give one table extra minutes, start every seated round at once."""

from django.contrib import messages
from django.shortcuts import redirect
from django.utils.translation import gettext, ngettext

from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Division, Round
from tournaments.selectors import round_clock
from web.actions import act
from web.decorators import event_role, post_only
from web.params import whole_number

from .. import selectors
from .confirm import Question, confirm_then_act
from .places import division_of, division_url, overview_url

ACTIONS = ("start", "restart", "pause", "resume")


def _current(event, division_id) -> tuple[Division, Round | None]:
    division = division_of(event, division_id).bracket
    return division, division.rounds.current()


def _started(result) -> str:
    round_ = result.round
    clock = round_clock(round_)
    if not result.started:
        return gettext(
            "The clock of round %(number)d was already running (since %(since)s): nothing "
            "changed."
        ) % {"number": round_.number, "since": clock.started_text}
    return ngettext(
        "Round %(number)d of %(division)s: the clock runs %(minutes)d minute, until %(end)s.",
        "Round %(number)d of %(division)s: the clock runs %(minutes)d minutes, until %(end)s.",
        clock.clock.minutes,
    ) % {
        "number": round_.number,
        "division": round_.division.shown_name,
        "minutes": clock.clock.minutes,
        "end": clock.end_text,
    }


def _clock_url(event, division_id, *args, **kwargs) -> str:
    return division_url(event, division_id) + "#clock"


def _restart_question(event, division, current: Round) -> Question:
    clock = round_clock(current)
    return Question(
        title=gettext("Start the clock of round %(number)d of %(division)s again?")
        % {"number": current.number, "division": division.shown_name},
        lines=[
            ngettext(
                "It started at %(at)s. Started again now, it runs the round's full "
                "%(minutes)d minute from now; a pause is forgotten.",
                "It started at %(at)s. Started again now, it runs the round's full "
                "%(minutes)d minutes from now; a pause is forgotten.",
                clock.clock.minutes,
            )
            % {"at": clock.started_text, "minutes": clock.clock.minutes},
            gettext("Minutes given to single tables stay with those tables."),
            gettext("Scores are not touched."),
        ],
        yes=gettext("Yes, start the clock again from full time"),
        back=division_url(event, division.pk),
    )


def _clock_changed(current: Round, action: str) -> str:
    """Start (or start again), pause or resume the clock of ``current``; what it did."""
    if action in ("start", "restart"):
        return _started(services.round_clock_start(round_=current, restart=action == "restart"))
    if action == "pause":
        round_ = services.round_clock_pause(round_=current)
        return gettext("The clock is paused with %(left)s left.") % {
            "left": round_clock(round_).left_text
        }
    round_ = services.round_clock_resume(round_=current)
    return gettext("The clock runs again: round %(number)d ends at %(end)s.") % {
        "number": round_.number,
        "end": round_clock(round_).end_text,
    }


@event_role("organizer")
@post_only(division_url)
def division_clock(request, event, division_id):
    division, current = _current(event, division_id)
    back = division_url(event, division.pk)
    action = request.POST.get("action", "")
    if action not in ACTIONS:
        messages.error(
            request, gettext("Choose what to do with the clock: start, pause or resume it.")
        )
        return redirect(back)
    if current is None:
        messages.error(
            request,
            gettext("%(division)s is not seated yet: there is no round to time.")
            % {"division": division.shown_name},
        )
        return redirect(back)
    return confirm_then_act(
        request,
        event,
        question=lambda: (
            _restart_question(event, division, current) if action == "restart" else None
        ),
        action=lambda: _clock_changed(current, action),
        done=lambda text: text,
        to=back,
    )


def minutes_typed(text) -> int | None:
    """Minutes as typed: ``5``, ``+5``, ``-5`` (or with a typographic minus); else None."""
    if not isinstance(text, str):
        return None
    text = text.strip().replace("\u2212", "-")
    sign = -1 if text.startswith("-") else 1
    number = whole_number(text.lstrip("+-"), high=10_000)
    return None if number is None else sign * number


def _minutes_added(table, minutes: int) -> str:
    """Give ``table`` ``minutes`` more (fewer when negative); what it has now, in words."""
    changed = services.table_minutes_add(table=table, minutes=minutes)
    clock = round_clock(changed.round, table=changed)
    values = {"table": changed.number, "minutes": changed.extra_minutes, "end": clock.end_text}
    if clock.started and not clock.paused:
        return (
            ngettext(
                "Table %(table)d has %(minutes)d extra minute: it ends at %(end)s.",
                "Table %(table)d has %(minutes)d extra minutes: it ends at %(end)s.",
                changed.extra_minutes,
            )
            % values
        )
    return (
        ngettext(
            "Table %(table)d has %(minutes)d extra minute.",
            "Table %(table)d has %(minutes)d extra minutes.",
            changed.extra_minutes,
        )
        % values
    )


@event_role("organizer")
@post_only(_clock_url)
def table_minutes(request, event, division_id):
    division, current = _current(event, division_id)
    back = _clock_url(event, division.pk)
    table = selectors.round_table(current, whole_number(request.POST.get("table", ""), low=1))
    minutes = minutes_typed(request.POST.get("minutes", ""))
    if table is None:
        messages.error(request, gettext("Choose the table that gets the minutes."))
        return redirect(back)
    if minutes is None:
        messages.error(
            request,
            gettext(
                "Minutes for table %(table)d: type a whole number, such as 5 (or -5 to take "
                "back minutes given by mistake)."
            )
            % {"table": table.number},
        )
        return redirect(back)
    return act(request, lambda: _minutes_added(table, minutes), done=lambda text: text, to=back)


def _start_all_question(event, waiting: list[Round]) -> Question:
    lines = [
        ngettext(
            "%(division)s, round %(number)d: %(minutes)d minute",
            "%(division)s, round %(number)d: %(minutes)d minutes",
            round_clock(r).clock.minutes,
        )
        % {
            "division": r.division.shown_name,
            "number": r.number,
            "minutes": round_clock(r).clock.minutes,
        }
        for r in waiting
    ]
    return Question(
        title=ngettext(
            "Start the clock of %(n)d round?", "Start the clock of %(n)d rounds?", len(waiting)
        )
        % {"n": len(waiting)},
        lines=[*lines, gettext("Clocks already running are left as they are.")],
        yes=gettext("Yes, start these clocks now"),
        back=overview_url(event),
    )


def _all_started(event) -> str:
    """Start every clock not yet running; which, in words."""
    report = services.rounds_clock_start(event=event)
    if not report.started:
        raise RuleError(gettext("Every round playing has its clock running already."))
    return gettext("Clocks started: %(list)s") % {
        "list": ", ".join(
            gettext("%(division)s (until %(end)s)")
            % {"division": r.division.shown_name, "end": round_clock(r).end_text}
            for r in report.started
        )
    }


@event_role("organizer")
@post_only(overview_url)
def clocks_start(request, event):
    waiting = selectors.unstarted_clocks(event)
    if not waiting:
        messages.info(request, gettext("Every round playing has its clock running already."))
        return redirect(overview_url(event))
    return confirm_then_act(
        request,
        event,
        question=lambda: _start_all_question(event, waiting),
        action=lambda: _all_started(event),
        done=lambda text: text,
        to=overview_url(event),
    )
