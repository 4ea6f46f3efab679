"""A division's results at the desk: accept the results the scores give after a late
correction, accept or undo a flagged correction, confirm the medals (asked first)."""

from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext

from scoring import services as scoring_services
from scoring.models import ScoreChange
from tournaments import services
from tournaments.models import Division
from web.actions import act, refusal_lines
from web.decorators import event_role, post_only

from .. import selectors
from .confirm import Question, asked_again, confirm_then_act
from .places import division_of, division_url


@event_role("organizer")
@post_only(division_url)
def division_accept(request, event, division_id):
    division = division_of(event, division_id)
    return act(
        request,
        lambda: scoring_services.results_accept(division=division),
        done=gettext("%(division)s: results updated from the scores; confirm the medals again.")
        % {"division": division.shown_name},
        to=division_url(event, division.pk),
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
@post_only(division_url)
def correction_accept(request, event, division_id):
    """The organizer accepts what the scores give after a flagged correction."""
    division = division_of(event, division_id)
    return act(
        request,
        lambda: scoring_services.corrections_accept(division=division, user=request.user),
        done=_accepted,
        to=division_url(event, division.pk),
        refused=refusal_lines,
    )


@event_role("organizer")
@post_only(division_url)
def correction_undo(request, event, division_id, change_id):
    """The organizer undoes a flagged correction (or late penalty)."""
    division = division_of(event, division_id)
    change = get_object_or_404(ScoreChange, pk=change_id, division=division)
    return act(
        request,
        lambda: scoring_services.correction_undo(change=change, user=request.user),
        done=gettext("Undone: the value is back as it was; both steps stay in the audit trail."),
        to=division_url(event, division.pk),
    )


def _medal_lines(desk) -> list[str]:
    lines = [
        gettext("%(medal)s: %(name)s") % {"medal": row["medal_text"], "name": row["name"]}
        for row in desk.placings
        if row["placing"].medal
    ]
    lines.append(
        gettext(
            "The projector, the results and the certificates show these medals. A later "
            "correction that changes them is flagged, and you confirm them again."
        )
    )
    return lines


def _medals_question(event, division_id) -> Question | None:
    """Confirming the medals, asked; None when there are none to confirm now."""
    division = division_of(event, division_id)
    if division.status != Division.Status.COMPLETE or division.medals_confirmed_at:
        return None
    desk = selectors.division_desk(division)
    return Question(
        title=gettext("Confirm the medals of %(division)s?")
        % {"division": desk.division.shown_name},
        lines=_medal_lines(desk),
        yes=gettext("Yes, confirm the medals"),
        back=division_url(event, division.pk),
        change=gettext("No, go back"),
    )


@event_role("organizer")
@post_only(division_url, question=asked_again(_medals_question))
def division_medals(request, event, division_id):
    page = division_url(event, division_id)
    division = division_of(event, division_id)
    return confirm_then_act(
        request,
        event,
        back=lambda: redirect(page),  # nothing typed to keep: the division page as it was
        question=lambda: _medals_question(event, division_id),
        action=lambda: services.medals_confirm(division=division),
        done=gettext("Medals of %(division)s confirmed: the projector shows them.")
        % {"division": division.shown_name},
        to=page,
    )
