"""Every page of an event speaks its clock and answers at its address now.

A page whose address names an event (``<slug:slug>``) runs in the event's time zone
(``Event.time_zone``): every time it shows, through the ``clock`` filter or
``tournaments.selectors.clock_time``, and every time typed into it, is the hall's. The zone
is read only when a time is first shown or read, and not at all when the view has the event
already (``event_zone_known``): a page that shows no time, or the clock polled every 30
seconds, asks the database nothing more.

A page asked for under an address the event had before its short name changed (no event
has it now: the view's 404) is sent to the same page at the new address, with its query (a
307 for a form sent there, so what it holds is sent on)."""

import datetime
import zoneinfo

from django.conf import settings
from django.http import Http404, HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Event, EventAddress


def _zone(name: str | None) -> zoneinfo.ZoneInfo:
    try:
        return zoneinfo.ZoneInfo(name or settings.TIME_ZONE)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return zoneinfo.ZoneInfo(settings.TIME_ZONE)  # a zone the server no longer knows


class EventZone(datetime.tzinfo):
    """The time zone of the event a page's address names, read when first needed."""

    def __init__(self, slug: str):
        self.slug = slug
        self._zone: zoneinfo.ZoneInfo | None = None

    def know(self, name: str) -> None:
        self._zone = _zone(name)

    def zone(self) -> zoneinfo.ZoneInfo:
        if self._zone is None:
            name = Event.objects.filter(slug=self.slug).values_list("time_zone", flat=True)
            self._zone = _zone(name.first())
        return self._zone

    def utcoffset(self, dt):
        return self.zone().utcoffset(dt)

    def dst(self, dt):
        return self.zone().dst(dt)

    def tzname(self, dt):
        return self.zone().tzname(dt)

    def fromutc(self, dt):
        zone = self.zone()
        return zone.fromutc(dt.replace(tzinfo=zone))

    def __str__(self):
        return str(self.zone())

    def __repr__(self):
        return f"EventZone({self.slug!r})"


def event_zone_known(event: Event) -> None:
    """The view has the event: its page's zone needs no query of its own."""
    current = timezone.get_current_timezone()
    if isinstance(current, EventZone) and current.slug == event.slug:
        current.know(event.time_zone)


class TemporaryRedirectKeepingForm(HttpResponseRedirect):
    status_code = 307


def moved_to(request, slug: str) -> HttpResponseRedirect | None:
    """The same page at the event's new address, or None when no event had ``slug``."""
    match = request.resolver_match
    if match is None:
        return None
    new = EventAddress.objects.filter(slug=slug).values_list("event__slug", flat=True).first()
    if new is None:
        return None
    address = reverse(match.view_name, args=match.args, kwargs={**match.kwargs, "slug": new})
    query = request.META.get("QUERY_STRING", "")
    if query:
        address += "?" + query
    if request.method in ("GET", "HEAD"):
        return HttpResponseRedirect(address)
    return TemporaryRedirectKeepingForm(address)


class EventZoneMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()  # the next request starts in the server's zone

    def process_view(self, request, view, args, kwargs):
        slug = kwargs.get("slug")
        if slug:
            timezone.activate(EventZone(slug))
        return None

    def process_exception(self, request, exception):
        if not isinstance(exception, Http404):
            return None
        match = request.resolver_match
        slug = match.kwargs.get("slug") if match is not None else None
        if not slug or Event.objects.filter(slug=slug).exists():
            return None  # the event is there: the 404 is about something else
        return moved_to(request, slug)
