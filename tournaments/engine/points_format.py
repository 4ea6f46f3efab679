"""The points format of the national federations: qualifying games, semi-finals, a final.

RULES.md ("Points format"): every player plays K qualifying games at tables changed
each game (repeat opponents avoided), ranked by total points; the best 8 (a setting)
play two semi-final tables seeded 1/3/5/7 and 2/4/6/8, two games; the best 4 by
semi-final points play a one-game final for the medals; ties by the event's chain.

Each qualifying game is stored as a round of one game (a ``RoundRecord`` with
``games=1``), seated anew by ``qualifying_seating``; the semi-finals are one round of
two tables, the final one round of one table. ``stage_standings`` ranks a stage over
all its games (a field-wide ranking, not a table's), says who goes on and which tie
across the cut blocks it; ``points_placings`` gives every player a place.

Smaller fields (product decision): a field no larger than the final plays its
qualifying games as the final; a field no larger than the semi-finals goes from
qualifying straight to the final.
"""

import random
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from .errors import GameError, RuleError
from .hands import score_game
from .plan import FINAL, QUALIFYING
from .ranking import Ranked, Score, better_first, rank_scores, tied_across
from .records import WINS, RoundRecord, Rules, TieDecision
from .rounds import Tie
from .seating import Seat, Seating, seat_players
from .tables import split_tables
from .words import gettext

SEMI_FINAL = "semi-final"  # between the plan's QUALIFYING and FINAL
SEMI_FINALISTS = (6, 8)  # two tables of three or four
FINALISTS = (3, 4)
MAX_QUALIFYING_GAMES = 12
MEDAL_PLACES = 3
QUALIFYING_STARTS = 12


@dataclass(frozen=True)
class PointsFormat:
    """The points format's settings (RULES.md's defaults: the best 8, two semi-final
    games, the best 4, a one-game final)."""

    qualifying_games: int = 4
    semi_finalists: int = 8
    semi_final_games: int = 2
    finalists: int = 4
    final_games: int = 1

    def __post_init__(self):
        if not 1 <= self.qualifying_games <= MAX_QUALIFYING_GAMES:
            raise RuleError(
                gettext("Qualifying is 1 to %(most)s games, not %(value)s.")
                % {"most": MAX_QUALIFYING_GAMES, "value": self.qualifying_games}
            )
        if self.semi_finalists not in SEMI_FINALISTS or self.finalists not in FINALISTS:
            raise RuleError(
                gettext(
                    "The semi-finals seat 6 or 8 players and the final 3 or 4, not "
                    "%(semi)s and %(final)s."
                )
                % {"semi": self.semi_finalists, "final": self.finalists}
            )
        if not 1 <= self.semi_final_games <= 4 or not 1 <= self.final_games <= 4:
            raise RuleError(gettext("Semi-finals and the final are 1 to 4 games each."))

    def stages(self, players: int) -> tuple[str, ...]:
        """The stages a field of ``players`` plays (product decision for small fields)."""
        if players <= 1:
            return ()
        if players <= self.finalists:
            return (FINAL,)
        if players <= self.semi_finalists:
            return (QUALIFYING, FINAL)
        return (QUALIFYING, SEMI_FINAL, FINAL)

    def going_on(self, stage: str, players: int) -> int:
        """How many of a stage go on to the next (0 from the final)."""
        stages = self.stages(players)
        if stage == FINAL or stage not in stages:
            return 0
        following = stages[stages.index(stage) + 1]
        return self.semi_finalists if following == SEMI_FINAL else self.finalists

    def games(self, stage: str, players: int) -> int:
        """The games of a stage's round: one per qualifying round (K rounds), the
        semi-final's and the final's; a field that fits the final plays the qualifying
        games there."""
        if stage == QUALIFYING:
            return 1
        if stage == SEMI_FINAL:
            return self.semi_final_games
        return self.qualifying_games if self.stages(players) == (FINAL,) else self.final_games


def qualifying_seating(
    seats: Sequence[Seat],
    *,
    seed: int,
    met: Collection[frozenset[str]] = frozenset(),
    prefer_threes: bool = False,
) -> Seating:
    """One qualifying game's tables: everyone seated anew, players who already met kept
    apart where the tables allow (``met``: every pair who shared a table in an earlier
    qualifying game), then clubs and families as in every seating."""
    sizes = split_tables(len(seats), prefer_threes=prefer_threes)
    rng = random.Random(seed)
    best = None
    # The swaps that part earlier opponents can stop short of a seating without repeats
    # that exists: a few fresh starts, the best kept (families, then clubs, then repeats).
    for _ in range(QUALIFYING_STARTS):
        seating = seat_players(seats, sizes, seed=rng.randrange(2**32), met=met)
        trouble = (len(seating.family_clashes), len(seating.clashes), len(seating.repeats))
        if best is None or trouble < best[0]:
            best = (trouble, seating)
        if not any(trouble):
            break
    return best[1]


def semi_final_tables(seeds: Sequence[str]) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The two semi-final tables from the qualifiers, best first: seeds 1/3/5/7 at the
    first table, 2/4/6/8 at the second."""
    return tuple(seeds[0::2]), tuple(seeds[1::2])


@dataclass(frozen=True)
class Standing:
    """A stage ranked over all its games: the players still in, best first; who goes on;
    the ties across the cut (or, in the final, across a medal) that block; the problems
    (games missing or refused)."""

    stage: str
    ranked: tuple[Ranked, ...]
    advancing: tuple[str, ...]
    ties: tuple[Tie, ...] = ()
    problems: tuple[str, ...] = ()
    scores: Mapping[str, Score] = field(default_factory=dict, hash=False)

    @property
    def complete(self) -> bool:
        return not self.problems

    @property
    def closable(self) -> bool:
        return self.complete and not self.ties


def _add_games(rounds: Sequence[RoundRecord], rules: Rules, withdrawn, names):
    """Each player's points, games, games won and worst game over every game of
    ``rounds``, and the problems of games missing or refused."""
    points: dict[str, int] = {}
    games: dict[str, int] = {}
    wins: dict[str, int] = {}
    worst: dict[str, int] = {}
    problems: list[str] = []
    sign = better_first(rules.scoring)
    for record in rounds:
        for table in record.tables:
            active = [p for p in table.players if p not in withdrawn]
            by_number = {g.number: g for g in table.games}
            for number in range(1, record.games + 1):
                game = by_number.get(number)
                if game is None or not game.racks:
                    if len(active) > 1:
                        problems.append(
                            gettext("table %(table)s, game %(game)s: no scores yet")
                            % {"table": table.number, "game": number}
                        )
                    continue
                try:
                    score = score_game(game, rules, players=active, names=names)
                except GameError as error:
                    problems.append(
                        gettext("table %(table)s, game %(game)s: %(problem)s")
                        % {"table": table.number, "game": number, "problem": error}
                    )
                    continue
                wins[score.winner] = wins.get(score.winner, 0) + 1
                for player, value in score.points.items():
                    points[player] = points.get(player, 0) + value
                    games[player] = games.get(player, 0) + 1
                    # low: the highest rack; Sabra: the lowest game in points
                    mine = score.racks[player] if sign == 1 else value
                    if player not in worst or sign * mine > sign * worst[player]:
                        worst[player] = mine
    return points, games, wins, worst, problems


def stage_standings(
    stage: str,
    rounds: Sequence[RoundRecord],
    rules: Rules,
    *,
    going_on: int,
    earlier: Sequence[Mapping[str, Score]] = (),
    withdrawn: Collection[str] = (),
    decisions: Sequence[TieDecision] = (),
    names: Mapping[str, str] | None = None,
) -> Standing:
    """Rank a stage by total points over all its games, field-wide; the best
    ``going_on`` go on (in the final: 0, and the medals are what matters).

    ``earlier`` holds the scores of the stages before (the "previous round" step
    compares the latest in which every tied player played). In a one-game final the
    game's winner ranks first among players tied with them. A tie across the cut, or
    in the final across a medal, blocks until a decision (``TieDecision`` naming the
    stage's last round) orders the whole tied group.
    """
    withdrawn = set(withdrawn)
    seated = [p for record in rounds for table in record.tables for p in table.players]
    points, games, wins, worst, problems = _add_games(rounds, rules, withdrawn, names)
    scores = {}
    for player in dict.fromkeys(seated):
        history = tuple(
            (number, stage_scores[player].per_game)
            for number, stage_scores in enumerate(earlier, start=1)
            if player in stage_scores and stage_scores[player].games
        )
        scores[player] = Score(
            player=player,
            total=points.get(player, 0),
            games=games.get(player, 0),
            wins=wins.get(player, 0),
            worst=worst.get(player),
            previous_per_game=history[-1][1] if history else None,
            history=history,
        )
    last = rounds[-1].number if rounds else 0
    order = tuple(rules.tie_order)
    if stage == FINAL and sum(r.games for r in rounds) == 1:
        order = (WINS, *(step for step in order if step != WINS))
    mine = [d for d in decisions if d.round == last]
    ranked = tuple(
        rank_scores(
            [s for p, s in scores.items() if p not in withdrawn],
            scoring=rules.scoring,
            tie_order=order,
            decisions=mine,
        )
    )
    ties = [] if problems else _blocking_ties(stage, ranked, going_on, last)
    advancing = () if problems or ties or stage == FINAL else ranked_players(ranked)[:going_on]
    return Standing(stage, ranked, advancing, tuple(ties), tuple(problems), scores)


def ranked_players(ranked: Sequence[Ranked]) -> tuple[str, ...]:
    return tuple(r.player for r in ranked)


def _blocking_ties(stage: str, ranked, going_on: int, last: int) -> list[Tie]:
    if stage == FINAL:
        found = []
        for boundary in range(1, MEDAL_PLACES + 1):
            group = tied_across(ranked, boundary)
            if group and all(set(group) != set(t.players) for t in found):
                place = _place_of(ranked, group)
                found.append(
                    Tie(last, group, "a medal", place=place, winners=MEDAL_PLACES - place + 1)
                )
        return found
    group = tied_across(ranked, going_on)
    if not group:
        return []
    place = _place_of(ranked, group)
    return [
        Tie(last, group, "a place in the next round", place=place, winners=going_on - place + 1)
    ]


def _place_of(ranked, group) -> int:
    return next(r.position for r in ranked if r.player == group[0])


def points_placings(
    standings: Sequence[Standing], withdrawn: Collection[str] = ()
) -> tuple[tuple[str, int | None], ...]:
    """Every player's place, best first: the players of a later stage above every player
    of an earlier one, each stage's others by its ranking (a shared position stays shared:
    1, 2, 2, 4); a withdrawn player has no place (None) and their place stays empty,
    nobody moving into it (RULES.md, "Places reserved for a round")."""
    withdrawn = set(withdrawn)
    placed: dict[str, int | None] = {}
    above = 0
    for standing in reversed(standings):
        members = [p for p in standing.scores if p not in placed]
        block = [r for r in standing.ranked if r.player in members]
        for entry in block:
            better = sum(1 for other in block if other.position < entry.position)
            placed[entry.player] = above + 1 + better
        for player in members:
            if player in withdrawn:
                placed[player] = None
        above += len(members)
    return tuple(sorted(placed.items(), key=lambda item: (item[1] is None, item[1] or 0)))
