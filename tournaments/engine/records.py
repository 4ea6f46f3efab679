"""What the engine is given: plain records of rounds as they were played."""

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import RuleError
from .games import LOW, SCORING_SYSTEMS
from .racks import JOKER_VALUE, check_joker_value, check_never_opened
from .words import gettext, ngettext

WINS = "wins"
WORST_GAME = "worst-game"
PREVIOUS_ROUND = "previous-round"
TIE_RULES = (WINS, WORST_GAME, PREVIOUS_ROUND)
DEFAULT_TIE_ORDER = TIE_RULES

MAX_HANDS_PER_GAME = 10  # the least number of hands a game may be set to
MAX_HANDS_IN_GAME = 30  # the most hands one game may have entered
MAX_GAME_MINUTES = 600

COMBINED = "combined"
AGE_GROUP = "age-group"
MEDAL_POLICIES = (COMBINED, AGE_GROUP)


@dataclass(frozen=True)
class Rules:
    """The event settings the engine needs."""

    scoring: str = LOW
    tie_order: tuple[str, ...] = DEFAULT_TIE_ORDER
    prefer_threes: bool = False
    medal_policy: str = COMBINED
    # The format's rules that count in scores (``formats.Format.rules`` fills them):
    joker_value: int = JOKER_VALUE  # a joker's value on a rack: the largest rack total
    never_opened: int | None = None  # the fixed total of a player who never melded
    hands_per_game: int = 1  # a game is at least this many separately scored hands

    def __post_init__(self):
        check_joker_value(self.joker_value)
        check_never_opened(self.never_opened, self.joker_value)
        check_hands_per_game(self.hands_per_game)
        if self.scoring not in SCORING_SYSTEMS:
            raise RuleError(
                gettext("'%(scoring)s' is not a scoring system (low or sabra).")
                % {"scoring": self.scoring}
            )
        if self.medal_policy not in MEDAL_POLICIES:
            raise RuleError(
                gettext("'%(policy)s' is not a medal policy (combined or age-group).")
                % {"policy": self.medal_policy}
            )
        parse_tie_order(",".join(self.tie_order))


def check_hands_per_game(value: object) -> int:
    """The least number of hands in a game: 1 (a game is one hand) to 10."""
    if (
        isinstance(value, bool)
        or not isinstance(value, int)
        or not 1 <= value <= MAX_HANDS_PER_GAME
    ):
        raise RuleError(
            gettext("A game is 1 to %(most)s hands at least, not %(value)s.")
            % {"most": MAX_HANDS_PER_GAME, "value": value}
        )
    return value


def check_game_minutes(value: object) -> int | None:
    """A game's time limit in minutes, 1 to 600, or None (0) for none."""
    if value is None or (value == 0 and not isinstance(value, bool)):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= MAX_GAME_MINUTES:
        raise RuleError(
            gettext("A game's time limit is 1 to %(most)s minutes (0 for none), not %(value)s.")
            % {"most": MAX_GAME_MINUTES, "value": value}
        )
    return value


def parse_tie_order(text: str) -> tuple[str, ...]:
    """Read a tie-break order such as ``wins,worst-game``; steps may be reordered or dropped."""
    steps = tuple(step.strip() for step in text.split(",") if step.strip())
    unknown = [step for step in steps if step not in TIE_RULES]
    if unknown:
        raise RuleError(
            ngettext(
                "Unknown tie-break rule %(unknown)s: the rules are %(rules)s.",
                "Unknown tie-break rules %(unknown)s: the rules are %(rules)s.",
                len(unknown),
            )
            % {"unknown": ", ".join(unknown), "rules": ", ".join(TIE_RULES)}
        )
    if len(set(steps)) != len(steps):
        raise RuleError(gettext("A tie-break rule is named twice."))
    return steps


@dataclass(frozen=True)
class HandRecord:
    """One hand of a game of several hands, as entered: like a game of one hand."""

    number: int
    racks: Mapping[str, int] = field(hash=False)
    ended: str | None = None
    winner: str | None = None
    never_opened: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GameRecord:
    """One game at a table as entered: rack totals by player, how it ended, the named winner.

    ``never_opened``: the players the entry marked as never having melded (their rack
    total is the event's fixed total). A game of several hands has its ``hands``
    (``hands.game_of_hands`` builds it): then ``racks`` holds each player's racks added
    over the hands (what the sheet shows for the game), ``ended`` is None, and
    ``winner`` is the player the table named by a tile draw when the best total and the
    most hands won tie.
    """

    number: int
    racks: Mapping[str, int] = field(hash=False)
    ended: str | None = None
    winner: str | None = None
    never_opened: frozenset[str] = frozenset()
    hands: tuple[HandRecord, ...] = ()


@dataclass(frozen=True)
class TableRecord:
    number: int
    players: tuple[str, ...]
    games: tuple[GameRecord, ...] = ()


@dataclass(frozen=True)
class RoundRecord:
    """A round as seated and (so far) played."""

    number: int
    kind: str
    games: int
    tables: tuple[TableRecord, ...]
    byes: tuple[str, ...] = ()
    penalties: Mapping[str, int] = field(default_factory=dict, hash=False)

    @property
    def players(self) -> tuple[str, ...]:
        return tuple(p for table in self.tables for p in table.players) + self.byes


@dataclass(frozen=True)
class TieDecision:
    """The outcome of a playoff or tile draw: the tied players of a round, best first."""

    round: int
    order: tuple[str, ...]
