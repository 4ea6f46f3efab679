"""Ribbon place cards: one landscape page per ribbon (places 4 to the event's N), in the
certificates' large print — the name as written, the place, what it is a place of, the
event and its date."""

from __future__ import annotations

from django.utils.translation import gettext

from printing import fonts, wrapping
from printing.data import RibbonCard, RibbonsData
from tournaments.vocabulary import scope_word

from .awards import award_page, award_recipient
from .pages import Document, Progress
from .words import place_words


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
    page, upper, lower, inner = award_page(doc, date_above=60)
    f = doc.frame
    cx = f.width / 2

    recipient = award_recipient(card.name, card.detail, inner)
    place_line = place_words(card.place, upper=True)
    of_line = f"{scope_word(card.scope)} {card.division}"
    osize, olines = wrapping.fit_text(of_line, inner, 22, 14, max_lines=2)
    block = recipient.height + 22 + 40 + 10 + len(olines) * osize * 1.25
    y = upper - max(0.0, (upper - lower - block) / 2)

    y = recipient.draw(page, cx, y, gettext("This ribbon is awarded to"))
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
    doc = Document(data.event, gettext("Ribbons"), turn=True, numbered=False)
    for card in data.cards:
        _card(doc, card)
    return doc.render(progress)
