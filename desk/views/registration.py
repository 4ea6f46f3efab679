"""The desk's registration pages: entrants, upload with preview, check-in, combining."""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Entrant
from tournaments.registration import RegistrationError, preview, read_registrations
from tournaments.selectors import (
    checkin_search,
    checkin_summary,
    mark_namesakes,
    namesakes,
    with_shown_name,
)
from tournaments.text import isolate
from web import uploads
from web.actions import act, form_errors_to_messages, keep_refused, kept, said
from web.decorators import event_role, post_only
from web.params import search_text

from .. import selectors
from ..forms import CombineForm, EntrantForm, UploadForm
from .confirm import ask, confirmed
from .kept import going_back

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
            form.add_error(None, said(error))
        else:
            messages.success(
                request,
                _("%(name)s saved (%(division)s).")
                % {"name": isolate(saved.name), "division": saved.division.name},
            )
            return redirect("desk:entrants", event.slug)
    return render(
        request, "desk/entrant_form.html", {"event": event, "form": form, "entrant": entrant}
    )


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
    return render(request, "desk/import_preview.html", context)


CHECKIN_PAGE = 100


def _names(entrants, limit: int = 40) -> str:
    """The entrants' names as pages show them (a namesake with its club or number, when
    ``mark_namesakes`` marked them), at most ``limit`` of them."""
    names = [isolate(e.shown_name) for e in entrants]
    shown = ", ".join(names[:limit])
    if len(names) <= limit:
        return shown
    return _("%(names)s and %(n)d more") % {"names": shown, "n": len(names) - limit}


def _combine_typed(request, event) -> dict:
    """What the combine form held when the organizer went back from its confirm page."""
    typed = kept(request, _combine_key(event))
    if typed is None:
        return {}
    data = typed["data"]
    return {"into": data.get("into", ""), "divisions": data.get("divisions", "").split(",")}


@event_role("organizer")
def checkin(request, event):
    query = search_text(request.GET.get("q", ""))
    lines = selectors.event_overview(event)
    choices = [
        (
            str(line.division.pk),
            ngettext("%(name)s (%(n)d checked in)", "%(name)s (%(n)d checked in)", line.checked_in)
            % {"name": line.division.name, "n": line.checked_in},
        )
        for line in lines
        if line.current is None and not line.division.walkover
    ]
    page = Paginator(checkin_search(event, query), CHECKIN_PAGE).get_page(request.GET.get("page"))
    context = {
        "event": event,
        "query": query,
        "found": page.object_list,
        "page": page,
        "summary": checkin_summary(event),
        "small": [line for line in lines if line.small],
        "lines": lines,
        "combine_form": CombineForm(initial=_combine_typed(request, event), choices=choices),
    }
    template = (
        "desk/_checkin_results.html"
        if request.htmx and request.GET.get("partial")
        else "desk/checkin.html"
    )
    return render(request, template, context)


def _checkin_back(event, *args, **kwargs) -> str:
    return reverse("desk:checkin", args=[event.slug])


@event_role("organizer")
@post_only(_checkin_back)
def checkin_everyone(request, event):
    """ "Check in everyone who is here": the players still to come, minus those ticked absent."""
    listed = [i for i in request.POST.getlist("listed") if i]
    absent = [i for i in request.POST.getlist("absent") if i in listed]
    here = [i for i in listed if i not in absent]
    back = reverse("desk:checkin", args=[event.slug])
    if not listed:
        messages.info(request, _("Nobody is still to come: everyone is checked in or absent."))
        return redirect(back)
    if not confirmed(request):
        found = {
            e.external_id: e for e in Entrant.objects.filter(event=event, external_id__in=listed)
        }
        # Two Dorothy Hills are told apart ("Dorothy Hill #H1049"), as everywhere else.
        mark_namesakes(found.values(), namesakes(event, among=list(found.values())))
        names = _names(found[i] for i in here if i in found) or _("nobody")
        lines = [
            ngettext(
                "%(n)d player checked in: %(names)s.",
                "%(n)d players checked in: %(names)s.",
                len(here),
            )
            % {"n": len(here), "names": names}
        ]
        if absent:
            lines.append(
                _("%(n)d marked absent (not seated, no place): %(names)s.")
                % {"n": len(absent), "names": _names(found[i] for i in absent if i in found)}
            )
        lines.append(
            _(
                "A player marked absent who turns up before their division is seated is "
                "checked in on this page as usual."
            )
        )
        title = ngettext("Check in %(n)d player", "Check in %(n)d players", len(here)) % {
            "n": len(here)
        }
        if absent:
            title = ngettext(
                "%(check_in)s and mark %(n)d absent?",
                "%(check_in)s and mark %(n)d absent?",
                len(absent),
            ) % {"check_in": title, "n": len(absent)}
            yes = _("Yes, check them in and mark the others absent")
        else:
            title = _("%(check_in)s?") % {"check_in": title}
            yes = _("Yes, check them in")
        return ask(
            request,
            event,
            title=title,
            lines=lines,
            yes=yes,
            back=back,
        )

    def done(report) -> str:
        count = len(report.checked_in)
        text = ngettext("Checked in %(n)d player", "Checked in %(n)d players", count) % {"n": count}
        if report.absent:
            text += _("; %(n)d marked absent") % {"n": len(report.absent)}
        if report.too_late:
            text += _("; %(n)d too late (their division is seated)") % {"n": len(report.too_late)}
        if report.arrived_meanwhile:
            text += _("; %(n)d ticked absent had been checked in meanwhile and stay checked in") % {
                "n": len(report.arrived_meanwhile)
            }
        return text + "."

    return act(
        request,
        lambda: services.entrants_check_in(event=event, absent=absent, present=here),
        done=done,
        to=back,
    )


@event_role("organizer")
@post_only(_checkin_back)
def checkin_set(request, event, entrant_id):
    entrant = with_shown_name(get_object_or_404(Entrant, pk=entrant_id, event=event))
    query = urlencode({"q": search_text(request.POST.get("q", ""))})
    back = f"{reverse('desk:checkin', args=[event.slug])}?{query}"
    status = request.POST.get("status", "")
    if (
        status == Entrant.Status.ABSENT
        and entrant.status != Entrant.Status.ABSENT
        and not confirmed(request)
    ):
        bracket = entrant.division.bracket.name
        said_names = {
            "name": isolate(entrant.shown_name),
            "first": isolate(entrant.first_name),
            "division": bracket,
        }
        return ask(
            request,
            event,
            title=_("Mark %(name)s absent?") % said_names,
            lines=[
                _("%(name)s is not seated in %(division)s and gets no place.") % said_names,
                _(
                    "If %(first)s arrives before %(division)s is seated, check them in "
                    "on this page as usual."
                )
                % said_names,
            ],
            yes=_("Yes, mark %(name)s absent") % said_names,
            back=back,
        )
    return act(
        request,
        lambda: services.entrant_set_status(entrant=entrant, status=status),
        done=lambda saved: _("%(name)s: %(status)s.")
        % {"name": isolate(entrant.shown_name), "status": saved.get_status_display().lower()},
        to=back,
    )


@event_role("organizer")
@post_only(_checkin_back)
def combine(request, event):
    if going_back(request):
        return _back_to_combining(request, event)
    lines = selectors.event_overview(event)
    form = CombineForm(
        request.POST, choices=[(str(line.division.pk), line.division.name) for line in lines]
    )
    if not form.is_valid():
        form_errors_to_messages(request, form)
        return redirect("desk:checkin", event.slug)
    chosen = [
        next(line for line in lines if str(line.division.pk) == pk)
        for pk in form.cleaned_data["divisions"]
    ]
    names = [line.division.name for line in chosen]
    into = form.cleaned_data["into"].strip()
    # A lone player who must play is combined with medals by age group (the offer on the
    # division page posts medals=age-group).
    by_age_group = request.POST.get("medals") == "age-group"
    if not confirmed(request):
        if by_age_group:
            medals = _(
                "Medals will go to each age group, in finishing order, in %(into)s: the lone "
                "player plays for a medal of their own age group (the event's medal policy "
                "stays as it is for any other combined division)."
            ) % {"into": into}
        elif event.medal_policy == event.MedalPolicy.COMBINED:
            medals = _("Medals go to the combined division as a whole.")
        else:
            medals = _("Medals still go to each age group, in finishing order.")
        players = sum(line.checked_in for line in chosen)
        divisions = ", ".join(
            ngettext("%(name)s (%(n)d checked in)", "%(name)s (%(n)d checked in)", line.checked_in)
            % {"name": line.division.name, "n": line.checked_in}
            for line in chosen
        )
        return ask(
            request,
            event,
            title=_("Combine %(names)s into %(into)s?") % {"names": ", ".join(names), "into": into},
            lines=[
                ngettext(
                    "%(divisions)s play as one division, %(into)s, with %(n)d player.",
                    "%(divisions)s play as one division, %(into)s, with %(n)d players.",
                    players,
                )
                % {"divisions": divisions, "into": into, "n": players},
                medals,
                _("You can split %(into)s again until its first round is seated.") % {"into": into},
            ],
            yes=_("Yes, combine them into %(into)s") % {"into": into},
            back=reverse("desk:checkin", args=[event.slug]) + "#combine",
            change=_("No, go back"),
        )
    return act(
        request,
        lambda: services.divisions_combine(
            event=event,
            into=form.cleaned_data["into"],
            names=names,
            medals_by_age_group=by_age_group,
        ),
        done=lambda target: _("%(names)s play as %(into)s.")
        % {"names": ", ".join(names), "into": target.name},
        to=_after_combining(event, into, by_age_group),
    )


def _combine_key(event) -> str:
    return f"combine:{event.pk}"


def _back_to_combining(request, event):
    """The confirm page's "No, go back": the check-in page's combine form as it was filled
    in (the name typed, the divisions ticked), or the division page the lone player's
    offer was on (nothing typed there)."""
    if request.POST.get("medals") == "age-group":
        ids = [i for i in request.POST.getlist("divisions") if i.isascii() and i.isdigit()]
        origin = event.divisions.filter(pk=ids[0]).first() if ids else None
        if origin is not None:
            return redirect("desk:division", event.slug, origin.pk)
    typed = {
        "into": request.POST.get("into", ""),
        "divisions": ",".join(request.POST.getlist("divisions")),
    }
    keep_refused(request, _combine_key(event), typed)
    return redirect(reverse("desk:checkin", args=[event.slug]) + "#combine")


def _after_combining(event, into: str, from_division_page: bool):
    """Back where the combining started: the check-in page, or (the offer for a lone player
    on a division page) the division the lone player now plays in, ready to seat."""
    target = event.divisions.filter(name__iexact=into).first() if from_division_page else None
    if target is None:
        return ("desk:checkin", event.slug)
    return ("desk:division", event.slug, target.pk)


@event_role("organizer")
@post_only(_checkin_back)
def checkin_accessible(request, event, entrant_id):
    """The desk's toggle: this player needs an accessible table (or no longer)."""
    entrant = with_shown_name(get_object_or_404(Entrant, pk=entrant_id, event=event))
    query = urlencode({"q": search_text(request.POST.get("q", ""))})
    back = f"{reverse('desk:checkin', args=[event.slug])}?{query}"
    needs = request.POST.get("accessible") == "yes"
    return act(
        request,
        lambda: services.entrants_mark_accessible(
            event=event, ids=[entrant.external_id], accessible=needs
        ),
        done=(
            _("%(name)s needs an accessible table: seated at one from the next seating on.")
            % {"name": isolate(entrant.shown_name)}
            if needs
            else _("%(name)s: no accessible table needed.") % {"name": isolate(entrant.shown_name)}
        ),
        to=back,
    )
