"""A round's standings, who advances, who has a bye next, and the ties that block.

Ties are settled one question at a time (RULES.md): a round first asks the ties at its
tables over who goes on (in the final, over a medal); only once every table is settled
does it ask, among the players actually going on, the tie over who gets a bye.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .plan import FINAL, RoundShape, round_shape
from .ranking import (
    Ranked,
    Score,
    better_first,
    order_groups,
    positions,
    rank_scores,
    round_history,
    table_tie_order,
    tied_across,
)
from .records import RoundRecord, Rules, TableRecord, TieDecision
from .scores import table_scores
from .ties import FOR_A_MEDAL, FOR_THE_NEXT_ROUND, Tie, for_a_bye

MEDAL_PLACES = 3


@dataclass(frozen=True)
class TableOutcome:
    number: int
    ranked: tuple[Ranked, ...]  # players still in the event, best first
    withdrawn: tuple[str, ...]
    advancing: tuple[str, ...]
    problems: tuple[str, ...] = ()
    ties: tuple[Tie, ...] = ()
    points: Mapping[str, tuple[int | None, ...]] = field(default_factory=dict, hash=False)

    @property
    def complete(self) -> bool:
        return not self.problems


@dataclass(frozen=True)
class RoundOutcome:
    """Everything the rules say about a round from its scores so far."""

    number: int
    kind: str
    tables: tuple[TableOutcome, ...]
    byes: tuple[str, ...]
    advancing: tuple[str, ...]  # best placed first, the round's byes before the rest
    next_shape: RoundShape | None
    next_byes: tuple[str, ...]
    ties: tuple[Tie, ...]
    scores: Mapping[str, Score] = field(hash=False)

    @property
    def problems(self) -> tuple[str, ...]:
        return tuple(p for t in self.tables for p in t.problems)

    @property
    def complete(self) -> bool:
        return not self.problems

    @property
    def closable(self) -> bool:
        return self.complete and not self.ties

    @property
    def last(self) -> bool:
        """The division ends with this round: the final, or nobody left to go on."""
        return self.kind == FINAL or self.next_shape is None

    @property
    def next_seated(self) -> tuple[str, ...]:
        """The players of the next round who sit at a table (not the byes)."""
        byes = set(self.next_byes)
        return tuple(p for p in self.advancing if p not in byes)

    def position(self, player: str) -> int | None:
        for table in self.tables:
            for ranked in table.ranked:
                if ranked.player == player:
                    return ranked.position
        return None


def advance_per_table(kind: str, tables: int, has_byes: bool) -> int:
    """Each table's winner goes on; from a round of two tables (a bye counts as one), two."""
    if kind == FINAL:
        return 0
    return 2 if tables + (1 if has_byes else 0) == 2 else 1


def _table_outcome(
    table: TableRecord,
    record: RoundRecord,
    rules: Rules,
    own: Sequence[TieDecision],
    withdrawn: frozenset[str],
    earlier: Sequence[Mapping[str, Score]],
    names: Mapping[str, str] | None,
    per_table: int,
) -> tuple[TableOutcome, dict[str, Score]]:
    """One table ranked: who goes on from it, its problems and the ties that matter."""
    scores, points, problems = table_scores(
        table, record.games, rules, withdrawn, record.penalties, names
    )
    for player, score in scores.items():
        history = round_history(earlier, player)
        scores[player] = replace(
            score,
            history=history,
            previous_per_game=history[-1][1] if history else None,
        )
    active = [scores[p] for p in table.players if p not in withdrawn]
    ranked = rank_scores(
        active, scoring=rules.scoring, tie_order=table_tie_order(record, rules), decisions=own
    )
    if record.kind == FINAL:
        boundaries = range(1, min(MEDAL_PLACES, len(ranked) - 1) + 1)
        blocks = FOR_A_MEDAL
    else:
        boundaries = [per_table] if len(ranked) > per_table else []
        blocks = FOR_THE_NEXT_ROUND
    table_ties: list[Tie] = []
    # A tie matters only once the table has played all its games.
    for boundary in boundaries if not problems else ():
        group = tied_across(ranked, boundary)
        if group and not any(t.players == group for t in table_ties):
            place = next(r.position for r in ranked if r.player == group[0])
            winners = (MEDAL_PLACES if record.kind == FINAL else per_table) - place + 1
            table_ties.append(
                Tie(record.number, group, blocks, table.number, place=place, winners=winners)
            )
    advancing = tuple(r.player for r in ranked[:per_table]) if per_table else ()
    outcome = TableOutcome(
        table.number,
        tuple(ranked),
        tuple(p for p in table.players if p in withdrawn),
        advancing,
        tuple(problems),
        tuple(table_ties),
        points,
    )
    return outcome, scores


def _going_on(
    record: RoundRecord,
    rules: Rules,
    tables: list[TableOutcome],
    all_scores: Mapping[str, Score],
    own: Sequence[TieDecision],
    withdrawn: frozenset[str],
) -> tuple[tuple[str, ...], RoundShape | None, tuple[str, ...], list[Tie]]:
    """Who goes on from a round that is not the final, best placed first (the round's
    byes before the table finishers), the next round's shape, its byes, and a tie
    across the bye boundary.

    The bye tie is asked only once every table is played and settled: its group is
    among the players actually going on, never one a table's open tie may still change."""
    bye_players = tuple(p for p in record.byes if p not in withdrawn)
    sign = better_first(rules.scoring)
    finishers = [
        (ranked, all_scores[ranked.player])
        for table in tables
        for ranked in table.ranked
        if ranked.player in table.advancing
    ]
    groups = order_groups(
        finishers,
        [lambda f: f[0].position, lambda f: sign * f[1].per_game if f[1].games else 0],
        own,
        player=lambda f: f[0].player,
    )
    ordered = tuple(bye_players) + tuple(f[0].player for group in groups for f in group)
    shape = round_shape(len(ordered), record.number + 1, prefer_threes=rules.prefer_threes)
    next_byes: tuple[str, ...] = ()
    ties: list[Tie] = []
    if shape is not None and shape.byes and all(t.complete for t in tables):
        next_byes = ordered[: shape.byes]
        if any(t.ties for t in tables):
            return ordered, shape, next_byes, ties
        # A tie across the bye boundary among the table finishers blocks the seating.
        numbered = positions(
            [[b] for b in bye_players] + [[f[0].player for f in g] for g in groups]
        )
        for position, group in numbered:
            if len(group) > 1 and position <= shape.byes < position + len(group) - 1:
                ties.append(
                    Tie(
                        record.number,
                        tuple(group),
                        for_a_bye(record.number + 1),
                        place=position,
                        winners=shape.byes - position + 1,
                    )
                )
    return ordered, shape, next_byes, ties


def evaluate_round(
    record: RoundRecord,
    rules: Rules,
    *,
    decisions: Sequence[TieDecision] = (),
    withdrawn: Collection[str] = frozenset(),
    earlier: Sequence[Mapping[str, Score]] = (),
    names: Mapping[str, str] | None = None,
) -> RoundOutcome:
    """Rank every table of a round, find who advances and the next round's byes.

    ``earlier`` holds the scores of the rounds before, oldest first (for the
    previous-round tie-break). Withdrawn players are not ranked and cannot advance;
    nobody is moved up from outside a table to take their place.
    """
    withdrawn = frozenset(withdrawn)
    own = [d for d in decisions if d.round == record.number]
    per_table = advance_per_table(record.kind, len(record.tables), bool(record.byes))
    tables, all_scores, ties = [], {}, []
    for table in record.tables:
        outcome, scores = _table_outcome(
            table, record, rules, own, withdrawn, earlier, names, per_table
        )
        tables.append(outcome)
        all_scores.update(scores)
        ties.extend(outcome.ties)
    if record.kind == FINAL:
        ordered, shape, next_byes = (), None, ()
    else:
        ordered, shape, next_byes, bye_ties = _going_on(
            record, rules, tables, all_scores, own, withdrawn
        )
        ties.extend(bye_ties)
    return RoundOutcome(
        record.number,
        record.kind,
        tuple(tables),
        record.byes,
        ordered,
        shape,
        next_byes,
        tuple(ties),
        all_scores,
    )


def evaluate_rounds(
    records: Sequence[RoundRecord],
    rules: Rules,
    *,
    decisions: Sequence[TieDecision] = (),
    withdrawn: Collection[str] = frozenset(),
    names: Mapping[str, str] | None = None,
) -> list[RoundOutcome]:
    """Evaluate every round of a division in order, each knowing the ones before.

    A withdrawn player counts as withdrawn only from the last round they are in: a
    round they finished and advanced from keeps its standings and its advancers.
    """
    ordered = sorted(records, key=lambda r: r.number)
    withdrawn = frozenset(withdrawn)
    later: set[str] = set()
    withdrawn_in: list[frozenset[str]] = []
    for record in reversed(ordered):
        withdrawn_in.append(withdrawn - later)
        later.update(record.players)
    withdrawn_in.reverse()
    outcomes: list[RoundOutcome] = []
    for record, gone in zip(ordered, withdrawn_in, strict=True):
        outcomes.append(
            evaluate_round(
                record,
                rules,
                decisions=decisions,
                withdrawn=gone,
                earlier=[o.scores for o in outcomes],
                names=names,
            )
        )
    return outcomes
