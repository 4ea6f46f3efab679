"""The score sheets' QR codes drawn on a reportlab canvas (the symbol: ``tournaments.qr``)."""

from __future__ import annotations

import re

from tournaments.qr import qr_matrix

__all__ = ["draw_qr", "qr_matrix"]

_DARK_RUN = re.compile(r"1+")


def draw_qr(canvas, x: float, y: float, size: float, text: str, quiet: int = 4) -> None:
    """Draw the QR code for ``text`` with its bottom-left corner at (x, y), ``size`` wide.

    ``quiet`` modules of white margin are included in ``size``. The dark modules
    are one filled path of horizontal runs in module units under a scaling
    transform; the run rectangles are written as integer PDF operators directly
    (``Canvas.addLiteral``): reportlab's pure-Python number formatting of some
    300 rectangles per symbol was most of a score sheet's drawing time.
    """
    rows = qr_matrix(text)
    n = len(rows)
    module = size / (n + 2 * quiet)
    ops = []
    for r, row in enumerate(rows):
        yy = n - 1 - r
        for m in _DARK_RUN.finditer(row):
            ops.append(f"{m.start()} {yy} {m.end() - m.start()} 1 re")
    canvas.saveState()
    canvas.translate(x + quiet * module, y + quiet * module)
    canvas.scale(module, module)
    canvas.setFillGray(0)
    canvas.addLiteral("\n".join(ops) + "\nf")
    canvas.restoreState()
