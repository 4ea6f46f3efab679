"""Filling pages top to bottom: full-width items and rows of column blocks, with a
heading repeated on each page; column widths."""

from __future__ import annotations

from collections.abc import Callable

from printing import fonts

from .pages import Document, Frame, Page


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

    @property
    def bottom(self) -> float:
        return self.frame.bottom + self.doc.footer_height()

    def new_page(self) -> None:
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
