"""A division's rounds at the desk: seat the first round, close the round in play (asked
first) and seat the next, record how a tie was decided, swap two players' seats."""

from django.contrib import messages
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.html import escape, format_html
from django.utils.safestring import mark_safe
from django.utils.translation import gettext, ngettext

from scoring import services as scoring_services
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Entrant
from web.actions import act, refusal_lines
from web.decorators import event_role, post_only
from web.params import object_or_404, whole_number

from .. import selectors
from .confirm import Question, asked_again, asked_round, confirm_then_act, round_unnamed
from .places import division_of, division_url, overview_url
from .tie_forms import keep_tie


def _seated(division, result) -> str | None:
    if result.walkover:
        return gettext("%(division)s: one player, a walkover (gold).") % {
            "division": division.shown_name
        }
    if result.created:
        return gettext("%(division)s: round 1 seated.") % {"division": division.shown_name}
    return None


@event_role("organizer")
@post_only(division_url)
def division_seat(request, event, division_id):
    # The event's first seating forms its divisions by the field's size, if it says so:
    # when that moves anyone, the overview shows the divisions formed, to seat from there.
    formed = services.event_divisions_by_size(event=event)
    if formed is not None and formed.moved:
        messages.success(request, _formed_words(formed))
        return redirect("desk:overview", event.slug)
    division = division_of(event, division_id)
    return act(
        request,
        lambda: services.division_seat_first_round(division=division),
        done=lambda result: _seated(division, result),
        to=division_url(event, division.pk),
        # A hall too small lists who holds its tables, one line each.
        refused=refusal_lines,
    )


def _formed_words(formed) -> str:
    return gettext("Divisions formed by field size: %(rule)s Seat each division now.") % {
        "rule": formed.view.grouping.in_words()
    }


@event_role("organizer")
@post_only(overview_url)
def divisions_by_size(request, event):
    """Form the divisions by the field's size now (the first seating does it too)."""
    return act(
        request,
        lambda: services.event_divisions_by_size(event=event),
        done=lambda formed: _formed_words(formed) if formed is not None else None,
        to=("desk:overview", event.slug),
    )


def _advanced(division, result) -> str | None:
    if result.outcome == scoring_services.Advanced.ALREADY_CLOSED:
        return None
    if result.finished:
        return gettext("%(division)s is finished: check and confirm the medals.") % {
            "division": division.shown_name
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
            % {"division": desk.division.shown_name}
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


def _close_question(event, division, number: int | None = None) -> Question | None:
    """Closing the current round (round ``number`` when the page said which), asked; None
    when it cannot close now, or the round asked about is no longer the current one."""
    desk = selectors.division_desk(division)
    lines = _closing_lines(desk)
    if lines is None or (number is not None and number != desk.current.number):
        return None
    values = {"number": desk.current.number, "division": desk.division.shown_name}
    if desk.outcome.last:
        title = gettext("Close the final of %(division)s?") % values
        yes = gettext("Yes, close the final and give the medals")
    else:
        title = gettext("Close round %(number)d of %(division)s?") % values
        yes = gettext("Yes, close round %(number)d and seat the next") % values
    return Question(
        title=title,
        lines=lines,
        yes=yes,
        back=division_url(event, division.pk),
        change=gettext("No, go back"),
        # The round asked about, so that a confirmation arriving after it closed (a
        # second tab) is "already closed", never the close of the round after it.
        fields=[("round", str(desk.current.number))],
    )


def _close_opened(event, division_id) -> Question | None:
    """The question opened by its address (no round in it: the current one)."""
    return _close_question(event, division_of(event, division_id))


@event_role("organizer")
@post_only(division_url, question=asked_again(_close_opened))
def division_advance(request, event, division_id):
    division = division_of(event, division_id)
    number = asked_round(request)
    if number is None:
        return round_unnamed(request, division_url(event, division.pk))

    def advance():
        result = scoring_services.division_advance(division=division, round_number=number)
        if result.outcome == scoring_services.Advanced.ALREADY_CLOSED:
            messages.info(request, gettext("That round was already closed."))
        return result

    return confirm_then_act(
        request,
        event,
        back=lambda: redirect(division_url(event, division.pk)),  # nothing typed to keep
        question=lambda: _close_question(event, division, number),
        action=advance,
        done=lambda result: _advanced(division, result),
        to=division_url(event, division.pk),
        refused=lambda error: _advance_refused(event, error),
    )


def _tie_order(event, ids: list[str]) -> list[Entrant]:
    """The players as the tie form's boxes name them, best first; refused while a box is
    not chosen (the form chooses none in advance: the order is the organizer's to say)."""
    if len(ids) < 2 or not all(ids):
        raise RuleError(
            gettext(
                "Nothing recorded: choose a player in every box, as the playoff or tile draw "
                "decided."
            )
        )
    order = selectors.entrants_in_order(event, ids)
    if order is None:
        raise RuleError(gettext("Choose players of this event."))
    return order


@event_role("organizer")
@post_only(division_url)
def division_tie(request, event, division_id):
    division = division_of(event, division_id)
    number = asked_round(request)
    if number is None:
        return round_unnamed(request, division_url(event, division.pk))
    ids = [i.strip() for i in request.POST.getlist("order")]
    note = request.POST.get("note", "")
    return act(
        request,
        lambda: scoring_services.tie_resolve(
            division=division,
            round_number=number,
            order=_tie_order(event, ids),
            user=request.user,
            note=note,
        ),
        done=gettext("The playoff or tile draw is recorded."),
        to=division_url(event, division.pk),
        keep=lambda problem: keep_tie(
            request, division, request.POST.get("tie", ""), ids, note, problem
        ),
    )


def _swapped(first: Entrant, second: Entrant) -> str:
    return gettext("%(first)s and %(second)s swapped seats.") % {
        "first": first.name,
        "second": second.name,
    }


@event_role("organizer")
@post_only(division_url)
def division_swap(request, event, division_id):
    division = division_of(event, division_id)
    current = division.rounds.current()
    ids = [request.POST.get("first", ""), request.POST.get("second", "")]

    def swap():
        if current is None:
            raise RuleError(gettext("No round is seated yet: there are no seats to swap."))
        if any(whole_number(i, low=1) is None for i in ids):
            raise RuleError(gettext("Choose the two players to swap."))
        first, second = (object_or_404(Entrant, i, event=event) for i in ids)
        services.seats_swap(round_=current, first=first, second=second)
        return first, second

    return act(
        request, swap, done=lambda pair: _swapped(*pair), to=division_url(event, division.pk)
    )
