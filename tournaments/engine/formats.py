"""An event's format as data: how games are scored and played, and the named presets.

Senior games boards play Rummikub by different rules. A ``Format`` holds every rule an
event chooses: the scoring system, the table rules (turn length, initial meld, the
joker's value on a rack, a fixed total for a player who never opened, no playing on
other sets until the turn after the initial meld, direction of play, a tile drawn for a
turn over time), how long a game is (one hand, or at least N hands within M minutes),
and a divisions-by-size rule. Three presets name the formats of RULES.md:

- ``gwinnett`` (the default, today's behaviour): low score, two-minute turns, initial
  meld 30, joker 30, clockwise, one hand per game, divisions by the event's age bands;
- ``nvso`` (Northern Virginia Senior Olympics): Pressman scoring, one-minute turns,
  initial meld 30, no playing on other sets until the turn after the initial meld,
  games of at least three hands within an hour, age groups by the field's size
  (``16:50,75;32:50,65,80``), no gender split;
- ``sabra`` (the Sabra way): Sabra scoring, initial meld 50, joker 30,
  counter-clockwise, two-minute turns, one tile drawn for a turn over time.

**Pressman is Sabra.** The Pressman rule sheet scores a game exactly as the Sabra way
does: each loser scores minus their rack, the winner plus the losers' racks; on an
exhausted pool each loser scores minus (own rack − the winner's rack) and the winner
the sum of those. So the engine has one system, ``sabra``; the NVSO preset chooses it,
and its printed rules call it Pressman scoring (``scoring_name``).

An event stores the format as flat settings (``FORMAT_SETTINGS``: the names its fields
take); ``format_from_settings`` reads them back, checking each value, and
``apply_preset`` fills an event's settings from a preset (the other settings left as
they are).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field

from .errors import RuleError
from .field_divisions import SizeDivisions, parse_size_divisions
from .games import LOW, SABRA, SCORING_SYSTEMS
from .racks import JOKER_VALUE, check_joker_value, check_never_opened, largest_rack_total
from .records import Rules, check_game_minutes, check_hands_per_game
from .words import gettext

CLOCKWISE = "clockwise"
COUNTER_CLOCKWISE = "counter-clockwise"
DIRECTIONS = (CLOCKWISE, COUNTER_CLOCKWISE)
TURN_SECONDS = (60, 120)  # one or two minutes; None: no turn limit
INITIAL_MELDS = (30, 40, 50)
OVER_TIME_TILES = (0, 1)  # tiles drawn for a turn over time (the Sabra way: one)
FAILED_MOVE_TILES = 3  # every source: a failed manipulation costs three tiles

GWINNETT = "gwinnett"
NVSO = "nvso"
SABRA_WAY = "sabra"
PRESET_NAMES = (GWINNETT, NVSO, SABRA_WAY)
DEFAULT_PRESET = GWINNETT
PRESSMAN = "pressman"  # a name for Sabra arithmetic, as the NVSO's rules say it


def _choices(values) -> str:
    words = [str(v) for v in values]
    return gettext("%(first)s or %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def check_turn_seconds(value: object) -> int | None:
    """A turn's time limit in seconds: 60 or 120, or None (0) for no limit."""
    if value is None or (value == 0 and not isinstance(value, bool)):
        return None
    if isinstance(value, bool) or not isinstance(value, int) or value not in TURN_SECONDS:
        raise RuleError(
            gettext("A turn lasts %(choices)s seconds, or 0 for no limit; not %(value)s.")
            % {"choices": _choices(TURN_SECONDS), "value": value}
        )
    return value


def check_initial_meld(value: object) -> int:
    """The initial meld's least points: 30, 40 or 50."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in INITIAL_MELDS:
        raise RuleError(
            gettext("The initial meld is %(choices)s points, not %(value)s.")
            % {"choices": _choices(INITIAL_MELDS), "value": value}
        )
    return value


def check_direction(value: object) -> str:
    """The direction of play: ``clockwise`` or ``counter-clockwise``."""
    if value not in DIRECTIONS:
        raise RuleError(
            gettext("Play goes clockwise or counter-clockwise, not '%(value)s'.") % {"value": value}
        )
    return str(value)


def check_over_time_tiles(value: object) -> int:
    """Tiles drawn for a turn over time: 0 or 1."""
    if isinstance(value, bool) or not isinstance(value, int) or value not in OVER_TIME_TILES:
        raise RuleError(
            gettext("A turn over time draws 0 or 1 tile, not %(value)s.") % {"value": value}
        )
    return value


def check_scoring(value: object) -> str:
    """``low`` or ``sabra`` (``pressman`` is read as ``sabra``: the same arithmetic)."""
    if value == PRESSMAN:
        return SABRA
    if value not in SCORING_SYSTEMS:
        raise RuleError(
            gettext("'%(scoring)s' is not a scoring system (low or sabra).") % {"scoring": value}
        )
    return str(value)


@dataclass(frozen=True)
class TableRules:
    """What is played at a table. All are printed on the score sheets; the joker's value
    and the never-opened total also count in every rack check and score."""

    turn_seconds: int | None = 120
    initial_meld: int = 30
    joker_value: int = JOKER_VALUE
    never_opened: int | None = None
    wait_after_initial_meld: bool = False
    direction: str = CLOCKWISE
    over_time_tiles: int = 0

    def __post_init__(self):
        check_turn_seconds(self.turn_seconds)
        check_initial_meld(self.initial_meld)
        check_joker_value(self.joker_value)
        check_never_opened(self.never_opened, self.joker_value)
        check_direction(self.direction)
        check_over_time_tiles(self.over_time_tiles)
        if not isinstance(self.wait_after_initial_meld, bool):
            raise RuleError(gettext("Waiting after the initial meld is yes or no."))

    @property
    def largest_rack_total(self) -> int:
        """The most a rack can hold with this joker value (788 at 30)."""
        return largest_rack_total(self.joker_value)

    def game_options(self) -> dict:
        """The keywords ``validate_game`` and ``parse_rack_total`` take for these rules
        (``never_opened_total`` is for ``validate_game`` only)."""
        return {"joker_value": self.joker_value, "never_opened_total": self.never_opened}


@dataclass(frozen=True)
class GameLength:
    """How long a game is: ``hands`` separately scored hands at least (1: a game is one
    hand, as today), within ``minutes`` when set (at time up the hand in progress is
    finished, and play goes on until the game has its least number of hands)."""

    hands: int = 1
    minutes: int | None = None

    def __post_init__(self):
        check_hands_per_game(self.hands)
        check_game_minutes(self.minutes)

    @property
    def of_hands(self) -> bool:
        """Whether each game is entered hand by hand."""
        return self.hands > 1


@dataclass(frozen=True)
class Format:
    """Every rule an event's format chooses (see the module's docstring)."""

    scoring: str = LOW
    table: TableRules = field(default_factory=TableRules)
    game: GameLength = field(default_factory=GameLength)
    divisions_by_size: SizeDivisions | None = None
    by_gender: bool = False
    scoring_name: str = ""  # how the printed rules name the scoring ("pressman"), if not by it

    def __post_init__(self):
        check_scoring(self.scoring)
        if self.scoring_name not in ("", PRESSMAN):
            raise RuleError(gettext("The scoring's printed name is Pressman or none."))

    def settings(self) -> dict[str, object]:
        """The format as an event's flat settings (``FORMAT_SETTINGS``), ready to store."""
        return {
            "scoring": self.scoring,
            "scoring_name": self.scoring_name,
            "turn_seconds": self.table.turn_seconds,
            "initial_meld": self.table.initial_meld,
            "joker_value": self.table.joker_value,
            "never_opened": self.table.never_opened,
            "wait_after_initial_meld": self.table.wait_after_initial_meld,
            "direction": self.table.direction,
            "over_time_tiles": self.table.over_time_tiles,
            "hands_per_game": self.game.hands,
            "game_minutes": self.game.minutes,
            "divisions_by_size": self.divisions_by_size.text() if self.divisions_by_size else "",
            "by_gender": self.by_gender,
        }

    def rules(self, **others) -> Rules:
        """The engine's ``Rules`` for this format (``others``: tie order, prefer threes,
        medal policy, as the event set them)."""
        return Rules(
            scoring=self.scoring,
            joker_value=self.table.joker_value,
            never_opened=self.table.never_opened,
            hands_per_game=self.game.hands,
            **others,
        )


FORMAT_SETTINGS = tuple(Format().settings())

PRESETS: Mapping[str, Format] = {
    GWINNETT: Format(),
    NVSO: Format(
        scoring=SABRA,
        scoring_name=PRESSMAN,
        table=TableRules(turn_seconds=60, wait_after_initial_meld=True),
        game=GameLength(hands=3, minutes=60),
        divisions_by_size=parse_size_divisions("16:50,75;32:50,65,80"),
    ),
    SABRA_WAY: Format(
        scoring=SABRA,
        table=TableRules(initial_meld=50, direction=COUNTER_CLOCKWISE, over_time_tiles=1),
    ),
}


def preset(name: str) -> Format:
    """The named preset's format; a RuleError naming the presets for an unknown name."""
    key = str(name).strip().lower()
    if key not in PRESETS:
        raise RuleError(
            gettext("'%(name)s' is not a preset (%(presets)s).")
            % {"name": name, "presets": ", ".join(PRESET_NAMES)}
        )
    return PRESETS[key]


def apply_preset(settings: Mapping[str, object], name: str) -> dict[str, object]:
    """An event's settings with every setting of the preset filled in (the event's other
    settings, such as its name or age bands, kept). Apply the organizer's own options
    after this: ``--preset`` first, then the other options."""
    return {**settings, **preset(name).settings()}


def _optional_int(settings: Mapping[str, object], key: str, default):
    value = settings.get(key, default)
    return None if value in (None, "", 0) else value


def format_from_settings(settings: Mapping[str, object]) -> Format:
    """Read an event's stored settings back into a ``Format``, each value checked; a
    setting left out takes the Gwinnett preset's value (so an event, or a backup, from
    before formats were settings reads as Gwinnett)."""
    base = Format()
    table = base.table
    return Format(
        scoring=check_scoring(settings.get("scoring", base.scoring)),
        scoring_name=str(settings.get("scoring_name") or ""),
        table=TableRules(
            turn_seconds=_optional_int(settings, "turn_seconds", table.turn_seconds),
            initial_meld=settings.get("initial_meld", table.initial_meld),
            joker_value=settings.get("joker_value", table.joker_value),
            never_opened=_optional_int(settings, "never_opened", table.never_opened),
            wait_after_initial_meld=bool(
                settings.get("wait_after_initial_meld", table.wait_after_initial_meld)
            ),
            direction=settings.get("direction", table.direction),
            over_time_tiles=settings.get("over_time_tiles", table.over_time_tiles),
        ),
        game=GameLength(
            hands=settings.get("hands_per_game", base.game.hands),
            minutes=_optional_int(settings, "game_minutes", base.game.minutes),
        ),
        divisions_by_size=parse_size_divisions(settings.get("divisions_by_size") or ""),
        by_gender=bool(settings.get("by_gender", base.by_gender)),
    )


def matching_preset(format_: Format) -> str | None:
    """The preset this format is exactly, or None once a setting differs from each."""
    return next((name for name in PRESET_NAMES if PRESETS[name] == format_), None)


def preset_differences(format_: Format, name: str) -> tuple[str, ...]:
    """The settings (``FORMAT_SETTINGS`` names) in which ``format_`` differs from a
    preset, for a page that says "NVSO, but: joker_value"."""
    ours, theirs = format_.settings(), preset(name).settings()
    return tuple(key for key in FORMAT_SETTINGS if ours[key] != theirs[key])
