"""One game's rack totals: what can physically happen, and what each player scores.

A rack total is the face value of the tiles left on a player's rack, a joker
counting the event's value (30 by default; 25 and 50 are played elsewhere); the
player who goes out has 0. The 106 tiles add up to 2 × 4 × (1+…+13) + 2 × joker
(788 with a joker at 30), so no rack — and no table's racks together — can hold
more. An event may also give a player who never melded a fixed total instead of
their rack ("never opened"): that total is not tiles, so it is left out of the
check that the racks together fit in one set.

Every check takes the event's ``joker_value`` (keyword, 30 when left out), so a
caller that knows nothing of formats checks as before.
"""

import re
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field, replace

from .errors import GameError, RuleError
from .words import gettext, gettext_noop

JOKER_VALUE = 30  # the default: the Gwinnett sheet's "funny face" counts thirty
JOKER_VALUES = (25, 30, 50)  # Belgium 25; most rules 30; Japan and the Mind Sports Olympiad 50
COLOURS = ("black", "red", "blue", "orange")
NUMBERS = range(1, 14)
COPIES = 2
JOKERS = 2
TILES_TOTAL = COPIES * len(COLOURS) * sum(NUMBERS)  # 728: every numbered tile


def largest_rack_total(joker_value: int = JOKER_VALUE) -> int:
    """The most a rack (or a table's racks together) can hold: every tile and both jokers,
    a joker counting ``joker_value``: 788 at 30, 778 at 25, 828 at 50."""
    return TILES_TOTAL + JOKERS * joker_value


MAX_RACK_TOTAL = largest_rack_total()  # 788, the default joker's
# The most any event's rack can hold, whatever joker value it chose: a bound for stored
# rack totals (each event's own checks use its joker's ``largest_rack_total``).
LARGEST_RACK_TOTAL = largest_rack_total(max(JOKER_VALUES))  # 828


def check_joker_value(value: object) -> int:
    """The joker's value on a rack, one of ``JOKER_VALUES``; a RuleError in words if not."""
    if not isinstance(value, int) or isinstance(value, bool) or value not in JOKER_VALUES:
        raise RuleError(
            gettext("A joker left on a rack counts %(choices)s points, not %(value)s.")
            % {"choices": _choices(JOKER_VALUES), "value": value}
        )
    return int(value)


def check_never_opened(value: object, joker_value: int = JOKER_VALUE) -> int | None:
    """The fixed total of a player who never melded: None (or 0) for none, else a whole
    number from 1 to the largest rack total (a rack total it stands for)."""
    if value is None or (value == 0 and not isinstance(value, bool)):
        return None
    most = largest_rack_total(joker_value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= most:
        raise RuleError(
            gettext(
                "A player who never opened scores a fixed total from 1 to %(most)s points "
                "(0 for none), not %(value)s."
            )
            % {"most": most, "value": value}
        )
    return value


def _choices(values) -> str:
    words = [str(v) for v in values]
    return gettext("%(first)s or %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


OUT = "out"
EXHAUSTED = "exhausted"
ENDINGS = (OUT, EXHAUSTED)

LOW = "low"
SABRA = "sabra"
SCORING_SYSTEMS = (LOW, SABRA)

# Every message about a game's rack totals, once. The score entry page's script gets
# these same texts (and the limits above), so the browser and the server say the same
# words. Placeholders are filled with str.format; none takes a format spec. Kept in
# English here (gettext_noop marks them for the catalogs); ``message`` and
# ``entry_rules`` give them in the active language.
MESSAGES = {
    "not_number": gettext_noop("'{text}' is not a whole number of points."),
    "thousands": gettext_noop(
        "'{text}': type the number without commas, dots or spaces. A rack total is a whole "
        "number between 0 and {max}."
    ),
    "decimal": gettext_noop(
        "'{text}' is not a whole number: a rack total counts whole points, no decimals, "
        "between 0 and {max}."
    ),
    "negative": gettext_noop("{value} is negative: a rack total is 0 or more."),
    "too_big": gettext_noop(
        "{value} is more than any rack can hold: the largest possible rack total is "
        "{max} (every tile and both jokers)."
    ),
    "never_opened_value": gettext_noop(
        "{who} never opened, so their rack total is {total}, not {value}: clear the "
        "number, or untick 'never opened'."
    ),
    "never_opened_none": gettext_noop(
        "{who} is marked 'never opened', but this event gives no fixed total for that: "
        "enter the rack total."
    ),
    "too_few": gettext_noop("A game needs the rack totals of at least two players."),
    "sum_too_big": gettext_noop(
        "The rack totals add up to {total}, more than all 106 tiles together ({max}): "
        "one of them is wrong."
    ),
    "nobody_out": gettext_noop(
        "Nobody has 0, so nobody went out: if the pool ran out, mark the game " "'pool exhausted'."
    ),
    "out_without_zero": gettext_noop("The game ended by going out, but nobody has 0."),
    "all_zero": gettext_noop("{who} all have 0: only one player can go out."),
    "both_zero": gettext_noop("{who} both have 0: only one player can go out."),
    "out_not_winner": gettext_noop("{out} went out with 0, so {winner} cannot be the winner."),
    "zero_exhausted": gettext_noop(
        "{who} has 0, but the pool was exhausted: a player with 0 went out. Either the "
        "game ended by going out, or the 0 is wrong."
    ),
    "tie_exhausted": gettext_noop(
        "{who} tie for the lowest rack ({lowest}) on an exhausted pool: enter the winner "
        "the table named (tile draw)."
    ),
    "not_lowest": gettext_noop(
        "{winner} holds {value}, more than the lowest rack ({lowest}): on an exhausted "
        "pool the lowest rack wins."
    ),
    "balance": gettext_noop(
        "The points add up to {total}, not 0: under Sabra scoring the winner's plus must "
        "equal the losers' minus."
    ),
}


# Numbers typed the way people write them elsewhere, each said in its own words: with a
# thousands separator ("1,000", "1 000", "1.000": groups of three digits) or a decimal
# ("12.5", "12,5"). Plain regular expressions that mean the same in Python and in the page's
# script, which gets them through ``entry_rules``; each must match the whole text.
NUMBER_SHAPES = {
    "thousands": r"[+-]?[0-9]{1,3}([,. \u00a0\u202f'][0-9]{3})+",
    "decimal": r"[+-]?[0-9]*[.,][0-9]+",
}


def message(key: str) -> str:
    """One of ``MESSAGES`` in the active language (its placeholders left for format)."""
    return gettext(MESSAGES[key])


def parse_rack_total(text: object, *, joker_value: int = JOKER_VALUE) -> int:
    """Turn what a scorekeeper typed into a rack total, or say why it cannot be one (more
    than the largest rack total with the event's ``joker_value`` is refused)."""
    most = largest_rack_total(joker_value)
    if isinstance(text, bool):
        raise RuleError(gettext("A rack total is a whole number."))
    if isinstance(text, int):
        value = text
    else:
        raw = str(text).strip()
        if raw == "":
            raise RuleError(gettext("No rack total was entered."))
        shown = raw if len(raw) <= 20 else f"{raw[:20]}…"
        if re.fullmatch(r"[+-]?[0-9]{1,9}", raw):
            value = int(raw)
        elif re.fullmatch(r"[+-]?[0-9]+", raw):  # int() refuses more than 4,300 digits
            if raw.startswith("-"):
                raise RuleError(message("negative").format(value=shown))
            raise RuleError(message("too_big").format(value=shown, max=most))
        else:
            shape = next(
                (key for key, pattern in NUMBER_SHAPES.items() if re.fullmatch(pattern, raw)),
                "not_number",
            )
            raise RuleError(message(shape).format(text=shown, max=most))
    if value < 0:
        raise RuleError(message("negative").format(value=value))
    if value > most:
        raise RuleError(message("too_big").format(value=value, max=most))
    return value


def entry_rules(*, joker_value: int = JOKER_VALUE, never_opened: int | None = None) -> dict:
    """What a score entry page needs to check a game as the engine does: the tiles, the
    limits and the messages, as plain JSON-ready values. ``never_opened`` is the event's
    fixed total for a player who never melded (None: the calculator offers no such
    choice)."""
    return {
        "max_rack": largest_rack_total(joker_value),
        "joker": joker_value,
        "never_opened": never_opened,
        "jokers": JOKERS,
        "copies": COPIES,
        "colours": list(COLOURS),
        "numbers": list(NUMBERS),
        "out": OUT,
        "exhausted": EXHAUSTED,
        "messages": {key: message(key) for key in MESSAGES},
        "number_shapes": dict(NUMBER_SHAPES),
    }


def rack_total_from_tiles(
    tiles: Iterable[tuple[str, int]], jokers: int = 0, *, joker_value: int = JOKER_VALUE
) -> int:
    """Add up a rack entered tile by tile: (colour, number) pairs plus a count of jokers,
    each counting ``joker_value``.

    Refuses a rack that cannot exist: more than two of a number in one colour, more
    than two jokers, an unknown colour or number.
    """
    if not 0 <= jokers <= JOKERS:
        raise RuleError(
            gettext("A rack can hold at most %(most)s jokers, not %(jokers)s.")
            % {"most": JOKERS, "jokers": jokers}
        )
    counts: dict[tuple[str, int], int] = {}
    for colour, number in tiles:
        if colour not in COLOURS:
            raise RuleError(
                gettext("'%(colour)s' is not a tile colour (%(colours)s).")
                % {"colour": colour, "colours": ", ".join(COLOURS)}
            )
        if number not in NUMBERS:
            raise RuleError(
                gettext("%(number)s is not a tile number (1 to 13).") % {"number": number}
            )
        counts[(colour, number)] = counts.get((colour, number), 0) + 1
        if counts[(colour, number)] > COPIES:
            raise RuleError(
                gettext("There are only %(copies)s %(colour)s %(number)ss in the game.")
                % {"copies": COPIES, "colour": colour, "number": number}
            )
    return sum(number * n for (_, number), n in counts.items()) + jokers * joker_value


@dataclass(frozen=True)
class GameResult:
    """A valid game: every rack total, how it ended and who won."""

    racks: Mapping[str, int] = field(hash=False)
    ended: str
    winner: str
    # Players who never melded: their rack total is the event's fixed total.
    never_opened: frozenset[str] = frozenset()

    def points(self, scoring: str) -> dict[str, int]:
        """What each player scores in this game under ``scoring``."""
        return game_points(self, scoring)


class _Problems:
    """Every problem of one game, in words, and which player's entry each concerns."""

    def __init__(self, names: Mapping[str, str] | None):
        self.names = names or {}
        self.reasons: list[str] = []
        self.fields: dict[str, list[str]] = {}
        self.about_winner: list[str] = []

    def label(self, player: str) -> str:
        return self.names.get(player) or str(player)

    def who(self, players: Collection[str]) -> str:
        labels = [self.label(p) for p in players]
        joined = labels[0] if labels else ""
        for label in labels[1:]:  # "A and B and C", in the active language
            joined = gettext("%(first)s and %(last)s") % {"first": joined, "last": label}
        return joined

    def add(self, message: str, *concerned: str) -> None:
        self.reasons.append(message)
        for player in concerned:
            self.fields.setdefault(player, []).append(message)

    def winner_named(self, message: str, winner: str) -> None:
        """A problem with the winner the table named."""
        self.add(message, winner)
        self.about_winner.append(message)

    def error(self) -> GameError:
        return GameError(self.reasons, self.fields, self.about_winner)

    def raise_any(self) -> None:
        if self.reasons:
            raise self.error()


def _check_values(racks: Mapping[str, int], players, problems: _Problems, most: int) -> None:
    """Each rack on its own: a whole number from 0 to ``most``, one for every player."""
    for player, value in racks.items():
        label = problems.label(player)
        if isinstance(value, bool) or not isinstance(value, int):
            problems.add(
                gettext("%(player)s: the rack total must be a whole number.") % {"player": label},
                player,
            )
        elif value < 0:
            problems.add(
                gettext("%(player)s: %(message)s")
                % {"player": label, "message": message("negative").format(value=value)},
                player,
            )
        elif value > most:
            problems.add(
                gettext("%(player)s: %(message)s")
                % {
                    "player": label,
                    "message": message("too_big").format(value=value, max=most),
                },
                player,
            )
    for player in players or ():
        if player not in racks:
            problems.add(
                gettext("%(player)s: no rack total entered.") % {"player": problems.label(player)},
                player,
            )


def _went_out(racks, zeros: list[str], winner: str | None, problems: _Problems) -> GameResult:
    if len(zeros) > 1:
        said = message("both_zero" if len(zeros) == 2 else "all_zero")
        problems.add(said.format(who=problems.who(zeros)), *zeros)
    elif not zeros:
        problems.add(message("out_without_zero"))
    elif winner is not None and winner != zeros[0]:
        problems.winner_named(
            message("out_not_winner").format(
                out=problems.label(zeros[0]), winner=problems.label(winner)
            ),
            winner,
        )
    problems.raise_any()
    return GameResult(dict(racks), OUT, zeros[0])


def _exhausted(racks, zeros: list[str], winner: str | None, problems: _Problems) -> GameResult:
    if zeros:
        problems.add(message("zero_exhausted").format(who=problems.who(zeros)), *zeros)
    problems.raise_any()
    lowest = min(racks.values())
    tied = [p for p, value in racks.items() if value == lowest]
    if winner is None:
        if len(tied) > 1:
            problems.add(
                message("tie_exhausted").format(who=problems.who(tied), lowest=lowest), *tied
            )
            raise problems.error()
        winner = tied[0]
    elif winner not in tied:
        problems.winner_named(
            message("not_lowest").format(
                winner=problems.label(winner), value=racks[winner], lowest=lowest
            ),
            winner,
        )
        raise problems.error()
    return GameResult(dict(racks), EXHAUSTED, winner)


def validate_game(
    racks: Mapping[str, int],
    *,
    ended: str | None = None,
    winner: str | None = None,
    players: Collection[str] | None = None,
    names: Mapping[str, str] | None = None,
    joker_value: int = JOKER_VALUE,
    never_opened: Collection[str] = (),
    never_opened_total: int | None = None,
) -> GameResult:
    """Check one game's rack totals and return it as a ``GameResult``.

    ``players`` are those who must have a rack total (the table's players still in
    the event); rack totals of others at the table are accepted when given.
    ``ended`` is ``out`` or ``exhausted``; left out, the game ended by a player going
    out if someone has 0. ``winner`` is the player the table named when the lowest
    racks tie on an exhausted pool. Every problem is reported at once, in words,
    naming players by ``names`` where given; ``GameError.fields`` says which
    player's entry each problem concerns, so a form can show it beside the field.

    ``joker_value`` sets the largest rack total. ``never_opened`` are the players the
    entry marked as never having melded: each gets the event's ``never_opened_total``
    as rack total (their field may be left out, or hold that same total; any other
    number is refused rather than overwritten), and that total is left out of the
    check that the racks together fit in one set. Marking a player when the event
    has no such total is refused.
    """
    problems = _Problems(names)
    racks = _never_opened_racks(racks, never_opened, never_opened_total, problems)
    most = largest_rack_total(joker_value)
    _check_values(racks, players, problems, most)
    problems.raise_any()
    if len(racks) < 2:
        problems.add(message("too_few"))
        raise problems.error()
    marked = frozenset(never_opened)
    total = sum(value for player, value in racks.items() if player not in marked)
    if total > most:
        problems.add(message("sum_too_big").format(total=total, max=most))
    if ended is not None and ended not in ENDINGS:
        problems.add(
            gettext("'%(ended)s' is not a way a game ends (out or exhausted).") % {"ended": ended}
        )
        raise problems.error()
    zeros = [p for p, value in racks.items() if value == 0]
    if ended is None:
        if not zeros:
            problems.add(message("nobody_out"))
            raise problems.error()
        ended = OUT
    if winner is not None and winner not in racks:
        problems.add(
            gettext("The named winner %(winner)s has no rack total in this game.")
            % {"winner": problems.label(winner)}
        )
        raise problems.error()
    if ended == OUT:
        result = _went_out(racks, zeros, winner, problems)
    else:
        result = _exhausted(racks, zeros, winner, problems)
    return replace(result, never_opened=marked) if marked else result


def _never_opened_racks(
    racks: Mapping[str, int],
    never_opened: Collection[str],
    total: int | None,
    problems: _Problems,
) -> dict[str, int]:
    """The racks with each never-opened player's fixed total filled in."""
    filled = dict(racks)
    for player in never_opened:
        who = problems.label(player)
        if total is None:
            problems.add(message("never_opened_none").format(who=who), player)
        elif filled.get(player) is None or filled[player] == "":
            filled[player] = total
        elif filled[player] != total:
            problems.add(
                message("never_opened_value").format(who=who, total=total, value=filled[player]),
                player,
            )
    problems.raise_any()
    return filled


def game_points(game: GameResult, scoring: str) -> dict[str, int]:
    """Each player's score for the game.

    Low score: the rack total. Sabra: each loser scores minus (own rack − winner's
    rack), the winner the sum of what the losers lost, so every game sums to zero.
    """
    if scoring == LOW:
        return dict(game.racks)
    if scoring != SABRA:
        raise RuleError(
            gettext("'%(scoring)s' is not a scoring system (%(systems)s).")
            % {"scoring": scoring, "systems": ", ".join(SCORING_SYSTEMS)}
        )
    base = game.racks[game.winner]
    points = {p: -(value - base) for p, value in game.racks.items() if p != game.winner}
    points[game.winner] = -sum(points.values())
    return points


def check_balance(points: Mapping[str, int]) -> None:
    """Sabra's free check: plus and minus in one game must cancel out."""
    total = sum(points.values())
    if total != 0:
        raise RuleError(message("balance").format(total=f"{total:+d}"))
