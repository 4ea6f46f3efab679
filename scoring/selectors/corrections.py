"""Corrections pending a decision: a flagged correction (or late penalty) whose consequence
for who advanced, the byes or the medals is still open, with the results side by side
(as recorded now / if accepted)."""

from dataclasses import dataclass, field

from tournaments import engine
from tournaments.models import Division, Event
from tournaments.selectors import mark_namesakes

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
        if engine.Consequence.ADVANCED in kinds:
            what = "who advanced"
        elif engine.Consequence.BYES in kinds:
            what = "who had a bye"
        elif engine.Consequence.RESULTS in kinds:
            what = "the placings or medals"
        else:
            what = "a tie that decided who went on"
        count = len(self.changes)
        corrections = "1 correction changes" if count == 1 else f"{count} corrections change"
        return f"{corrections} {what}: accept or undo."


def _marked(state: DivisionState, players, others, mark: str) -> tuple[str, ...]:
    """Names in order, those missing from ``others`` marked (the difference at a glance)."""
    others = set(others)
    lines = [
        state.shown_names.get(p, p) + ("" if p in others else f" — {mark}")
        for p in sorted(players, key=lambda p: state.names.get(p, p).casefold())
    ]
    return tuple(lines) or ("nobody",)


def _started(state: DivisionState, number: int) -> bool:
    return Game.objects.filter(
        table__round__division=state.division, table__round__number=number
    ).exists()


def _placing_lines(state: DivisionState, placings: engine.Placings, limit: int = 8) -> tuple:
    lines = []
    for placing in placings.placings:
        if placing.place is None or placing.place > limit:
            continue
        medal = f" ({placing.medal})" if placing.medal else ""
        lines.append(f"{placing.place}. {state.names.get(placing.player, placing.player)}{medal}")
    return tuple(lines) or ("no placings",)


def _comparisons(state: DivisionState, effects) -> list[Comparison]:
    result = []
    for effect in effects:
        number = effect.round
        following = state.record(number + 1)
        outcome = state.outcomes[number - 1]
        if effect.kind in (engine.Consequence.ADVANCED, engine.Consequence.BYES):
            started = following is not None and _started(state, number + 1)
            if effect.kind == engine.Consequence.ADVANCED:
                heading = f"Who goes on from round {number} to round {number + 1}"
                recorded = following.players if following else ()
                given = outcome.advancing
            else:
                heading = f"Who has a bye in round {number + 1}"
                recorded = following.byes if following else ()
                given = outcome.next_byes
            now = _marked(state, recorded, given, "not if you accept")
            then = _marked(state, given, recorded, "instead")
            note = (
                f"Round {number + 1} has started: it stands whatever you decide; the records "
                "keep the correction and its flag."
                if started
                else f"Accepting seats round {number + 1} again with these players."
            )
            result.append(
                Comparison(
                    heading,
                    Side(f"Now (round {number + 1} as seated)", now),
                    Side("If accepted (by the scores)", then),
                    note,
                )
            )
        elif effect.kind == engine.Consequence.RESULTS:
            result.append(
                Comparison(
                    "Placings and medals",
                    Side("Now (as recorded)", _placing_lines(state, state.placings)),
                    Side("If accepted (by the scores)", _placing_lines(state, state.live_placings)),
                    "Accepting records these placings; the medals must then be confirmed again.",
                )
            )
        else:
            ties = [t.describe(state.names) for t in outcome.ties]
            result.append(
                Comparison(
                    f"A tie in round {number}",
                    Side("Now", tuple(ties)),
                    Side("If accepted", ("record the tile draw or playoff first",)),
                    "Record the tie's outcome (best first), then accept.",
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
        .exclude(flag="")
        .select_related("entrant")
        .order_by("at", "id")
    )


def flagged_corrections(division: Division):
    """Every flagged change of a bracket, oldest first, with its decision (if any)."""
    return (
        ScoreChange.objects.filter(division=division)
        .exclude(flag="")
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
        .exclude(flag="")
        .values_list("division_id", flat=True)
    )
    pending = {}
    for division in Division.objects.filter(pk__in=division_ids).select_related("event"):
        found = division_pending_correction(division)
        if found is not None:
            pending[division.pk] = found
    return pending
