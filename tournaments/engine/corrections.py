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
from .words import gettext


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
        """The consequence in words, in the active language (``names``: entrant id to the
        name to show; an id without one is shown as it is)."""
        names = names or {}

        def who(players: tuple[str, ...]) -> str:
            return ", ".join(names.get(p, p) for p in players) or gettext("nobody")

        values = {"round": self.round, "now": who(self.now), "instead_of": who(self.instead_of)}
        if self.kind == Consequence.ADVANCED:
            return (
                gettext(
                    "This correction would change who advanced from round %(round)s: by the "
                    "scores now, %(now)s instead of %(instead_of)s. The next round is left as "
                    "seated until the organizer decides."
                )
                % values
            )
        if self.kind == Consequence.BYES:
            return (
                gettext(
                    "This correction would change who had a bye after round %(round)s; the "
                    "next round is left as seated until the organizer decides."
                )
                % values
            )
        if self.kind == Consequence.RESULTS:
            return gettext(
                "This correction would change the placings or medals; the recorded results "
                "stay until the organizer accepts the new ones."
            )
        return gettext(
            "This correction leaves a tie that decided who advanced; the organizer decides."
        )

    def as_record(self, names: Mapping[str, str] | None = None) -> dict:
        """What the consequence is, as plain JSON to store (not its words): the kind, the
        round, who goes on now and instead of whom (entrant ids), and the names to show
        for those players as they were when it was flagged."""
        involved = (*self.now, *self.instead_of)
        return {
            "kind": str(self.kind),
            "round": self.round,
            "now": list(self.now),
            "instead_of": list(self.instead_of),
            "names": {p: (names or {}).get(p, p) for p in involved},
        }


def consequence_words(record: Mapping | None) -> str:
    """A stored consequence (``CorrectionEffect.as_record``) in words, in the active
    language; ``{"text": ...}`` is a flag stored as words before consequences were stored
    as what they are, shown as it was written. "" for none."""
    if not record:
        return ""
    if "kind" not in record:
        return str(record.get("text", ""))
    effect = CorrectionEffect(
        Consequence(record["kind"]),
        int(record["round"]),
        now=tuple(record.get("now", ())),
        instead_of=tuple(record.get("instead_of", ())),
    )
    return effect.describe(record.get("names") or {})


def is_consequence_record(record) -> bool:
    """Whether ``record`` (read from a backup) is a stored consequence this engine can put
    into words: ``as_record``'s shape, or ``{"text": "..."}``."""
    if not isinstance(record, dict):
        return False
    if set(record) == {"text"}:
        return isinstance(record["text"], str) and bool(record["text"].strip())
    kinds = {str(kind) for kind in Consequence}
    players = [*record.get("now", ()), *record.get("instead_of", ())]
    names = record.get("names", {})
    return (
        set(record) <= {"kind", "round", "now", "instead_of", "names"}
        and record.get("kind") in kinds
        and isinstance(record.get("round"), int)
        and not isinstance(record.get("round"), bool)
        and all(isinstance(record.get(k, []), list) for k in ("now", "instead_of"))
        and all(isinstance(p, str) for p in players)
        and isinstance(names, dict)
        and all(isinstance(k, str) and isinstance(v, str) for k, v in names.items())
    )


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
