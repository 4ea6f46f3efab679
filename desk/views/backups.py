"""An event's backup at the desk: download it, and restore one as a new event (asked
first; a short name already taken is offered a free one)."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import backup as backups
from scoring.backup import SlugTaken, backup_read, check_backup, event_backup, event_restore
from tournaments.engine import RuleError
from tournaments.models import Event
from web import uploads
from web.actions import form_errors_to_messages, said
from web.decorators import event_role, post_only

from ..forms import RestoreForm
from .confirm import Question, ask, confirmed

# The uploads a restore keeps while it asks "are you sure?" (web/uploads.py).
RESTORES = "restores"


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


def _forget(request, token: str) -> None:
    uploads.forget(RESTORES, token, user=request.user)


def _upload(request):
    """The backup's bytes and the short name asked for: a new upload, or a file this
    organizer sent and that waits (``token``). None: said why already."""
    token = request.POST.get("token", "")
    if token:
        token, path = uploads.find(RESTORES, token, user=request.user)
        if path is None:
            messages.error(request, _("That file is no longer here: choose the backup again."))
            return None
        # The short name as sent, checked as the command's --as is (never made into another).
        return path.open("rb"), request.POST.get("slug", "") or None, token
    form = RestoreForm(request.POST, request.FILES)
    if not form.is_valid():
        form_errors_to_messages(request, form)
        return None
    return form.cleaned_data["file"], slugify(form.cleaned_data["slug"]) or None, ""


def _question(request, data: dict, raw: bytes, slug: str, token: str) -> Question:
    """The "are you sure?" of a restore: the file waits under a token until confirmed."""
    if not token:
        token = uploads.keep(RESTORES, raw, user=request.user)
    upload = request.FILES.get("file")
    filename = upload.name if upload is not None else _("the backup")
    data = data if isinstance(data, dict) else {}
    fields = data.get("event") or {}
    name, short = fields.get("name", "?"), slug or fields.get("slug", "?")
    entrants, divisions = len(data.get("entrants", [])), len(data.get("divisions", []))
    return Question(
        title=_("Restore %(name)s as a new event?") % {"name": name},
        lines=[
            _(
                "From %(file)s: %(name)s, %(entrants)s, %(divisions)s, every round, score "
                "and correction in it."
            )
            % {
                "file": filename,
                "name": name,
                "entrants": ngettext("%(n)d entrant", "%(n)d entrants", entrants) % {"n": entrants},
                "divisions": ngettext("%(n)d division", "%(n)d divisions", divisions)
                % {"n": divisions},
            },
            _("It becomes a new event with the short name “%(slug)s”, and you organize it.")
            % {"slug": short},
            _("Nothing that is already here is changed or overwritten."),
        ],
        yes=_("Yes, restore it"),
        back=reverse("home"),
        fields=[("token", token), ("slug", slug)],
    )


def _name_taken(request, data: dict, raw: bytes, token: str, taken: SlugTaken):
    """The page that offers a free short name; the file waits under a token meanwhile."""
    if not token:
        token = uploads.keep(RESTORES, raw, user=request.user)
    context = {
        "token": token,
        "slug": taken.slug,
        "suggestion": taken.suggestion,
        "name": (data.get("event") or {}).get("name", ""),
        "existing": Event.objects.filter(slug=taken.slug).first(),
    }
    return render(request, "desk/restore_name.html", context, status=409)


def _home_url(*args, **kwargs) -> str:
    return reverse("home")


@login_required
@post_only(_home_url)
def restore(request):
    if not request.user.is_staff:
        raise PermissionDenied(_("Only organizers restore events."))
    upload = _upload(request)
    if upload is None:
        return redirect("home")
    file, slug, token = upload
    with file:
        raw = file.read(backups.MAX_BACKUP_BYTES + 1)  # a larger file is refused, never read whole
    data = {}
    try:
        data = backup_read(raw)
        if not confirmed(request):
            # A file that would be refused is refused now, not after "are you sure?"; a
            # short name already taken goes first to the page that offers a free one.
            check_backup(data, slug=slug)
            return ask(request, None, _question(request, data, raw, slug or "", token))
        event = event_restore(data, slug=slug, organizer=request.user)
    except SlugTaken as taken:
        return _name_taken(request, data, raw, token, taken)
    except RuleError as error:
        _forget(request, token)  # a refused file (birth dates, phones) is not kept
        messages.error(request, said(error))
        return redirect("home")
    _forget(request, token)
    messages.success(
        request, _("%(name)s restored as %(slug)s.") % {"name": event.name, "slug": event.slug}
    )
    return redirect("desk:overview", event.slug)
