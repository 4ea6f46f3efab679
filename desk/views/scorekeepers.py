"""The scorekeepers section of the desk's settings page: add a scorekeeper, remove one,
unlock one locked out after wrong passwords, give one a new password (shown once)."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _

from tournaments import access, services
from web.actions import act, keep_refused, kept
from web.decorators import event_role, post_only

from ..forms import ScorekeeperForm
from .confirm import Question, asked_again, confirm_then_act

# A password just made waits in the server-side session (never the messages cookie, which
# is signed but readable) until the settings page shows it, once.
PASSWORD_TO_SHOW = "password_to_show"


def _keep_password_to_show(request, event, words: str) -> None:
    request.session[PASSWORD_TO_SHOW] = {"event": event.slug, "words": words}


def password_to_show(request, event) -> str:
    """The words with a password just made for the event's settings page, once ("": none)."""
    waiting = request.session.get(PASSWORD_TO_SHOW)
    if not isinstance(waiting, dict) or waiting.get("event") != event.slug:
        return ""
    del request.session[PASSWORD_TO_SHOW]
    return waiting.get("words", "")


def _scorekeepers_url(event, *args, **kwargs) -> str:
    return reverse("desk:settings", args=[event.slug]) + "#scorekeepers"


def _landing(event) -> str:
    """Where a scorekeeper action ends: its section of the long settings page, with what
    it said (and a password made, shown once) in that section rather than off screen at
    the top."""
    return reverse("desk:settings", args=[event.slug]) + "?at=scorekeepers#scorekeepers"


def _key(event) -> str:
    return f"scorekeeper:{event.pk}"


def scorekeeper_form(request, event) -> ScorekeeperForm:
    """The add-a-scorekeeper form, as typed with its refusal when one came back."""
    refused = kept(request, _key(event))
    if refused is None:
        return ScorekeeperForm()
    form = ScorekeeperForm({"username": refused["data"].get("username", "")})
    form.full_clean()
    form.errors.clear()
    form.add_error("username", refused["problem"])
    return form


def _added(request, event, result) -> str | None:
    user, password = result
    if password:
        _keep_password_to_show(
            request,
            event,
            _(
                "Account %(user)s created with password %(password)s — write it down now, it "
                "is shown once."
            )
            % {"user": user.username, "password": password},
        )
        return None
    return _("%(user)s now keeps scores for %(event)s.") % {
        "user": user.username,
        "event": event.name,
    }


@event_role("organizer")
@post_only(_scorekeepers_url)
def scorekeeper_add(request, event):
    form = ScorekeeperForm(request.POST)

    def keep(problem: str) -> None:  # the name typed comes back with the refusal beside it
        typed = {"username": request.POST.get("username", "")}
        keep_refused(request, _key(event), typed, problem)

    if not form.is_valid():
        keep(" ".join(e for errors in form.errors.values() for e in errors))
        return redirect(_landing(event))
    return act(
        request,
        lambda: services.scorekeeper_add(event=event, username=form.cleaned_data["username"]),
        done=lambda result: _added(request, event, result),
        to=_landing(event),
        keep=keep,
    )


def _remove_question(event, user_id) -> Question | None:
    """Removing a scorekeeper, asked; None when they no longer are one."""
    user = event.scorekeepers.filter(pk=user_id).first()
    if user is None:
        return None
    values = {"user": user.username, "event": event.name}
    if access.is_organizer(user, event):
        first = _(
            "%(user)s also organizes %(event)s: as an organizer they can still save and "
            "confirm scores there."
        )
    else:
        first = _(
            "%(user)s can no longer save or confirm scores for %(event)s: a phone or tablet "
            "they use is turned away at its next tap."
        )
    lines = [
        first % values,
        _("The scores they already saved stay as they are."),
        _(
            "Their account stays: adding the user name again gives them the role back, "
            "with the same password."
        ),
    ]
    return Question(
        title=_("Remove %(user)s from the scorekeepers of %(event)s?") % values,
        lines=lines,
        yes=_("Yes, remove %(user)s") % values,
        back=_scorekeepers_url(event),
    )


@event_role("organizer")
@post_only(_scorekeepers_url, question=asked_again(_remove_question))
def scorekeeper_remove(request, event, user_id):
    user = event.scorekeepers.filter(pk=user_id).first()
    if user is None:  # a second tap, or another organizer was first: nothing to do
        messages.info(request, _("This was already done: that account no longer keeps scores."))
        return redirect(_landing(event))
    values = {"user": user.username, "event": event.name}
    return confirm_then_act(
        request,
        event,
        question=lambda: _remove_question(event, user_id),
        action=lambda: services.scorekeeper_remove(event=event, user=user),
        done=lambda removed: (
            _("%(user)s no longer keeps scores for %(event)s.")
            if removed
            else _("This was already done: %(user)s no longer keeps scores for %(event)s.")
        )
        % values,
        to=_landing(event),
    )


@event_role("organizer")
@post_only(_scorekeepers_url)
def scorekeeper_unlock(request, event, user_id):
    user = get_object_or_404(event.scorekeepers, pk=user_id)
    return act(
        request,
        lambda: services.scorekeeper_unlock(event=event, user=user),
        done=lambda cleared: (
            _("%(user)s can sign in again now.") % {"user": user.username}
            if cleared
            else _("%(user)s was not locked out: they can sign in.") % {"user": user.username}
        ),
        to=_landing(event),
    )


def _password_question(event, user_id) -> Question | None:
    """A new password, asked; None when it would be refused (the action says why)."""
    user = event.scorekeepers.filter(pk=user_id).first()
    if user is None or services.scorekeeper_password_refusal(event=event, user=user):
        return None
    values = {"user": user.username}
    return Question(
        title=_("A new password for %(user)s?") % values,
        lines=[
            _("%(user)s's old password stops working at once.") % values,
            _(
                "Every phone or tablet where %(user)s is signed in is signed out at its "
                "next tap: they sign in again with the new password."
            )
            % values,
            _(
                "The new password is shown to you once, on the next page: write it down "
                "and give it to %(user)s."
            )
            % values,
            _("If they were locked out after wrong passwords, they can sign in again at once."),
        ],
        yes=_("Yes, give %(user)s a new password") % values,
        back=_scorekeepers_url(event),
        # The password as it was when asked: the same "Yes" sent twice gives one password.
        fields=[("seen", services.password_seen(user))],
    )


def _password_made(request, event, user, password) -> str | None:
    values = {"user": user.username}
    if password is None:  # the same confirmation sent again (a double tap)
        return (
            _(
                "This was already done: %(user)s has had a new password since you were asked. "
                "Nothing changed; if it is lost, give them another."
            )
            % values
        )
    _keep_password_to_show(
        request,
        event,
        _(
            "%(user)s's new password is %(password)s — write it down now and give it to "
            "%(user)s, it is shown once. The old password no longer works."
        )
        % {"user": user.username, "password": password},
    )
    return None


@event_role("organizer")
@post_only(_scorekeepers_url, question=asked_again(_password_question))
def scorekeeper_password(request, event, user_id):
    user = get_object_or_404(event.scorekeepers, pk=user_id)
    return confirm_then_act(
        request,
        event,
        question=lambda: _password_question(event, user_id),
        action=lambda: services.scorekeeper_password_reset(
            event=event, user=user, seen=request.POST.get("seen", "")[:40]
        ),
        done=lambda password: _password_made(request, event, user, password),
        to=_landing(event),
    )
