"""The table rules printed on every score sheet (never scored), and the box they fill."""

from __future__ import annotations

from dataclasses import replace

from django.utils.translation import gettext

from printing import wrapping
from printing.data import EventInfo
from tournaments.engine import table_rules_words

from .pages import MIN_SIZE, Page


def table_rules(event: EventInfo, compact: bool = False) -> list[str]:
    """The table rules printed at the foot of every sheet (never scored), in the active
    language, as the event's format says them (``engine.table_rules_words``): the
    starting player and the direction of play, the initial meld, the turn limit, a failed
    manipulation, the joker's value, a player who never opened, what to write, a game of
    several hands, a pool exhausted, and who wins.

    ``compact`` leaves out the starting-player custom and the tile draw's "write the
    winner's name", for a sheet crowded with very long names.
    """
    played = event.table_format
    played = replace(
        played,
        scoring=event.scoring,
        table=replace(played.table, initial_meld=event.initial_meld),
    )
    return table_rules_words(played, compact=compact)


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
