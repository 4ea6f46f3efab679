"""Accounts: the director's own, made on the installation's first page; an event's
organizers, added and removed; and scorekeepers' at the desk (unlocking one after too many
wrong passwords, giving one a new password: an organizer may do this for their event's
scorekeepers only, never for an organizer's or an administrator's account)."""

import secrets
from dataclasses import dataclass

from axes.utils import reset as axes_reset
from django.contrib.auth import get_user_model
from django.contrib.auth.password_validation import validate_password
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.crypto import salted_hmac
from django.utils.translation import gettext

from tournaments.access import first_run_open, is_demo_account
from tournaments.engine import RuleError
from tournaments.models import Event
from tournaments.text import isolate

# Lower-case letters and digits that cannot be mistaken for one another (no l, 1, o, 0),
# in groups of four: easy to read off a slip of paper and type on a tablet.
_READABLE = "abcdefghijkmnpqrstuvwxyz23456789"


def readable_password() -> str:
    """A new password such as ``k7mx-p4rt-9hwe`` (60 bits)."""
    return "-".join("".join(secrets.choice(_READABLE) for _ in range(4)) for _ in range(3))


def check_username(username: str) -> None:
    """Refuse a new user name as Django's account creation does (its field's validators:
    letters, digits and @ . + - _ only, at most 150), in words."""
    User = get_user_model()
    try:
        User._meta.get_field(User.USERNAME_FIELD).clean(username, None)
    except ValidationError:
        raise RuleError(
            gettext(
                "%(name)s cannot be a user name: use letters, digits and the signs @ . + - _ "
                "only (no spaces), at most 150 of them."
            )
            % {"name": isolate(username[:60])}
        ) from None


def _check_password(password: str, user) -> None:
    """Django's password rules (config/settings.py), every reason in one refusal."""
    if not password:
        raise RuleError(gettext("Choose a password."))
    try:
        validate_password(password, user)
    except ValidationError as error:
        raise RuleError(" ".join(error.messages)) from None


def _find_user(username: str):
    return get_user_model().objects.filter(username__iexact=username.strip()).first()


def director_create(*, username: str, password: str):
    """The installation's first organizer: the director's own account, which may create
    events and use the administration. Only while ``first_run_open`` (the demo's accounts
    aside, no one organizes anything yet); refused afterwards, so the first-run page can
    make one account and no more."""
    User = get_user_model()
    username = User.normalize_username(username.strip())
    if not username:
        raise RuleError(gettext("Enter a user name."))
    check_username(username)
    with transaction.atomic():
        if not first_run_open():
            raise RuleError(
                gettext(
                    "This installation has its organizer already: sign in, or ask them to "
                    "add you to their event."
                )
            )
        if _find_user(username) is not None:
            raise RuleError(
                gettext("The user name %(name)s is taken: choose another.")
                % {"name": isolate(username)}
            )
        user = User(username=username, is_staff=True, is_superuser=True)
        _check_password(password, user)
        user.set_password(password)
        user.save()
        return user


@dataclass(frozen=True)
class OrganizerAdded:
    user: object
    created: bool  # the account was made now
    already: bool  # they organized the event before
    password: str  # the new account's password when it was made up here (shown once), else ""
    password_set: bool  # an existing account was given the password passed in


def organizer_add(*, event: Event, username: str, password: str | None = None) -> OrganizerAdded:
    """Make ``username`` an organizer of ``event``; the account may then create events of
    its own. A new account gets ``password``, or a readable one made up here (returned, to
    be shown once); an existing one keeps its password unless one is given. The demo's
    accounts are refused: their passwords are printed at every start."""
    User = get_user_model()
    username = username.strip()
    if not username:
        raise RuleError(gettext("Enter a user name."))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        user = _find_user(username)
        created = user is None
        made_up = ""
        if created:
            username = User.normalize_username(username)
            check_username(username)
            user = User(username=username)
            if password is None:
                password = made_up = readable_password()
        elif is_demo_account(user):
            raise RuleError(
                gettext(
                    "%(name)s is one of the demo's accounts, whose passwords are printed at "
                    "every start: an organizer needs an account of their own."
                )
                % {"name": isolate(user.username)}
            )
        if password is not None:
            _check_password(password, user)
            user.set_password(password)
        user.is_staff = True
        user.save()
        already = event.organizers.filter(pk=user.pk).exists()
        event.organizers.add(user)
    return OrganizerAdded(
        user=user,
        created=created,
        already=already,
        password=made_up,
        password_set=not created and password is not None,
    )


def organizer_remove(*, event: Event, user) -> None:
    """Take the organizer role for ``event`` from ``user`` (their account stays). Refused
    when they do not have it, and for the event's last organizer: an event always has
    someone to run it."""
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        organizers = list(event.organizers.values_list("pk", flat=True))
        if user.pk not in organizers:
            raise RuleError(
                gettext("%(user)s is not an organizer of %(event)s.")
                % {"user": isolate(user.username), "event": event.name}
            )
        if len(organizers) == 1:
            raise RuleError(
                gettext("%(user)s is the last organizer of %(event)s: add another organizer first.")
                % {"user": isolate(user.username), "event": event.name}
            )
        event.organizers.remove(user)


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
