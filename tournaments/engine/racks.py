"""A rack total as the scorekeeper gives it: typed, counted tile by tile, or "never opened".

A rack total is the face value of the tiles left on a player's rack, a joker counting
the event's value (30 by default; 25 and 50 are played elsewhere); the player who goes
out has 0. The 106 tiles add up to 2 × 4 × (1+…+13) + 2 × joker (788 with a joker at
30), so no rack can hold more. An event may give a player who never melded a fixed
total instead of their rack ("never opened").

Every function takes the event's ``joker_value`` as a keyword, 30 when left out, so a
caller that knows nothing of formats reads and counts as before.
"""

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .errors import RuleError
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


# A rack-total cell that says the player never melded, in a score file or a form: these
# words in any case (and the same words in the active language).
NEVER_OPENED_WORDS = ("never opened", "never-opened", "never_opened")


@dataclass(frozen=True)
class RackEntry:
    """One rack-total entry read: the rack total, and whether it was "never opened"."""

    value: int
    never_opened: bool = False


def is_never_opened(text: object) -> bool:
    """Whether an entry is the words "never opened" rather than a number."""
    if not isinstance(text, str):
        return False
    said = " ".join(text.strip().casefold().split())
    return said in NEVER_OPENED_WORDS or said == gettext("never opened").casefold()


def parse_rack_entry(
    text: object, *, joker_value: int = JOKER_VALUE, never_opened_total: int | None = None
) -> RackEntry:
    """Read a rack-total entry: a number (as ``parse_rack_total``), or the words "never
    opened", which give the event's ``never_opened_total`` and the mark; refused in words
    when the event has no such total."""
    if is_never_opened(text):
        if never_opened_total is None:
            raise RuleError(
                gettext(
                    "This event gives no fixed total for a player who never opened: enter "
                    "the rack total."
                )
            )
        return RackEntry(never_opened_total, True)
    return RackEntry(parse_rack_total(text, joker_value=joker_value))


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
