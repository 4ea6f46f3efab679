"""The desk's division page and what an organizer does there: seat, close rounds, ties,
swaps, withdrawals, results and medals."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.models import ScoreChange
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Round
from tournaments.selectors import mark_namesakes, with_shown_name
from tournaments.text import isolate
from web.actions import act, refusal_lines
from web.decorators import event_role, post_only
from web.params import object_or_404, whole_number

from .. import selectors
from ..forms import SwapForm
from .confirm import ask, confirmed
from .kept import back_to_form, going_back, keep_typed, kept_forms
from .seating_fixes import fix_refusal, fixable_round, round_changes


def _division(event, division_id) -> Division:
    return get_object_or_404(Division, pk=division_id, event=event)


def _back(event, division) -> tuple:
    return ("desk:division", event.slug, division.pk)


def _back_url(event, division) -> str:
    return reverse("desk:division", args=[event.slug, division.pk])


def _swap_choices(desk) -> list[tuple[str, str]]:
    """The players of a round seated and not yet played, to swap seats."""
    if desk.current is None or desk.current.status != Round.Status.SEATED:
        return []
    seats = desk.current.seats.select_related("entrant", "table").order_by(
        "table__number", "number"
    )
    names = desk.state.shown_names
    return [
        (
            str(s.entrant.pk),
            gettext("%(name)s (table %(table)d)")
            % {
                "name": isolate(names.get(s.entrant.external_id, s.entrant.name)),
                "table": s.table.number,
            },
        )
        for s in seats
    ]


def bracket_players(desk) -> list[tuple[int, str]]:
    """Who can still withdraw: the current round's players, not yet withdrawn."""
    if desk.current is None or desk.division.status == Division.Status.COMPLETE:
        return []
    current = desk.state.participants(desk.current.number)
    return sorted(
        (
            (desk.state.entrants[p].pk, desk.state.shown_names[p])
            for p in current
            if p not in desk.state.withdrawn
        ),
        key=lambda pair: pair[1],
    )


@event_role("organizer")
def division_page(request, event, division_id):
    division = _division(event, division_id)
    if division.combined_into_id:
        return redirect("desk:division", event.slug, division.combined_into_id)
    desk = selectors.division_desk(division)
    players = _swap_choices(desk)
    withdrawable = bracket_players(desk)
    undoable = mark_namesakes(scoring_selectors.undoable(division), desk.state.event_namesakes)
    fixable = fixable_round(division)
    kept = kept_forms(request, division)
    shown = {
        "withdraw": bool(withdrawable),
        "disqualify": bool(withdrawable),
        "reinstate": bool(undoable),
        "reopen": fixable is not None,
        "reseat": fixable is not None,
    }
    for name in [name for name in kept if not shown[name]]:
        # Its form is gone (done meanwhile, from another tab): the refusal at the top.
        problem = next((text for text in kept.pop(name)["errors"].values() if text), "")
        if problem:
            messages.error(request, problem)
    return render(
        request,
        "desk/division.html",
        {
            "event": event,
            "division": division,
            "desk": desk,
            "swap_form": SwapForm(players=players) if players else None,
            "withdrawable": withdrawable,
            "undoable": undoable,
            "splittable": division.combined_from.exists() and desk.current is None,
            "fixable": fixable,
            "fix_refusal": fix_refusal(division),
            "round_changes": round_changes(division),
            "kept": kept,
        },
    )


def _seated(division, result) -> str | None:
    if result.walkover:
        return gettext("%(division)s: one player, a walkover (gold).") % {"division": division.name}
    if result.created:
        return gettext("%(division)s: round 1 seated.") % {"division": division.name}
    return None


def _division_back(event, division_id, *args, **kwargs) -> str:
    return reverse("desk:division", args=[event.slug, division_id])


def _checkin_back(event, *args, **kwargs) -> str:
    return reverse("desk:checkin", args=[event.slug])


@event_role("organizer")
@post_only(_division_back)
def division_seat(request, event, division_id):
    division = _division(event, division_id)
    return act(
        request,
        lambda: services.division_seat_first_round(division=division),
        done=lambda result: _seated(division, result),
        to=_back(event, division),
        # A hall too small lists who holds its tables, one line each.
        refused=refusal_lines,
    )


def _advanced(division, result) -> str | None:
    if result.outcome == scoring_services.Advanced.ALREADY_CLOSED:
        return None
    if result.finished:
        return gettext("%(division)s is finished: check and confirm the medals.") % {
            "division": division.name
        }
    return gettext("Round %(closed)d closed; round %(seated)d seated.") % {
        "closed": result.closed.number,
        "seated": result.seated.number,
    }


def _not_checked(event, error) -> str:
    """The refusal's sentence on the games not checked, each a link to its table's page
    open at that game, where a second person checks it."""
    links = [
        format_html(
            '<a href="{}?game={}">{}</a>',
            reverse("scoring:table", args=[event.slug, g.table_id]),
            g.game,
            str(g),
        )
        for g in error.unchecked
    ]
    # Everything but the sentence's own words (the catalogues') is escaped.
    return mark_safe(error.not_checked(links, division=escape(error.division)))


def _advance_refused(event, error: RuleError) -> list[str]:
    if isinstance(error, scoring_services.TieBlocked):
        return [gettext("Unresolved ties block this: record the tile draw below.")] + [
            tie.describe(error.names) for tie in error.ties
        ]
    if isinstance(error, scoring_services.RoundUnfinished) and error.unchecked:
        missing = list(refusal_lines(RuleError(error.missing()))) if error.problems else []
        return [*missing, _not_checked(event, error)]
    return list(refusal_lines(error))


def _closing_lines(desk) -> list[str] | None:
    """What closing the current round will do, in words; None when it cannot close now
    (the service then says why)."""
    outcome = desk.outcome
    if desk.current is None or outcome is None or not outcome.closable or desk.ties:
        return None
    if desk.unconfirmed:
        return None
    names = desk.state.shown_names
    number = desk.current.number
    lines = [
        gettext(
            "Round %(number)d closes: its scores can then be changed only as corrections, "
            "with a reason."
        )
        % {"number": number}
    ]
    if outcome.last:
        lines.append(
            gettext(
                "%(division)s is finished: every player gets a place and the medals are "
                "given. You check and confirm the medals next."
            )
            % {"division": desk.division.name}
        )
        return lines
    going = [names.get(p, p) for p in outcome.advancing]
    lines.append(
        ngettext(
            "%(n)d player goes on to round %(next)d: %(names)s.",
            "%(n)d players go on to round %(next)d: %(names)s.",
            len(going),
        )
        % {"n": len(going), "next": number + 1, "names": ", ".join(going)}
    )
    if outcome.next_byes:
        lines.append(
            gettext("Byes (they wait for the round after): %(names)s.")
            % {"names": ", ".join(names.get(p, p) for p in outcome.next_byes)}
        )
    lines.append(gettext("Round %(number)d is seated at once.") % {"number": number + 1})
    return lines


def _advance_ask(request, event, division, number):
    """The confirm page for closing the current round; None when it cannot close now."""
    desk = selectors.division_desk(division)
    lines = _closing_lines(desk)
    if lines is not None and (number is None or number == desk.current.number):
        values = {"number": desk.current.number, "division": desk.division.name}
        if desk.outcome.last:
            title = gettext("Close the final of %(division)s?") % values
            yes = gettext("Yes, close the final and give the medals")
        else:
            title = gettext("Close round %(number)d of %(division)s?") % values
            yes = gettext("Yes, close round %(number)d and seat the next") % values
        return ask(
            request,
            event,
            title=title,
            lines=lines,
            yes=yes,
            back=_back_url(event, division),
            change=gettext("No, go back"),
            # The round asked about, so that a confirmation arriving after it closed (a
            # second tab) is "already closed", never the close of the round after it.
            fields=[("round", str(desk.current.number))],
        )
    return None


def _advance_question(request, event, division_id):
    return _advance_ask(request, event, _division(event, division_id), None)


@event_role("organizer")
@post_only(_division_back, question=_advance_question)
def division_advance(request, event, division_id):
    division = _division(event, division_id)
    if going_back(request):  # nothing typed to keep: the division page as it was
        return redirect(*_back(event, division))
    number = whole_number(request.POST.get("round", ""), low=1)
    if not confirmed(request):
        asked = _advance_ask(request, event, division, number)
        if asked is not None:
            return asked

    def advance():
        result = scoring_services.division_advance(division=division, round_number=number)
        if result.outcome == scoring_services.Advanced.ALREADY_CLOSED:
            messages.info(request, gettext("That round was already closed."))
        return result

    return act(
        request,
        advance,
        done=lambda result: _advanced(division, result),
        to=_back(event, division),
        refused=lambda error: _advance_refused(event, error),
    )


@event_role("organizer")
@post_only(_division_back)
def division_tie(request, event, division_id):
    division = _division(event, division_id)
    number = whole_number(request.POST.get("round", ""), low=1)
    ids = [i for i in request.POST.getlist("order") if i]

    def record():
        if number is None:
            raise RuleError(gettext("Which round is the tie in?"))
        order = list(Entrant.objects.filter(event=event, external_id__in=ids))
        if len(order) != len(set(ids)):
            raise RuleError(gettext("Choose players of this event."))
        by_id = {e.external_id: e for e in order}
        return scoring_services.tie_resolve(
            division=division,
            round_number=number,
            order=[by_id[i] for i in ids],
            user=request.user,
            note=request.POST.get("note", ""),
        )

    return act(
        request,
        record,
        done=gettext("The playoff or tile draw is recorded."),
        to=_back(event, division),
    )


@event_role("organizer")
@post_only(_division_back)
def division_swap(request, event, division_id):
    division = _division(event, division_id)
    current = division.rounds.current()
    ids = [request.POST.get("first", ""), request.POST.get("second", "")]
    chosen = []

    def swap():
        if current is None:
            raise RuleError(gettext("No round is seated yet: there are no seats to swap."))
        if any(whole_number(i, low=1) is None for i in ids):
            raise RuleError(gettext("Choose the two players to swap."))
        chosen.extend(object_or_404(Entrant, i, event=event) for i in ids)
        services.seats_swap(round_=current, first=chosen[0], second=chosen[1])

    return act(
        request,
        swap,
        done=lambda _: gettext("%(first)s and %(second)s swapped seats.")
        % {"first": chosen[0].name, "second": chosen[1].name},
        to=_back(event, division),
    )


def _chosen_entrant(request, event):
    chosen = whole_number(request.POST.get("entrant", ""), low=1)
    # Named as the pages name them: two players of one name carry their club or number.
    return None if chosen is None else with_shown_name(object_or_404(Entrant, chosen, event=event))


@event_role("organizer")
@post_only(_division_back)
def division_withdraw(request, event, division_id):
    division = _division(event, division_id)
    if going_back(request):
        return back_to_form(request, event, division, "withdraw")
    entrant = _chosen_entrant(request, event)
    if entrant is None:
        keep_typed(
            request, division, "withdraw", gettext("Choose the player who withdraws."), "entrant"
        )
        return redirect(*_back(event, division))
    reason = request.POST.get("reason", "").strip()
    name = {"name": isolate(entrant.shown_name)}
    if not confirmed(request):
        return ask(
            request,
            event,
            title=gettext("Withdraw %(name)s?") % name,
            lines=[
                gettext(
                    "%(name)s stops playing: the scores entered so far stay on the sheet, no "
                    "scores are needed for their later games."
                )
                % name,
                gettext("%(name)s gets no place, and nobody moves up into it.") % name,
                gettext(
                    "If this is a mistake, you can undo it with a reason while no game of "
                    "their table has been recorded without them."
                ),
            ],
            yes=gettext("Yes, withdraw %(name)s") % name,
            back=_back_url(event, division),
            change=gettext("No, go back"),
        )
    return act(
        request,
        lambda: services.entrants_withdraw(
            event=event, ids=[entrant.external_id], reason=reason, user=request.user
        ),
        done=gettext(
            "%(name)s has withdrawn: no scores are needed for their later games, and they "
            "get no place."
        )
        % name,
        to=_back(event, division),
        keep=lambda problem: keep_typed(request, division, "withdraw", problem),
    )


@event_role("organizer")
@post_only(_division_back)
def division_disqualify(request, event, division_id):
    division = _division(event, division_id)
    if going_back(request):
        return back_to_form(request, event, division, "disqualify")
    entrant = _chosen_entrant(request, event)
    reason = request.POST.get("reason", "").strip()
    if entrant is None or not reason:
        if entrant is None:
            problem, at = gettext("Choose the player to disqualify."), "entrant"
        else:
            problem, at = gettext("Write the reason for the disqualification."), "reason"
        keep_typed(request, division, "disqualify", problem, at)
        return redirect(*_back(event, division))
    name = {"name": isolate(entrant.shown_name)}
    if not confirmed(request):
        return ask(
            request,
            event,
            title=gettext("Disqualify %(name)s?") % name,
            lines=[
                gettext("Reason: %(reason)s") % {"reason": reason},
                gettext(
                    "%(name)s is treated as withdrawn from now on: the scores entered so far "
                    "stay, no scores are needed for their later games."
                )
                % name,
                gettext(
                    "%(name)s gets no place and is shown as disqualified; nobody moves up into "
                    "their place."
                )
                % name,
            ],
            yes=gettext("Yes, disqualify %(name)s") % name,
            back=_back_url(event, division),
            change=gettext("No, go back"),
        )
    return act(
        request,
        lambda: services.entrants_disqualify(
            event=event, ids=[entrant.external_id], reason=reason, user=request.user
        ),
        done=gettext("%(name)s is disqualified (%(reason)s).")
        % {"name": isolate(entrant.shown_name), "reason": reason},
        to=_back(event, division),
        keep=lambda problem: keep_typed(request, division, "disqualify", problem),
    )


@event_role("organizer")
@post_only(_division_back)
def division_reinstate(request, event, division_id):
    division = _division(event, division_id)
    entrant = _chosen_entrant(request, event)
    if entrant is None:
        keep_typed(
            request, division, "reinstate", gettext("Choose the player who plays on."), "entrant"
        )
        return redirect(*_back(event, division))
    if not request.POST.get("reason", "").strip():
        keep_typed(request, division, "reinstate", gettext("Write why it is undone."), "reason")
        return redirect(*_back(event, division))
    return act(
        request,
        lambda: scoring_services.entrant_reinstate(
            entrant=entrant, reason=request.POST.get("reason", ""), user=request.user
        ),
        done=gettext("%(name)s plays on: enter their scores as usual.")
        % {"name": isolate(entrant.shown_name)},
        to=_back(event, division),
        keep=lambda problem: keep_typed(request, division, "reinstate", problem),
    )


@event_role("organizer")
@post_only(_checkin_back)
def division_split(request, event, division_id):
    division = _division(event, division_id)
    return act(
        request,
        lambda: services.division_split(division=division),
        done=lambda members: gettext("%(division)s is split: %(names)s play on their own again.")
        % {"division": division.name, "names": ", ".join(m.name for m in members)},
        to=("desk:checkin", event.slug),
    )


def _division_action(request, event, division_id, service, done: str):
    """Run one service on a division; its refusal or ``done`` goes to the page in words."""
    division = _division(event, division_id)
    return act(
        request,
        lambda: service(division=division),
        done=done % {"division": division.name},
        to=_back(event, division),
    )


@event_role("organizer")
@post_only(_division_back)
def division_accept(request, event, division_id):
    return _division_action(
        request,
        event,
        division_id,
        scoring_services.results_accept,
        gettext("%(division)s: results updated from the scores; confirm the medals again."),
    )


def _accepted(result) -> str:
    if result.nothing_pending:
        return gettext("No correction waits for a decision any more.")
    done = [gettext("Accepted.")]
    done += [
        gettext("Round %(number)d is seated again with the players the scores give.")
        % {"number": r.number}
        for r in result.seated
    ]
    done += [
        gettext("Round %(number)d had started: it stands.") % {"number": n} for n in result.standing
    ]
    if result.results_updated:
        done.append(gettext("Placings recomputed: confirm the medals again."))
    return " ".join(done)


@event_role("organizer")
@post_only(_division_back)
def correction_accept(request, event, division_id):
    """The organizer accepts what the scores give after a flagged correction."""
    division = _division(event, division_id)
    return act(
        request,
        lambda: scoring_services.corrections_accept(division=division, user=request.user),
        done=_accepted,
        to=_back(event, division),
        refused=refusal_lines,
    )


@event_role("organizer")
@post_only(_division_back)
def correction_undo(request, event, division_id, change_id):
    """The organizer undoes a flagged correction (or late penalty)."""
    division = _division(event, division_id)
    change = get_object_or_404(ScoreChange, pk=change_id, division=division)
    return act(
        request,
        lambda: scoring_services.correction_undo(change=change, user=request.user),
        done=gettext("Undone: the value is back as it was; both steps stay in the audit trail."),
        to=_back(event, division),
    )


def _medal_lines(desk) -> list[str]:
    lines = []
    for row in desk.placings:
        if row["placing"].medal:
            lines.append(
                gettext("%(medal)s: %(name)s") % {"medal": row["medal_text"], "name": row["name"]}
            )
    lines.append(
        gettext(
            "The projector, the results and the certificates show these medals. A later "
            "correction that changes them is flagged, and you confirm them again."
        )
    )
    return lines


def _medals_question(request, event, division_id):
    """The confirm page for the medals; None when there are none to confirm now."""
    division = _division(event, division_id)
    if division.status != Division.Status.COMPLETE or division.medals_confirmed_at:
        return None
    desk = selectors.division_desk(division)
    return ask(
        request,
        event,
        title=gettext("Confirm the medals of %(division)s?") % {"division": desk.division.name},
        lines=_medal_lines(desk),
        yes=gettext("Yes, confirm the medals"),
        back=_back_url(event, division),
        change=gettext("No, go back"),
    )


@event_role("organizer")
@post_only(_division_back, question=_medals_question)
def division_medals(request, event, division_id):
    if going_back(request):  # nothing typed to keep: the division page as it was
        return redirect(*_back(event, _division(event, division_id)))
    if not confirmed(request):
        asked = _medals_question(request, event, division_id)
        if asked is not None:
            return asked
    return _division_action(
        request,
        event,
        division_id,
        services.medals_confirm,
        gettext("Medals of %(division)s confirmed: the projector shows them."),
    )
