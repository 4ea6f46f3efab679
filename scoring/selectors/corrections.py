"""Corrections pending a decision: a flagged correction (or late penalty) whose consequence
for who advanced, the byes or the medals is still open, with the results side by side
(as recorded now / if accepted)."""

from dataclasses import dataclass, field

from django.utils.translation import gettext, ngettext

from tournaments import engine
from tournaments.models import Division, Event
from tournaments.selectors import mark_namesakes
from tournaments.vocabulary import medal_in_a_sentence

from ..models import Game, ScoreChange
from .state import DivisionState, division_state


@dataclass(frozen=True)
class Side:
    """One column of the side-by-side comparison."""

    title: str
    lines: tuple[str, ...]


@dataclass(frozen=True)
class Comparison:
    """What the organizer decides about: one consequence, now and if accepted."""

    heading: str
    now: Side
    if_accepted: Side
    note: str = ""  # e.g. "round 2 has started: it stands whatever you decide"


@dataclass
class PendingCorrection:
    """A division with flagged changes not yet decided whose consequences are still open."""

    division: Division
    state: DivisionState
    changes: list[ScoreChange]  # the flagged changes not yet decided, oldest first
    effects: tuple[engine.CorrectionEffect, ...]
    comparisons: list[Comparison] = field(default_factory=list)

    @property
    def blocked_by_tie(self) -> bool:
        return any(e.kind == engine.Consequence.TIE for e in self.effects)

    @property
    def summary(self) -> str:
        """One line for the overview: what waits for the organizer."""
        kinds = {e.kind for e in self.effects}
        count = len(self.changes)
        if engine.Consequence.ADVANCED in kinds:
            text = ngettext(
                "%(n)s correction changes who advanced: accept or undo.",
                "%(n)s corrections change who advanced: accept or undo.",
                count,
            )
        elif engine.Consequence.BYES in kinds:
            text = ngettext(
                "%(n)s correction changes who had a bye: accept or undo.",
                "%(n)s corrections change who had a bye: accept or undo.",
                count,
            )
        elif engine.Consequence.RESULTS in kinds:
            text = ngettext(
                "%(n)s correction changes the placings or medals: accept or undo.",
                "%(n)s corrections change the placings or medals: accept or undo.",
                count,
            )
        else:
            text = ngettext(
                "%(n)s correction changes a tie that decided who went on: accept or undo.",
                "%(n)s corrections change a tie that decided who went on: accept or undo.",
                count,
            )
        return text % {"n": count}


def _marked(state: DivisionState, players, others, mark: str) -> tuple[str, ...]:
    """Names in order, those missing from ``others`` marked (the difference at a glance)."""
    others = set(others)
    lines = [
        state.shown_names.get(p, p) + ("" if p in others else f" — {mark}")
        for p in sorted(players, key=lambda p: state.names.get(p, p).casefold())
    ]
    return tuple(lines) or (gettext("nobody"),)


def _started(state: DivisionState, number: int) -> bool:
    return Game.objects.filter(
        table__round__division=state.division, table__round__number=number
    ).exists()


def _placing_lines(state: DivisionState, placings: engine.Placings, limit: int = 8) -> tuple:
    lines = []
    for placing in placings.placings:
        if placing.place is None or placing.place > limit:
            continue
        medal = f" ({medal_in_a_sentence(placing.medal)})" if placing.medal else ""
        lines.append(f"{placing.place}. {state.names.get(placing.player, placing.player)}{medal}")
    return tuple(lines) or (gettext("no placings"),)


def _comparisons(state: DivisionState, effects) -> list[Comparison]:
    result = []
    for effect in effects:
        number = effect.round
        following = state.record(number + 1)
        outcome = state.outcomes[number - 1]
        if effect.kind in (engine.Consequence.ADVANCED, engine.Consequence.BYES):
            started = following is not None and _started(state, number + 1)
            if effect.kind == engine.Consequence.ADVANCED:
                heading = gettext("Who goes on from round %(number)s to round %(next)s") % {
                    "number": number,
                    "next": number + 1,
                }
                recorded = following.players if following else ()
                given = outcome.advancing
            else:
                heading = gettext("Who has a bye in round %(next)s") % {"next": number + 1}
                recorded = following.byes if following else ()
                given = outcome.next_byes
            now = _marked(state, recorded, given, gettext("not if you accept"))
            then = _marked(state, given, recorded, gettext("instead"))
            note = (
                gettext(
                    "Round %(next)s has started: it stands whatever you decide; the records "
                    "keep the correction and its flag."
                )
                if started
                else gettext("Accepting seats round %(next)s again with these players.")
            ) % {"next": number + 1}
            result.append(
                Comparison(
                    heading,
                    Side(gettext("Now (round %(next)s as seated)") % {"next": number + 1}, now),
                    Side(gettext("If accepted (by the scores)"), then),
                    note,
                )
            )
        elif effect.kind == engine.Consequence.RESULTS:
            result.append(
                Comparison(
                    gettext("Placings and medals"),
                    Side(gettext("Now (as recorded)"), _placing_lines(state, state.placings)),
                    Side(
                        gettext("If accepted (by the scores)"),
                        _placing_lines(state, state.live_placings),
                    ),
                    gettext(
                        "Accepting records these placings; the medals must then be confirmed "
                        "again."
                    ),
                )
            )
        else:
            ties = [t.describe(state.names) for t in outcome.ties]
            result.append(
                Comparison(
                    gettext("A tie in round %(number)s") % {"number": number},
                    Side(gettext("Now"), tuple(ties)),
                    Side(
                        gettext("If accepted"), (gettext("record the tile draw or playoff first"),)
                    ),
                    gettext("Record the tie's outcome (best first), then accept."),
                )
            )
    return result


def division_open_consequences(state: DivisionState) -> tuple[engine.CorrectionEffect, ...]:
    """Where the scores now give another bracket than the one recorded."""
    return engine.open_consequences(
        state.records,
        state.outcomes,
        finished=state.division.status == Division.Status.COMPLETE,
        results_changed=state.results_changed,
    )


def undecided_changes(division: Division):
    """The flagged changes of a bracket that nobody has decided on yet, oldest first."""
    return (
        ScoreChange.objects.filter(division=division, decision__isnull=True)
        .filter(consequence__isnull=False)
        .select_related("entrant", "at_table_player")
        .order_by("at", "id")
    )


def flagged_corrections(division: Division):
    """Every flagged change of a bracket, oldest first, with its decision (if any)."""
    return (
        ScoreChange.objects.filter(division=division)
        .filter(consequence__isnull=False)
        .select_related("entrant", "decision")
        .order_by("at", "id")
    )


def division_pending_correction(
    division: Division, state: DivisionState | None = None
) -> PendingCorrection | None:
    """The division's correction waiting for the organizer's decision, or None."""
    changes = list(undecided_changes(division))
    if not changes:
        return None
    state = state or division_state(division)
    effects = division_open_consequences(state)
    if not effects:
        return None
    # The desk names each change's player as the pages do (a namesake with their club).
    mark_namesakes([c.entrant for c in changes if c.entrant], state.event_namesakes)
    return PendingCorrection(division, state, changes, effects, _comparisons(state, effects))


def corrections_pending(event: Event) -> dict[int, PendingCorrection]:
    """Every bracket of the event with a correction pending a decision, by division pk.

    Cheap when nothing is flagged: only divisions with undecided flagged changes are
    loaded and recomputed.
    """
    division_ids = set(
        ScoreChange.objects.filter(division__event=event, decision__isnull=True)
        .filter(consequence__isnull=False)
        .values_list("division_id", flat=True)
    )
    pending = {}
    for division in Division.objects.filter(pk__in=division_ids).select_related("event"):
        found = division_pending_correction(division)
        if found is not None:
            pending[division.pk] = found
    return pending
