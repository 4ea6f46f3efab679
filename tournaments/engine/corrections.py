"""What a correction changes: a pure comparison of a closed round's outcome before and after.

RULES.md: standings are always recomputed from the scores; a correction that would
change who advanced, the byes or the medals is flagged to the organizer, who
decides; nothing changes silently.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum

from .placings import Placings
from .records import RoundRecord
from .rounds import RoundOutcome, Tie


class Consequence(StrEnum):
    ADVANCED = "advanced"  # other players would go on from the round
    BYES = "byes"  # other players would have the byes after it
    RESULTS = "results"  # a finished division's placings or medals would change
    TIE = "tie"  # a tie that decided who went on is left open


@dataclass(frozen=True)
class CorrectionEffect:
    """A flagged consequence of a correction to round ``round``."""

    kind: Consequence
    round: int
    now: tuple[str, ...] = ()  # who advances by the scores now (ADVANCED)
    instead_of: tuple[str, ...] = ()  # who went on as recorded (ADVANCED)

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        names = names or {}

        def who(players: tuple[str, ...]) -> str:
            return ", ".join(names.get(p, p) for p in players) or "nobody"

        if self.kind == Consequence.ADVANCED:
            return (
                f"This correction would change who advanced from round {self.round}: by the "
                f"scores now, {who(self.now)} instead of {who(self.instead_of)}. The next "
                "round is left as seated until the organizer decides."
            )
        if self.kind == Consequence.BYES:
            return (
                f"This correction would change who had a bye after round {self.round}; the "
                "next round is left as seated until the organizer decides."
            )
        if self.kind == Consequence.RESULTS:
            return (
                "This correction would change the placings or medals; the recorded results "
                "stay until the organizer accepts the new ones."
            )
        return "This correction leaves a tie that decided who advanced; the organizer decides."


def correction_effect(
    *,
    before: RoundOutcome,
    after: RoundOutcome,
    next_round: RoundRecord | None,
    finished: bool,
    results_changed: bool,
) -> CorrectionEffect | None:
    """Compare a closed round's outcome before and after a correction with what was recorded.

    ``next_round`` is the round seated from it (None when there is none), ``finished``
    whether the division is finished, ``results_changed`` whether the placings the
    scores give now differ from the recorded ones. The first consequence found is
    returned: who advanced, then the byes, then the results, then an open tie.
    """
    goes_on = before.next_shape is not None
    recorded = set(next_round.players) if next_round is not None else set()
    advancing = set(after.advancing)
    if goes_on and advancing != recorded:
        return CorrectionEffect(
            Consequence.ADVANCED,
            after.number,
            now=tuple(sorted(advancing - recorded)),
            instead_of=tuple(sorted(recorded - advancing)),
        )
    if goes_on and next_round is not None and set(after.next_byes) != set(next_round.byes):
        return CorrectionEffect(Consequence.BYES, after.number)
    if finished and results_changed:
        return CorrectionEffect(Consequence.RESULTS, after.number)
    if after.ties:
        return CorrectionEffect(Consequence.TIE, after.number)
    return None


def open_consequences(
    records: Sequence[RoundRecord],
    outcomes: Sequence[RoundOutcome],
    *,
    finished: bool,
    results_changed: bool,
) -> tuple[CorrectionEffect, ...]:
    """Where the scores as they are now give another bracket than the one recorded: for
    every closed round (all but the last, and the last too once ``finished``), other
    players going on, other byes, or a tie that decided who went on left open; then, for
    a finished division whose placings the scores now change, RESULTS.

    Empty when the recorded bracket is what the scores give.
    """
    ordered = sorted(records, key=lambda r: r.number)
    closed = len(ordered) if finished else len(ordered) - 1
    effects = []
    for index in range(max(closed, 0)):
        following = ordered[index + 1] if index + 1 < len(ordered) else None
        effect = correction_effect(
            before=outcomes[index],
            after=outcomes[index],
            next_round=following,
            finished=False,
            results_changed=False,
        )
        if effect is not None:
            effects.append(effect)
    if finished and results_changed:
        effects.append(CorrectionEffect(Consequence.RESULTS, ordered[-1].number if ordered else 0))
    return tuple(effects)


def blocking_ties(outcome: RoundOutcome, placings: Placings | None = None) -> tuple[Tie, ...]:
    """The ties that keep a round from closing: its own, and once the division's last
    round is complete, those of the placings (every medal boundary).

    ``placings`` is needed only when ``outcome.last``.
    """
    if outcome.ties:
        return tuple(outcome.ties)
    if outcome.complete and outcome.last and placings is not None:
        return tuple(placings.ties)
    return ()
