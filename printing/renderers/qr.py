"""The score sheets' QR codes: segno makes the symbol, drawn here on a reportlab canvas."""

from __future__ import annotations

import re

import segno

# Error correction level M at least (segno raises it when the symbol has room to spare):
# a sheet is handled, folded and written on at the table.
ERROR = "m"
_DARK_RUN = re.compile(rb"\x01+")


def qr_rows(text: str) -> tuple[bytes, ...]:
    """The symbol for ``text``, without its quiet zone: one row of bytes (1 dark, 0
    light) per row of modules, top to bottom."""
    return tuple(bytes(row) for row in segno.make_qr(text, error=ERROR).matrix)


def draw_qr(canvas, x: float, y: float, size: float, text: str, quiet: int = 4) -> None:
    """Draw the QR code for ``text`` with its bottom-left corner at (x, y), ``size`` wide.

    ``quiet`` modules of white margin are included in ``size``. The dark modules are one
    filled path of horizontal runs in module units under a scaling transform, written as
    integer PDF operators (``Canvas.addLiteral``): a few hundred rectangles a symbol,
    without formatting each number through reportlab.
    """
    rows = qr_rows(text)
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
