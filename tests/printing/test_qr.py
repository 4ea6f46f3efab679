"""The score sheets' QR codes (segno's symbols drawn on a reportlab canvas) scan back to
their address, and reportlab runs with its C accelerator."""

import io

import pytest
from reportlab.pdfgen import canvas

from printing.renderers.qr import draw_qr, qr_rows

from .pdfcheck import scan_pages

URLS = [
    "a",
    "http://192.168.1.20:8000/t/K7M4QX/",
    "https://rummikub.example.org/e/county-2026/tables/123456/",
    "http://x/" + "é" * 60,  # UTF-8, a larger symbol (version information blocks)
    "https://example.org/" + "y" * 300,
]


def _page_with(url: str, size: float = 200.0) -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    draw_qr(c, 100, 400, size, url)
    c.showPage()
    c.save()
    return buf.getvalue()


@pytest.mark.parametrize("url", URLS)
def test_a_scanner_reads_the_drawn_symbol_back(url, tmp_path):
    """An independent decoder (zbar) reads the page as printed (pdftoppm): the codes scan."""
    size = 200.0 if len(url) < 200 else 400.0
    assert scan_pages(_page_with(url, size), tmp_path, resolution=150) == [url]


def test_the_symbol_is_square_with_finder_patterns():
    rows = qr_rows(URLS[1])
    n = len(rows)
    assert all(len(row) == n for row in rows) and (n - 17) % 4 == 0
    finder = [b"\x01" * 7, b"\x01" + b"\x00" * 5 + b"\x01"]
    for row in (0, n - 7):
        assert rows[row][:7] == finder[0]
    assert rows[0][n - 7 :] == finder[0] and rows[1][n - 7 :] == finder[1]


def test_reportlab_runs_its_c_accelerator():
    """rl-accel installed: reportlab uses none of its pure-Python fallbacks."""
    from reportlab.lib import rl_accel

    assert rl_accel._py_funcs == {}
    assert type(rl_accel.fp_str).__name__ == "builtin_function_or_method"
