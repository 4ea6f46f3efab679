"""Pages laid out first, drawn second: page sizes, the large-print sizes, a page as a
list of drawing operations, and the document that draws them.

Every document is laid out first as a list of pages, each a list of drawing
operations (closures on a canvas); then drawn, so "page X of Y" is known on every
page and ``progress(done, total)`` can be called page by page.
"""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

from django.utils.translation import gettext
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.units import inch
from reportlab.pdfgen import canvas as rl_canvas

from printing import fonts, wrapping
from printing.data import EventInfo

from .words import event_line

Op = Callable[[rl_canvas.Canvas], None]
Progress = Callable[[int, int], None] | None

# Large print: nothing under MIN_SIZE anywhere, names at least NAME_MIN.
MIN_SIZE = 11.0
NAME_MIN = 14.0
NAME_SIZE = 16.0
MARGIN = 0.6 * inch
LINE_GREY = 0.55
BAND_GREY = 0.9


def page_size(event: EventInfo, turn: bool = False) -> tuple[float, float]:
    size = A4 if (event.paper or "").lower() == "a4" else LETTER
    return landscape(size) if turn else size


class Page:
    __slots__ = ("ops",)

    def __init__(self):
        self.ops: list[Op] = []

    def add(self, op: Op) -> None:
        self.ops.append(op)

    # drawing helpers, recorded for the draw pass -------------------------------------
    def text(
        self, x: float, y: float, s: str, size: float, bold: bool = False, align: str = "left"
    ) -> None:
        if s:
            self.ops.append(lambda c: fonts.draw_text(c, x, y, s, size, bold, align))

    def lines(
        self,
        x: float,
        y: float,
        lines: list[str],
        size: float,
        leading: float,
        bold: bool = False,
        align: str = "left",
    ) -> None:
        for i, s in enumerate(lines):
            self.text(x, y - i * leading, s, size, bold, align)

    def line(
        self, x1: float, y1: float, x2: float, y2: float, width: float = 1.0, gray: float = 0.0
    ) -> None:
        def op(c):
            c.setLineWidth(width)
            c.setStrokeGray(gray)
            c.line(x1, y1, x2, y2)
            c.setStrokeGray(0)

        self.ops.append(op)

    def rect(
        self,
        x: float,
        y: float,
        w: float,
        h: float,
        width: float = 1.0,
        fill_gray: float | None = None,
        stroke: bool = True,
    ) -> None:
        def op(c):
            c.setLineWidth(width)
            if fill_gray is not None:
                c.setFillGray(fill_gray)
            c.rect(x, y, w, h, stroke=1 if stroke else 0, fill=0 if fill_gray is None else 1)
            c.setFillGray(0)

        self.ops.append(op)

    def form(
        self,
        doc: Document,
        key: str,
        build: Callable[[Page], None],
        dx: float = 0.0,
        dy: float = 0.0,
    ) -> None:
        """Draw a block that repeats from page to page as one PDF form XObject.

        ``build(page)`` records the block once per document (in coordinates of
        its own, shifted here by ``dx``, ``dy``); every page that uses it costs a
        single operator. Text in forms reads back like any other text.
        """
        name = doc.define_form(key, build)

        def op(c):
            c.saveState()
            c.translate(dx, dy)
            c.doForm(name)
            c.restoreState()

        self.ops.append(op)

    def checkbox(self, x: float, y: float, size: float = 12.0) -> None:
        """An empty square to tick, bottom-left at (x, y): drawn, not a glyph."""

        def op(c):
            c.setLineWidth(1.2)
            c.rect(x, y, size, size, stroke=1, fill=0)

        self.ops.append(op)


@dataclass
class Frame:
    """The usable area of a page."""

    width: float
    height: float
    margin: float = MARGIN

    @property
    def left(self) -> float:
        return self.margin

    @property
    def right(self) -> float:
        return self.width - self.margin

    @property
    def top(self) -> float:
        return self.height - self.margin

    @property
    def bottom(self) -> float:
        return self.margin

    @property
    def content_width(self) -> float:
        return self.width - 2 * self.margin


class Document:
    """Pages laid out first, drawn second."""

    def __init__(
        self,
        event: EventInfo,
        title: str,
        turn: bool = False,
        numbered: bool = True,
        footer_label: str = "",
    ):
        fonts.register_fonts()
        self.event = event
        self.title = title
        self.turn = turn
        self.frame = Frame(*page_size(event, turn))
        self.pages: list[Page] = []
        self.numbered = numbered
        self.footer_label = footer_label
        self.page_labels: list[str] = []
        self.forms: dict[str, tuple[str, Page]] = {}

    def scratch(self) -> Document:
        """An empty document of the same pages, to try a layout on (``Flow.trial``)."""
        return Document(self.event, self.title, self.turn, self.numbered, self.footer_label)

    def define_form(self, key: str, build: Callable[[Page], None]) -> str:
        if key not in self.forms:
            page = Page()
            build(page)
            self.forms[key] = (f"form{len(self.forms)}", page)
        return self.forms[key][0]

    def new_page(self, label: str | None = None) -> Page:
        page = Page()
        self.pages.append(page)
        self.page_labels.append(self.footer_label if label is None else label)
        return page

    # running header and footer -----------------------------------------------------
    def header(self, page: Page, heading: str) -> float:
        """Event line and a bold heading at the top; returns the y below them."""
        f = self.frame
        y = f.top - 13
        size, lines = wrapping.fit_text(
            event_line(self.event), f.content_width, 13, MIN_SIZE, max_lines=2
        )
        page.lines(f.left, y, lines, size, size * 1.2)
        y -= (len(lines) - 1) * size * 1.2 + 26
        hsize, hlines = wrapping.fit_text(heading, f.content_width, 20, 16, bold=True, max_lines=2)
        page.lines(f.left, y, hlines, hsize, hsize * 1.2, bold=True)
        y -= (len(hlines) - 1) * hsize * 1.2 + 10
        page.line(f.left, y, f.right, y, 1.5)
        return y - 8

    def footer_height(self) -> float:
        return 24.0

    def render(self, progress: Progress = None) -> bytes:
        buf = io.BytesIO()
        f = self.frame
        c = rl_canvas.Canvas(buf, pagesize=(f.width, f.height))
        c.setTitle(f"{self.title} — {self.event.name}")
        c.setAuthor(self.event.name)
        c.setCreator(gettext("Rummikub tournaments"))
        total = len(self.pages)
        if total == 0:
            self.new_page()
            total = 1
        for name, form in self.forms.values():
            # generous bounding box: forms are built in their own coordinates
            c.beginForm(name, -f.width, -f.height, 2 * f.width, 2 * f.height)
            for op in form.ops:
                op(c)
            c.endForm()
        for number, page in enumerate(self.pages, start=1):
            for op in page.ops:
                op(c)
            if self.numbered:
                y = f.bottom
                c.setLineWidth(0.75)
                c.setStrokeGray(LINE_GREY)
                c.line(f.left, y + 15, f.right, y + 15)
                c.setStrokeGray(0)
                label = self.page_labels[number - 1]
                right = gettext("page %(number)d of %(total)d") % {
                    "number": number,
                    "total": total,
                }
                room = f.content_width - fonts.string_width(right, MIN_SIZE) - 18
                if label:
                    lsize, llines = wrapping.fit_text(label, room, MIN_SIZE, MIN_SIZE)
                    fonts.draw_text(
                        c,
                        f.left,
                        y + 2,
                        llines[0] if len(llines) == 1 else _ellipsis_free_first(label, room),
                        lsize,
                    )
                fonts.draw_text(c, f.right, y + 2, right, MIN_SIZE, align="right")
            c.showPage()
            if progress is not None:
                progress(number, total)
        c.save()
        return buf.getvalue()


def _ellipsis_free_first(label: str, room: float) -> str:
    """A footer label too long for one line: keep what fits (the label is a repeat
    of text printed in full elsewhere on the page, never a name)."""
    out = ""
    for ch in label:
        if fonts.string_width(out + ch, MIN_SIZE) > room:
            break
        out += ch
    return out
