"""A player who stops playing, from the desk's division page: withdraw them, disqualify
them (each asked first), or undo either marked by mistake. A refusal, or "No, go back",
brings the form back as typed (``player_forms``)."""

from django.utils.translation import gettext

from scoring import services as scoring_services
from tournaments import services
from tournaments.text import isolate
from web.actions import act
from web.decorators import event_role, post_only

from .confirm import Question, confirm_then_act
from .places import division_of, division_url
from .player_forms import PlayerForm


def _withdraw_question(typed: PlayerForm) -> Question:
    name = {"name": isolate(typed.entrant.shown_name)}
    return Question(
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
        back=typed.page,
        change=gettext("No, go back"),
    )


def _withdrawn(typed: PlayerForm) -> str:
    return gettext(
        "%(name)s has withdrawn: no scores are needed for their later games, and they "
        "get no place."
    ) % {"name": isolate(typed.entrant.shown_name)}


@event_role("organizer")
@post_only(division_url)
def division_withdraw(request, event, division_id):
    typed = PlayerForm(request, event, division_of(event, division_id), "withdraw")
    return confirm_then_act(
        request,
        event,
        back=typed.back,
        check=lambda: typed.missing(player=gettext("Choose the player who withdraws.")),
        question=lambda: _withdraw_question(typed),
        action=lambda: services.entrants_withdraw(
            event=event, ids=[typed.entrant.external_id], reason=typed.reason, user=request.user
        ),
        done=lambda _: _withdrawn(typed),
        to=typed.page,
        keep=typed.keep,
    )


def _disqualify_question(typed: PlayerForm) -> Question:
    name = {"name": isolate(typed.entrant.shown_name)}
    return Question(
        title=gettext("Disqualify %(name)s?") % name,
        lines=[
            gettext("Reason: %(reason)s") % {"reason": typed.reason},
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
        back=typed.page,
        change=gettext("No, go back"),
    )


@event_role("organizer")
@post_only(division_url)
def division_disqualify(request, event, division_id):
    typed = PlayerForm(request, event, division_of(event, division_id), "disqualify")
    return confirm_then_act(
        request,
        event,
        back=typed.back,
        check=lambda: typed.missing(
            player=gettext("Choose the player to disqualify."),
            reason=gettext("Write the reason for the disqualification."),
        ),
        question=lambda: _disqualify_question(typed),
        action=lambda: services.entrants_disqualify(
            event=event, ids=[typed.entrant.external_id], reason=typed.reason, user=request.user
        ),
        done=lambda _: gettext("%(name)s is disqualified (%(reason)s).")
        % {"name": isolate(typed.entrant.shown_name), "reason": typed.reason},
        to=typed.page,
        keep=typed.keep,
    )


@event_role("organizer")
@post_only(division_url)
def division_reinstate(request, event, division_id):
    typed = PlayerForm(request, event, division_of(event, division_id), "reinstate")
    missing = typed.missing(
        player=gettext("Choose the player who plays on."),
        reason=gettext("Write why it is undone."),
    )
    if missing is not None:
        return missing
    return act(
        request,
        lambda: scoring_services.entrant_reinstate(
            entrant=typed.entrant, reason=request.POST.get("reason", ""), user=request.user
        ),
        done=gettext("%(name)s plays on: enter their scores as usual.")
        % {"name": isolate(typed.entrant.shown_name)},
        to=typed.page,
        keep=typed.keep,
    )
