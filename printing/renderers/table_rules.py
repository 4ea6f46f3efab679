"""The table rules printed on every score sheet (never scored), and the box they fill."""

from __future__ import annotations

from django.utils.translation import gettext

from printing import wrapping
from printing.data import EventInfo

from .pages import MIN_SIZE, Page


def table_rules(event: EventInfo, compact: bool = False) -> list[str]:
    """The table rules printed at the foot of every sheet (never scored), in the active
    language: the starting player, the initial meld (the event's 30 or 50), the
    two-minute turn, three tiles for a failed manipulation, a joker left on a rack
    counting 30, what to write, a pool exhausted, and who wins.

    ``compact`` leaves out what the grid already says (write rack totals) and the
    starting-player custom, for a sheet crowded with very long names.
    """
    rules = [] if compact else [gettext("Each player draws a tile; the highest tile starts.")]
    rules += [
        gettext("Initial meld: at least %(points)d points.") % {"points": event.initial_meld},
        gettext(
            "Two-minute turn limit. A failed manipulation costs three tiles drawn from the pool."
        ),
        gettext("A joker left on the rack counts 30."),
    ]
    rules.append(
        gettext("Write each player's rack total after every game (0 for the player who went out).")
    )
    if compact:
        rules.append(
            gettext(
                "Pool exhausted: the lowest rack wins the game; a tie at the lowest is "
                "settled by a tile draw."
            )
        )
    else:
        rules.append(
            gettext(
                "Pool exhausted: the lowest rack wins the game; a tie at the lowest is "
                "settled by a tile draw: write the winner's name."
            )
        )
    if event.scoring == "sabra":
        rules.append(
            gettext(
                "Sabra scoring: the winner of a game scores the total of the others' "
                "racks; every other player scores minus their own rack. Highest total "
                "wins."
            )
        )
    else:
        rules.append(gettext("Lowest total after all games wins."))
    return rules


class RulesBox:
    """The rules box, measured once per document (it is the same on every sheet).

    ``compact``: one paragraph at 11 pt instead of bullets at 12 pt, for a sheet
    crowded with very long names.
    """

    def __init__(self, event: EventInfo, width: float, compact: bool = False):
        self.compact = compact
        self.size = MIN_SIZE if compact else 12.0
        self.width = width
        self.lines: list[tuple[str, bool]] = []
        if compact:
            for line in wrapping.wrap_text(
                " ".join(table_rules(event, compact=True)), width - 20, self.size
            ):
                self.lines.append((line, False))
        else:
            for rule in table_rules(event):
                for i, line in enumerate(wrapping.wrap_text(rule, width - 30, self.size)):
                    self.lines.append((line, i == 0))
        self.leading = self.size * 1.22
        self.height = 10 + 16 + len(self.lines) * self.leading + 6

    def draw(self, page: Page, x: float, bottom: float) -> None:
        top = bottom + self.height
        page.rect(x, bottom, self.width, self.height, width=1.0)
        y = top - 8 - 12
        page.text(x + 10, y, gettext("Table rules"), 13, bold=True)
        y -= 4
        indent = 10 if self.compact else 24
        for line, first in self.lines:
            y -= self.leading
            if first:
                page.text(x + 12, y, "•", self.size)
            page.text(x + indent, y, line, self.size)
