"""The desk's event pages: a new event, the overview, settings and scorekeepers, backup."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from scoring.backup import event_backup, event_restore
from scoring.selectors import corrections_pending
from tournaments import access, services
from tournaments.decorators import event_role
from tournaments.engine import RuleError
from tournaments.models import Entrant, Event
from tournaments.web import act, form_errors_to_messages

from .. import selectors
from ..forms import EventCreateForm, EventSettingsForm, RestoreForm, ScorekeeperForm


@login_required
def event_new(request):
    if not request.user.is_staff:
        raise PermissionDenied("Only organizers create events.")
    form = EventCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create_by(user=request.user, **form.cleaned_data)
        except RuleError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{event.name} created. Next: its settings.")
            return redirect("desk:settings", event.slug)
    return render(request, "desk/event_new.html", {"form": form})


@event_role("organizer")
def overview(request, event):
    lines = selectors.event_overview(event)
    waits = selectors.division_waits(event)
    for line in lines:
        line.waits = waits.get(line.division.pk, [])
    small = [line for line in lines if line.small]
    pending = list(corrections_pending(event).values())
    return render(
        request,
        "desk/overview.html",
        {
            "event": event,
            "lines": lines,
            "small": small,
            "pending": pending,
            "unplaced": not Entrant.objects.filter(event=event).exists(),
        },
    )


@event_role("organizer")
def settings_page(request, event):
    form = EventSettingsForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        try:
            services.event_configure(event=event, **form.cleaned_data)
        except RuleError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "Settings saved.")
            return redirect("desk:overview", event.slug)
    scorekeepers = list(event.scorekeepers.order_by("username"))
    locked = {}
    for lockout in access.lockouts([user.username for user in scorekeepers]):
        locked.setdefault(lockout.username, lockout.until)
    for user in scorekeepers:
        user.locked_until = locked.get(user.username.lower())
    return render(
        request,
        "desk/settings.html",
        {
            "event": event,
            "form": form,
            "scorekeepers": scorekeepers,
            "scorekeeper_form": ScorekeeperForm(),
        },
    )


def _scorekeeper_added(event, result) -> str:
    user, password = result
    if password:
        return (
            f"Account {user.username} created with password "
            f"{password} — write it down now, it is shown once."
        )
    return f"{user.username} now keeps scores for {event.name}."


@require_POST
@event_role("organizer")
def scorekeeper_add(request, event):
    form = ScorekeeperForm(request.POST)
    if not form.is_valid():
        form_errors_to_messages(request, form)
        return redirect("desk:settings", event.slug)
    return act(
        request,
        lambda: services.scorekeeper_add(event=event, username=form.cleaned_data["username"]),
        done=lambda result: _scorekeeper_added(event, result),
        to=("desk:settings", event.slug),
    )


@require_POST
@event_role("organizer")
def scorekeeper_remove(request, event, user_id):
    user = get_object_or_404(event.scorekeepers, pk=user_id)
    return act(
        request,
        lambda: services.scorekeeper_remove(event=event, user=user),
        done=f"{user.username} no longer keeps scores for {event.name}.",
        to=("desk:settings", event.slug),
    )


@require_POST
@event_role("organizer")
def scorekeeper_unlock(request, event, user_id):
    user = get_object_or_404(event.scorekeepers, pk=user_id)
    return act(
        request,
        lambda: services.scorekeeper_unlock(event=event, user=user),
        done=lambda cleared: (
            f"{user.username} can sign in again now."
            if cleared
            else f"{user.username} was not locked out: they can sign in."
        ),
        to=("desk:settings", event.slug),
    )


@require_POST
@event_role("organizer")
def scorekeeper_password(request, event, user_id):
    user = get_object_or_404(event.scorekeepers, pk=user_id)
    return act(
        request,
        lambda: services.scorekeeper_password_reset(event=event, user=user),
        done=lambda password: (
            f"{user.username}'s new password is {password} — write it down now and give it "
            f"to {user.username}, it is shown once. The old password no longer works."
        ),
        to=("desk:settings", event.slug),
    )


@event_role("organizer")
def backup(request, event):
    if request.GET.get("download"):
        response = HttpResponse(
            json.dumps(event_backup(event), ensure_ascii=False, indent=1),
            content_type="application/json; charset=utf-8",
        )
        response["Content-Disposition"] = f'attachment; filename="{event.slug}-backup.json"'
        return response
    return render(request, "desk/backup.html", {"event": event, "form": RestoreForm()})


@require_POST
@login_required
def restore(request):
    if not request.user.is_staff:
        raise PermissionDenied("Only organizers restore events.")
    form = RestoreForm(request.POST, request.FILES)
    if not form.is_valid():
        form_errors_to_messages(request, form)
        return redirect("home")
    try:
        data = json.loads(form.cleaned_data["file"].read().decode("utf-8"))
        event = event_restore(
            data, slug=slugify(form.cleaned_data["slug"]) or None, organizer=request.user
        )
    except (ValueError, UnicodeDecodeError):
        messages.error(request, "That file is not a backup made by this program.")
        return redirect("home")
    except RuleError as error:
        messages.error(request, str(error))
        return redirect("home")
    messages.success(request, f"{event.name} restored as {event.slug}.")
    return redirect("desk:overview", event.slug)
