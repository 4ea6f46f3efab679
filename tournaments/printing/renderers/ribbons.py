"""Ribbon place cards: one landscape page per ribbon (places 4 to the event's N), in the
certificates' large print — the name as written, the place, what it is a place of, the
event and its date."""

from __future__ import annotations

from tournaments.printing import fonts
from tournaments.printing.data import RibbonCard, RibbonsData

from .base import Document, Progress, long_date, ordinal


def _rosette(page, x: float, y: float, r: float) -> None:
    """A ribbon rosette drawn round the place number: a secondary cue only (the place is
    printed in words too), clear in black and white."""

    def op(c):
        c.setLineWidth(2.0)
        c.setFillGray(1.0)
        for dx, tilt in ((-0.45, -1), (0.45, 1)):
            path = c.beginPath()
            path.moveTo(x + dx * r, y - 0.6 * r)
            path.lineTo(x + dx * r + tilt * 0.35 * r, y - 2.1 * r)
            path.lineTo(x + dx * r + tilt * 0.05 * r, y - 1.85 * r)
            path.lineTo(x + dx * r - tilt * 0.25 * r, y - 2.1 * r)
            path.close()
            c.drawPath(path, stroke=1, fill=1)
        c.setFillGray(0.9)
        c.circle(x, y, r, stroke=1, fill=1)
        c.setFillGray(1.0)
        c.circle(x, y, r * 0.72, stroke=1, fill=1)
        c.setFillGray(0)

    page.add(op)


def _card(doc: Document, card: RibbonCard) -> None:
    f = doc.frame
    event = doc.event
    page = doc.new_page()
    w, h = f.width, f.height
    cx = w / 2
    inner = f.content_width - 80

    page.rect(f.left, f.bottom, f.content_width, h - 2 * f.margin, width=3.0)
    page.rect(f.left + 8, f.bottom + 8, f.content_width - 16, h - 2 * f.margin - 16, width=1.0)

    y = f.top - 54
    size, lines = fonts.fit_text(event.name, inner, 28, 16, bold=True, max_lines=2)
    for line in lines:
        page.text(cx, y, line, size, bold=True, align="center")
        y -= size * 1.2
    y -= 2
    page.text(cx, y, "Rummikub tournament", 18, align="center")
    upper = y - 18

    when = long_date(event.date) + (f" · {event.venue}" if event.venue else "")
    wsize, wlines = fonts.fit_text(when, inner, 16, 12, max_lines=2)
    wy = f.bottom + 60 + (len(wlines) - 1) * wsize * 1.25
    lower = wy + wsize + 18
    for line in wlines:
        page.text(cx, wy, line, wsize, align="center")
        wy -= wsize * 1.25

    # the name as large as fits, as on the certificates
    nsize, nlines = fonts.fit_text(card.name, inner, 48, 30, bold=True)
    if len(nlines) > 1:
        nsize, nlines = fonts.fit_text(card.name, inner, 40, 20, bold=True, max_lines=3)
    if len(nlines) > 3:
        nsize, nlines = fonts.fit_text(card.name, inner, 20, 14, bold=True, max_lines=6)
    place_line = f"{ordinal(card.place).upper()} PLACE"
    of_line = f"{card.scope} {card.division}"
    osize, olines = fonts.fit_text(of_line, inner, 22, 14, max_lines=2)
    block = 16 + 26 + len(nlines) * nsize * 1.2 + 22 + 40 + 10 + len(olines) * osize * 1.25
    y = upper - max(0.0, (upper - lower - block) / 2)

    y -= 16
    page.text(cx, y, "This ribbon is awarded to", 16, align="center")
    y -= 26
    for line in nlines:
        y -= nsize
        page.text(cx, y, line, nsize, bold=True, align="center")
        y -= nsize * 0.2
    y -= 22 + 38

    pw = fonts.string_width(place_line, 38, bold=True)
    r = 24
    rx = cx - pw / 2 - r - 22
    _rosette(page, rx, y + 13, r)
    page.text(rx, y + 5, str(card.place), 20, bold=True, align="center")
    page.text(cx, y, place_line, 38, bold=True, align="center")
    y -= 10
    for line in olines:
        y -= osize * 1.25
        page.text(cx, y, line, osize, align="center")


def render_ribbons(data: RibbonsData, *, progress: Progress = None) -> bytes:
    doc = Document(data.event, "Ribbons", turn=True, numbered=False)
    for card in data.cards:
        _card(doc, card)
    return doc.render(progress)
