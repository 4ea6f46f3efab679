import io
import shutil
import subprocess

import pytest
from reportlab.graphics.barcode import qrencoder
from reportlab.pdfgen import canvas

from printing.renderers.qr import draw_qr, qr_matrix
from tests.helpers import unavailable

URLS = [
    "a",
    "http://192.168.1.20:8000/score/t/70-1-3-k3x9q/",
    "https://rummikub.example.org/events/2025/score/table/7f3a9c2e-1b4d-4e8a-9c0f-1234/",
    "http://x/" + "é" * 60,  # UTF-8, version 7+ (version information blocks)
    "https://example.org/" + "y" * 400,
]


def reportlab_matrix(text: str, mask: int) -> list[str]:
    q = qrencoder.QRCode(None, qrencoder.QRErrorCorrectLevel.M)
    q.dataList.append(qrencoder.QR8bitByte(text))
    q.version = q.calculate_version()
    q.makeImpl(False, mask)
    return ["".join("1" if m else "0" for m in row) for row in q.modules]


@pytest.mark.parametrize("url", URLS)
def test_same_symbol_as_reportlabs_encoder_for_every_mask(url):
    for mask in range(8):
        assert qr_matrix(url, mask) == reportlab_matrix(url, mask)


def test_default_mask_is_one_of_the_eight():
    url = URLS[1]
    chosen = qr_matrix(url)
    assert chosen in [reportlab_matrix(url, m) for m in range(8)]


def test_draw_qr_makes_a_path():
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    draw_qr(c, 100, 100, 100, URLS[1])
    c.showPage()
    c.save()
    assert b"%PDF" in buf.getvalue()[:10]


def _pbm(rows: list[str], scale: int = 6, border: int = 4) -> str:
    """The symbol as a plain PBM image, with its quiet zone."""
    n = len(rows)
    size = (n + 2 * border) * scale
    lines = []
    for y in range(size):
        r = y // scale - border
        lines.append(
            " ".join(
                "1"
                if 0 <= r < n and 0 <= (c := x // scale - border) < n and rows[r][c] == "1"
                else "0"
                for x in range(size)
            )
        )
    return f"P1\n{size} {size}\n" + "\n".join(lines) + "\n"


@pytest.mark.parametrize("url", [URLS[1], URLS[2], URLS[4]])
def test_a_scanner_reads_the_symbol_back(url, tmp_path):
    """An independent decoder (zbar) reads what we encode: the sheets' codes scan."""
    if shutil.which("zbarimg") is None:
        unavailable("zbarimg is not installed (apt-get install -y zbar-tools)")
    path = tmp_path / "qr.pbm"
    path.write_text(_pbm(qr_matrix(url)))
    out = subprocess.run(["zbarimg", "-q", "--raw", str(path)], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == url
