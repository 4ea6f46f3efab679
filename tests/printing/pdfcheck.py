"""Reading rendered PDFs back: text (pypdf), spans with font size and position (pdfplumber).

pdfplumber (pdfminer) is used for sizes and positions because it follows form
XObjects with their placement; pypdf's text visitor reports text inside a form
in the form's own coordinates.
"""

import io
import shutil
import subprocess
from dataclasses import dataclass

import pdfplumber
import pypdf

from printing import fonts
from tests.helpers import unavailable


@dataclass(frozen=True)
class Span:
    """A run of characters on one line in one font and size (top-down coordinates)."""

    page: int
    text: str
    size: float
    x0: float
    x1: float
    top: float
    bottom: float
    page_height: float
    font: str  # registered reportlab font name

    @property
    def x(self) -> float:
        return self.x0

    @property
    def y(self) -> float:
        """Bottom of the glyphs, in PDF coordinates (up is larger)."""
        return self.page_height - self.bottom

    @property
    def width(self) -> float:
        return self.x1 - self.x0


_CID_NAMES = {
    "STSong": fonts.CID_CHINESE,
    "HeiseiMin": fonts.CID_JAPANESE,
    "HYSMyeongJo": fonts.CID_KOREAN,
}


def _font_name(base: str) -> str:
    for part, name in _CID_NAMES.items():
        if part in base:
            return name
    return fonts.BOLD if "Bold" in base else fonts.REGULAR


def reader(pdf: bytes) -> pypdf.PdfReader:
    return pypdf.PdfReader(io.BytesIO(pdf))


def page_texts(pdf: bytes) -> list[str]:
    return [p.extract_text() for p in reader(pdf).pages]


def text(pdf: bytes) -> str:
    return "\n".join(page_texts(pdf))


def spans(pdf: bytes) -> list[Span]:
    out: list[Span] = []
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for number, page in enumerate(doc.pages):
            run: list[dict] = []

            def flush(run=run, number=number, page=page):
                if run and "".join(c["text"] for c in run).strip():
                    out.append(
                        Span(
                            number,
                            "".join(c["text"] for c in run),
                            round(run[0]["size"], 3),
                            run[0]["x0"],
                            run[-1]["x1"],
                            min(c["top"] for c in run),
                            max(c["bottom"] for c in run),
                            float(page.height),
                            _font_name(run[0]["fontname"]),
                        )
                    )
                run.clear()

            for ch in page.chars:
                if run:
                    last = run[-1]
                    same = (
                        ch["fontname"] == last["fontname"]
                        and abs(ch["size"] - last["size"]) < 0.01
                        and abs(ch["bottom"] - last["bottom"]) < 0.5
                        and -0.5 < ch["x0"] - last["x1"] < 0.5
                    )
                    if not same:
                        flush()
                run.append(ch)
            flush()
    return out


def page_sizes(pdf: bytes) -> list[tuple[float, float]]:
    return [(float(p.mediabox.width), float(p.mediabox.height)) for p in reader(pdf).pages]


def squeeze(s: str) -> str:
    """All whitespace removed: a name wrapped over lines reads back with line breaks."""
    return "".join(s.split())


def collapse(s: str) -> str:
    """Runs of whitespace as one space."""
    return " ".join(s.split())


def name_spans(all_spans: list[Span], name: str) -> list[Span]:
    """Spans that are a piece of ``name`` (at least two non-space characters)."""
    target = squeeze(name)
    return [s for s in all_spans if len(squeeze(s.text)) >= 2 and squeeze(s.text) in target]


def pdftotext(pdf: bytes, tmp_path, *options: str) -> str:
    """The text poppler's pdftotext reads from ``pdf`` (a second reader beside pypdf), as
    it prints it; ``options`` go before the file (e.g. ``"-layout"``). Without pdftotext
    the test is skipped (it fails under CI=true)."""
    if shutil.which("pdftotext") is None:
        unavailable("pdftotext is not installed (apt-get install -y poppler-utils)")
    path = tmp_path / "doc.pdf"
    path.write_bytes(pdf)
    return subprocess.run(
        ["pdftotext", *options, "-enc", "UTF-8", str(path), "-"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _tool(name: str) -> None:
    if shutil.which(name) is None:
        package = "zbar-tools" if name == "zbarimg" else "poppler-utils"
        unavailable(f"{name} is not installed (apt-get install -y {package})")


def scan_pages(pdf: bytes, tmp_path, resolution: int = 150) -> list[str]:
    """Each page's QR code as a scanner reads it from the printed page (pdftoppm at
    ``resolution`` dpi, then zbarimg): one address a page. Without the tools the test is
    skipped (it fails under CI=true)."""
    _tool("pdftoppm")
    _tool("zbarimg")
    path = tmp_path / "scanned.pdf"
    path.write_bytes(pdf)
    prefix = tmp_path / "scanned"
    subprocess.run(["pdftoppm", "-png", "-r", str(resolution), str(path), str(prefix)], check=True)
    found = []
    for image in sorted(tmp_path.glob("scanned-*.png")):
        out = subprocess.run(
            ["zbarimg", "-q", "--raw", "-Sbinary", str(image)], capture_output=True, check=False
        )
        assert out.returncode == 0, out.stderr
        found.append(_qr_text(out.stdout.strip()))
    return found


def _qr_text(data: bytes) -> str:
    """A QR code's bytes as text: UTF-8, or ISO 8859-1 (the standard's byte mode, which
    segno uses when the text fits it; zbar's own guess reads it as Chinese)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return data.decode("latin-1")
