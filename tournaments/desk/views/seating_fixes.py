"""Fixing a seating from the desk: seat the latest round again, or take it back and reopen
the round before it. Both ask "are you sure?" first, both only before any score or
penalty of the round is in, both kept in the division's record."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.views.decorators.http import require_POST

from scoring import services as scoring_services
from tournaments import services
from tournaments.decorators import event_role
from tournaments.models import Division, Round, RoundChange
from tournaments.params import whole_number
from tournaments.web import act

from .confirm import ask, confirmed


def fixable_round(division: Division) -> Round | None:
    """The round the desk offers to seat again or take back: the latest one, while none of
    its scores or penalties is in and the division is not finished."""
    if division.combined_into_id or division.status == Division.Status.COMPLETE:
        return None
    current = division.rounds.current()
    if current is None or services.round_play_refusal(current):
        return None
    return current


def fix_refusal(division: Division) -> str:
    """Why the desk offers no "Fix the seating" for the latest round ('' when it does, or
    when there is nothing to fix): a score or a penalty of it is in."""
    if division.combined_into_id or division.status == Division.Status.COMPLETE:
        return ""
    current = division.rounds.current()
    return services.round_play_refusal(current) if current is not None else ""


def round_changes(division: Division):
    """The division's record of rounds seated again or taken back, newest first."""
    return RoundChange.objects.filter(division=division).select_related("by").order_by("-at", "-pk")


def _setup(event, division_id):
    division = get_object_or_404(Division, pk=division_id, event=event)
    back = reverse("desk:division", args=[event.slug, division.pk])
    return division, back


def _seating_words(round_: Round) -> str:
    tables = round_.tables.count()
    players = round_.seats.count()
    byes = round_.byes.count()
    text = f"{players} players at {tables} table{'s' if tables != 1 else ''}"
    if byes:
        text += f", {byes} bye{'s' if byes != 1 else ''}"
    return text


@require_POST
@event_role("organizer")
def division_reseat(request, event, division_id):
    division, back = _setup(event, division_id)
    expected = whole_number(request.POST.get("round", ""), low=1)
    reason = request.POST.get("reason", "").strip()
    current = division.rounds.current()
    clock = current is not None and current.clock_started_at is not None
    if not confirmed(request) and current is not None and current.pk == expected:
        refusal = services.round_play_refusal(current)
        if refusal:  # a score came in since the page was shown: say so, do not ask
            messages.error(request, refusal)
            return redirect(back)
        lines = [
            f"Round {current.number} of {division.name} is seated again: the same "
            f"{_seating_words(current)}, in a new random order (families, clubs and "
            "earlier opponents kept apart as before).",
            "The table list and score sheets printed for it are wrong afterwards: print "
            "them again.",
        ]
        if current.clock_started_at is not None:
            lines.append(
                "Its round clock stops: start it again once everyone is seated at the new tables."
            )
        if reason:
            lines.append(f"Reason: {reason}")
        lines.append("It is kept in the division's record with your name and the time.")
        return ask(
            request,
            event,
            title=f"Seat round {current.number} of {division.name} again?",
            lines=lines,
            yes=f"Yes, seat round {current.number} again",
            back=back,
        )
    return act(
        request,
        lambda: services.round_reseat(
            division=division, reason=reason, user=request.user, expected_round=expected
        ),
        done=lambda seated: f"Round {seated.number} of {division.name} is seated again: print "
        "its table list and score sheets again." + (f" {services.CLOCK_AGAIN}" if clock else ""),
        to=back,
    )


@require_POST
@event_role("organizer")
def division_reopen(request, event, division_id):
    division, back = _setup(event, division_id)
    expected = whole_number(request.POST.get("round", ""), low=1)
    reason = request.POST.get("reason", "").strip()
    if not reason:
        messages.error(request, "Write why the round is taken back: it is kept in the record.")
        return redirect(back)
    current = division.rounds.current()
    if not confirmed(request) and current is not None and current.pk == expected:
        refusal = services.round_play_refusal(current)
        if refusal:  # a score came in since the page was shown: say so, do not ask
            messages.error(request, refusal)
            return redirect(back)
        number = current.number
        lines = [f"Reason: {reason}"]
        if number == 1:
            lines += [
                f"Round 1 of {division.name} is taken back: its seating "
                f"({_seating_words(current)}) is removed.",
                "The players stay checked in; late arrivals can be checked in again. You "
                "seat round 1 again when ready.",
            ]
        else:
            lines += [
                f"Round {number} of {division.name} is taken back: its seating "
                f"({_seating_words(current)}) is removed.",
                f"Round {number - 1} is open again: its results can be corrected, and closing "
                f"it seats round {number} anew.",
            ]
            for old, new, who in services.round_reopen_renumbering(
                division=division, expected_round=expected
            ):
                lines.append(
                    f"Round {number - 1}'s table {old} is in use"
                    + (f" by {who}" if who else "")
                    + f": it will become table {new} — print its score sheet and table list "
                    "again."
                )
        lines += [
            f"The table list and score sheets printed for round {number} are void.",
            "It is kept in the division's record with your name and the time.",
        ]
        return ask(
            request,
            event,
            title=f"Take back round {number} of {division.name}?",
            lines=lines,
            yes=f"Yes, take back round {number}",
            back=back,
        )
    return act(
        request,
        lambda: scoring_services.round_reopen(
            division=division, reason=reason, user=request.user, expected_round=expected
        ),
        done=lambda result: " ".join(result.notes),
        to=back,
    )
