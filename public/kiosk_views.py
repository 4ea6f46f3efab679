"""The check-in kiosk at the door: a tablet an organizer opens (``/e/EVENT/kiosk/open/``,
which signs the organizer out and leaves the tablet able to do this one thing), where each
player types part of their name and their birth year, or scans their slip's QR code, and
is checked in (``entrant_check_in_self``, the desk's rule: nobody once seated). Guessing
birth years is throttled as on find-my-table (``page_find``); a slip's code never is."""

from django.contrib.auth import logout
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache

from tournaments.access import client_address
from tournaments.engine import RuleError
from tournaments.models import Event
from tournaments.selectors.player_pages import division_schedule, page_opened
from tournaments.selectors.public_names import public_name
from tournaments.services.player_pages import page_find
from tournaments.services.self_checkin import entrant_check_in_self
from web.actions import said
from web.decorators import event_role
from web.languages import speak_event_language
from web.params import search_text, whole_number

from .player_views import not_answered

# The tablet's session remembers which event's kiosk it is (and nothing else).
KIOSK_EVENT = "kiosk_event"
# Seconds the welcome stays before the kiosk is ready for the next player (kiosk.js).
WELCOME_SECONDS = 12


@event_role("organizer")
def kiosk_open(request, event):
    """An organizer turns this tablet into the event's kiosk: signed out, then the kiosk."""
    if request.method != "POST":
        return render(request, "public/kiosk_open.html", {"event": event})
    logout(request)
    request.session[KIOSK_EVENT] = event.pk
    return redirect("kiosk:kiosk", event.slug)


def _found(event: Event, request) -> tuple[list, str]:
    """The players the form names (a scanned or typed code, else name and birth year)."""
    code = request.POST.get("code", "").strip()
    if code:
        opened = page_opened(event, code)
        if opened is None:
            return [], _("This code is not known here: type your name and birth year instead.")
        if opened.family:
            return [], _("This is a family link: scan your own slip, or type your name.")
        return [opened.entrant], ""
    name = search_text(request.POST.get("name", ""))
    year = whole_number(request.POST.get("year", ""), low=1900, high=2100)
    if year is None:
        return [], _("Type your birth year, as 1948.")
    result = page_find(
        event=event, name=name, year=year, address=client_address(request), at_kiosk=True
    )
    if not_answered(result):
        return [], not_answered(result)
    found = result.found
    chosen = whole_number(request.POST.get("entrant", ""))
    if chosen is not None:
        found = [e for e in found if e.pk == chosen]
    if not found:
        return [], _("Nobody of that name was born in that year: check both, or ask at the desk.")
    return found, ""


def _greeting(entrant) -> str:
    """Who the kiosk welcomes, on a screen the queue reads: their first name, unless the
    event or the player keeps names off public screens (then as the public pages say)."""
    shown = public_name(entrant)
    return entrant.first_name if shown.startswith(entrant.first_name) else shown


@never_cache
def kiosk(request, slug):
    event = get_object_or_404(Event, slug=slug)
    speak_event_language(request, event)
    if request.session.get(KIOSK_EVENT) != event.pk:
        return render(request, "public/kiosk_closed.html", {"event": event}, status=403)
    context = {"event": event, "welcome_seconds": WELCOME_SECONDS}
    if request.method != "POST":
        return render(request, "public/kiosk.html", context)
    found, problem = _found(event, request)
    if len(found) > 1:
        context.update(
            choices=found, name=request.POST.get("name", ""), year=request.POST.get("year", "")
        )
        return render(request, "public/kiosk.html", context)
    if found:
        entrant = found[0]
        already = entrant.status == entrant.Status.CHECKED_IN
        try:
            entrant = entrant_check_in_self(entrant=entrant, at_kiosk=True)
        except RuleError as error:
            problem = said(error)
        else:
            context.update(
                welcome=entrant,
                greeting=_greeting(entrant),
                already=already,
                schedule=division_schedule(entrant.division),
                division=entrant.division.bracket.name,
            )
    context["problem"] = problem
    return render(request, "public/kiosk.html", context)
