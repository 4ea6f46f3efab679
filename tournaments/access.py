"""Who may do what: organizers run their events, scorekeepers enter and confirm scores
for the events they are assigned to, everyone else sees public pages only.

Every check runs on the server; pages only hide what a role cannot use.
"""

import datetime
import ipaddress
from dataclasses import dataclass

from axes.backends import AxesStandaloneBackend
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.models import BooleanField, Max, Q, QuerySet, Sum
from django.db.models.expressions import RawSQL
from django.db.models.functions import Lower
from django.utils import timezone

from .models import Event, Table


def is_organizer(user, event: Event) -> bool:
    if not user.is_authenticated:
        return False
    return user.is_superuser or event.organizers.filter(pk=user.pk).exists()


def is_scorekeeper(user, event: Event) -> bool:
    """A scorekeeper of the event (organizers may do everything a scorekeeper does)."""
    if not user.is_authenticated:
        return False
    return is_organizer(user, event) or event.scorekeepers.filter(pk=user.pk).exists()


def event_with_roles(slug: str, user) -> Event:
    """The event with ``slug`` and, for a signed-in user, what they are in it (every page
    of an event asks, a score save too): ``user_organizes`` and ``user_keeps_scores``
    (on the event's lists; a superuser organizes every event). ``Event.DoesNotExist``
    when there is no such event. One query: the event's row with the two answers."""
    events = Event.objects.all()
    if user.is_authenticated:
        events = events.annotate(**_listed(user))
    event = events.get(slug=slug)
    _give_roles(event, event, user)
    return event


def table_with_roles(slug: str, table_id: int, user) -> Table | None:
    """Table ``table_id`` of the event ``slug``, with its round, its division and the
    event, which carries the signed-in ``user``'s roles as ``event_with_roles`` gives
    them: one query for what every page of a table reads first (a score save, and the
    page after it). None when that event has no such table (or no such event)."""
    tables = list(
        Table.objects.select_related("round__division__event")
        .annotate(**_listed(user))
        .filter(pk=table_id, round__division__event__slug=slug)
        .order_by()
    )
    if not tables:
        return None
    table = tables[0]
    _give_roles(table.round.division.event, table, user)
    return table


def _give_roles(event: Event, row, user) -> None:
    """Set ``event.user_organizes`` and ``user_keeps_scores`` from the answers ``_listed``
    put on ``row`` (the event's own row, or a table's read with it)."""
    if user.is_authenticated:
        event.user_organizes = bool(row.user_organizes) or user.is_superuser
        event.user_keeps_scores = bool(row.user_keeps_scores)
    else:
        event.user_organizes = event.user_keeps_scores = False


def _listed(user) -> dict[str, RawSQL]:
    """Whether ``user`` is on the event's organizers and on its scorekeepers, as two small
    EXISTS on the two lists' own tables beside the event's row (the ORM's form of it, a
    join through the many-to-many, costs several times the CPU on every request of an
    event's pages)."""
    quote = connection.ops.quote_name
    asked = {}
    for name, field in (
        ("user_organizes", Event.organizers.field),
        ("user_keeps_scores", Event.scorekeepers.field),
    ):
        through = field.remote_field.through._meta
        asked[name] = RawSQL(
            f"EXISTS (SELECT 1 FROM {quote(through.db_table)} WHERE "
            f"{quote(field.m2m_column_name())} = {quote(Event._meta.db_table)}.{quote('id')} "
            f"AND {quote(field.m2m_reverse_name())} = %s)",
            [user.pk],
            output_field=BooleanField(),
        )
    return asked


# The demo's accounts carry this group (scoring/demo.py): their passwords are printed at
# every start, so they run the demo event only and never count as an installation's own
# organizer.
DEMO_GROUP = "demo accounts"


def is_demo_account(user) -> bool:
    return user.groups.filter(name=DEMO_GROUP).exists()


def event_organizers(event: Event):
    """The accounts on the event's list of organizers, by user name (superusers organize
    every event without being listed)."""
    return event.organizers.order_by("username")


def first_run_open() -> bool:
    """Whether the installation still waits for its director's own account: no account but
    the demo's organizes an event, administers the site or may create events."""
    User = get_user_model()
    owners = User.objects.filter(
        Q(is_superuser=True) | Q(is_staff=True) | Q(organized_events__isnull=False)
    )
    return not owners.exclude(groups__name=DEMO_GROUP).exists()


def events_for(user):
    """The events a user works on, as organizer or scorekeeper."""
    if not user.is_authenticated:
        return Event.objects.none()
    if user.is_superuser:
        return Event.objects.all()
    return Event.objects.filter(Q(organizers=user) | Q(scorekeepers=user)).distinct()


# ---------------------------------------------------------------- logging in
# django-axes counts failed logins in the database per user name and address together
# (config/settings.py); these are the project's pieces of it.


def _networks(entries: tuple[str, ...]):
    networks = []
    for entry in entries:
        try:
            networks.append(ipaddress.ip_network(entry, strict=False))
        except ValueError:
            pass  # unix socket paths and the like, as gunicorn allows
    return networks


def _parse(address: str) -> str | None:
    try:
        return str(ipaddress.ip_address(address.strip()))
    except ValueError:
        return None


def _trusted(address: str | None) -> bool:
    entries = tuple(settings.TRUSTED_PROXIES)
    if "*" in entries:
        return True
    if address is None:
        return False
    ip = ipaddress.ip_address(address)
    return any(ip in network for network in _networks(entries))


def client_address(request) -> str | None:
    """The address of the person's device.

    ``X-Real-IP`` (set by nginx), else the nearest untrusted ``X-Forwarded-For`` entry,
    counts only when the request comes from a trusted proxy (``FORWARDED_ALLOW_IPS``);
    from anyone else those headers are ignored, so nobody can choose their address.
    Behind deploy/gunicorn.conf.py, REMOTE_ADDR is already the client's: the same answer.
    """
    peer = _parse(request.META.get("REMOTE_ADDR", ""))
    if not _trusted(peer):
        return peer
    real = _parse(request.META.get("HTTP_X_REAL_IP", ""))
    if real:
        return real
    chain = [_parse(a) for a in request.META.get("HTTP_X_FORWARDED_FOR", "").split(",")]
    for address in reversed(chain):
        if address is None:
            break  # a malformed entry: what lies before it cannot be trusted
        if not _trusted(address):
            return address
    return peer


def login_username(request, credentials: dict | None) -> str | None:
    """The user name a login attempt is counted under: as typed, without case or spaces,
    so "Sam " and "sam" share one count."""
    data = credentials or (request.POST if request is not None else {})
    username = data.get("username")
    return username.strip().lower() if isinstance(username, str) else username


class LoginThrottleBackend(AxesStandaloneBackend):
    """axes' check, for logins that come with a request (the login pages, the admin's).

    ``authenticate()`` without a request (the test client's ``login``, a shell) has no
    address to count against and is left to the next backend.
    """

    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username=username, password=password, **kwargs)


@dataclass(frozen=True)
class Lockout:
    username: str
    address: str | None
    until: datetime.datetime


def lockouts(usernames=None) -> list[Lockout]:
    """The user name and address pairs locked out now, latest end first. ``usernames``: a
    list of names, or a query of lower-case names (read inside the same query)."""
    limit = settings.AXES_FAILURE_LIMIT
    now = timezone.now()
    cool_off = settings.AXES_COOLOFF_TIME
    rows = (
        AccessAttempt.objects.filter(attempt_time__gte=now - cool_off)
        .values("username", "ip_address")
        .annotate(failures=Sum("failures_since_start"), last=Max("attempt_time"))
        .filter(failures__gte=limit)
    )
    if isinstance(usernames, QuerySet):
        rows = rows.filter(username__in=usernames)
    elif usernames is not None:
        rows = rows.filter(username__in=[u.lower() for u in usernames])
    found = [Lockout(r["username"], r["ip_address"], r["last"] + cool_off) for r in rows]
    return sorted(found, key=lambda lockout: lockout.until, reverse=True)


def event_lockouts(event) -> list[Lockout]:
    """The event's scorekeepers locked out now, one line each (the latest end of their
    lockouts from any address), in one query: what the desk's overview says."""
    names = event.scorekeepers.annotate(name=Lower("username")).values("name")
    latest: dict[str, Lockout] = {}
    for lockout in lockouts(names):
        latest.setdefault(lockout.username, lockout)
    return sorted(latest.values(), key=lambda lockout: lockout.username)


def tries_left(username: str | None, address: str | None) -> int:
    """Wrong passwords this user name may still type from this address before the lockout."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    failures = (
        AccessAttempt.objects.filter(
            username=(username or "").lower(), ip_address=address, attempt_time__gte=since
        ).aggregate(n=Sum("failures_since_start"))["n"]
        or 0
    )
    return max(0, settings.AXES_FAILURE_LIMIT - failures)


def lockout_end(username: str | None, address: str | None) -> datetime.datetime | None:
    """When the lockout of this user name from this address ends (None: not locked)."""
    for lockout in lockouts([username or ""]):
        if lockout.address == address:
            return lockout.until
    return None
