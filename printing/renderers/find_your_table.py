"""The table list's "find your table": everyone A to Z by registered last name, with the
division, round and table, under a letter for each initial.

Filed by the registered last name (accents and case folded: Ångström under A), never by
a namesake's club or number; names whose last name does not start with a Latin letter
come last, under "Other names". No wasted pages: the roomy rows, or tighter ones when
they save a page, and the last page never holds a lone name."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext, pgettext

from printing import wrapping
from tournaments import text

from .flow import Flow, Item, heading_fit, items_height
from .pages import BAND_GREY, NAME_MIN, NAME_SIZE, Document, Page
from .words import continued

# column widths (None: the name takes the rest)
_WIDTHS = (None, 130.0, 62.0, 70.0)


@dataclass(frozen=True)
class Entry:
    name: str  # as shown: "Mary Smith (Sunrise Club)" for a namesake
    division: str
    round_number: int
    table: int | None  # None: a bye
    last_name: str = ""  # the registered last name; empty: the shown name's last word

    @property
    def filing(self) -> tuple[str, str, str]:
        """Filed and sorted by the registered last name, never by a namesake's club or
        number ("Club)", "#H1008"): then the full name, as shown."""
        if not self.last_name.strip():
            return text.last_name_key(self.name)
        return (text.fold(self.last_name), text.fold(self.name), self.name)


def _group_letter(key: tuple[str, str, str]) -> str:
    first = key[0][:1]
    return first.upper() if "a" <= first <= "z" else ""


def find_order(entries: list[Entry]) -> list[Entry]:
    """A to Z by registered last name (accent- and case-folded; the last word when none is
    known), then the full name; names whose last name does not start with a Latin letter
    after folding come at the end."""

    def key(e: Entry):
        letter = _group_letter(e.filing)
        return (0 if letter else 1, e.filing, e.division, e.round_number)

    return sorted(entries, key=key)


class _Rows:
    """The list as items, roomy or tight."""

    def __init__(self, doc: Document, entries: list[Entry], tight: bool):
        labels = (gettext("Name"), gettext("Division"), gettext("Round"), gettext("Table"))
        self.cols = [
            (label, heading_fit(label, w) if w else None)
            for label, w in zip(labels, _WIDTHS, strict=True)
        ]
        width = doc.frame.content_width
        name_w = width - sum(w for _, w in self.cols if w)
        self.cols = [(label, w or name_w) for label, w in self.cols]
        self.xs = [0.0]
        for _, w in self.cols:
            self.xs.append(self.xs[-1] + w)
        self.tight = tight
        rows = [self._row(e) for e in entries]
        intro = Item(
            24,
            lambda page, x, y, w: page.text(
                x, y - 15, gettext("Everyone in order of last name, then first name."), 13
            ),
        )
        first = items_height(rows[:3])
        self.items = [intro, self.heads()]
        if not entries:
            self.items.append(
                Item(
                    30,
                    lambda page, x, y, w: page.text(x, y - 18, gettext("Nobody seated yet."), 16),
                )
            )
            return
        letter = None
        for e, row in zip(entries, rows, strict=True):
            this_letter = _group_letter(e.filing) or gettext("Other names")
            if this_letter != letter:
                letter = this_letter
                self.items.append(Item(30, self._divider(this_letter), keep_with=row.height))
            self.items.append(row)
        intro.keep_with = self.items[1].height + 30 + first
        self.items[1].keep_with = 30 + first

    def heads(self) -> Item:
        cols, xs = self.cols, self.xs

        def draw(page: Page, x: float, y: float, w: float) -> None:
            page.rect(x, y - 22, w, 22, width=0, fill_gray=BAND_GREY, stroke=False)
            for (label, _), cx in zip(cols, xs, strict=False):
                page.text(x + cx + 6, y - 16, label, 13, bold=True)
            page.line(x, y - 22, x + w, y - 22, 1.2)

        return Item(26, draw)

    @staticmethod
    def _divider(label: str):
        def draw(page: Page, x: float, y: float, w: float) -> None:
            page.text(x + 6, y - 19, label, 17, bold=True)
            page.line(x, y - 25, x + w, y - 25, 1.5)

        return draw

    def _row(self, e: Entry) -> Item:
        cols, xs = self.cols, self.xs
        big, pad, least, table = (NAME_MIN, 5, 18, 18) if self.tight else (NAME_SIZE, 9, 20, 20)
        size, lines = wrapping.fit_text(e.name, cols[0][1] - 12, big, NAME_MIN)
        dsize, dlines = wrapping.fit_text(
            e.division, cols[1][1] - 10, 13 if self.tight else 15, 12, bold=True, max_lines=3
        )
        row_h = max(len(lines) * size * 1.2, len(dlines) * dsize * 1.2, least) + pad

        def draw(page: Page, x: float, y: float, w: float) -> None:
            top = y - pad / 2
            page.lines(x + xs[0] + 6, top - size, lines, size, size * 1.2)
            page.lines(x + xs[1] + 6, top - dsize, dlines, dsize, dsize * 1.2, bold=True)
            middle = x + xs[2] + cols[2][1] / 2
            page.text(middle, top - 14, str(e.round_number), 14, align="center")
            middle = x + xs[3] + cols[3][1] / 2
            if e.table is None:
                page.text(
                    middle, top - 15, pgettext("no table", "bye"), 15, bold=True, align="center"
                )
            else:
                page.text(middle, top - table + 2, str(e.table), table, bold=True, align="center")
            page.line(x, y - row_h, x + w, y - row_h, 0.5, gray=0.6)

        return Item(row_h, draw, row=True)


def find_section(doc: Document, title: str, entries: list[Entry]) -> None:
    """The list from a new page: roomy, or tight when that takes fewer pages."""
    heading = gettext("Find your table — %(title)s") % {"title": title}
    flow = Flow(doc, lambda first: heading if first else continued(heading))

    def placed(tight: bool):
        def place(f: Flow) -> None:
            rows = _Rows(f.doc, entries, tight)
            f.new_page()
            f.place(rows.items, lambda: [rows.heads()])

        return place

    tight = min((False, True), key=lambda tight: (flow.trial(placed(tight)), tight))
    placed(tight)(flow)
