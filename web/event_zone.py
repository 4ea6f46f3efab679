"""Every page of an event speaks its clock and answers at its address now.

A page whose address names an event (``<slug:slug>``) runs in the event's time zone
(``Event.time_zone``): every time it shows, through the ``clock`` filter or
``tournaments.selectors.clock_time``, and every time typed into it, is the hall's. A page
asked for under an address the event had before its short name changed is sent to the same
page at the new address (a redirect that keeps the query; 307 for a form sent there, so
nothing typed is lost)."""

import zoneinfo

from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import timezone

from tournaments.models import Event, EventAddress


class TemporaryRedirectKeepingForm(HttpResponseRedirect):
    status_code = 307


def moved_to(request, slug: str) -> HttpResponseRedirect | None:
    """The same page at the event's new address, or None when no event had ``slug``."""
    new = EventAddress.objects.filter(slug=slug).values_list("event__slug", flat=True).first()
    match = request.resolver_match
    if new is None or match is None:
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
        if not slug:
            return None
        zone = Event.objects.filter(slug=slug).values_list("time_zone", flat=True).first()
        if zone is None:
            return moved_to(request, slug)  # None: the view says there is no such event
        try:
            timezone.activate(zoneinfo.ZoneInfo(zone))
        except (zoneinfo.ZoneInfoNotFoundError, ValueError):
            pass  # a zone the server no longer knows: its own
        return None
