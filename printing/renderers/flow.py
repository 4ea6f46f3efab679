"""Filling pages top to bottom: full-width items and rows of column blocks, with a
heading repeated on each page; sections kept whole or split without a lone row; column
widths."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from printing import fonts

from .pages import Document, Frame, Page


@dataclass
class Item:
    """A full-width piece of a section: its height, how to draw it (page, x, y_top,
    width), the room it wants below it on the same page (a heading kept with what
    follows), and whether it is a row of a list or table (``Flow.place``)."""

    height: float
    draw: Callable[[Page, float, float, float], None]
    keep_with: float = 0.0
    row: bool = False


def items_height(items: list[Item]) -> float:
    return sum(item.height for item in items)


class Flow:
    """Fills pages top to bottom: full-width items and rows of column blocks.

    ``heading(first)`` gives the page heading (``first`` False on continuation
    pages); ``on_new_page(flow)`` may draw repeated column heads or a "continued"
    line at the top of each new page.
    """

    def __init__(
        self,
        doc: Document,
        heading: Callable[[bool], str],
        on_new_page: Callable[[Flow], None] | None = None,
    ):
        self.doc = doc
        self.frame = doc.frame
        self.heading = heading
        self.on_new_page = on_new_page
        self.page: Page | None = None
        self.y = 0.0
        self.pages_started = 0
        self._filled: list[tuple[Page, float]] = []  # each page left, and how far filled

    @property
    def bottom(self) -> float:
        return self.frame.bottom + self.doc.footer_height()

    def new_page(self) -> None:
        if self.page is not None:
            self._filled.append((self.page, self.y))
        self.page = self.doc.new_page()
        self.y = self.doc.header(self.page, self.heading(self.pages_started == 0))
        self.pages_started += 1
        if self.on_new_page is not None:
            self.on_new_page(self)

    def room(self) -> float:
        return self.y - self.bottom if self.page is not None else 0.0

    def ensure(self, height: float) -> None:
        """Start a new page unless ``height`` fits below the current position."""
        if self.page is None or self.y - height < self.bottom:
            self.new_page()

    def item(
        self,
        height: float,
        draw: Callable[[Page, float, float, float], None],
        keep_with: float = 0.0,
    ) -> None:
        """A full-width item: draw(page, x, y_top, width); ``keep_with`` extra room wanted
        below it (a heading is kept with what follows)."""
        self.ensure(height + keep_with)
        draw(self.page, self.frame.left, self.y, self.frame.content_width)
        self.y -= height

    def filled(self) -> list[tuple[Page, float]]:
        """Each page this flow filled, with the y it was filled down to."""
        return self._filled + ([(self.page, self.y)] if self.page is not None else [])

    def fresh_room(self) -> float:
        """The room a new page would give, under its heading."""
        y = self.doc.header(Page(), self.heading(self.pages_started == 0))
        return y - self.bottom

    def place(
        self,
        items: list[Item],
        repeat: Callable[[], list[Item]] | None = None,
        least_rows: int = 3,
    ) -> None:
        """Place ``items`` top to bottom from here. Where one (with the room it keeps below
        it) does not fit, a new page starts with ``repeat()``'s items (a heading
        "continued", column heads). Rows (``Item.row``) are split between pages so that the
        rows going on to the next page are none or at least ``least_rows``: a list never
        leaves one name alone on its last page."""
        last = None  # the last item this page takes (rows held back for the next page)
        for index, item in enumerate(items):
            if (
                self.page is None
                or self.y - item.height - item.keep_with < self.bottom
                or (last is not None and index > last)
            ):
                self.new_page()
                for extra in repeat() if repeat is not None else ():
                    extra.draw(self.page, self.frame.left, self.y, self.frame.content_width)
                    self.y -= extra.height
                last = None
            if item.row and last is None:
                last = self._last_on_page(items, index, least_rows)
            item.draw(self.page, self.frame.left, self.y, self.frame.content_width)
            self.y -= item.height

    def _last_on_page(self, items: list[Item], start: int, least: int) -> int | None:
        """The index of the last item this page takes from ``start`` (a row) so that the
        rows left for the next page are none or at least ``least``; None when all fit."""
        y, fitted, rows_here = self.y, start - 1, 0
        for index in range(start, len(items)):
            item = items[index]
            if y - item.height - item.keep_with < self.bottom:
                break
            y -= item.height
            fitted, rows_here = index, rows_here + item.row
        else:
            return None
        rows_left = sum(1 for item in items[fitted + 1 :] if item.row)
        if rows_left == 0 or rows_left >= least:
            return fitted
        keep = max(1, rows_here - (least - rows_left))  # rows kept on this page
        for index in range(start, fitted + 1):
            keep -= items[index].row
            if items[index].row and keep == 0:
                return index
        return fitted

    def trial(self, place: Callable[[Flow], None]) -> int:
        """How many pages ``place(flow)`` would start from here: tried on a scratch copy of
        the document, which is then forgotten."""
        doc = self.doc.scratch()
        flow = Flow(doc, self.heading, self.on_new_page)
        flow.pages_started = self.pages_started
        if self.page is not None:
            flow.page, flow.y = doc.new_page(), self.y  # the current page, as far as filled
        place(flow)
        return len(doc.pages) - (1 if self.page is not None else 0)

    def gap(self, height: float) -> None:
        if self.page is not None and self.y - height >= self.bottom:
            self.y -= height

    def blocks(self, blocks: list, ncols: int, gutter: float = 16.0, row_gap: float = 12.0) -> None:
        """Blocks with .height and .draw(page, x, y_top), in rows of ``ncols``."""
        for start in range(0, len(blocks), ncols):
            row = blocks[start : start + ncols]
            height = max(b.height for b in row)
            self.ensure(height)
            width = (self.frame.content_width - gutter * (ncols - 1)) / ncols
            for i, block in enumerate(row):
                block.draw(self.page, self.frame.left + i * (width + gutter), self.y)
            self.y -= height + row_gap


def heading_fit(label: str, width: float, size: float = 13.0, pad: float = 12.0) -> float:
    """A fixed column's width, widened to its bold heading when the language's word is
    longer than the English the layout was made for ("Groupe d'âge", "Manche")."""
    return max(width, fonts.string_width(label, size, bold=True) + pad)


def column_width(frame: Frame, ncols: int, gutter: float = 16.0) -> float:
    return (frame.content_width - gutter * (ncols - 1)) / ncols
