"""What a certificate and a ribbon card share: the framed landscape page with the event
and its date, and the recipient's name as large as fits."""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.translation import gettext

from printing import wrapping
from tournaments.text import fold

from .pages import Document, Page
from .words import long_date


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
    size, lines = wrapping.fit_text(event.name, inner, 28, 16, bold=True, max_lines=2)
    for line in lines:
        page.text(cx, y, line, size, bold=True, align="center")
        y -= size * 1.2
    y -= 2
    # What the event is, unless its name says it already ("County Rummikub Championship").
    if "rummikub" not in fold(event.name):
        page.text(cx, y, gettext("Rummikub tournament"), 18, align="center")
    else:
        y += 18
    upper = y - 18
    when = long_date(event.date) + (f" · {event.venue}" if event.venue else "")
    wsize, wlines = wrapping.fit_text(when, inner, 16, 12, max_lines=2)
    wy = f.bottom + date_above + (len(wlines) - 1) * wsize * 1.25
    lower = wy + wsize + 18
    for line in wlines:
        page.text(cx, wy, line, wsize, align="center")
        wy -= wsize * 1.25
    return page, upper, lower, inner


def award_name(name: str, inner: float) -> tuple[float, list[str]]:
    """A name as large as fits: one line down to 30 pt, else up to three lines, and far
    beyond any real name still all of it, on the page."""
    size, lines = wrapping.fit_text(name, inner, 48, 30, bold=True)
    if len(lines) > 1:
        size, lines = wrapping.fit_text(name, inner, 40, 20, bold=True, max_lines=3)
    if len(lines) > 3:
        size, lines = wrapping.fit_text(name, inner, 20, 14, bold=True, max_lines=6)
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
        wrapping.fit_text(detail, inner, AWARD_DETAIL_SIZE, 11, max_lines=1) if detail else (0, [])
    )
    return AwardRecipient(nsize, nlines, dsize, dlines)
