"""The printing desk: ask for a document, watch it being made, download it."""

from django.http import FileResponse, Http404, JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournaments.models import Division
from tournaments.selectors import brackets
from web.actions import act
from web.addresses import printed_address, printed_address_is_loopback
from web.decorators import event_role, post_only
from web.params import object_or_404, whole_number

from . import services
from .models import GeneratedDocument

WAITING = (GeneratedDocument.Status.QUEUED, GeneratedDocument.Status.RUNNING)
STOPPED = gettext_lazy("Stopped — make it again")


def _documents(event):
    return GeneratedDocument.objects.filter(event=event).select_related("division", "event")


@event_role("organizer")
def documents(request, event):
    divisions = list(brackets(event))
    # No broker call here or in the poll: a frozen Redis must not hold a web worker that
    # scorekeepers need. Rows the broker never got are sent by the sweeper (beat).
    rows = list(_documents(event)[:40])
    services.documents_mark_current(rows)
    context = {
        "event": event,
        "divisions": divisions,
        "documents": rows,
        "kinds": GeneratedDocument.Kind.choices,
        "waiting": any(r.status in WAITING and not r.is_stopped for r in rows),
        # Sheets, slips and their QR codes print this address: said here when no phone
        # can open it, before anything is printed.
        "loopback": printed_address() if printed_address_is_loopback() else "",
    }
    return render(request, "printing/documents.html", context)


def _documents_back(event, *args, **kwargs) -> str:
    return reverse("printing:documents", args=[event.slug])


@event_role("organizer")
@post_only(_documents_back)
def document_new(request, event):
    kind = request.POST.get("kind", "")
    division = None
    if request.POST.get("division"):
        division = object_or_404(Division, request.POST["division"], event=event)
    round_number = whole_number(request.POST.get("round", ""), low=1)
    return act(
        request,
        lambda: services.document_request(
            event=event,
            kind=kind,
            division=division,
            round_number=round_number,
            user=request.user,
        ),
        done=lambda document: _("%(kind)s (%(scope)s) is being made.")
        % {"kind": document.get_kind_display(), "scope": document.scope},
        to=("printing:documents", event.slug),
    )


def _document(event, uuid) -> GeneratedDocument:
    return get_object_or_404(_documents(event), uuid=uuid)


@event_role("organizer")
def document_status(request, event, uuid):
    """Small JSON for pages that poll: status, percentage, and where to download."""
    document = _document(event, uuid)
    ready = document.status == GeneratedDocument.Status.READY
    stopped = document.is_stopped
    return JsonResponse(
        {
            "status": document.status,
            "label": str(STOPPED) if stopped else document.get_status_display(),
            "stopped": stopped,
            "ready": ready,
            "percentage": document.progress,
            "error": document.error,
            "download": reverse("printing:download", args=[event.slug, document.uuid])
            if ready
            else None,
        }
    )


@event_role("organizer")
def document_download(request, event, uuid):
    document = _document(event, uuid)
    if document.status != GeneratedDocument.Status.READY or not document.file:
        raise Http404("This document is not ready.")
    try:
        handle = document.file.open("rb")
    except FileNotFoundError:
        raise Http404("The file is gone; make the document again.") from None
    return FileResponse(
        handle, as_attachment=True, filename=document.filename, content_type="application/pdf"
    )


@event_role("organizer")
@post_only(_documents_back)
def document_again(request, event, uuid):
    old = _document(event, uuid)
    return act(
        request,
        lambda: services.document_request(
            event=event,
            kind=old.kind,
            division=old.division,
            round_number=old.round_number,
            user=request.user,
        ),
        done=_("%(kind)s (%(scope)s) is being made again.")
        % {"kind": old.get_kind_display(), "scope": old.scope},
        to=("printing:documents", event.slug),
    )
