"""Fixing a seating from the desk: seat the latest round again, or take it back and reopen
the round before it. Both ask "are you sure?" first, both only before any score or
penalty of the round is in, both kept in the division's record."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext, ngettext

from scoring import services as scoring_services
from tournaments import services
from tournaments.models import Division, Round, RoundChange
from tournaments.selectors import round_label
from web.actions import act
from web.decorators import event_role, post_only
from web.params import whole_number

from .confirm import ask, confirmed
from .kept import back_to_form, going_back, keep_typed


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
    """The division's record of rounds seated again or taken back, newest first, each
    with its notes to show (``shown_notes``, in the reader's language where they can be)."""
    changes = list(
        RoundChange.objects.filter(division=division).select_related("by").order_by("-at", "-pk")
    )
    for change in changes:
        change.shown_notes = round_change_notes(change)
    return changes


def round_change_notes(change: RoundChange) -> list[str]:
    """A division record's notes after its first (which the page says in its own words),
    in the active language where they are stored as data: the tables of a round taken
    back renumbered because others held them (``after["held_by"]``). The record's English
    words of those are not shown then (one a table, after the first note); older records'
    notes are shown as written, a sentence of the interface in the active language."""
    after = change.after if isinstance(change.after, dict) else {}
    held_by, moved = after.get("held_by"), after.get("renumbered")
    if not (
        isinstance(held_by, dict)
        and isinstance(moved, dict)
        and set(held_by) == set(moved)
        and all(isinstance(h, dict) and {"division", "round"} <= set(h) for h in held_by.values())
    ):
        return [gettext(note) for note in change.notes[1:]]
    words = [
        gettext(
            "Round %(round)s's table %(old)s is now table %(new)s (table %(old)s is in play "
            "for %(holder)s): print its score sheet and table list again."
        )
        % {
            "round": after.get("reopened"),
            "old": old,
            "new": new,
            "holder": round_label(held_by[old]["division"], held_by[old]["round"]),
        }
        for old, new in moved.items()
    ]
    return words + [gettext(note) for note in change.notes[1 + len(moved) :]]


def _setup(event, division_id):
    division = get_object_or_404(Division, pk=division_id, event=event)
    back = reverse("desk:division", args=[event.slug, division.pk])
    return division, back


def _seating_words(round_: Round) -> str:
    tables = round_.tables.count()
    players = round_.seats.count()
    byes = round_.byes.count()
    text = ngettext(
        "%(players)d players at %(tables)d table",
        "%(players)d players at %(tables)d tables",
        tables,
    ) % {"players": players, "tables": tables}
    if byes:
        text += ngettext(", %(byes)d bye", ", %(byes)d byes", byes) % {"byes": byes}
    return text


def _division_back(event, division_id, *args, **kwargs) -> str:
    return reverse("desk:division", args=[event.slug, division_id])


@event_role("organizer")
@post_only(_division_back)
def division_reseat(request, event, division_id):
    division, back = _setup(event, division_id)
    if going_back(request):
        return back_to_form(request, event, division, "reseat")
    expected = whole_number(request.POST.get("round", ""), low=1)
    reason = request.POST.get("reason", "").strip()
    current = division.rounds.current()
    clock = current is not None and current.clock_started_at is not None
    if not confirmed(request) and current is not None and current.pk == expected:
        refusal = services.round_play_refusal(current)
        if refusal:  # a score came in since the page was shown: say so, do not ask
            messages.error(request, refusal)
            return redirect(back)
        values = {"number": current.number, "division": division.name}
        lines = [
            gettext(
                "Round %(number)d of %(division)s is seated again: the same %(seating)s, in a "
                "new random order (families, clubs and earlier opponents kept apart as "
                "before)."
            )
            % {**values, "seating": _seating_words(current)},
            gettext(
                "The table list and score sheets printed for it are wrong afterwards: print "
                "them again."
            ),
        ]
        if current.clock_started_at is not None:
            lines.append(
                gettext(
                    "Its round clock stops: start it again once everyone is seated at the new "
                    "tables."
                )
            )
        if reason:
            lines.append(gettext("Reason: %(reason)s") % {"reason": reason})
        lines.append(gettext("It is kept in the division's record with your name and the time."))
        return ask(
            request,
            event,
            title=gettext("Seat round %(number)d of %(division)s again?") % values,
            lines=lines,
            yes=gettext("Yes, seat round %(number)d again") % values,
            back=back,
            change=gettext("No, go back"),
        )
    return act(
        request,
        lambda: services.round_reseat(
            division=division, reason=reason, user=request.user, expected_round=expected
        ),
        done=lambda seated: gettext(
            "Round %(number)d of %(division)s is seated again: print its table list and score "
            "sheets again."
        )
        % {"number": seated.number, "division": division.name}
        + (" " + gettext(services.CLOCK_AGAIN) if clock else ""),
        to=back,
    )


def _reopened(division: Division, result) -> str:
    """What taking back a round did, in the page's language (the record keeps its notes in
    English)."""
    values = {"division": division.name, "number": result.removed}
    if result.reopened is None:
        lines = [
            gettext(
                "Round 1 of %(division)s taken back: its players are checked in and wait to be "
                "seated again (late arrivals can still be checked in)."
            )
            % values
        ]
    else:
        values["before"] = result.reopened.number
        lines = [
            gettext(
                "Round %(number)d of %(division)s taken back; round %(before)d is open again: "
                "its results can be corrected, and closing it seats round %(number)d anew."
            )
            % values
        ]
    for old, new in result.moved.items():
        lines.append(
            gettext(
                "Round %(before)d's table %(old)s is now table %(new)d: print its score sheet "
                "and table list again."
            )
            % {**values, "old": old, "new": new}
        )
    return " ".join(lines)


@event_role("organizer")
@post_only(_division_back)
def division_reopen(request, event, division_id):
    division, back = _setup(event, division_id)
    if going_back(request):
        return back_to_form(request, event, division, "reopen")
    expected = whole_number(request.POST.get("round", ""), low=1)
    reason = request.POST.get("reason", "").strip()
    if not reason:
        keep_typed(
            request,
            division,
            "reopen",
            gettext("Write why the round is taken back: it is kept in the record."),
            "reason",
        )
        return redirect(back)
    current = division.rounds.current()
    if not confirmed(request) and current is not None and current.pk == expected:
        refusal = services.round_play_refusal(current)
        if refusal:  # a score came in since the page was shown: say so, do not ask
            messages.error(request, refusal)
            return redirect(back)
        number = current.number
        values = {
            "number": number,
            "before": number - 1,
            "division": division.name,
            "seating": _seating_words(current),
        }
        lines = [gettext("Reason: %(reason)s") % {"reason": reason}]
        lines.append(
            gettext(
                "Round %(number)d of %(division)s is taken back: its seating (%(seating)s) is "
                "removed."
            )
            % values
        )
        if number == 1:
            lines.append(
                gettext(
                    "The players stay checked in; late arrivals can be checked in again. You "
                    "seat round 1 again when ready."
                )
            )
        else:
            lines.append(
                gettext(
                    "Round %(before)d is open again: its results can be corrected, and closing "
                    "it seats round %(number)d anew."
                )
                % values
            )
            for old, new, who in services.round_reopen_renumbering(
                division=division, expected_round=expected
            ):
                table = {**values, "old": old, "new": new, "who": who}
                if who:
                    text = gettext(
                        "Round %(before)d's table %(old)d is in use by %(who)s: it will become "
                        "table %(new)d — print its score sheet and table list again."
                    )
                else:
                    text = gettext(
                        "Round %(before)d's table %(old)d is in use: it will become table "
                        "%(new)d — print its score sheet and table list again."
                    )
                lines.append(text % table)
        lines += [
            gettext("The table list and score sheets printed for round %(number)d are void.")
            % values,
            gettext("It is kept in the division's record with your name and the time."),
        ]
        return ask(
            request,
            event,
            title=gettext("Take back round %(number)d of %(division)s?") % values,
            lines=lines,
            yes=gettext("Yes, take back round %(number)d") % values,
            back=back,
            change=gettext("No, go back"),
        )
    return act(
        request,
        lambda: scoring_services.round_reopen(
            division=division, reason=reason, user=request.user, expected_round=expected
        ),
        done=lambda result: _reopened(division, result),
        to=back,
        keep=lambda problem: keep_typed(request, division, "reopen", problem),
    )
