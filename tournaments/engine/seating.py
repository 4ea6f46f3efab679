"""Seating a round: random but reproducible, families and clubs spread, repeat opponents
avoided.

Members of one family (a couple, a household) sit at different tables whenever the
family has no more members than there are tables: that comes first. Players of one
club sit at different tables whenever the club has no more members than there are
tables and the families allow it; a larger club is spread as evenly as the tables
allow. In later rounds, players who already shared a table are kept apart where
possible. Whatever could not be avoided is reported.
"""

import random
from collections import defaultdict
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from itertools import combinations

from .errors import RuleError
from .notes import CLUB, FAMILY, MET, SeatingNote, parts_in_words
from .words import gettext

MAX_SWAP_PASSES = 6


@dataclass(frozen=True)
class Seat:
    """A player to seat, with their club and their family (household, couple); '' for none."""

    player: str
    club: str = ""
    family: str = ""


@dataclass(frozen=True)
class ClubClash:
    """Players of one club (or, in ``Seating.family_clashes``, one family) at one table."""

    club: str  # the club's or the family's name as first entered
    table: int  # 1-based table index in the seating
    players: tuple[str, ...]
    avoidable: bool  # False when the group has more members than there are tables


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
    family_clashes: tuple[ClubClash, ...] = ()

    def notes(self, names=None, numbers: Sequence[int] | None = None) -> list[SeatingNote]:
        """What the seating could not avoid: families first, then clubs, then players
        meeting again. ``numbers`` gives each table's number in the hall (table 1 of the
        seating is ``numbers[0]``)."""
        name = (names or {}).get
        label = lambda p: name(p) or p  # noqa: E731
        number = (lambda t: numbers[t - 1]) if numbers else (lambda t: t)  # noqa: E731
        notes = []
        for kind, clashes in ((FAMILY, self.family_clashes), (CLUB, self.clashes)):
            for clash in clashes:
                parts = {
                    "who": [label(p) for p in clash.players],
                    "group": clash.club,
                    "unavoidable": not clash.avoidable,
                }
                text = parts_in_words(kind, parts)
                notes.append(SeatingNote(kind, text, number(clash.table), clash.players, "", parts))
        for repeat in self.repeats:
            parts = {"who": [label(p) for p in repeat.players]}
            text = parts_in_words(MET, parts)
            notes.append(SeatingNote(MET, text, number(repeat.table), repeat.players, "", parts))
        return notes

    def warnings(self, names=None, numbers: Sequence[int] | None = None) -> list[str]:
        """The notes in words ("Table 5: …"), in the active language."""
        return [note.in_words() for note in self.notes(names, numbers)]


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
    gather: Collection[str] = frozenset(),
) -> Seating:
    """Seat ``players`` at tables of ``sizes`` (largest first), reproducibly from ``seed``.

    ``met`` holds pairs of players who already shared a table in this division.
    ``gather`` holds players who need an accessible table: they are brought together at
    as few tables as the separation rules allow (families, clubs, repeat meetings are
    never made worse for it), so they fit the hall's accessible tables.
    """
    if sum(sizes) != len(players):
        raise RuleError(
            gettext("%(players)s players cannot fill tables for %(seats)s.")
            % {"players": len(players), "seats": sum(sizes)}
        )
    if len({p.player for p in players}) != len(players):
        raise RuleError(gettext("A player is listed twice for one round."))
    sizes = sorted(sizes, reverse=True)
    rng = random.Random(seed)
    clubs = _groups(players, "club")
    families = _groups(players, "family")
    club_of = {seat.player: seat.club.strip().casefold() for seat in players}
    family_of = {seat.player: seat.family.strip().casefold() for seat in players}
    groups = list(clubs.values())
    for group in groups:
        rng.shuffle(group)
    rng.shuffle(groups)
    groups.sort(key=len, reverse=True)
    loners = [[seat.player] for seat in players if not club_of[seat.player]]
    rng.shuffle(loners)
    order = groups + loners
    together = [group for group in families.values() if len(group) > 1]
    if together:
        # Families are dealt first, largest first and each family's members one after
        # another, so a family with no more members than tables lands at different
        # tables; the swaps below never put two of a family together again.
        for family in together:
            rng.shuffle(family)
        rng.shuffle(together)
        together.sort(key=len, reverse=True)
        in_family = {p for family in together for p in family}
        order = together + [[p for p in group if p not in in_family] for group in order]
    tables = _deal(order, sizes)
    met = {pair for pair in met if len(pair) == 2}
    if met or together or any(len(g) > len(sizes) for g in groups):
        _improve(tables, family_of, club_of, met, rng)
    gather = {p for p in gather if p in club_of}
    if len(gather) > 1:
        _gather(tables, gather, (family_of, club_of, met), rng)
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
    club_names = {seat.player: seat.club for seat in players}
    family_names = {seat.player: seat.family for seat in players}
    return Seating(
        tuple(tuple(t) for t in ordered),
        _clashes(ordered, club_of, club_names, clubs, len(sizes)),
        _repeats(ordered, met),
        _clashes(ordered, family_of, family_names, families, len(sizes)),
    )


def _groups(players: Sequence[Seat], attribute: str) -> dict[str, list[str]]:
    """Players by club or by family, the names compared ignoring case and outer spaces."""
    groups: dict[str, list[str]] = defaultdict(list)
    for seat in players:
        key = getattr(seat, attribute).strip().casefold()
        if key:
            groups[key].append(seat.player)
    return groups


def _cost(table: list[str], player: str, family_of, club_of, met) -> tuple[int, int, int]:
    """A player's trouble at a table: family members, club mates, earlier opponents there
    (compared in that order: a family apart matters more than a club apart)."""
    family, club = family_of[player], club_of[player]
    others = [other for other in table if other != player]
    kin = sum(1 for other in others if family and family_of[other] == family)
    same = sum(1 for other in others if club and club_of[other] == club)
    seen = sum(1 for other in others if frozenset((player, other)) in met)
    return kin, same, seen


NO_TROUBLE = (0, 0, 0)


def _improve(tables: list[list[str]], family_of, club_of, met, rng: random.Random) -> None:
    """Swap players between tables while that lowers family clashes, then club clashes,
    then repeat meetings (a swap is kept only when it is better in that order, so it never
    puts two of a family together to part a club)."""
    where = {p: i for i, table in enumerate(tables) for p in table}
    groups = (family_of, club_of, met)
    for _ in range(MAX_SWAP_PASSES):
        improved = False
        troubled = [p for p in where if _cost(tables[where[p]], p, *groups) != NO_TROUBLE]
        rng.shuffle(troubled)
        for player in troubled:
            here = where[player]
            before = _cost(tables[here], player, *groups)
            if before == NO_TROUBLE:
                continue
            candidates = list(where)
            rng.shuffle(candidates)
            for other in candidates[:400]:
                there = where[other]
                if there == here:
                    continue
                old = _pair_cost(tables, here, there, player, other, groups)
                _swap(tables, where, player, other)
                new = _pair_cost(tables, there, here, player, other, groups)
                if new < old:
                    improved = True
                    break
                _swap(tables, where, player, other)
        if not improved:
            return


def _gather(tables: list[list[str]], gather: set[str], groups, rng: random.Random) -> None:
    """Swap players who need an accessible table into as few tables as possible: the
    fewest tables that can hold them all (those already holding most of them first), each
    swap kept only when it puts no family, club or earlier opponents closer together."""
    where = {p: i for i, table in enumerate(tables) for p in table}
    for _ in range(MAX_SWAP_PASSES * 2):
        held = [sum(1 for p in table if p in gather) for table in tables]
        targets = _gathering_tables(tables, held, len(gather))
        outside = [p for p in gather if where[p] not in targets]
        if not outside:
            return
        rng.shuffle(outside)
        moved = False
        for player in outside:
            here = where[player]
            others = [
                other
                for i in sorted(targets, key=lambda i: (-held[i], i))
                for other in tables[i]
                if other not in gather
            ]
            for other in others:
                there = where[other]
                old = _pair_cost(tables, here, there, player, other, groups)
                _swap(tables, where, player, other)
                new = _pair_cost(tables, there, here, player, other, groups)
                if new <= old:
                    moved = True
                    break
                _swap(tables, where, player, other)
        if not moved:
            return


def _gathering_tables(tables: list[list[str]], held: list[int], need: int) -> set[int]:
    """The fewest tables that can seat ``need`` players, those already holding most of
    them first: a table holding more is passed over only when taking it would need one
    table more (two of them in a table of three, four in need, a table of four free)."""
    sizes = sorted((len(table) for table in tables), reverse=True)
    count, room = 0, 0
    while count < len(sizes) and room < need:
        room, count = room + sizes[count], count + 1
    order = sorted(range(len(tables)), key=lambda i: (-held[i], -len(tables[i]), i))
    targets: set[int] = set()
    room = 0
    for step in range(count):
        for i in order:
            if i in targets:
                continue
            rest = sorted(
                (len(tables[j]) for j in range(len(tables)) if j not in targets and j != i),
                reverse=True,
            )[: count - step - 1]
            if room + len(tables[i]) + sum(rest) >= need:
                targets.add(i)
                room += len(tables[i])
                break
    return targets


def _pair_cost(tables, a_table, b_table, a, b, groups):
    ca = _cost(tables[a_table], a, *groups)
    cb = _cost(tables[b_table], b, *groups)
    return tuple(x + y for x, y in zip(ca, cb, strict=True))


def _swap(tables, where, a, b):
    ia, ib = where[a], where[b]
    tables[ia][tables[ia].index(a)] = b
    tables[ib][tables[ib].index(b)] = a
    where[a], where[b] = ib, ia


def _clashes(tables, group_of, names, groups, count) -> tuple[ClubClash, ...]:
    found = []
    for number, table in enumerate(tables, start=1):
        by_group = defaultdict(list)
        for player in table:
            if group_of[player]:
                by_group[group_of[player]].append(player)
        for group, members in by_group.items():
            if len(members) > 1:
                found.append(
                    ClubClash(
                        names[members[0]].strip(),
                        number,
                        tuple(members),
                        len(groups[group]) <= count,
                    )
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
