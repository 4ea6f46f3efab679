"""The desk's entrants: the list, one entrant added or changed, and a registration file
uploaded, previewed, then imported."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Entrant
from tournaments.registration import RegistrationError, preview, read_registrations
from tournaments.selectors import entrant_seated
from tournaments.text import isolate
from web import uploads
from web.actions import said
from web.decorators import event_role

from .. import selectors
from ..forms import EntrantForm, EraseForm, RemoveForm, UploadForm
from .removals import seated_words

# The uploads kept for a preview (web/uploads.py), and the largest file taken (deploy/
# nginx.conf lets through at least this much).
UPLOADS = "imports"
MAX_UPLOAD_BYTES = 5 * 1024 * 1024


@event_role("organizer")
def entrants(request, event):
    return render(
        request,
        "desk/entrants.html",
        {
            "event": event,
            "entrants": selectors.entrants_listed(event),
            "removals": event.removals.order_by("-at", "-pk"),
        },
    )


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
            form.add_error(None, said(error))
        else:
            messages.success(
                request,
                _("%(name)s saved (%(division)s).")
                % {"name": isolate(saved.name), "division": saved.division.name},
            )
            return redirect("desk:entrants", event.slug)
    context = {"event": event, "form": form, "entrant": entrant}
    if entrant is not None:
        context["privacy"] = selectors.entrant_privacy(entrant)
        context["erase_form"] = EraseForm()
        # Removed before play (desk/views/removals.py); once seated, withdrawn instead.
        if entrant_seated(entrant):
            context["seated_words"] = seated_words(entrant)
        else:
            context["remove_form"] = RemoveForm()
    return render(request, "desk/entrant_form.html", context)


@event_role("organizer")
def import_upload(request, event):
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            form.add_error(
                "file", _("The file is larger than 5 MB: is it really an entrants list?")
            )
        else:
            # Kept for this organizer and this event only, until imported, refused or
            # abandoned (web/uploads.py).
            token = uploads.keep(UPLOADS, upload.read(), user=request.user, event=event)
            day_first = "1" if form.cleaned_data["day_first"] else "0"
            return redirect(f"{request.path}preview/?token={token}&day_first={day_first}")
    return render(request, "desk/import_upload.html", {"event": event, "form": form})


def _registered(report) -> str:
    """ "Registered 46 entrants; updated 2; skipped 3 rows of other events." """
    skipped = sum(report.skipped_other_events.values())
    text = ngettext("Registered %(n)d entrant", "Registered %(n)d entrants", report.created)
    text %= {"n": report.created}
    if report.updated:
        text += _("; updated %(n)d") % {"n": report.updated}
    if skipped:
        text += ngettext(
            "; skipped %(n)d row of other events", "; skipped %(n)d rows of other events", skipped
        ) % {"n": skipped}
    return text + "."


def _imported(request, event, token: str, parsed, context: dict):
    """The entrants of a previewed file registered: the entrants' list; refused, the
    preview with the refusal. The file is forgotten either way."""
    update = request.POST.get("update") == "1"
    try:
        report = services.entrants_import(event=event, parsed=parsed, update=update)
    except RuleError as error:
        uploads.forget(UPLOADS, token, user=request.user, event=event)
        context["problems"] = [("", line) for line in said(error).splitlines()]
        return render(request, "desk/import_preview.html", context)
    uploads.forget(UPLOADS, token, user=request.user, event=event)
    messages.success(request, _registered(report))
    return redirect("desk:entrants", event.slug)


@event_role("organizer")
def import_preview(request, event):
    text = request.GET.get("token") or request.POST.get("token", "")
    token, path = uploads.find(UPLOADS, text, user=request.user, event=event)
    if path is None:
        messages.error(request, _("That upload is gone: upload the file again."))
        return redirect("desk:import", event.slug)
    day_first = (request.GET.get("day_first") or request.POST.get("day_first")) == "1"
    context = {"event": event, "token": token, "day_first": "1" if day_first else "0"}
    try:
        parsed = read_registrations(
            path.read_bytes(), event_names=[event.name, event.slug], day_first=day_first
        )
    except RegistrationError as error:
        # Refused: the file (birth dates, phones) is deleted now; a corrected one comes anew.
        uploads.forget(UPLOADS, token, user=request.user, event=event)
        context["problems"] = [(line or "file", message) for line, message in error.problems]
        return render(request, "desk/import_preview.html", context)
    context.update(parsed=parsed, understanding=preview(parsed), rows=parsed.rows[:500])
    if request.method == "POST":
        return _imported(request, event, token, parsed, context)
    return render(request, "desk/import_preview.html", context)
