"""The desk's entrants: the list, one entrant added or changed, and a registration file
uploaded, previewed, then imported."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import capfirst
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Entrant
from tournaments.registration import FIELD_LABEL, RegistrationError, preview, read_registrations
from tournaments.selectors import entrant_seated
from tournaments.selectors.registration import UNCHANGED, import_plan, removed_words
from tournaments.text import isolate
from web import uploads
from web.actions import kept, said
from web.decorators import event_role

from .. import selectors
from ..forms import EntrantForm, EraseForm, UploadForm
from .removals import kept_key, remove_form, seated_words

# The uploads kept for a preview (web/uploads.py), and the largest file taken (deploy/
# nginx.conf lets through at least this much).
UPLOADS = "imports"
MAX_UPLOAD_BYTES = 5 * 1024 * 1024
# A change's field as the preview names it (the file's column labels).
CHANGE_LABELS = {**FIELD_LABEL, "stated_age": FIELD_LABEL["age"]}


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
        context["erase_form"] = EraseForm(auto_id="id_erase_%s")
        # Removed before play (desk/views/removals.py); once seated, withdrawn instead.
        if entrant_seated(entrant):
            context["seated_words"] = seated_words(entrant)
        else:
            # A refused removal (no reason) comes back with its reason as typed and the
            # problem beside the field.
            typed = kept(request, kept_key(entrant.pk))
            form = remove_form(typed["data"] if typed else None)
            if typed and form.is_valid() and typed.get("problem"):
                form.add_error("reason", typed["problem"])
            context["remove_form"] = form
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
    if report.marked_absent:
        text += _("; marked %(n)d absent") % {"n": report.marked_absent}
    if report.skipped_removed:
        text += ngettext(
            "; skipped %(n)d removed before play",
            "; skipped %(n)d removed before play",
            report.skipped_removed,
        ) % {"n": report.skipped_removed}
    if report.skipped_problems:
        text += ngettext(
            "; skipped %(n)d row with problems",
            "; skipped %(n)d rows with problems",
            report.skipped_problems,
        ) % {"n": report.skipped_problems}
    if skipped:
        text += ngettext(
            "; skipped %(n)d row of other events", "; skipped %(n)d rows of other events", skipped
        ) % {"n": skipped}
    return text + "."


def _value_words(value) -> str:
    if value is None or value == "":
        return "—"
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    return str(value)


def _change_words(row) -> list[tuple[str, str, str]]:
    """A changed row's changes as the preview says them: (field, old, new)."""
    return [
        (str(CHANGE_LABELS.get(c.field, c.field)), _value_words(c.old), _value_words(c.new))
        for c in row.changes
    ]


def _lines(values) -> set[int]:
    """The line numbers ticked (``accept``): whole numbers only, anything else ignored."""
    return {int(v) for v in values if v.isascii() and v.isdigit() and len(v) < 9}


def _what_it_does(plan, absent: set[str]) -> str:
    """The button's words: "Register 60, skip 2 with problems"; "" when there is nothing
    to do (then there is no button)."""
    parts = []
    if plan.new:
        parts.append(_("register %(n)d") % {"n": plan.new})
    if plan.changed:
        parts.append(_("update %(n)d") % {"n": plan.changed})
    if absent:
        parts.append(_("mark %(n)d absent") % {"n": len(absent)})
    if not parts:
        return ""
    if plan.refused:
        parts.append(
            ngettext("skip %(n)d with problems", "skip %(n)d with problems", plan.refused)
            % {"n": plan.refused}
        )
    if plan.left_out:
        parts.append(_("leave out %(n)d") % {"n": plan.left_out})
    if plan.removed:
        parts.append(
            ngettext(
                "skip %(n)d removed before play",
                "skip %(n)d removed before play",
                plan.removed,
            )
            % {"n": plan.removed}
        )
    return capfirst(", ".join(parts))


def _shown(plan, accepted: set[int], absent: set[str], again=frozenset(), leave=frozenset()) -> str:
    """What the preview showed, to tell whether the button still does the same."""
    counts = (plan.new, plan.changed, plan.unchanged, plan.refused, len(plan.missing))
    return (
        "-".join(str(n) for n in (*counts, plan.removed, plan.left_out))
        + "|"
        + ",".join([*(str(n) for n in sorted(accepted)), *sorted(absent)])
        + "|"
        + ",".join(str(n) for n in sorted(again))
        + "|"
        + ",".join(str(n) for n in sorted(leave))
    )


@event_role("organizer")
def import_preview(request, event):
    """The file read and planned (``import_plan``): every row with the division it lands
    in, what changes, every refusal and warning; the one button does what it says, in one
    transaction, and nothing is saved before it."""
    text = request.GET.get("token") or request.POST.get("token", "")
    token, path = uploads.find(UPLOADS, text, user=request.user, event=event)
    if path is None:
        messages.error(request, _("That upload is gone: upload the file again."))
        return redirect("desk:import", event.slug)
    day_first = (request.GET.get("day_first") or request.POST.get("day_first")) == "1"
    context = {"event": event, "token": token, "day_first": "1" if day_first else "0"}
    try:
        parsed = read_registrations(
            path.read_bytes(),
            event_names=[event.name, event.slug],
            day_first=day_first,
            keep_going=True,
        )
    except RegistrationError as error:
        # Refused: the file (birth dates, phones) is deleted now; a corrected one comes anew.
        uploads.forget(UPLOADS, token, user=request.user, event=event)
        context["problems"] = [(line or "file", message) for line, message in error.problems]
        return render(request, "desk/import_preview.html", context)
    accepted = _lines(request.POST.getlist("accept"))
    absent = set(request.POST.getlist("absent"))
    again = _lines(request.POST.getlist("again"))
    leave = _lines(request.POST.getlist("leave"))
    plan = import_plan(
        event=event,
        parsed=parsed,
        update=True,
        accept_lines=accepted,
        again_lines=again,
        leave_lines=leave,
    )
    absent &= plan.markable
    shown = _shown(plan, accepted, absent, again, leave)
    if request.method == "POST" and "recheck" not in request.POST:
        posted = request.POST.get("shown")
        if posted == shown or (posted is None and not plan.refused):
            choices = {"again_lines": again, "leave_lines": leave}
            return _imported(request, event, token, parsed, accepted, absent, context, choices)
        messages.warning(
            request,
            _(
                "What the button does changed since the preview was shown (your choices, or "
                "entrants changed meanwhile): check the preview below and press it again."
            ),
        )
    context.update(
        parsed=parsed,
        understanding=preview(parsed),
        plan=plan,
        accepted=accepted,
        absent=absent,
        shown=shown,
        button=_what_it_does(plan, absent),
        rows=[
            (r, _change_words(r), removed_words(r.removal) if r.removal else "")
            for r in plan.rows
            if r.action != UNCHANGED
        ],
        unchanged=[r for r in plan.rows if r.action == UNCHANGED],
    )
    return render(request, "desk/import_preview.html", context)


def _imported(request, event, token: str, parsed, accepted, absent, context, choices):
    """The previewed plan carried out (the rows with problems skipped, as the button
    said): the entrants' list; refused, the preview with the refusal. The file is
    forgotten either way."""
    try:
        report = services.entrants_import(
            event=event,
            parsed=parsed,
            update=True,
            accept_lines=accepted,
            absent_ids=absent,
            skip_problems=True,
            **choices,
        )
    except RuleError as error:
        uploads.forget(UPLOADS, token, user=request.user, event=event)
        context["problems"] = [("", line) for line in said(error).splitlines()]
        return render(request, "desk/import_preview.html", context)
    uploads.forget(UPLOADS, token, user=request.user, event=event)
    messages.success(request, _registered(report))
    return redirect("desk:entrants", event.slug)
