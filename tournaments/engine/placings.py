"""Full placings and medals for a division (RULES.md, "Full placings").

Later rounds rank above earlier ones (a bye counts as reaching the next round);
within a round, by finishing position at the table (all second places before all
third places), then by the round's score per game; still equal, players share
the place, numbered 1, 2, 2, 4. Medals go to places 1 to 3 — of the whole
bracket, or of each age group in finishing order when a combined bracket gives
medals by age group. Only ties that decide a medal must be broken.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

from .ranking import better_first, order_groups, positions, settle
from .records import AGE_GROUP, RoundRecord, Rules, TieDecision
from .rounds import MEDAL_PLACES, RoundOutcome, evaluate_rounds
from .ties import FOR_A_MEDAL, Tie, for_a_medal_in

MEDALS = ("gold", "silver", "bronze")


@dataclass(frozen=True)
class Placing:
    player: str
    place: int | None  # None for a withdrawn player
    medal: str | None
    # The last round the player was in, a bye counting as the round it took them to;
    # 0 for a walkover.
    round_reached: int
    withdrawn: bool = False
    group_place: int | None = None  # place within the age group (age-group medals)


@dataclass(frozen=True)
class Placings:
    placings: tuple[Placing, ...]
    ties: tuple[Tie, ...]

    def of(self, player: str) -> Placing:
        return next(p for p in self.placings if p.player == player)


def _reached(records, outcomes, scoring: str) -> dict[str, tuple[int, int, object]]:
    """Each player's (last round reached, position at the table, score per game, better
    first); a bye counts as reaching the next round."""
    sign = better_first(scoring)
    reached: dict[str, tuple[int, int, object]] = {}
    for record, outcome in zip(sorted(records, key=lambda r: r.number), outcomes, strict=False):
        for table in outcome.tables:
            for ranked in table.ranked:
                score = ranked.score
                per_game = sign * score.per_game if score.games else 0
                reached[ranked.player] = (record.number, ranked.position, per_game)
        for player in record.byes:
            reached[player] = (record.number + 1, 0, 0)
    return reached


def _reach(records) -> dict[str, int]:
    """The last round each player reached: seated at a table, or the round a bye took them
    to (RULES.md: a bye player who withdraws during the round they skipped has reached
    it)."""
    reach: dict[str, int] = {}
    for record in records:
        for table in record.tables:
            for player in table.players:
                reach[player] = max(reach.get(player, 0), record.number)
        for player in record.byes:
            reach[player] = max(reach.get(player, 0), record.number + 1)
    return reach


def _reserved(numbered, round_of, withdrawn_reach: Sequence[int]):
    """Leave a withdrawn player's place empty: every group moves down by the withdrawn
    players of a later round than its own (RULES.md, "Places reserved for a round").
    Within a round the empty places come last."""
    return [
        (position + sum(1 for r in withdrawn_reach if r > round_of(group[0])), group)
        for position, group in numbered
    ]


def _give_medals(numbered_groups, keys, blocks: str, *, before_round: int = 0):
    """Medals by place, and the ties across a medal boundary. Groups whose round is
    before ``before_round`` get none: nobody from an earlier round moves into a medal."""
    medal: dict[str, str] = {}
    ties: list[Tie] = []
    for position, group in numbered_groups:
        if keys[group[0]][0] < before_round:
            continue
        last = position + len(group) - 1
        if any(position <= b < last for b in range(1, MEDAL_PLACES + 1)):
            ties.append(
                Tie(
                    keys[group[0]][0],
                    tuple(group),
                    blocks,
                    place=position,
                    winners=MEDAL_PLACES - position + 1,
                )
            )
        elif position <= MEDAL_PLACES:
            for p in group:
                medal[p] = MEDALS[position - 1]
    return medal, ties


def division_placings(
    records: Sequence[RoundRecord],
    rules: Rules,
    *,
    players: Collection[str],
    decisions: Sequence[TieDecision] = (),
    withdrawn: Collection[str] = frozenset(),
    age_groups: Mapping[str, str] | None = None,
    outcomes: Sequence[RoundOutcome] | None = None,
) -> Placings:
    """Place every player of the bracket and give the medals.

    ``players`` is everyone in the bracket (seated in round 1, or the walkover).
    Withdrawn players get no place and no medal, and their place stays empty: the
    players of a later round take the places above every player of an earlier one,
    counting the withdrawn, so a final of three with one withdrawal gives gold and
    silver, no bronze, and the best of the round before is 4th.
    """
    withdrawn = frozenset(withdrawn)
    if outcomes is None:
        outcomes = evaluate_rounds(records, rules, decisions=decisions, withdrawn=withdrawn)
    reached = _reached(records, outcomes, rules.scoring)
    placed = [p for p in players if p not in withdrawn]
    keys = {p: reached.get(p, (0, 0, 0)) for p in placed}

    def decided(group: list[str]) -> list[list[str]]:
        # A placing tie is settled only by a decision of the round the players reached.
        return settle(group, [d for d in decisions if d.round == keys[group[0]][0]], str)

    groups = [
        settled
        for group in order_groups(
            placed,
            [lambda p: -keys[p][0], lambda p: keys[p][1], lambda p: keys[p][2]],
            (),
            player=str,
        )
        for settled in decided(group)
    ]
    reach = _reach(records)
    gone = [p for p in players if p in withdrawn]
    numbered = _reserved(positions(groups), lambda p: keys[p][0], [reach.get(p, 0) for p in gone])
    place = {p: pos for pos, group in numbered for p in group}
    ties: list[Tie] = []
    medal: dict[str, str | None] = dict.fromkeys(players)
    group_place: dict[str, int | None] = dict.fromkeys(players)

    if rules.medal_policy == AGE_GROUP and age_groups:
        for name in sorted({age_groups.get(p, "") for p in placed}):
            members = [p for p in placed if age_groups.get(p, "") == name]
            sub = [
                settled
                for group in order_groups(members, [place.__getitem__], (), player=str)
                for settled in decided(group)
            ]
            sub_numbered = _reserved(
                positions(sub),
                lambda p: keys[p][0],
                [reach.get(p, 0) for p in gone if age_groups.get(p, "") == name],
            )
            for position, group in sub_numbered:
                for p in group:
                    group_place[p] = position
            given, blocked = _give_medals(sub_numbered, keys, for_a_medal_in(name))
            medal.update(given)
            ties.extend(blocked)
    else:
        final_round = max((r.number for r in records), default=0)
        given, blocked = _give_medals(numbered, keys, FOR_A_MEDAL, before_round=final_round)
        medal.update(given)
        ties.extend(blocked)

    result = [
        Placing(
            player=p,
            place=None if p in withdrawn else place[p],
            medal=None if p in withdrawn else medal[p],
            round_reached=reach.get(p, 0),
            withdrawn=p in withdrawn,
            group_place=group_place[p],
        )
        for p in players
    ]
    result.sort(key=lambda pl: (pl.place is None, pl.place or 0))
    return Placings(tuple(result), tuple(ties))
