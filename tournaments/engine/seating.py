"""Seating a round: random but reproducible, clubs spread, repeat opponents avoided.

Players of one club or family group sit at different tables whenever the club has
no more members than there are tables; a larger club is spread as evenly as the
tables allow. In later rounds, players who already shared a table are kept apart
where possible. Whatever could not be avoided is reported.
"""

import random
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

from .errors import RuleError

MAX_SWAP_PASSES = 6


@dataclass(frozen=True)
class Seat:
    """A player to seat, with the club or family group they belong to ('' for none)."""

    player: str
    club: str = ""


@dataclass(frozen=True)
class ClubClash:
    club: str
    table: int  # 1-based table index in the seating
    players: tuple[str, ...]
    avoidable: bool  # False when the club has more members than there are tables


@dataclass(frozen=True)
class RepeatMeeting:
    table: int
    players: tuple[str, str]


@dataclass(frozen=True)
class Seating:
    """Tables in order (table 1 first), each a tuple of players in seat order."""

    tables: tuple[tuple[str, ...], ...]
    clashes: tuple[ClubClash, ...]
    repeats: tuple[RepeatMeeting, ...]

    def warnings(self, names=None) -> list[str]:
        """What the seating could not avoid, in words."""
        name = (names or {}).get
        label = lambda p: name(p) or p  # noqa: E731
        lines = []
        for clash in self.clashes:
            who = ", ".join(label(p) for p in clash.players)
            why = "more members than tables" if not clash.avoidable else "the numbers did not allow"
            lines.append(f"Table {clash.table}: {who} of {clash.club} share a table ({why}).")
        for repeat in self.repeats:
            a, b = (label(p) for p in repeat.players)
            lines.append(f"Table {repeat.table}: {a} and {b} met in an earlier round.")
        return lines


def _deal(groups: list[list[str]], sizes: Sequence[int]) -> list[list[str]]:
    """Deal players round-robin over the tables that still have room.

    With the largest tables first and each club's members dealt one after another,
    any club with no more members than tables lands at different tables.
    """
    tables: list[list[str]] = [[] for _ in sizes]
    order = [p for group in groups for p in group]
    index = 0
    for player in order:
        while len(tables[index % len(sizes)]) >= sizes[index % len(sizes)]:
            index += 1
        tables[index % len(sizes)].append(player)
        index += 1
    return tables


def seat_players(
    players: Sequence[Seat],
    sizes: Sequence[int],
    *,
    seed: int,
    met: Collection[frozenset[str]] = frozenset(),
) -> Seating:
    """Seat ``players`` at tables of ``sizes`` (largest first), reproducibly from ``seed``.

    ``met`` holds pairs of players who already shared a table in this division.
    """
    if sum(sizes) != len(players):
        raise RuleError(f"{len(players)} players cannot fill tables for {sum(sizes)}.")
    if len({p.player for p in players}) != len(players):
        raise RuleError("A player is listed twice for one round.")
    sizes = sorted(sizes, reverse=True)
    rng = random.Random(seed)
    clubs: dict[str, list[str]] = defaultdict(list)
    loners: list[list[str]] = []
    club_of = {}
    for seat in players:
        club = seat.club.strip().casefold()
        club_of[seat.player] = club
        if club:
            clubs[club].append(seat.player)
        else:
            loners.append([seat.player])
    groups = list(clubs.values())
    for group in groups:
        rng.shuffle(group)
    rng.shuffle(groups)
    groups.sort(key=len, reverse=True)
    rng.shuffle(loners)
    tables = _deal(groups + loners, sizes)
    met = {pair for pair in met if len(pair) == 2}
    if met or any(len(g) > len(sizes) for g in groups):
        _improve(tables, club_of, met, rng)
    for table in tables:
        rng.shuffle(table)
    # Tables of one size are interchangeable: shuffle which number each gets.
    by_size = defaultdict(list)
    for table in tables:
        by_size[len(table)].append(table)
    ordered = []
    for size in sorted(by_size, reverse=True):
        rng.shuffle(by_size[size])
        ordered.extend(by_size[size])
    names = {seat.player: seat.club for seat in players}
    return Seating(
        tuple(tuple(t) for t in ordered),
        _clashes(ordered, club_of, names, clubs, len(sizes)),
        _repeats(ordered, met),
    )


def _cost(table: list[str], player: str, club_of, met) -> tuple[int, int]:
    club = club_of[player]
    same = sum(1 for other in table if other != player and club and club_of[other] == club)
    seen = sum(1 for other in table if other != player and frozenset((player, other)) in met)
    return same, seen


def _improve(tables: list[list[str]], club_of, met, rng: random.Random) -> None:
    """Swap players between tables while that lowers clashes, then repeat meetings."""
    where = {p: i for i, table in enumerate(tables) for p in table}
    for _ in range(MAX_SWAP_PASSES):
        improved = False
        troubled = [p for p in where if _cost(tables[where[p]], p, club_of, met) != (0, 0)]
        rng.shuffle(troubled)
        for player in troubled:
            here = where[player]
            before = _cost(tables[here], player, club_of, met)
            if before == (0, 0):
                continue
            candidates = list(where)
            rng.shuffle(candidates)
            for other in candidates[:400]:
                there = where[other]
                if there == here:
                    continue
                old = _pair_cost(tables, here, there, player, other, club_of, met)
                _swap(tables, where, player, other)
                new = _pair_cost(tables, there, here, player, other, club_of, met)
                if new < old:
                    improved = True
                    break
                _swap(tables, where, player, other)
        if not improved:
            return


def _pair_cost(tables, a_table, b_table, a, b, club_of, met):
    ca = _cost(tables[a_table], a, club_of, met)
    cb = _cost(tables[b_table], b, club_of, met)
    return (ca[0] + cb[0], ca[1] + cb[1])


def _swap(tables, where, a, b):
    ia, ib = where[a], where[b]
    tables[ia][tables[ia].index(a)] = b
    tables[ib][tables[ib].index(b)] = a
    where[a], where[b] = ib, ia


def _clashes(tables, club_of, names, clubs, count) -> tuple[ClubClash, ...]:
    found = []
    for number, table in enumerate(tables, start=1):
        by_club = defaultdict(list)
        for player in table:
            if club_of[player]:
                by_club[club_of[player]].append(player)
        for club, members in by_club.items():
            if len(members) > 1:
                found.append(
                    ClubClash(names[members[0]], number, tuple(members), len(clubs[club]) <= count)
                )
    return tuple(found)


def _repeats(tables, met) -> tuple[RepeatMeeting, ...]:
    found = []
    for number, table in enumerate(tables, start=1):
        for a, b in combinations(table, 2):
            if frozenset((a, b)) in met:
                found.append(RepeatMeeting(number, (a, b)))
    return tuple(found)


def tablemates(tables: Sequence[Sequence[str]]) -> set[frozenset[str]]:
    """Every pair of players who shared one of these tables."""
    return {frozenset(pair) for table in tables for pair in combinations(table, 2)}
