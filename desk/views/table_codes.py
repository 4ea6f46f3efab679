"""Table codes at the desk: a round's tables with the code each one's players use, what the
players entered and confirmed, and "New code" for a table (the old code stops working at
once), asked first like the desk's other actions."""

from django.contrib import messages
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.translation import gettext as _

from tournaments import services
from tournaments.models import Round, Table
from tournaments.selectors import table_code_guessing, table_code_live
from web.decorators import event_role, post_only
from web.params import whole_number

from .. import selectors
from .confirm import Question, confirm_then_act
from .places import division_of


def _page(event, division, round_number=None) -> str:
    url = reverse("desk:codes", args=[event.slug, division.pk])
    return f"{url}?round={round_number}" if round_number else url


def _time(moment) -> str:
    return formats.time_format(timezone.localtime(moment), "TIME_FORMAT")


@event_role("organizer")
def division_codes(request, event, division_id):
    division = division_of(event, division_id)
    if division.combined_into_id:
        return redirect("desk:codes", event.slug, division.combined_into_id)
    number = whole_number(request.GET.get("round", ""), low=1)
    codes = selectors.round_codes(division, number, entries=selectors.players_entries)
    return render(
        request,
        "desk/table_codes.html",
        {
            "event": event,
            "division": division.bracket,
            "codes": codes,
            "guessing": table_code_guessing(),
        },
    )


def _codes_back(event, division_id, *args, **kwargs) -> str:
    return reverse("desk:codes", args=[event.slug, division_id])


def _new_code_question(table, where: str, live, reason: str, back: str) -> Question:
    lines = [
        _(
            "The code %(code)s stops working at once: a phone or tablet open on it is turned "
            "away, and the sheet's QR code opens nothing any more."
        )
        % {"code": live.code},
        _(
            "The table gets a new code: print its score sheet again (or write the new code "
            "on it) and tell the players."
        ),
        _("Scores already entered stay as they are."),
    ]
    if reason:
        lines.append(_("Reason: %(reason)s") % {"reason": reason})
    lines.append(_("It is kept in the record with your name and the time."))
    return Question(
        title=_("A new code for %(where)s?") % {"where": where},
        lines=lines,
        yes=_("Yes, give table %(table)d a new code") % {"table": table.number},
        back=back,
    )


def _new_code_given(where: str, code, started) -> str:
    if code.issued_at < started:  # someone (or this page, sent twice) was first
        return _already(where, code)
    return _(
        "New code for %(where)s: %(code)s. The old one opens nothing any more; "
        "print the table's score sheet again."
    ) % {"where": where, "code": code.code}


@event_role("organizer")
@post_only(_codes_back)
def table_code_new(request, event, division_id, table_id):
    division = division_of(event, division_id).bracket
    table = get_object_or_404(
        Table.objects.select_related("round"), pk=table_id, round__division=division
    )
    back = _page(event, division, table.round.number)
    seen = request.POST.get("code", "").strip().upper()
    reason = request.POST.get("reason", "").strip()[:500]
    live = table_code_live(table)
    where = _("table %(table)d (%(division)s, round %(round)d)") % {
        "table": table.number,
        "division": division.name,
        "round": table.round.number,
    }
    if live is not None and seen and live.code != seen:
        # Sent again (Back, then the button; a second tap): the new code was already given.
        messages.success(request, _already(where, live))
        return redirect(back)
    # Asked only when it can be done; otherwise the service says why not.
    can = (
        live is not None
        and table.round.status != Round.Status.CLOSED
        and event.players_enter_scores
    )
    started = timezone.now()
    return confirm_then_act(
        request,
        event,
        question=lambda: _new_code_question(table, where, live, reason, back) if can else None,
        action=lambda: services.table_code_reissue(
            table=table, user=request.user, expected_code=seen or None, reason=reason
        ),
        done=lambda code: _new_code_given(where, code, started),
        to=back,
    )


def _already(where: str, code) -> str:
    return _("This was already done: %(where)s has had the new code %(code)s since %(time)s.") % {
        "where": where,
        "code": code.code,
        "time": _time(code.issued_at),
    }
