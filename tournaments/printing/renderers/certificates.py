"""Medal certificates: one landscape page per medallist."""

from __future__ import annotations

from tournaments.printing import fonts
from tournaments.printing.data import Certificate, CertificatesData

from .base import MEDAL_WORDS, Document, Progress, long_date, ordinal

MEDAL_FILL = {"gold": 0.82, "silver": 0.93, "bronze": 0.7}  # a secondary cue only


def _certificate(doc: Document, cert: Certificate) -> None:
    f = doc.frame
    event = doc.event
    page = doc.new_page()
    w, h = f.width, f.height
    cx = w / 2
    inner = f.content_width - 80

    # double frame inside the margins
    page.rect(f.left, f.bottom, f.content_width, h - 2 * f.margin, width=3.0)
    page.rect(f.left + 8, f.bottom + 8, f.content_width - 16, h - 2 * f.margin - 16, width=1.0)

    y = f.top - 54
    size, lines = fonts.fit_text(event.name, inner, 28, 16, bold=True, max_lines=2)
    for line in lines:
        page.text(cx, y, line, size, bold=True, align="center")
        y -= size * 1.2
    y -= 2
    page.text(cx, y, "Rummikub tournament", 18, align="center")
    upper = y - 18  # the middle block is centred between here and the date line

    when = long_date(event.date) + (f" · {event.venue}" if event.venue else "")
    wsize, wlines = fonts.fit_text(when, inner, 16, 12, max_lines=2)
    wy = f.bottom + 104 + (len(wlines) - 1) * wsize * 1.25
    lower = wy + wsize + 18
    for line in wlines:
        page.text(cx, wy, line, wsize, align="center")
        wy -= wsize * 1.25

    # the name, as large as fits: one line down to 30 pt, else up to three lines
    nsize, nlines = fonts.fit_text(cert.name, inner, 48, 30, bold=True)
    if len(nlines) > 1:
        nsize, nlines = fonts.fit_text(cert.name, inner, 40, 20, bold=True, max_lines=3)
    if len(nlines) > 3:  # far beyond any real name: still all of it, on the page
        nsize, nlines = fonts.fit_text(cert.name, inner, 20, 14, bold=True, max_lines=6)
    medal = MEDAL_WORDS.get(cert.medal, cert.medal.title())
    medal_line = f"{medal.upper()} MEDAL"
    place_line = f"{ordinal(cert.place)} place · {cert.scope} {cert.division}"
    psize, plines = fonts.fit_text(place_line, inner, 20, 14, max_lines=2)
    block = 16 + 26 + len(nlines) * nsize * 1.2 + 22 + 34 + 8 + len(plines) * psize * 1.25
    y = upper - max(0.0, (upper - lower - block) / 2)

    y -= 16
    page.text(cx, y, "This certificate is awarded to", 16, align="center")
    y -= 26
    for line in nlines:
        y -= nsize
        page.text(cx, y, line, nsize, bold=True, align="center")
        y -= nsize * 0.2
    y -= 22 + 32

    mw = fonts.string_width(medal_line, 32, bold=True)
    r = 25
    disc_x = cx - mw / 2 - r - 16
    fill = MEDAL_FILL.get(cert.medal, 1.0)

    def disc(c, x=disc_x, yy=y + 11, r=r, fill=fill):
        c.setLineWidth(2.5)
        c.setFillGray(fill)
        c.circle(x, yy, r, stroke=1, fill=1)
        c.setFillGray(0)

    page.add(disc)
    page.text(disc_x, y + 3, str(cert.place), 22, bold=True, align="center")
    page.text(cx, y, medal_line, 32, bold=True, align="center")
    y -= 8
    for line in plines:
        y -= psize * 1.25
        page.text(cx, y, line, psize, align="center")

    # signature line
    sy = f.bottom + 52
    half = 230
    page.line(cx - half / 2 - 150, sy, cx - half / 2 - 150 + half, sy, 1.0)
    page.text(cx - 150, sy - 16, "Tournament director", 13, align="center")
    page.line(cx + 150 - half / 2, sy, cx + 150 + half / 2, sy, 1.0)
    page.text(cx + 150, sy - 16, "Date", 13, align="center")


def render_certificates(data: CertificatesData, *, progress: Progress = None) -> bytes:
    doc = Document(data.event, "Certificates", turn=True, numbered=False)
    for cert in data.certificates:
        _certificate(doc, cert)
    return doc.render(progress)
