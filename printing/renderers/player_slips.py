"""Player slips: three to a page, each with the player's name, division, first table once
seated, the QR code of their own page and its code to type, to be cut apart and handed
out at the desk."""

from __future__ import annotations

from django.utils.translation import gettext

from printing import wrapping
from printing.data import PlayerSlip, PlayerSlipsData

from .pages import MIN_SIZE, Document, Page
from .qr import draw_qr

PER_PAGE = 3
QR_SIZE = 130.0


def _slip(
    page: Page,
    doc: Document,
    slip: PlayerSlip,
    top: float,
    height: float,
    address: str,
    checkin: str = "",
):
    f = doc.frame
    left, width = f.left, f.content_width - QR_SIZE - 16
    page.add(
        lambda c, x=f.right - QR_SIZE, y=top - QR_SIZE - 6, u=slip.url: draw_qr(c, x, y, QR_SIZE, u)
    )
    y = top - 24
    size, lines = wrapping.fit_text(slip.name, width, 22, 14, bold=True, max_lines=2)
    page.lines(left, y, lines, size, size * 1.2, bold=True)
    y -= (len(lines) - 1) * size * 1.2 + 22
    page.text(left, y, slip.division, 14)
    y -= 22
    if slip.table is not None:
        where = gettext("Round 1: table %(table)s, seat %(seat)s") % {
            "table": slip.table,
            "seat": slip.seat,
        }
        page.text(left, y, where, 16, bold=True)
        y -= 22
    for line in wrapping.wrap_text(
        gettext(
            "Scan the code to open your own page: check in, your table, your scores, "
            "a link for your family."
        ),
        width,
        MIN_SIZE,
    ):
        page.text(left, y, line, MIN_SIZE)
        y -= MIN_SIZE * 1.3
    for line in wrapping.wrap_text(checkin, width, MIN_SIZE) if checkin else ():
        page.text(left, y, line, MIN_SIZE, bold=True)
        y -= MIN_SIZE * 1.3
    y -= 4
    page.text(
        left, y, gettext("Or type this code at %(address)s:") % {"address": address}, MIN_SIZE
    )
    page.text(left, y - 24, slip.code, 20, bold=True)
    page.text(f.right - QR_SIZE / 2, top - QR_SIZE - 20, slip.entrant_id, MIN_SIZE, align="center")
    bottom = top - height
    page.line(f.left, bottom, f.right, bottom, 0.8, gray=0.5)


def render_player_slips(data: PlayerSlipsData, *, progress=None) -> bytes:
    doc = Document(data.event, gettext("Player slips"), numbered=False)
    f = doc.frame
    height = (f.top - f.bottom) / PER_PAGE
    page = None
    for n, slip in enumerate(data.slips):
        if n % PER_PAGE == 0:
            page = doc.new_page()
        _slip(page, doc, slip, f.top - (n % PER_PAGE) * height, height, data.address, data.checkin)
    return doc.render(progress)
