"""A score sheet's header: the event, the table's number large, the division and round;
at the right the QR code that opens the table's page, and the players' table code when
they enter the scores."""

from __future__ import annotations

from django.utils.translation import gettext

from printing import wrapping
from printing.data import TableLines
from tournaments.vocabulary import kind_word

from .pages import MIN_SIZE, Document, Page
from .qr import draw_qr
from .words import games_words, long_date, table_words

QR_SIZE = 100.0
URL_COLUMN = 172.0
CODE_COLUMN = 150.0


def sheet_header(page: Page, doc: Document, t: TableLines, compact: bool) -> float:
    """Event, table, division and round at the left; the QR code and its URL at the
    right. Returns the y of the rule under the header."""
    event = doc.event
    f = doc.frame
    left, right, top = f.left, f.right, f.top
    qr_size = 84.0 if compact else QR_SIZE
    url_w = 228.0 if compact else URL_COLUMN
    has_url = bool(t.score_url)
    lw = f.content_width - (url_w + 14 if has_url else 0)
    if has_url and t.table_code:  # the code gets a column of its own, left of the QR code
        url_w = qr_size
        lw = f.content_width - (url_w + 14 + CODE_COLUMN + 14)
    esize, elines = wrapping.fit_text(
        event.name, lw, 13 if compact else 15, 12, bold=True, max_lines=2
    )
    sub = long_date(event.date) + (f" · {event.venue}" if event.venue else "")
    ssize, slines = wrapping.fit_text(sub, lw, MIN_SIZE if compact else 12, MIN_SIZE, max_lines=2)

    def event_lines(p: Page) -> None:
        y = top
        for line in elines:
            y -= esize * 1.15
            p.text(left, y, line, esize, bold=True)
        for line in slines:
            y -= ssize * 1.25
            p.text(left, y, line, ssize)

    page.form(doc, f"event-{compact}-{has_url}-{bool(t.table_code)}", event_lines)
    y = top - len(elines) * esize * 1.15 - len(slines) * ssize * 1.25
    tsize, tlines = wrapping.fit_text(
        table_words(t.table_number), lw, 26 if compact else 34, 20, bold=True, max_lines=1
    )
    y -= tsize + 2
    page.text(left, y, tlines[0], tsize, bold=True)
    rline = " · ".join(
        (
            gettext("Round %(number)d") % {"number": t.round_number},
            kind_word(t.round_kind),
            games_words(t.games),
        )
    )
    division = gettext("Division %(name)s") % {"name": t.division}
    if compact:
        dsize, dlines = wrapping.fit_text(
            f"{division} · {rline}", lw, 14, 14, bold=True, max_lines=2
        )
    else:
        dsize, dlines = wrapping.fit_text(division, lw, 17, 14, bold=True, max_lines=2)
    y -= 6
    for line in dlines:
        y -= dsize * 1.2
        page.text(left, y, line, dsize, bold=True)
    if not compact:
        rsize, rlines = wrapping.fit_text(rline, lw, 15, 14, max_lines=2)
        y -= 4
        for line in rlines:
            y -= rsize * 1.2
            page.text(left, y, line, rsize)
    bottom = y - 12

    if has_url:
        qx = right - qr_size
        qtop = top + 4  # the symbol's quiet zone sits inside the square
        page.add(
            lambda c, x=qx, yb=qtop - qr_size, url=t.score_url: draw_qr(c, x, yb, qr_size, url)
        )
        uy = qtop - qr_size - 2
        scan = wrapping.wrap_text(gettext("Scan to enter scores"), url_w, MIN_SIZE, bold=True)
        page.lines(right, uy - MIN_SIZE, scan, MIN_SIZE, MIN_SIZE * 1.2, bold=True, align="right")
        uy -= MIN_SIZE * 1.2 * (len(scan) - 1) + MIN_SIZE + 4
        if t.table_code:
            code_bottom = table_code_column(page, t, left + lw + 14, top, CODE_COLUMN, compact)
            bottom = min(bottom, code_bottom - 10)
        else:
            for line in wrapping.wrap_text(t.score_url, url_w, MIN_SIZE):
                uy -= MIN_SIZE * 1.2
                page.text(right, uy, line, MIN_SIZE, align="right")
        bottom = min(bottom, uy - 10)
    page.line(left, bottom, right, bottom, 1.5)
    return bottom


def table_code_column(
    page: Page, t: TableLines, x: float, top: float, width: float, compact: bool
) -> float:
    """The players' table code, large enough to read from a chair, and the short address
    to type it at, in a column from (x, top). Returns the y under it."""
    y = top - 13
    page.text(x, y, gettext("Table code"), 13, bold=True)
    size, lines = wrapping.fit_text(t.table_code, width, 30 if compact else 34, 24, bold=True)
    y -= 6 + size * 0.95
    page.text(x, y, lines[0], size, bold=True)
    y -= 4
    words = gettext("Open %(address)s and type %(code)s") % {
        "address": t.code_address,
        "code": t.table_code,
    }
    for line in wrapping.wrap_text(words, width, MIN_SIZE):
        y -= MIN_SIZE * 1.2
        page.text(x, y, line, MIN_SIZE)
    return y
