"""The results' data: each finished division's placings, medals and ribbons, the notes
its corrections call for, and the names keepsakes print."""

from collections import Counter

from django.utils.translation import gettext

from printing import data
from scoring.selectors import division_pending_correction, flagged_corrections
from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Event
from tournaments.selectors import brackets
from tournaments.text import fold

from .shared import division_play, event_info, out_of_play, printed


def correction_notes(state, event: Event | None = None) -> tuple[str, ...]:
    """What the results must say about corrections (RULES.md, "After a flagged
    correction"): one waiting for the organizer's decision, and each accepted while the
    next round had started, which stands."""
    notes = []
    pending = division_pending_correction(state.division, state)
    with printed(event if event is not None else state.division.event):
        if pending is not None:
            notes.append(
                gettext(
                    "A correction waits for the organizer's decision (%(what)s): "
                    "these results may change."
                )
                % {"what": pending.summary.split(":")[0]}
            )
        for change in flagged_corrections(state.division):
            decision = getattr(change, "decision", None)
            if decision is not None and decision.choice == "accepted" and decision.round_stood:
                notes.append(
                    gettext(
                        "Round %(round)d was corrected after round %(next)d had started "
                        "(%(reason)s): round %(next)d stands as it was played."
                    )
                    % {
                        "round": change.round_number,
                        "next": change.round_number + 1,
                        "reason": change.reason,
                    }
                )
    return tuple(dict.fromkeys(notes))


def _division_results(event: Event, division: Division) -> data.DivisionResults:
    state = division_play(division)
    lines = []
    if division.status == Division.Status.COMPLETE:
        folds = name_folds(state)
        for placing in state.placings.placings:
            keepsake = keepsake_name(state, placing.player, folds)
            # The total of the round the player reached, never an earlier round's total
            # under a later round (a bye, or a withdrawal before playing: no total).
            total = ""
            reached = placing.round_reached
            score = (
                state.outcomes[reached - 1].scores.get(placing.player)
                if 0 < reached <= len(state.outcomes)
                else None
            )
            if score is not None and score.games:
                total = (
                    f"{score.total:+d}" if state.rules.scoring == engine.SABRA else str(score.total)
                )
            lines.append(
                data.PlacingLine(
                    place=placing.place,
                    medal=placing.medal,
                    name=state.shown_names[placing.player],
                    entrant_id=placing.player,
                    round_reached=placing.round_reached,
                    total=total,
                    age_group=state.age_group_label(placing.player),
                    withdrawn=placing.withdrawn,
                    status=out_of_play(state.entrants[placing.player])
                    if placing.player in state.entrants
                    else "",
                    group_place=placing.group_place if state.medals_by_age_group else None,
                    ribbon=placing.player in state.ribbons,
                    keepsake_name=keepsake[0],
                    keepsake_detail=keepsake[1],
                )
            )
    return data.DivisionResults(
        state.bracket_name,
        division.status,
        tuple(lines),
        state.medals_by_age_group,
        correction_notes(state, event),
        feminine=state.feminine,
    )


def refuse_unfinished(division: Division | None, what: str) -> None:
    """A division asked for by name that has not finished is named, not "no division"."""
    if division is None or division.bracket.status == Division.Status.COMPLETE:
        return
    bracket = division.bracket
    name = division.name if bracket == division else f"{division.name} (in {bracket.name})"
    raise RuleError(f"{name} has not finished yet: no {what} to print.")


def brackets_results(event, division) -> list[data.DivisionResults]:
    divisions = [division.bracket] if division is not None else list(brackets(event))
    return [_division_results(event, d) for d in divisions if d.walkover or d.rounds.exists()]


def results_data(event, division=None) -> data.ResultsData:
    refuse_unfinished(division, "results")
    results = brackets_results(event, division)
    if not any(r.status == Division.Status.COMPLETE for r in results):
        raise RuleError("No division has finished yet: no results to print.")
    return data.ResultsData(event_info(event), tuple(results))


def name_folds(state) -> Counter:
    """How many of a bracket's players have each name, folded (``keepsake_name``): counted
    once per bracket, not once per player (a 2,000-entrant event's results took 5 s)."""
    return Counter(fold(n) for n in state.names.values())


def keepsake_name(state, player: str, folds: Counter | None = None) -> tuple[str, str]:
    """A keepsake's name (certificate, ribbon card): the registered name, and what tells it
    from a namesake in the same bracket ("Sunrise Club", "#H1055"), else "" (a namesake in
    another division is told apart by the division the card names). ``folds``: the
    bracket's ``name_folds``, when the caller names many of its players."""
    name = state.names.get(player, player)
    shown = state.shown_names.get(player, name)
    if shown == name:
        return name, ""
    folds = name_folds(state) if folds is None else folds
    if folds[fold(name)] - (1 if player in state.names else 0) <= 0:
        return name, ""
    detail = shown[len(name) :].strip() if shown.startswith(name) else shown
    if detail.startswith("(") and detail.endswith(")"):
        detail = detail[1:-1]
    return name, detail
