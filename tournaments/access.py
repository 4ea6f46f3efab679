"""Who may do what: organizers run their events, scorekeepers enter and confirm scores
for the events they are assigned to, everyone else sees public pages only.

Every check runs on the server; pages only hide what a role cannot use.
"""

import datetime

from django.conf import settings
from django.db.models import Q
from django.utils import timezone

from .models import Event, LoginAttempt


def is_organizer(user, event: Event) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_superuser or event.organizers.filter(pk=user.pk).exists()


def is_scorekeeper(user, event: Event) -> bool:
    """A scorekeeper of the event (organizers may do everything a scorekeeper does)."""
    if not user.is_authenticated:
        return False
    return is_organizer(user, event) or event.scorekeepers.filter(pk=user.pk).exists()


def events_for(user):
    """The events a user works on, as organizer or scorekeeper."""
    if not user.is_authenticated:
        return Event.objects.none()
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(Q(organizers=user) | Q(scorekeepers=user)).distinct()


def login_wait_seconds(username: str, address: str | None) -> int:
    """Seconds before another login attempt is allowed (0: allowed now).

    Counts the failures of the last window for this username (since its last
    successful login) and from this address.
    """
    window = datetime.timedelta(seconds=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    now = timezone.now()
    since = now - window
    last_success = (
        LoginAttempt.objects.filter(username__iexact=username, succeeded=True)
        .order_by("-at")
        .values_list("at", flat=True)
        .first()
    )
    since_user = max(since, last_success) if last_success else since
    recent = Q(username__iexact=username, at__gte=since_user)
    if address:
        recent |= Q(address=address, at__gte=since)
    failures = LoginAttempt.objects.filter(recent, succeeded=False).order_by("-at")
    allowed = settings.LOGIN_FAILURES_ALLOWED
    if failures.count() < allowed:
        return 0
    oldest_counted = failures[allowed - 1].at
    return max(1, int((oldest_counted + window - now).total_seconds()))


def login_record(username: str, address: str | None, succeeded: bool) -> None:
    LoginAttempt.objects.create(username=username[:150], address=address, succeeded=succeeded)
