"""The desk's registration pages: entrants, upload with preview, check-in, combining."""

import uuid
from pathlib import Path
from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.http import require_POST

from tournaments import services
from tournaments.decorators import event_role
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant
from tournaments.params import search_text, upload_token
from tournaments.registration import RegistrationError, preview, read_registrations
from tournaments.selectors import checkin_search
from tournaments.web import act, form_errors_to_messages

from .. import selectors
from ..forms import CombineForm, EntrantForm, UploadForm

UPLOADS = "imports"
MAX_UPLOAD_BYTES = 5 * 1024 * 1024


@event_role("organizer")
def entrants(request, event):
    rows = (
        Entrant.objects.filter(event=event)
        .select_related("division")
        .order_by("last_name", "first_name")
    )
    return render(request, "desk/entrants.html", {"event": event, "entrants": rows})


@event_role("organizer")
def entrant_edit(request, event, entrant_id=None):
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event) if entrant_id else None
    initial = {"division_name": entrant.division.name} if entrant else {}
    form = EntrantForm(request.POST or None, instance=entrant, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        division_name = data.pop("division_name", "") or ""
        try:
            saved = services.entrant_save(
                event=event,
                entrant=Entrant.objects.get(pk=entrant.pk) if entrant else None,
                division_name=division_name,
                **data,
            )
        except RuleError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{saved.name} saved ({saved.division.name}).")
            return redirect("desk:entrants", event.slug)
    return render(
        request, "desk/entrant_form.html", {"event": event, "form": form, "entrant": entrant}
    )


def _upload_path(token: str) -> Path:
    return Path(settings.MEDIA_ROOT) / UPLOADS / f"{token}.csv"


@event_role("organizer")
def import_upload(request, event):
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            form.add_error("file", "The file is larger than 5 MB: is it really an entrants list?")
        else:
            token = uuid.uuid4().hex
            path = _upload_path(token)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(upload.read())
            day_first = "1" if form.cleaned_data["day_first"] else "0"
            return redirect(f"{request.path}preview/?token={token}&day_first={day_first}")
    return render(request, "desk/import_upload.html", {"event": event, "form": form})


@event_role("organizer")
def import_preview(request, event):
    token = upload_token(request.GET.get("token") or request.POST.get("token", ""))
    if token is None:
        raise Http404("No such upload.")
    path = _upload_path(token)
    if not path.exists():
        messages.error(request, "That upload is gone: upload the file again.")
        return redirect("desk:import", event.slug)
    day_first = (request.GET.get("day_first") or request.POST.get("day_first")) == "1"
    context = {"event": event, "token": token, "day_first": "1" if day_first else "0"}
    try:
        parsed = read_registrations(
            path.read_bytes(), event_names=[event.name, event.slug], day_first=day_first
        )
    except RegistrationError as error:
        context["problems"] = [(line or "file", message) for line, message in error.problems]
        return render(request, "desk/import_preview.html", context)
    context.update(parsed=parsed, understanding=preview(parsed), rows=parsed.rows[:500])
    if request.method == "POST":
        update = request.POST.get("update") == "1"
        try:
            report = services.entrants_import(event=event, parsed=parsed, update=update)
        except RuleError as error:
            context["problems"] = [("", line) for line in str(error).splitlines()]
            return render(request, "desk/import_preview.html", context)
        path.unlink(missing_ok=True)
        messages.success(
            request,
            f"Registered {report.created} entrant(s), updated "
            f"{report.updated}; skipped {sum(report.skipped_other_events.values())} "
            "row(s) of other events.",
        )
        return redirect("desk:entrants", event.slug)
    return render(request, "desk/import_preview.html", context)


@event_role("organizer")
def checkin(request, event):
    query = search_text(request.GET.get("q", ""))
    lines = selectors.event_overview(event)
    choices = [
        (str(line.division.pk), f"{line.division.name} ({line.checked_in} checked in)")
        for line in lines
        if line.current is None
    ]
    context = {
        "event": event,
        "query": query,
        "found": checkin_search(event, query),
        "small": [line for line in lines if line.small],
        "combine_form": CombineForm(choices=choices),
    }
    template = (
        "desk/_checkin_results.html"
        if request.htmx and request.GET.get("partial")
        else "desk/checkin.html"
    )
    return render(request, template, context)


@require_POST
@event_role("organizer")
def checkin_set(request, event, entrant_id):
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event)
    query = urlencode({"q": search_text(request.POST.get("q", ""))})
    return act(
        request,
        lambda: services.entrant_set_status(entrant=entrant, status=request.POST.get("status", "")),
        done=lambda saved: f"{saved.name}: {saved.get_status_display().lower()}.",
        to=f"{reverse('desk:checkin', args=[event.slug])}?{query}",
    )


@require_POST
@event_role("organizer")
def combine(request, event):
    lines = selectors.event_overview(event)
    form = CombineForm(
        request.POST, choices=[(str(line.division.pk), line.division.name) for line in lines]
    )
    if not form.is_valid():
        form_errors_to_messages(request, form)
        return redirect("desk:checkin", event.slug)
    names = [Division.objects.get(pk=pk, event=event).name for pk in form.cleaned_data["divisions"]]
    return act(
        request,
        lambda: services.divisions_combine(
            event=event, into=form.cleaned_data["into"], names=names
        ),
        done=lambda target: f"{', '.join(names)} play as {target.name}.",
        to=("desk:checkin", event.slug),
    )
