"""The desk's event pages: a new event, the overview, archiving and deleting an event."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _

from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from tournaments import services
from tournaments.engine import RuleError
from tournaments.selectors import field_grouping
from web.actions import act, said
from web.decorators import event_role, post_only

from .. import selectors
from ..forms import EventCreateForm, EventDeleteForm


@login_required
def event_new(request):
    if not request.user.is_staff:
        raise PermissionDenied(_("Only organizers create events."))
    form = EventCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create_by(user=request.user, **form.cleaned_data)
        except RuleError as error:
            form.add_error(None, said(error))
        else:
            messages.success(
                request, _("%(name)s created. Next: its settings.") % {"name": event.name}
            )
            return redirect("desk:settings", event.slug)
    return render(request, "desk/event_new.html", {"form": form})


@event_role("organizer")
def overview(request, event):
    page = selectors.desk_overview(event)
    return render(
        request,
        "desk/overview.html",
        {
            "event": event,
            "lines": page.lines,
            "small": page.small,
            "pending": page.pending,
            "unplaced": page.unplaced,
            "late": page.late,
            "quiet": page.quiet,
            "announcements": page.announcements,
            "unstarted": page.unstarted,
            "lockouts": page.lockouts,
            # The divisions-by-size rule before seating: what it makes of the field now.
            "grouping": field_grouping(event),
        },
    )


@event_role("organizer")
def delete(request, event):
    form = EventDeleteForm(request.POST or None, name=event.name)
    if request.method == "POST" and form.is_valid():
        try:
            name = scoring_services.event_delete(
                event=event, typed_name=form.cleaned_data["typed_name"]
            )
        except RuleError as error:
            form.add_error("typed_name", said(error))
        else:
            messages.success(request, _("%(name)s was deleted.") % {"name": name})
            return redirect("home")
    return render(
        request,
        "desk/delete.html",
        {"event": event, "form": form, "contents": scoring_selectors.event_contents(event)},
    )


def _backup_url(event, *args, **kwargs) -> str:
    return reverse("desk:backup", args=[event.slug])


@event_role("organizer")
@post_only(_backup_url)
def archive(request, event):
    archived = request.POST.get("archived") == "1"
    return act(
        request,
        lambda: services.event_archive(event=event, archived=archived),
        done=(
            _("%(name)s is archived: it no longer shows in the scorekeepers' and public lists.")
            % {"name": event.name}
            if archived
            else _("%(name)s is back in the scorekeepers' and public lists.") % {"name": event.name}
        ),
        to=("desk:backup", event.slug),
    )
