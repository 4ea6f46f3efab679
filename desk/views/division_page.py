"""The desk's division page: the plan, the round in play and its tables, the clock, ties,
the forms of what an organizer does there, the medals and the seating record."""

from django.contrib import messages
from django.shortcuts import redirect, render

from scoring import selectors as scoring_selectors
from tournaments.selectors import mark_namesakes
from web.decorators import event_role

from .. import selectors
from ..forms import SwapForm
from .places import division_of
from .player_forms import kept_forms
from .seating_fixes import fix_refusal, fixable_round
from .tie_forms import tie_forms


def _kept_shown(request, division, shown: dict[str, bool]) -> dict:
    """The forms that come back as typed (``kept_forms``) among those the page shows now;
    a refusal kept for a form that is gone (done meanwhile, from another tab) is said at
    the top of the page instead."""
    kept = kept_forms(request, division)
    for name in [name for name in kept if not shown[name]]:
        problem = next((text for text in kept.pop(name)["errors"].values() if text), "")
        if problem:
            messages.error(request, problem)
    return kept


@event_role("organizer")
def division_page(request, event, division_id):
    division = division_of(event, division_id)
    if division.combined_into_id:
        return redirect("desk:division", event.slug, division.combined_into_id)
    desk = selectors.division_desk(division)
    undoable = mark_namesakes(scoring_selectors.undoable(division), desk.state.event_namesakes)
    fixable = fixable_round(division)
    withdrawable = desk.withdrawable
    shown = {
        "withdraw": bool(withdrawable),
        "disqualify": bool(withdrawable),
        "reinstate": bool(undoable),
        "reopen": fixable is not None,
        "reseat": fixable is not None,
    }
    players = desk.swap_players
    ties, tie_problem = tie_forms(request, division, desk.ties)
    if tie_problem:
        messages.error(request, tie_problem)
    return render(
        request,
        "desk/division.html",
        {
            "event": event,
            "division": division,
            "desk": desk,
            "swap_form": SwapForm(players=players) if players else None,
            "withdrawable": withdrawable,
            "undoable": undoable,
            "splittable": division.combined_from.exists() and desk.current is None,
            "fixable": fixable,
            "fix_refusal": fix_refusal(division),
            "round_changes": selectors.round_changes(division),
            "kept": _kept_shown(request, division, shown),
            "ties": ties,
        },
    )
