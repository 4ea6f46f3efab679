"""Ties are settled one question at a time (RULES.md): what ``advance`` and the desk ask,
and whether a recorded playoff or tile draw answers a question or names part of one.

The questions, in order: a tie at a table over who goes on (its group is the players of
that table tied for the last advancing place); then, among the players going on, a tie
over who gets a bye; in the final, a tie over a medal at the final table, then, once the
final table is settled, a tie over a medal in the placings (an age group's, say). A tie
before the final is never a medal tie, and a player who goes on whatever the outcome is
never part of a tie's group. Every order proposed is accepted as proposed.
"""

from collections.abc import Collection, Iterable, Mapping, Sequence

from .corrections import blocking_ties
from .placings import division_placings
from .records import RoundRecord, Rules, TieDecision
from .rounds import RoundOutcome, evaluate_rounds
from .ties import Tie


def open_ties(
    records: Sequence[RoundRecord],
    rules: Rules,
    *,
    players: Collection[str],
    decisions: Sequence[TieDecision] = (),
    withdrawn: Collection[str] = frozenset(),
    age_groups: Mapping[str, str] | None = None,
    outcomes: Sequence[RoundOutcome] | None = None,
) -> tuple[Tie, ...]:
    """The ties of a division that wait for a decision now: those of the rounds before the
    last (there only when a correction left one open), then what the last round asks
    (``blocking_ties``: its own ties, then, once it is played and settled, the
    placings' medal ties).

    ``outcomes``: ``evaluate_rounds`` of the same records and decisions, when known."""
    if outcomes is None:
        outcomes = evaluate_rounds(records, rules, decisions=decisions, withdrawn=withdrawn)
    if not outcomes:
        return ()
    *earlier, last = outcomes
    ties = tuple(tie for outcome in earlier for tie in outcome.ties)
    if last.ties or not (last.complete and last.last):
        return ties + blocking_ties(last)
    placings = division_placings(
        records,
        rules,
        players=players,
        decisions=decisions,
        withdrawn=withdrawn,
        age_groups=age_groups,
        outcomes=outcomes,
    )
    return ties + blocking_ties(last, placings)


def _part_of(named: set[str], ties: Iterable[Tie]) -> Tie | None:
    """The first tie of which ``named`` holds some players but not all."""
    for tie in ties:
        group = set(tie.players)
        if named & group and not group <= named:
            return tie
    return None


def refused_decision(
    order: Sequence[str],
    round_number: int,
    records: Sequence[RoundRecord],
    rules: Rules,
    *,
    players: Collection[str],
    decisions: Sequence[TieDecision] = (),
    withdrawn: Collection[str] = frozenset(),
    age_groups: Mapping[str, str] | None = None,
    outcomes: Sequence[RoundOutcome] | None = None,
) -> Tie | None:
    """The tie that a decision for round ``round_number`` naming ``order`` names only part
    of (RULES.md: such a decision is refused, naming the group), or None to accept it.

    Checked against the questions open now, then against those the round's decisions
    already answered (recording one again, in another order, changes its answer): a
    decision that names a whole group asked now or answered before is taken, whatever
    other question its players are part of. ``outcomes``: ``evaluate_rounds`` with
    ``decisions``, when known.
    """
    named = set(order)

    def asked(given: Sequence[TieDecision], known=None) -> list[Tie]:
        ties = open_ties(
            records,
            rules,
            players=players,
            decisions=given,
            withdrawn=withdrawn,
            age_groups=age_groups,
            outcomes=known,
        )
        return [tie for tie in ties if tie.round == round_number]

    now = asked(decisions, outcomes)
    refused = _part_of(named, now)
    if refused is not None or any(set(t.players) <= named for t in now):
        return refused
    # The questions the round's own decisions answered: each as it stood when answered.
    # Only a decision sharing a player with this one can have answered a group it names.
    others = [d for d in decisions if d.round != round_number]
    own = [d for d in decisions if d.round == round_number]
    answered = [
        tie
        for count, decision in enumerate(own)
        if named & set(decision.order)
        for tie in asked(others + own[:count])
        if set(tie.players) <= set(decision.order)
    ]
    if any(set(t.players) <= named for t in answered):
        return None
    return _part_of(named, answered)
