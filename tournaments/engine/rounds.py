"""A round's standings, who advances, who has a bye next, and the ties that block."""

import re
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace

from .errors import GameError
from .games import game_points, validate_game
from .plan import FINAL, RoundShape, round_shape
from .ranking import (
    Ranked,
    Score,
    better_first,
    common_round,
    order_groups,
    positions,
    rank_scores,
    round_history,
    tied_across,
)
from .records import WINS, WORST_GAME, RoundRecord, Rules, TableRecord, TieDecision
from .words import gettext

MEDAL_PLACES = 3
DECISION = "decision"  # a tie put in order by a recorded playoff or tile draw


@dataclass(frozen=True)
class Tie:
    """A tie the chain cannot break and that decides something: it blocks until resolved."""

    round: int
    players: tuple[str, ...]
    blocks: str
    table: int | None = None

    def blocks_words(self) -> str:
        """What the tie decides, in the active language ("a medal", "a bye in round 3")."""
        return _blocks_words(self.blocks)

    def describe(self, names: Mapping[str, str] | None = None) -> str:
        """The tie in words, in the active language (``blocks`` stays the engine's English)."""
        values = {
            "round": self.round,
            "table": self.table,
            "who": ", ".join((names or {}).get(p, p) for p in self.players),
            "blocks": _blocks_words(self.blocks),
        }
        if self.table:
            return (
                gettext(
                    "round %(round)s, table %(table)s: %(who)s are tied for %(blocks)s; record "
                    "the playoff or tile draw."
                )
                % values
            )
        return (
            gettext(
                "round %(round)s: %(who)s are tied for %(blocks)s; record the playoff or tile draw."
            )
            % values
        )


_BYE = re.compile(r"^a bye in round (\d+)$")
_MEDAL_IN = re.compile(r"^a medal in (.+)$")


def _blocks_words(blocks: str) -> str:
    """What a tie decides (the engine's English: "a medal", "a medal in 70-74", "a place in
    the next round", "a bye in round 3") in the active language."""
    if blocks == "a medal":
        return gettext("a medal")
    if blocks == "a place in the next round":
        return gettext("a place in the next round")
    if found := _BYE.match(blocks):
        return gettext("a bye in round %(number)s") % {"number": found.group(1)}
    if found := _MEDAL_IN.match(blocks):
        return gettext("a medal in %(group)s") % {"group": found.group(1)}
    return blocks


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


def table_scores(
    table: TableRecord,
    games: int,
    rules: Rules,
    withdrawn: Collection[str],
    penalties: Mapping[str, int],
    names: Mapping[str, str] | None = None,
):
    """Validate a table's games and add up each player's results.

    Returns (scores by player, points per game by player, problems).
    """
    active = [p for p in table.players if p not in withdrawn]
    by_number = {g.number: g for g in table.games}
    problems: list[str] = []
    points = {p: [None] * games for p in table.players}
    racks = {p: [] for p in table.players}
    wins = dict.fromkeys(table.players, 0)
    for number in sorted(by_number):
        if not 1 <= number <= games:
            problems.append(
                gettext("table %(table)s: there is no game %(game)s in this round")
                % {"table": table.number, "game": number}
            )
    for number in range(1, games + 1):
        record = by_number.get(number)
        if record is None or not record.racks:
            if len(active) > 1:
                problems.append(
                    gettext("table %(table)s, game %(game)s: no scores yet")
                    % {"table": table.number, "game": number}
                )
            continue
        try:
            result = validate_game(
                record.racks,
                ended=record.ended,
                winner=record.winner,
                players=active if len(active) > 1 else (),
                names=names,
            )
        except GameError as error:
            problems.append(
                gettext("table %(table)s, game %(game)s: %(problem)s")
                % {"table": table.number, "game": number, "problem": error}
            )
            continue
        for player, value in game_points(result, rules.scoring).items():
            if player in points:
                points[player][number - 1] = value
                racks[player].append(result.racks[player])
        if result.winner in wins:
            wins[result.winner] += 1
    sign = better_first(rules.scoring)
    scores = {}
    for player in table.players:
        played = [v for v in points[player] if v is not None]
        penalty = penalties.get(player, 0)
        if rules.scoring == "low":
            worst = max(racks[player]) if racks[player] else None
        else:
            worst = min(played) if played else None
        scores[player] = Score(
            player=player,
            total=sum(played) + sign * penalty,
            games=len(played),
            wins=wins[player],
            worst=worst,
            penalty=penalty,
        )
    return scores, {p: tuple(v) for p, v in points.items()}, problems


def table_tie_order(record: RoundRecord, rules: Rules) -> tuple[str, ...]:
    """The event's tie-break order, except in a one-game final: there the game's winner
    ranks first among the players tied with them on the total, whatever the order
    (RULES.md, "A one-game final"), so "most games won" comes first."""
    if record.kind == FINAL and record.games == 1:
        return (WINS, *(step for step in rules.tie_order if step != WINS))
    return tuple(rules.tie_order)


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
        blocks = "a medal"
    else:
        boundaries = [per_table] if len(ranked) > per_table else []
        blocks = "a place in the next round"
    table_ties: list[Tie] = []
    # A tie matters only once the table has played all its games.
    for boundary in boundaries if not problems else ():
        group = tied_across(ranked, boundary)
        if group and not any(t.players == group for t in table_ties):
            table_ties.append(Tie(record.number, group, blocks, table.number))
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
    across the bye boundary."""
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
        # A tie across the bye boundary among the table finishers blocks the seating.
        numbered = positions(
            [[b] for b in bye_players] + [[f[0].player for f in g] for g in groups]
        )
        for position, group in numbered:
            if len(group) > 1 and position <= shape.byes < position + len(group) - 1:
                ties.append(Tie(record.number, tuple(group), f"a bye in round {record.number + 1}"))
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


@dataclass(frozen=True)
class SettledTie:
    """Players level on a table's total whom a tie-break step put in order: ``step`` is
    the step that separated them (WINS, WORST_GAME, PREVIOUS_ROUND, or ``"decision"``
    (DECISION) for a recorded playoff or tile draw); ``round`` the earlier round compared."""

    table: int
    players: tuple[str, ...]  # best first
    total: int
    step: str
    round: int | None = None


def settled_ties(outcome: RoundOutcome, record: RoundRecord, rules: Rules) -> list[SettledTie]:
    """The ties on the total at each table of a round that the chain (or a decision) put
    in order, with the step that did it, so that the pages can say how a place was won."""
    order = table_tie_order(record, rules)
    sign = better_first(rules.scoring)
    settled = []
    for table in outcome.tables:
        totals: dict[int, list] = {}
        for ranked in table.ranked:
            totals.setdefault(ranked.score.total, []).append(ranked)
        for total, group in totals.items():
            if len(group) < 2 or len({r.position for r in group}) == 1:
                continue
            scores = [r.score for r in group]
            step, number = DECISION, None
            for name in order:
                if name == WINS:
                    values = [s.wins for s in scores]
                elif name == WORST_GAME:
                    values = [s.worst for s in scores]
                else:
                    number = common_round(scores)
                    values = (
                        [None]
                        if number is None
                        else [sign * dict(s.history)[number] for s in scores]
                    )
                if None not in values and len(set(values)) > 1:
                    step = name
                    break
                number = None
            settled.append(
                SettledTie(table.number, tuple(r.player for r in group), total, step, number)
            )
    return settled
