"""What the engine is given: plain records of rounds as they were played."""

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import RuleError
from .games import LOW, SCORING_SYSTEMS
from .words import gettext, ngettext

WINS = "wins"
WORST_GAME = "worst-game"
PREVIOUS_ROUND = "previous-round"
TIE_RULES = (WINS, WORST_GAME, PREVIOUS_ROUND)
DEFAULT_TIE_ORDER = TIE_RULES

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

    def __post_init__(self):
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
class GameRecord:
    """One game at a table as entered: rack totals by player, how it ended, the named winner."""

    number: int
    racks: Mapping[str, int] = field(hash=False)
    ended: str | None = None
    winner: str | None = None


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
