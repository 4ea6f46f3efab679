"""A format's table rules in words, as the score sheets print them and a page shows them.

Every line comes from the event's ``Format``, in the active language (the printing
renders inside the event's language). For the Gwinnett preset the lines are the ones the
score sheets have always printed; each other setting adds or changes its own line.
"""

from .formats import COUNTER_CLOCKWISE, PRESSMAN, Format
from .games import LOW
from .words import gettext, gettext_noop

# The presets as a settings page names them (``preset_label``).
PRESET_LABELS = {
    "gwinnett": gettext_noop("Gwinnett Senior Golden Games"),
    "nvso": gettext_noop("Northern Virginia Senior Olympics"),
    "sabra": gettext_noop("The Sabra way"),
}


def preset_label(name: str) -> str:
    """A preset's name for people, in the active language (the key itself if unknown)."""
    return gettext(PRESET_LABELS[name]) if name in PRESET_LABELS else name


def _turn(format_: Format) -> list[str]:
    seconds = format_.table.turn_seconds
    if seconds == 120:
        line = gettext(
            "Two-minute turn limit. A failed manipulation costs three tiles drawn from the pool."
        )
    elif seconds == 60:
        line = gettext(
            "One-minute turn limit. A failed manipulation costs three tiles drawn from the pool."
        )
    else:
        line = gettext(
            "No turn limit. A failed manipulation costs three tiles drawn from the pool."
        )
    lines = [line]
    if seconds and format_.table.over_time_tiles:
        lines.append(gettext("A turn over time costs one tile drawn from the pool."))
    return lines


def _game_length(format_: Format) -> list[str]:
    game = format_.game
    if not game.of_hands:
        return []
    if game.minutes:
        line = gettext(
            "A game is at least %(hands)d hands within %(minutes)d minutes; at time up, "
            "finish the hand in progress. The game's score is the sum of its hands."
        ) % {"hands": game.hands, "minutes": game.minutes}
    else:
        line = gettext(
            "A game is at least %(hands)d hands. The game's score is the sum of its hands."
        ) % {"hands": game.hands}
    return [
        line,
        gettext("The game's winner has the best total, then the most hands won, then a tile draw."),
    ]


def _exhausted(format_: Format, compact: bool) -> str:
    if format_.game.of_hands:
        if compact:
            return gettext(
                "Pool exhausted: the lowest rack wins the hand; a tie at the lowest is "
                "settled by a tile draw."
            )
        return gettext(
            "Pool exhausted: the lowest rack wins the hand; a tie at the lowest is settled by "
            "a tile draw: write the winner's name."
        )
    if compact:
        return gettext(
            "Pool exhausted: the lowest rack wins the game; a tie at the lowest is "
            "settled by a tile draw."
        )
    return gettext(
        "Pool exhausted: the lowest rack wins the game; a tie at the lowest is "
        "settled by a tile draw: write the winner's name."
    )


def _scoring(format_: Format) -> str:
    if format_.scoring == LOW:
        return gettext("Lowest total after all games wins.")
    hands = format_.game.of_hands
    if format_.scoring_name == PRESSMAN:
        if hands:
            return gettext(
                "Pressman scoring: the winner of a hand scores the total of the others' "
                "racks; every other player scores minus their own rack. Highest total wins."
            )
        return gettext(
            "Pressman scoring: the winner of a game scores the total of the others' "
            "racks; every other player scores minus their own rack. Highest total wins."
        )
    if hands:
        return gettext(
            "Sabra scoring: the winner of a hand scores the total of the others' racks; "
            "every other player scores minus their own rack. Highest total wins."
        )
    return gettext(
        "Sabra scoring: the winner of a game scores the total of the others' "
        "racks; every other player scores minus their own rack. Highest total "
        "wins."
    )


def table_rules_words(format_: Format, compact: bool = False) -> list[str]:
    """The table rules printed at the foot of every score sheet (never scored), in the
    active language: the starting player and the direction of play, the initial meld
    (and waiting a turn after it), the turn limit, the failed manipulation and a turn
    over time, the joker's value, a player who never opened, what to write, a game of
    several hands, a pool exhausted, and who wins.

    ``compact`` leaves out the starting-player custom and the tile draw's "write the
    winner's name", for a sheet crowded with very long names (as the sheets do today).
    """
    table = format_.table
    rules = [] if compact else [gettext("Each player draws a tile; the highest tile starts.")]
    if table.direction == COUNTER_CLOCKWISE:
        rules.append(gettext("Play goes counter-clockwise: the next player is on the right."))
    rules.append(
        gettext("Initial meld: at least %(points)d points.") % {"points": table.initial_meld}
    )
    if table.wait_after_initial_meld:
        rules.append(
            gettext("After the initial meld, wait until your next turn to play on other sets.")
        )
    rules += _turn(format_)
    rules.append(
        gettext("A joker left on the rack counts %(points)d.") % {"points": table.joker_value}
    )
    if table.never_opened:
        rules.append(
            gettext("A player who never opened scores %(points)d instead of their rack.")
            % {"points": table.never_opened}
        )
    if format_.game.of_hands:
        rules.append(
            gettext(
                "Write each player's rack total after every hand (0 for the player who went out)."
            )
        )
    else:
        rules.append(
            gettext(
                "Write each player's rack total after every game (0 for the player who went out)."
            )
        )
    rules += _game_length(format_)
    rules.append(_exhausted(format_, compact))
    rules.append(_scoring(format_))
    return rules


def turn_words(format_: Format) -> str:
    """The turn length as the projector's clock says it, in the active language."""
    seconds = format_.table.turn_seconds
    if seconds == 60:
        return gettext("Turns: one minute each")
    if seconds == 120:
        return gettext("Turns: two minutes each")
    return gettext("No turn limit")
