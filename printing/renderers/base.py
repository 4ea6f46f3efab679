"""Shared page machinery: page sizes, a two-pass page list, text helpers.

Every document is laid out first as a list of pages, each a list of drawing
operations (closures on a canvas); then drawn, so "page X of Y" is known on every
page and ``progress(done, total)`` can be called page by page.
"""

from __future__ import annotations

import datetime
import io
from collections.abc import Callable
from dataclasses import dataclass

from django.utils import dateformat
from django.utils.translation import get_language, gettext, ngettext, pgettext
from reportlab.lib.pagesizes import A4, LETTER, landscape
from reportlab.lib.units import inch
from reportlab.pdfgen import canvas as rl_canvas

from printing import fonts
from printing.data import EventInfo
from tournaments import text

Op = Callable[[rl_canvas.Canvas], None]
Progress = Callable[[int, int], None] | None

# Large print: nothing under MIN_SIZE anywhere, names at least NAME_MIN.
MIN_SIZE = 11.0
NAME_MIN = 14.0
NAME_SIZE = 16.0
MARGIN = 0.6 * inch
LINE_GREY = 0.55
BAND_GREY = 0.9

# Every word printed is in the active language: the printing service renders each
# document inside translation.override(event.language). Names are printed as written.


def kind_word(kind: str) -> str:
    """A round's kind in words."""
    words = {
        "qualifying": pgettext("round kind", "qualifying"),
        "intermediate": pgettext("round kind", "intermediate"),
        "final": pgettext("round kind", "final"),
    }
    return words.get(kind, kind)


def round_status_word(status: str) -> str:
    words = {
        "seated": gettext("seated, not started"),
        "in_play": pgettext("round status", "in play"),
        "closed": pgettext("round status", "finished"),
    }
    return words.get(status, status)


def division_status_word(status: str) -> str:
    words = {
        "registered": gettext("registration open"),
        "in_play": pgettext("division status", "in play"),
        "complete": pgettext("division status", "complete"),
    }
    return words.get(status, status)


MEDALS = ("gold", "silver", "bronze")


def medal_title(medal: str) -> str:
    """The medal as printed large on a certificate: "GOLD MEDAL"."""
    words = {
        "gold": gettext("GOLD MEDAL"),
        "silver": gettext("SILVER MEDAL"),
        "bronze": gettext("BRONZE MEDAL"),
    }
    return words.get(medal, f"{medal.upper()}")


def out_of_play_word(status: str) -> str:
    """ "withdrawn" or "disqualified" (the data's codes) in words."""
    words = {
        "withdrawn": pgettext("player status", "withdrawn"),
        "disqualified": pgettext("player status", "disqualified"),
    }
    return words.get(status, status)


def scope_word(scope: str) -> str:
    """What a place is of: "Division" or "Age group" (the data's codes) in words."""
    words = {"Division": gettext("Division"), "Age group": gettext("Age group")}
    return words.get(scope, scope)


def get_language_code() -> str:
    """The active language without its region: "en", "fr", "es"."""
    return (get_language() or "en").split("-")[0]


def ordinal(n: int, feminine: bool = False) -> str:
    """1st, 2nd (English); 1er/1re, 2e (French); 1.º/1.ª (Spanish)."""
    return text.ordinal(n, get_language_code(), feminine)


def place_words(n: int, upper: bool = False) -> str:
    """ "2nd place" in the active language ("2ND PLACE" with ``upper``: the words
    only, never the ordinal's letters)."""
    # Translators: the grammatical gender of your word for a place in a ranking: m or f.
    feminine = pgettext("gender of the word place", "m") == "f"
    words = gettext("%(ordinal)s place") % {"ordinal": "\0"}
    number = ordinal(n, feminine)
    if upper:
        # "4TH PLACE"; but French and Spanish ordinals keep their small letters ("4e").
        words = words.upper()
        number = number.upper() if get_language_code() == "en" else number
    return words.replace("\0", number)


def continued(heading: str) -> str:
    """A heading repeated at the top of the next page."""
    return gettext("%(heading)s (continued)") % {"heading": heading}


def table_words(number: int) -> str:
    return gettext("Table %(number)d") % {"number": number}


def page_size(event: EventInfo, turn: bool = False) -> tuple[float, float]:
    size = A4 if (event.paper or "").lower() == "a4" else LETTER
    return landscape(size) if turn else size


def long_date(date: datetime.date) -> str:
    """The day in words in the active language: "Saturday, June 14, 2025"."""
    # Translators: a date with the day of the week, in Django's date format
    # ("l" the day's name, "F" the month's, "j" the day, "Y" the year; \d for a letter d).
    return dateformat.format(date, pgettext("long date on printed sheets", "l, F j, Y"))


def games_words(n: int) -> str:
    return ngettext("%(n)d game", "%(n)d games", n) % {"n": n}


def event_line(event: EventInfo) -> str:
    parts = [event.name, long_date(event.date)]
    if event.venue:
        parts.append(event.venue)
    return " · ".join(p for p in parts if p)


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
        self.frame = Frame(*page_size(event, turn))
        self.pages: list[Page] = []
        self.numbered = numbered
        self.footer_label = footer_label
        self.page_labels: list[str] = []
        self.forms: dict[str, tuple[str, Page]] = {}

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
        size, lines = fonts.fit_text(
            event_line(self.event), f.content_width, 13, MIN_SIZE, max_lines=2
        )
        page.lines(f.left, y, lines, size, size * 1.2)
        y -= (len(lines) - 1) * size * 1.2 + 26
        hsize, hlines = fonts.fit_text(heading, f.content_width, 20, 16, bold=True, max_lines=2)
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
                    lsize, llines = fonts.fit_text(label, room, MIN_SIZE, MIN_SIZE)
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


def award_page(doc: Document, *, date_above: float):
    """A certificate's or ribbon card's page: the double frame, the event's name, and the
    date (and venue) ``date_above`` points above the bottom margin. Returns (page, upper,
    lower, inner): the room left between the heading and the date line, and the width
    text may take."""
    f = doc.frame
    event = doc.event
    page = doc.new_page()
    cx = f.width / 2
    inner = f.content_width - 80
    page.rect(f.left, f.bottom, f.content_width, f.height - 2 * f.margin, width=3.0)
    page.rect(
        f.left + 8, f.bottom + 8, f.content_width - 16, f.height - 2 * f.margin - 16, width=1.0
    )
    y = f.top - 54
    size, lines = fonts.fit_text(event.name, inner, 28, 16, bold=True, max_lines=2)
    for line in lines:
        page.text(cx, y, line, size, bold=True, align="center")
        y -= size * 1.2
    y -= 2
    page.text(cx, y, gettext("Rummikub tournament"), 18, align="center")
    upper = y - 18
    when = long_date(event.date) + (f" · {event.venue}" if event.venue else "")
    wsize, wlines = fonts.fit_text(when, inner, 16, 12, max_lines=2)
    wy = f.bottom + date_above + (len(wlines) - 1) * wsize * 1.25
    lower = wy + wsize + 18
    for line in wlines:
        page.text(cx, wy, line, wsize, align="center")
        wy -= wsize * 1.25
    return page, upper, lower, inner


def award_name(name: str, inner: float) -> tuple[float, list[str]]:
    """A name as large as fits: one line down to 30 pt, else up to three lines, and far
    beyond any real name still all of it, on the page."""
    size, lines = fonts.fit_text(name, inner, 48, 30, bold=True)
    if len(lines) > 1:
        size, lines = fonts.fit_text(name, inner, 40, 20, bold=True, max_lines=3)
    if len(lines) > 3:
        size, lines = fonts.fit_text(name, inner, 20, 14, bold=True, max_lines=6)
    return size, lines


AWARD_DETAIL_SIZE = 16  # a namesake's club or number, under the name on an award


@dataclass(frozen=True)
class AwardRecipient:
    """Who a certificate or ribbon card is awarded to: the name as large as fits
    (award_name) and, for a namesake in the same division, what tells them apart, small
    under the name."""

    size: float
    lines: list[str]
    detail_size: float
    detail_lines: list[str]

    @property
    def height(self) -> float:
        """The room taken from the top of the "awarded to" line to the last line."""
        return (
            16
            + 26
            + len(self.lines) * self.size * 1.2
            + len(self.detail_lines) * self.detail_size * 1.4
        )

    def draw(self, page: Page, cx: float, y: float, awarded_to: str) -> float:
        """The "awarded to" line, the name and the detail, centred; returns the last
        line's baseline."""
        y -= 16
        page.text(cx, y, awarded_to, 16, align="center")
        y -= 26
        for line in self.lines:
            y -= self.size
            page.text(cx, y, line, self.size, bold=True, align="center")
            y -= self.size * 0.2
        for line in self.detail_lines:
            y -= self.detail_size * 1.4
            page.text(cx, y, line, self.detail_size, align="center")
        return y


def award_recipient(name: str, detail: str, inner: float) -> AwardRecipient:
    nsize, nlines = award_name(name, inner)
    dsize, dlines = (
        fonts.fit_text(detail, inner, AWARD_DETAIL_SIZE, 11, max_lines=1) if detail else (0, [])
    )
    return AwardRecipient(nsize, nlines, dsize, dlines)
