"""The shape of every round, and the plan of a whole division, from the number of players.

Rules (RULES.md, "What the sources leave open"):
- four players or fewer: one table, the final; round 1 plays 3 games, a later final 1;
- a round of three or more tables sends each table's winner on, a round of two
  tables the best two of each, so that every medal is decided at the final table;
- round 1 plays 3 games, every later round 2;
- after round 1, a table at which every player would advance is not played: its
  players have a bye into the next round.
"""

from dataclasses import dataclass

from .tables import split_tables

QUALIFYING = "qualifying"
INTERMEDIATE = "intermediate"
FINAL = "final"

FIRST_ROUND_GAMES = 3
LATER_ROUND_GAMES = 2
LATER_FINAL_GAMES = 1


@dataclass(frozen=True)
class RoundShape:
    """One round as the rules make it: the tables played, the byes, who goes on."""

    number: int
    kind: str
    tables: tuple[int, ...]
    games: int
    advance_per_table: int
    byes: int
    players: int

    @property
    def advancing(self) -> int:
        """How many players the next round will have (0 after the final)."""
        if self.kind == FINAL:
            return 0
        return sum(min(size, self.advance_per_table) for size in self.tables) + self.byes

    def describe(self) -> str:
        """The plan table's notation: ``4×4+3×3, 2 g, top 1 → 7``."""
        sizes = []
        for size in sorted(set(self.tables), reverse=True):
            sizes.append(f"{self.tables.count(size)}×{size}")
        text = "+".join(sizes)
        if self.byes:
            text += f" + {self.byes} byes"
        if self.kind == FINAL:
            return f"final {text}, {self.games} g"
        return f"{text}, {self.games} g, top {self.advance_per_table} → {self.advancing}"

    def in_words(self) -> str:
        """The round for people: "4 tables of four and 3 of three play 3 games; each
        table's winner goes on (7 players in round 2)"."""
        tables = _tables_in_words(self.tables)
        games = _count(self.games, "game")
        one_table = len(self.tables) == 1
        if self.kind == FINAL:
            medals = "gold and silver" if self.players == 2 else "gold, silver and bronze"
            return f"the final: {tables} plays {games}, for {medals}."
        text = f"{tables} {'plays' if one_table else 'play'} {games}"
        if self.byes:
            text += (
                f" and {_count(self.byes, 'player')} best placed in round {self.number - 1} "
                f"{'has' if self.byes == 1 else 'have'} a bye"
            )
        if self.advance_per_table == 1:
            going = "the table's winner goes on" if one_table else "each table's winner goes on"
        else:
            best = f"the best {_word(self.advance_per_table)}"
            going = f"{best} of the table go on" if one_table else f"{best} of each table go on"
        return f"{text}; {going} ({_count(self.advancing, 'player')} in round {self.number + 1})."


WORDS = {1: "one", 2: "two", 3: "three", 4: "four"}


def _word(number: int) -> str:
    return WORDS.get(number, str(number))


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}{'' if number == 1 else 's'}"


def _tables_in_words(tables: tuple[int, ...]) -> str:
    """(4, 4, 3) -> "2 tables of four and 1 of three"."""
    parts = []
    for size in sorted(set(tables), reverse=True):
        count = tables.count(size)
        if not parts:
            parts.append(f"{_count(count, 'table')} of {_word(size)}")
        else:
            parts.append(f"{count} of {_word(size)}")
    return " and ".join(parts)


def round_shape(players: int, number: int, *, prefer_threes: bool = False) -> RoundShape | None:
    """The shape of round ``number`` for ``players`` players; None for a walkover (0 or 1)."""
    if players <= 1:
        return None
    if players <= 4:
        games = FIRST_ROUND_GAMES if number == 1 else LATER_FINAL_GAMES
        return RoundShape(number, FINAL, (players,), games, 0, 0, players)
    sizes = split_tables(players, prefer_threes=prefer_threes)
    advance = 2 if len(sizes) == 2 else 1
    byes = 0
    if number > 1:
        byes = sum(size for size in sizes if size <= advance)
        sizes = tuple(size for size in sizes if size > advance)
    games = FIRST_ROUND_GAMES if number == 1 else LATER_ROUND_GAMES
    kind = QUALIFYING if number == 1 else INTERMEDIATE
    return RoundShape(number, kind, sizes, games, advance, byes, players)


@dataclass(frozen=True)
class Plan:
    """Every round a division will play, from the players checked in."""

    players: int
    rounds: tuple[RoundShape, ...]
    minutes_per_game: int | None = None

    @property
    def walkover(self) -> bool:
        return self.players == 1

    @property
    def games(self) -> int:
        """Games played one after another, from the first round to the final."""
        return sum(shape.games for shape in self.rounds)

    @property
    def minutes(self) -> int | None:
        """Estimated playing time: rounds are played one after another, tables at once."""
        if self.minutes_per_game is None:
            return None
        return self.games * self.minutes_per_game

    @property
    def table_of_two(self) -> bool:
        """A table of two is unavoidable (2 or 5 players): the organizer is told."""
        return any(2 in shape.tables for shape in self.rounds)

    def comparison_notes(self, *, medals_by_age_group: bool = False) -> list[str]:
        """In words, where players from different tables are compared, and how: by score
        per game, never by raw totals (tables of three and four are not alike)."""
        notes = []
        if any(shape.byes for shape in self.rounds):
            notes.append(
                "Byes go to the best placed players going on: first their finishing "
                "position at their table, then their score per game (total ÷ games played), "
                "because totals from a table of three and a table of four are not alike."
            )
        if any(len(shape.tables) > 1 for shape in self.rounds):
            notes.append(
                "Players from different tables are compared by score per game, never by "
                "raw totals: placings within a round go by finishing position at the "
                "table, then score per game."
            )
        if medals_by_age_group and self.players > 1:
            notes.append(
                "Medals by age group: an age group's players from different tables are "
                "placed by the round they reached, their finishing position at the table, "
                "then score per game."
            )
        return notes

    def describe(self) -> list[str]:
        if self.players == 0:
            return ["no players checked in"]
        if self.walkover:
            return ["walkover: gold without play"]
        return [shape.describe() for shape in self.rounds]

    def in_words(self) -> list[str]:
        """The plan for people, one sentence per round."""
        if self.players == 0:
            return ["No players are checked in yet."]
        if self.walkover:
            return ["One player: a walkover, gold without play."]
        return [
            f"Round {shape.number}{',' if shape.kind == FINAL else ':'} {shape.in_words()}"
            for shape in self.rounds
        ]


def plan_division(
    players: int,
    *,
    prefer_threes: bool = False,
    minutes_per_game: int | None = None,
    first_round: int = 1,
) -> Plan:
    """The plan for ``players`` checked-in players, round by round, to the final.

    ``first_round`` plans the rounds still to come of a bracket in play: ``players``
    go into round ``first_round``, which is then played as that round (a later final
    plays one game, a later round two, with byes), not as a round 1.
    """
    rounds = []
    remaining, number = players, first_round
    while (shape := round_shape(remaining, number, prefer_threes=prefer_threes)) is not None:
        rounds.append(shape)
        if shape.kind == FINAL:
            break
        remaining, number = shape.advancing, number + 1
    return Plan(players, tuple(rounds), minutes_per_game)
