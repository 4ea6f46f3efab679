"""Announcements at the desk: write a short message to the hall, remove it."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext

from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import ANNOUNCEMENT_MAX_LENGTH
from tournaments.selectors import announcements as shown
from tournaments.selectors import clock_time
from web.actions import said
from web.decorators import event_role, post_only


@event_role("organizer")
def announcements(request, event):
    """The messages shown now, and a form for a new one; a refused message is shown again
    as typed, with the reason, so nothing typed is lost."""
    text, error = "", ""
    if request.method == "POST":
        text = request.POST.get("text", "")
        try:
            posted = services.announcement_post(event=event, text=text, user=request.user)
        except RuleError as refusal:
            error = said(refusal)
        else:
            if getattr(posted, "repeated", False):
                at = clock_time(posted.at)
                messages.info(
                    request,
                    gettext(
                        "This announcement is already shown (posted at %(time)s): “%(text)s”. "
                        "It was not posted again."
                    )
                    % {"time": at, "text": posted.text},
                )
                return redirect("desk:announcements", event.slug)
            messages.success(
                request,
                gettext("Shown on the projector and the scorekeepers' pages: “%(text)s”")
                % {"text": posted.text},
            )
            return redirect("desk:announcements", event.slug)
    return render(
        request,
        "desk/announcements.html",
        {
            "event": event,
            "announcements": shown(event),
            "text": text,
            "error": error,
            "limit": ANNOUNCEMENT_MAX_LENGTH,
        },
    )


def _announcements_back(event, *args, **kwargs) -> str:
    return reverse("desk:announcements", args=[event.slug])


@event_role("organizer")
@post_only(_announcements_back)
def announcement_remove(request, event, announcement_id):
    if services.announcement_remove(event=event, announcement_id=announcement_id):
        messages.success(request, gettext("The announcement is removed from every page."))
    else:
        messages.info(request, gettext("That announcement was already removed."))
    return redirect("desk:announcements", event.slug)
