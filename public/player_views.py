"""The player's own page (``/p/EVENT/me/CODE/``): no login, its code is the key. The player's code
checks in and asks for e-mail notices; the family's code shows the same, read only (it may
ask for notices too). The page polls its live part (``…/me/CODE/live/``) with the ETag it
was given: "not modified" costs one query (``player_page_mark``).

Both addresses are secrets: no page here sends a Referer to another site, none is
indexed, none is cached.
"""

import hashlib

from django.http import Http404, HttpResponse, HttpResponseNotModified
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_POST

from scoring.selectors.player_page import player_page, player_page_mark
from tournaments.access import client_address
from tournaments.models import Event, NoticeSubscription, page_code_shown
from tournaments.selectors.player_pages import OpenedPage, notices_open, page_opened
from tournaments.selectors.public_names import public_name
from tournaments.services.player_pages import (
    PageFind,
    notice_subscribe,
    notice_unsubscribe,
    page_find,
)
from tournaments.services.privacy import entrant_public_name_set
from tournaments.services.self_checkin import entrant_check_in_self
from web.actions import act
from web.addresses import printed_address
from web.languages import speak_event_language
from web.params import search_text, whole_number

# How often an open page asks whether anything changed (static/js/player_page.js).
POLL_SECONDS = 15


def private(response: HttpResponse) -> HttpResponse:
    """A page whose address is a secret: never sent to another site as a Referer, never
    indexed. (Not "no-referrer": Chromium then sends its own forms with "Origin: null",
    which Django's CSRF check refuses.)"""
    response["Referrer-Policy"] = "same-origin"
    response["X-Robots-Tag"] = "noindex, nofollow"
    return response


def _opened(request, slug: str, code: str) -> OpenedPage:
    opened = page_opened(get_object_or_404(Event, slug=slug), code)
    if opened is None:
        raise Http404(_("This address opens no player's page."))
    speak_event_language(request, opened.entrant.event)
    return opened


def _etag(opened: OpenedPage) -> str:
    """The live part's version: what it shows, in the language it is shown in."""
    mark = f"{player_page_mark(opened.entrant.pk)}|{opened.family}|{translation.get_language()}"
    digest = hashlib.blake2b(mark.encode(), digest_size=12).hexdigest()
    return f'"{digest}"'


def _subscriptions(opened: OpenedPage):
    via = NoticeSubscription.Via.FAMILY if opened.family else NoticeSubscription.Via.PLAYER
    return NoticeSubscription.objects.filter(
        entrant=opened.entrant, via=via, unsubscribed_at__isnull=True
    ).order_by("created_at")


@never_cache
def page(request, slug, code):
    opened = _opened(request, slug, code)
    entrant = opened.entrant
    own = _own_code(opened)
    context = {
        "page": player_page(opened),
        "etag": _etag(opened),
        "code": own,
        "code_shown": page_code_shown(own),
        "family_url": printed_address() + reverse("player:page", args=[slug, entrant.family_code]),
        "subscriptions": _subscriptions(opened),
        "public_name": public_name(entrant),
        "notices_open": notices_open(entrant.event_id),
        "poll_seconds": POLL_SECONDS,
    }
    return private(render(request, "public/player.html", context))


@never_cache
def live(request, slug, code):
    """The page's live part alone; "not modified" (304) while the ETag sent still holds."""
    opened = _opened(request, slug, code)
    etag = _etag(opened)
    if request.headers.get("If-None-Match") == etag:
        response = HttpResponseNotModified()
    else:
        page = player_page(opened)
        response = render(
            request,
            "public/_player_live.html",
            {"page": page, "code": code, "event": opened.entrant.event},
        )
    response["ETag"] = etag
    return private(response)


@require_POST
def checkin(request, slug, code):
    """The player checks themselves in from their own page (never the family's)."""
    opened = _opened(request, slug, code)
    if opened.family:
        raise Http404(_("This address opens no player's page."))
    entrant = opened.entrant
    return act(
        request,
        lambda: entrant_check_in_self(entrant=entrant, at_kiosk=False),
        done=_("You are checked in. Welcome, %(name)s!") % {"name": entrant.first_name},
        to=("player:page", slug, code),
    )


@require_POST
def public_name_set(request, slug, code):
    """The player keeps themselves off the public pages (``hidden=1``: shown by initials
    there), or shows their name again, from their own page (never the family's)."""
    opened = _opened(request, slug, code)
    if opened.family:
        raise Http404(_("This address opens no player's page."))
    hidden = request.POST.get("hidden") == "1"
    return act(
        request,
        lambda: entrant_public_name_set(entrant=opened.entrant, hidden=hidden),
        done=lambda entrant: _("The public pages now show you as %(name)s.")
        % {"name": public_name(entrant)},
        to=("player:page", slug, code),
    )


@require_POST
def subscribe(request, slug, code):
    opened = _opened(request, slug, code)
    email = request.POST.get("email", "")
    return act(
        request,
        lambda: notice_subscribe(entrant=opened.entrant, email=email, family=opened.family),
        done=lambda s: _("E-mails will go to %(email)s.") % {"email": s.email},
        to=("player:page", slug, code),
    )


@require_POST
def stop_here(request, slug, code, key):
    """Stop one address's e-mails from the page that asked for them."""
    opened = _opened(request, slug, code)
    if not _subscriptions(opened).filter(key=key).exists():
        raise Http404(_("This address opens no player's page."))
    return act(
        request,
        lambda: notice_unsubscribe(key=key),
        done=_("No more e-mails will go to that address."),
        to=("player:page", slug, code),
    )


@csrf_exempt  # a mail program's one-click POST carries no token; the key is the secret
@never_cache
def unsubscribe(request, slug, key):
    """The link in every notice: a page with one button (a mail scanner's visit changes
    nothing); a mail program's one-click unsubscribe (RFC 8058) posts here directly."""
    subscription = NoticeSubscription.objects.select_related("entrant__event").filter(
        key=key, entrant__event__slug=slug
    )
    subscription = subscription.first()
    if subscription is None:
        raise Http404(_("This link stops nothing."))
    speak_event_language(request, subscription.entrant.event)
    stopped = subscription.unsubscribed_at is not None
    if request.method == "POST":
        notice_unsubscribe(key=key)
        stopped = True
    context = {"subscription": subscription, "stopped": stopped}
    return private(render(request, "public/player_unsubscribe.html", context))


def _own_code(opened: OpenedPage) -> str:
    return opened.entrant.family_code if opened.family else opened.entrant.page_code


def not_answered(result: PageFind) -> str:
    """Why a name and birth year got no answer (``page_find``), for find-my-table and the
    kiosk; "" when it was answered."""
    if result.too_broad:
        return _("Many players have that in their name: type your first and last name.")
    if result.wait:
        minutes = (result.wait + 59) // 60
        return ngettext(
            "Too many wrong birth years for that name: try again in %(n)d minute, use the "
            "code on your slip, or ask at the desk.",
            "Too many wrong birth years for that name: try again in %(n)d minutes, use the "
            "code on your slip, or ask at the desk.",
            minutes,
        ) % {"n": minutes}
    return ""


def find(request, slug):
    """Find-my-table's way to one's own page: the code from the slip, or the name and birth
    year (``page_find``: guessing years is throttled, a slip's code never is). One player
    found: their page; several (same name and year): each to choose; none: said, with what
    to do."""
    event = get_object_or_404(Event, slug=slug)
    speak_event_language(request, event)
    typed = request.GET.get("code", "")
    if typed.strip():
        opened = page_opened(event, typed)
        if opened is not None:
            return redirect("player:page", slug, _own_code(opened))
        found, problem = [], _("No page has this code: check it against your slip.")
    else:
        name = search_text(request.GET.get("name", ""))
        year = whole_number(request.GET.get("year", ""), low=1900, high=2100)
        result = page_find(event=event, name=name, year=year, address=client_address(request))
        found = result.found
        if len(found) == 1:
            return redirect("player:page", slug, found[0].page_code)
        problem = not_answered(result) or (
            ""
            if found
            else _("Nobody of that name was born in that year: check both, or ask at the desk.")
        )
    context = {"event": event, "found": found, "problem": problem}
    return private(render(request, "public/player_find.html", context))
