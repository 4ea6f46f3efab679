"""Medal certificates: one landscape page per medallist."""

from __future__ import annotations

from django.utils.translation import gettext

from printing import fonts, wrapping
from printing.data import Certificate, CertificatesData
from tournaments.vocabulary import medal_title, scope_word

from .awards import award_page, award_recipient
from .pages import Document, Progress
from .words import place_words

MEDAL_FILL = {"gold": 0.82, "silver": 0.93, "bronze": 0.7}  # a secondary cue only


def _certificate(doc: Document, cert: Certificate) -> None:
    page, upper, lower, inner = award_page(doc, date_above=104)
    f = doc.frame
    cx = f.width / 2

    recipient = award_recipient(cert.name, cert.detail, inner)
    medal_line = medal_title(cert.medal)
    place_line = f"{place_words(cert.place)} · {_of(cert.scope, cert.division)}"
    psize, plines = wrapping.fit_text(place_line, inner, 20, 14, max_lines=2)
    block = recipient.height + 22 + 34 + 8 + len(plines) * psize * 1.25
    y = upper - max(0.0, (upper - lower - block) / 2)

    y = recipient.draw(page, cx, y, gettext("This certificate is awarded to"))
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
    page.text(cx - 150, sy - 16, gettext("Tournament director"), 13, align="center")
    page.line(cx + 150 - half / 2, sy, cx + 150 + half / 2, sy, 1.0)
    page.text(cx + 150, sy - 16, gettext("Date"), 13, align="center")


def _of(scope: str, division: str) -> str:
    """ "Division 70–74", "Age group 60-64": what the place is of."""
    return f"{scope_word(scope)} {division}"


def render_certificates(data: CertificatesData, *, progress: Progress = None) -> bytes:
    doc = Document(data.event, gettext("Certificates"), turn=True, numbered=False)
    for cert in data.certificates:
        _certificate(doc, cert)
    return doc.render(progress)
