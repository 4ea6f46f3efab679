"""The desk's part of the players' own pages: the self check-in window, each division's
start time and place (the pages and the kiosk say them), and giving a player's page (or
its family copy) a new address when the old one went astray."""

import datetime

from django import forms
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Entrant
from tournaments.selectors import brackets, clock_time, day_clock_time
from tournaments.selectors.player_pages import checkin_window
from tournaments.services.player_pages import page_code_replace
from tournaments.services.self_checkin import checkin_window_set, division_day_set
from web.actions import act, form_errors_to_messages
from web.decorators import event_role, post_only

from .places import checkin_url, division_of

# "Open it now": for this long, unless the organizer says until when.
OPEN_NOW_HOURS = 3


class CheckinWindowForm(forms.Form):
    opens_at = forms.DateTimeField(
        label=gettext_lazy("From"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )
    closes_at = forms.DateTimeField(
        label=gettext_lazy("Until"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}),
    )


class DivisionDayForm(forms.Form):
    starts_at = forms.TimeField(
        label=gettext_lazy("Starts at"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}),
    )
    place = forms.CharField(
        label=gettext_lazy("Where"),
        required=False,
        max_length=120,
        widget=forms.TextInput(attrs={"placeholder": gettext_lazy("at the tables by the window")}),
    )


def self_checkin_context(event) -> dict:
    """What the check-in page shows of the self check-in: the window, its form, the kiosk,
    each bracket's start time and place."""
    opens, closes = event.checkin_opens_at, event.checkin_closes_at
    local = {
        "opens_at": opens and timezone.localtime(opens),
        "closes_at": closes and timezone.localtime(closes),
    }
    return {
        "window": checkin_window(event).state(timezone.now()),
        "window_form": CheckinWindowForm(
            initial={k: v.strftime("%Y-%m-%dT%H:%M") for k, v in local.items() if v}
        ),
        "open_now_hours": OPEN_NOW_HOURS,
        "days": [
            (
                d,
                DivisionDayForm(
                    initial={"starts_at": d.starts_at, "place": d.place}, prefix=f"d{d.pk}"
                ),
            )
            for d in brackets(event)
        ],
    }


def _window(request) -> tuple:
    if request.POST.get("window") == "close":
        return None, None
    if request.POST.get("window") == "now":
        now = timezone.now().replace(second=0, microsecond=0)
        return now, now + datetime.timedelta(hours=OPEN_NOW_HOURS)
    form = CheckinWindowForm(request.POST)
    if not form.is_valid():
        return False, form
    return form.cleaned_data["opens_at"], form.cleaned_data["closes_at"]


@event_role("organizer")
@post_only(checkin_url)
def checkin_window_save(request, event):
    """Open the self check-in now, between two times, or close it."""
    opens_at, closes_at = _window(request)
    if opens_at is False:
        form_errors_to_messages(request, closes_at)
        return redirect(checkin_url(event) + "#self-checkin")
    return act(
        request,
        lambda: checkin_window_set(event=event, opens_at=opens_at, closes_at=closes_at),
        done=_("Self check-in is closed: check players in here.")
        if opens_at is None
        else _("Self check-in is open from %(start)s until %(end)s.")
        % {
            "start": day_clock_time(opens_at),
            "end": clock_time(closes_at),
        },
        to=checkin_url(event) + "#self-checkin",
    )


@event_role("organizer")
@post_only(checkin_url)
def division_day(request, event, division_id):
    division = division_of(event, division_id)
    form = DivisionDayForm(request.POST, prefix=f"d{division.pk}")
    if not form.is_valid():
        form_errors_to_messages(request, form)
        return redirect(checkin_url(event) + "#self-checkin")
    return act(
        request,
        lambda: division_day_set(
            division=division,
            starts_at=form.cleaned_data["starts_at"],
            place=form.cleaned_data["place"],
        ),
        done=_("%(division)s: start time and place saved.") % {"division": division.shown_name},
        to=checkin_url(event) + "#self-checkin",
    )


def _entrant_url(event, entrant_id, *args, **kwargs) -> str:
    return reverse("desk:entrant_edit", args=[event.slug, entrant_id])


@event_role("organizer")
@post_only(_entrant_url)
def page_code_new(request, event, entrant_id):
    """A new address for the player's page (or the family's copy): the old one and the
    slip's QR code open nothing from now on."""
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event)
    family = request.POST.get("which") == "family"
    return act(
        request,
        lambda: page_code_replace(entrant=entrant, family=family),
        done=_("The family's link was replaced: the old one opens nothing.")
        if family
        else _("The player's page has a new address: the old one and the slip open nothing."),
        to=_entrant_url(event, entrant.pk),
    )
