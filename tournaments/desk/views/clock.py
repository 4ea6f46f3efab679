"""The round clock at the desk: start play, pause for a fire drill, resume, start again,
give one table extra minutes, start every seated round at once."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.decorators import event_role
from tournaments.engine import RuleError
from tournaments.models import Division, Round, Table
from tournaments.params import whole_number
from tournaments.selectors import brackets, round_clock
from tournaments.web import act

from .confirm import ask, confirmed

ACTIONS = ("start", "restart", "pause", "resume")


def _current(event, division_id) -> tuple[Division, Round | None]:
    division = get_object_or_404(Division, pk=division_id, event=event).bracket
    return division, division.rounds.current()


def _started(result) -> str:
    round_ = result.round
    clock = round_clock(round_)
    if not result.started:
        return (
            f"The clock of round {round_.number} was already running (since "
            f"{clock.started_text}): nothing changed."
        )
    return (
        f"Round {round_.number} of {round_.division.name}: the clock runs "
        f"{clock.clock.minutes} minutes, until {clock.end_text}."
    )


@require_POST
@event_role("organizer")
def division_clock(request, event, division_id):
    division, current = _current(event, division_id)
    back = reverse("desk:division", args=[event.slug, division.pk])
    action = request.POST.get("action", "")
    if action not in ACTIONS:
        messages.error(request, "Choose what to do with the clock: start, pause or resume it.")
        return redirect(back)
    if current is None:
        messages.error(request, f"{division.name} is not seated yet: there is no round to time.")
        return redirect(back)
    if action == "restart" and not confirmed(request):
        clock = round_clock(current)
        return ask(
            request,
            event,
            title=f"Start the clock of round {current.number} of {division.name} again?",
            lines=[
                f"It started at {clock.started_text}. Started again now, it runs the round's "
                f"full {clock.clock.minutes} minutes from now; a pause is forgotten.",
                "Minutes given to single tables stay with those tables.",
                "Scores are not touched.",
            ],
            yes="Yes, start the clock again from full time",
            back=back,
        )

    def change():
        if action in ("start", "restart"):
            return _started(services.round_clock_start(round_=current, restart=action == "restart"))
        if action == "pause":
            round_ = services.round_clock_pause(round_=current)
            return f"The clock is paused with {round_clock(round_).left_text} left."
        round_ = services.round_clock_resume(round_=current)
        return (
            f"The clock runs again: round {round_.number} ends at {round_clock(round_).end_text}."
        )

    return act(request, change, done=lambda text: text, to=back)


def minutes_typed(text) -> int | None:
    """Minutes as typed: ``5``, ``+5``, ``-5`` (or with a typographic minus); else None."""
    if not isinstance(text, str):
        return None
    text = text.strip().replace("\u2212", "-")
    sign = -1 if text.startswith("-") else 1
    number = whole_number(text.lstrip("+-"), high=10_000)
    return None if number is None else sign * number


@require_POST
@event_role("organizer")
def table_minutes(request, event, division_id):
    division, current = _current(event, division_id)
    back = reverse("desk:division", args=[event.slug, division.pk]) + "#clock"
    table_id = whole_number(request.POST.get("table", ""), low=1)
    table = (
        Table.objects.filter(pk=table_id, round=current).select_related("round").first()
        if table_id is not None and current is not None
        else None
    )
    minutes = minutes_typed(request.POST.get("minutes", ""))
    if table is None:
        messages.error(request, "Choose the table that gets the minutes.")
        return redirect(back)
    if minutes is None:
        messages.error(
            request,
            f"Minutes for table {table.number}: type a whole number, such as 5 "
            "(or -5 to take back minutes given by mistake).",
        )
        return redirect(back)

    def add():
        changed = services.table_minutes_add(table=table, minutes=minutes)
        clock = round_clock(changed.round, table=changed)
        text = f"Table {changed.number} has {changed.extra_minutes} extra minute" + (
            "s" if changed.extra_minutes != 1 else ""
        )
        if clock.started and not clock.paused:
            text += f": it ends at {clock.end_text}"
        return text + "."

    return act(request, add, done=lambda text: text, to=back)


def unstarted_clocks(event) -> list[Round]:
    """Each bracket's current round still playing whose clock has not started."""
    rounds = []
    for division in brackets(event):
        current = division.rounds.current()
        if (
            current is not None
            and current.status != Round.Status.CLOSED
            and current.clock_started_at is None
        ):
            rounds.append(current)
    return rounds


@require_POST
@event_role("organizer")
def clocks_start(request, event):
    back = reverse("desk:overview", args=[event.slug])
    waiting = unstarted_clocks(event)
    if not waiting:
        messages.info(request, "Every round playing has its clock running already.")
        return redirect(back)
    if not confirmed(request):
        return ask(
            request,
            event,
            title=f"Start the clock of {len(waiting)} round{'s' if len(waiting) != 1 else ''}?",
            lines=[
                f"{r.division.name}, round {r.number}: {round_clock(r).clock.minutes} minutes"
                for r in waiting
            ]
            + ["Clocks already running are left as they are."],
            yes="Yes, start these clocks now",
            back=back,
        )

    def start():
        report = services.rounds_clock_start(event=event)
        if not report.started:
            raise RuleError("Every round playing has its clock running already.")
        return "Clocks started: " + ", ".join(
            f"{r.division.name} (until {round_clock(r).end_text})" for r in report.started
        )

    return act(request, start, done=lambda text: text, to=back)
