"""Scorekeepers' accounts at the desk: unlocking one after too many wrong passwords, and
giving one a new password. An organizer may do this for their event's scorekeepers only,
never for an organizer's or an administrator's account."""

import secrets

from axes.utils import reset as axes_reset
from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import Event

# Lower-case letters and digits that cannot be mistaken for one another (no l, 1, o, 0),
# in groups of four: easy to read off a slip of paper and type on a tablet.
_READABLE = "abcdefghijkmnpqrstuvwxyz23456789"


def readable_password() -> str:
    """A new password such as ``k7mx-p4rt-9hwe`` (60 bits)."""
    return "-".join("".join(secrets.choice(_READABLE) for _ in range(4)) for _ in range(3))


def _scorekeeper_of(event: Event, user) -> None:
    if not event.scorekeepers.filter(pk=user.pk).exists():
        raise RuleError(
            gettext("%(user)s does not keep scores for %(event)s.")
            % {"user": user.username, "event": event.name}
        )


def scorekeeper_unlock(*, event: Event, user) -> int:
    """Let a locked-out scorekeeper try again at once, from every device.

    Returns how many locked records were cleared (0: they were not locked)."""
    _scorekeeper_of(event, user)
    return axes_reset(username=user.get_username().lower())


def password_seen(user) -> str:
    """A fingerprint of ``user``'s password as it is now (never the hash itself): the desk's
    confirm page carries it, so that the same confirmation sent twice (a double tap, Back
    then the button again) gives one new password, not two."""
    return salted_hmac("tournaments.accounts.password_seen", user.password).hexdigest()[:20]


def scorekeeper_password_refusal(*, event: Event, user) -> str:
    """Why the desk may not give ``user`` a new password ("" when it may): not a
    scorekeeper of ``event``, or an organizer's or administrator's account."""
    if not event.scorekeepers.filter(pk=user.pk).exists():
        return gettext("%(user)s does not keep scores for %(event)s.") % {
            "user": user.username,
            "event": event.name,
        }
    if user.is_staff or user.is_superuser or user.organized_events.exists():
        return gettext(
            "%(user)s is an organizer's account: only its owner or the site's "
            "administrator can change its password."
        ) % {"user": user.username}
    return ""


def scorekeeper_password_reset(*, event: Event, user, seen: str = "") -> str | None:
    """Give a scorekeeper a new password (returned, to be shown once) and unlock them.

    Their other devices are signed out (Django ends sessions made with the old password).
    Refused for organizers' and administrators' accounts: their owners change those.
    With ``seen`` (``password_seen`` when the organizer was asked), None and nothing done
    when the password has changed since: that confirmation was already acted on."""
    refusal = scorekeeper_password_refusal(event=event, user=user)
    if refusal:
        raise RuleError(refusal)
    password = readable_password()
    with transaction.atomic():
        user = get_user_model().objects.select_for_update().get(pk=user.pk)
        if seen and seen != password_seen(user):
            return None
        user.set_password(password)
        user.save(update_fields=["password"])
        scorekeeper_unlock(event=event, user=user)
    return password
