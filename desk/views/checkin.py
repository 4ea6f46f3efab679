"""The desk's check-in page: search, check players in one by one or everyone here at once
(asked first), mark one absent (asked first), mark who needs an accessible table."""

from urllib.parse import urlencode

from django.contrib import messages
from django.core.paginator import Paginator
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from tournaments.models import Entrant
from tournaments.selectors import checkin_search, checkin_summary, with_shown_name
from tournaments.text import isolate
from web.actions import act
from web.decorators import event_role, post_only
from web.params import search_text

from .. import selectors
from ..forms import CombineForm
from .combining import combine_typed
from .confirm import Question, asked_round, confirm_then_act, round_unnamed
from .places import checkin_url
from .player_pages import self_checkin_context

# Players shown on one page of the check-in list.
CHECKIN_PAGE = 100


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
        "combine_form": CombineForm(initial=combine_typed(request, event), choices=choices),
        **self_checkin_context(event),
    }
    partial = request.htmx and request.GET.get("partial")
    template = "desk/_checkin_results.html" if partial else "desk/checkin.html"
    return render(request, template, context)


def _names(entrants, limit: int = 40) -> str:
    """The entrants' names as pages show them (a namesake with its club or number), at
    most ``limit`` of them."""
    names = [isolate(e.shown_name) for e in entrants]
    shown = ", ".join(names[:limit])
    if len(names) <= limit:
        return shown
    return _("%(names)s and %(n)d more") % {"names": shown, "n": len(names) - limit}


def _everyone_question(event, listed: list[str], here: list[str], absent: list[str]) -> Question:
    found = selectors.entrants_named(event, listed)
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
    return Question(title=title, lines=lines, yes=yes, back=checkin_url(event))


def _checked_in(report) -> str:
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


@event_role("organizer")
@post_only(checkin_url)
def checkin_everyone(request, event):
    """ "Check in everyone who is here": the players still to come, minus those ticked absent."""
    listed = [i for i in request.POST.getlist("listed") if i]
    absent = [i for i in request.POST.getlist("absent") if i in listed]
    here = [i for i in listed if i not in absent]
    if not listed:
        messages.info(request, _("Nobody is still to come: everyone is checked in or absent."))
        return redirect(checkin_url(event))
    return confirm_then_act(
        request,
        event,
        question=lambda: _everyone_question(event, listed, here, absent),
        action=lambda: services.entrants_check_in(event=event, absent=absent, present=here),
        done=_checked_in,
        to=checkin_url(event),
    )


def _absent_question(entrant, back: str) -> Question:
    """Marking a player absent, asked (any other status is set without asking)."""
    bracket = entrant.division.bracket.name
    values = {
        "name": isolate(entrant.shown_name),
        "first": isolate(entrant.first_name),
        "division": bracket,
    }
    return Question(
        title=_("Mark %(name)s absent?") % values,
        lines=[
            _("%(name)s is not seated in %(division)s and gets no place.") % values,
            _(
                "If %(first)s arrives before %(division)s is seated, check them in "
                "on this page as usual."
            )
            % values,
        ],
        yes=_("Yes, mark %(name)s absent") % values,
        back=back,
    )


def _search_back(request, event) -> str:
    """The check-in page, with the search the action was sent from."""
    query = urlencode({"q": search_text(request.POST.get("q", ""))})
    return f"{checkin_url(event)}?{query}"


@event_role("organizer")
@post_only(checkin_url)
def checkin_set(request, event, entrant_id):
    entrant = with_shown_name(get_object_or_404(Entrant, pk=entrant_id, event=event))
    back = _search_back(request, event)
    status = request.POST.get("status", "")
    absent = status == Entrant.Status.ABSENT and entrant.status != Entrant.Status.ABSENT
    return confirm_then_act(
        request,
        event,
        question=lambda: _absent_question(entrant, back) if absent else None,
        action=lambda: services.entrant_set_status(entrant=entrant, status=status),
        done=lambda saved: _("%(name)s: %(status)s.")
        % {"name": isolate(entrant.shown_name), "status": saved.get_status_display().lower()},
        to=back,
    )


@event_role("organizer")
@post_only(checkin_url)
def checkin_accessible(request, event, entrant_id):
    """The desk's toggle: this player needs an accessible table (or no longer)."""
    entrant = with_shown_name(get_object_or_404(Entrant, pk=entrant_id, event=event))
    needs = request.POST.get("accessible") == "yes"
    name = {"name": isolate(entrant.shown_name)}
    return act(
        request,
        lambda: services.entrants_mark_accessible(
            event=event, ids=[entrant.external_id], accessible=needs
        ),
        done=(
            _("%(name)s needs an accessible table: seated at one from the next seating on.") % name
            if needs
            else _("%(name)s: no accessible table needed.") % name
        ),
        to=_search_back(request, event),
    )


def _tables(numbers) -> str:
    return ", ".join(str(n) for n in numbers)


def _add_question(event, entrant, expected: int, back: str) -> Question | None:
    """Adding a late arrival to round 1's seating, asked: the tables that change (None
    when there is nothing to seat again: the click then says what it did)."""
    preview = services.late_arrivals_preview(
        event=event, ids=[entrant.external_id], expected_round=expected
    )
    if not preview.seated:
        return None
    done = preview.seated[0]
    values = {
        "name": isolate(entrant.shown_name),
        "division": done.division.name,
        "players": done.players,
        "tables": len(done.after["tables"]),
    }
    lines = [
        ngettext(
            "%(name)s is checked in and round 1 of %(division)s is seated again with them: "
            "%(players)d players at %(tables)d table.",
            "%(name)s is checked in and round 1 of %(division)s is seated again with them: "
            "%(players)d players at %(tables)d tables.",
            values["tables"],
        )
        % values,
        _(
            "Tables that change: %(tables)s. Their players move: print those score sheets and "
            "the table list again (the printing page marks the old ones out of date)."
        )
        % {"tables": _tables(done.tables_changed)},
    ]
    if done.tables_kept:
        lines.append(
            _("Tables that stay as they are: %(tables)s.") % {"tables": _tables(done.tables_kept)}
        )
    if done.clock_stopped:
        lines.append(
            _("Its round clock stops: start it again once everyone is seated at the new " "tables.")
        )
    lines.append(_("It is kept in the division's record with your name and the time."))
    return Question(
        title=_("Add %(name)s to the seating of %(division)s?") % values,
        lines=lines,
        yes=_("Yes, add %(name)s and seat round 1 again") % values,
        back=back,
    )


def _added(entrant, report) -> str:
    name = {"name": isolate(entrant.shown_name)}
    if report.seated:
        done = report.seated[0]
        return _(
            "%(name)s is checked in and seated in round 1 of %(division)s: print the score "
            "sheets of tables %(tables)s and the table list again."
        ) % {**name, "division": done.division.name, "tables": _tables(done.tables_changed)}
    if report.already:
        return _("%(name)s is already seated.") % name
    return _("%(name)s: checked in.") % name


@event_role("organizer")
@post_only(checkin_url)
def checkin_add_to_seating(request, event, entrant_id):
    """A late arrival whose division's round 1 is seated and not yet played: checked in and
    seated, round 1 seated again with them (asked first, naming the tables that change)."""
    entrant = with_shown_name(get_object_or_404(Entrant, pk=entrant_id, event=event))
    back = _search_back(request, event)
    expected = asked_round(request)
    if expected is None:
        return round_unnamed(request, back)
    return confirm_then_act(
        request,
        event,
        question=lambda: _add_question(event, entrant, expected, back),
        action=lambda: services.late_arrivals_seat(
            event=event, ids=[entrant.external_id], user=request.user, expected_round=expected
        ),
        done=lambda report: _added(entrant, report),
        to=back,
    )
