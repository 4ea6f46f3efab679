"""Fonts for the printed documents: DejaVu Sans, with CJK fallback per run of text.

DejaVu Sans (bundled in static/fonts) covers Latin with every accent, Greek and
Cyrillic. For the characters it has no glyph for, text falls back run by run to
reportlab's built-in CID fonts, which need no font file:

* ``HeiseiMin-W3`` for Japanese (kana, and Han characters in a string with kana),
* ``STSong-Light`` for Chinese Han characters (preferred for Han without kana),
* ``HYSMyeongJo-Medium`` for Korean Hangul.

CID fonts are written as UTF-16 and come back as text from pypdf and pdftotext.

Known limits (documented, not silently worked around):
* characters outside the Basic Multilingual Plane (emoji, rare Han extensions)
  print in DejaVu when it has them, otherwise as a missing glyph, and do not
  read back from the PDF (reportlab writes their ToUnicode entries as 5-digit hex);
* right-to-left scripts (Hebrew, Arabic) are drawn in visual order
  (``printing.right_to_left``);
* a character nobody covers prints as DejaVu's missing-glyph box but stays in the
  text layer, so it is never lost from a search or a copy.

Lines are broken and fitted to a width in ``printing.wrapping``. Everything here is
pure Python + reportlab; no Django.
"""

from __future__ import annotations

import threading
import unicodedata
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

from .right_to_left import visual

FONT_DIR = Path(__file__).resolve().parents[1] / "static" / "fonts"

REGULAR = "DejaVuSans"
BOLD = "DejaVuSans-Bold"
CID_JAPANESE = "HeiseiMin-W3"
CID_CHINESE = "STSong-Light"
CID_KOREAN = "HYSMyeongJo-Medium"
CID_FONTS = (CID_JAPANESE, CID_CHINESE, CID_KOREAN)

_lock = threading.Lock()
_registered = False
_coverage: dict[str, frozenset[int] | set[int]] = {}


def register_fonts() -> None:
    """Register DejaVu Sans (regular, bold) and the three CID fonts, once per process."""
    global _registered
    if _registered:
        return
    with _lock:
        if _registered:
            return
        names = set(pdfmetrics.getRegisteredFontNames())
        for name, filename in ((REGULAR, "DejaVuSans.ttf"), (BOLD, "DejaVuSans-Bold.ttf")):
            if name not in names:
                pdfmetrics.registerFont(TTFont(name, str(FONT_DIR / filename)))
            font = pdfmetrics.getFont(name)
            # face.charToGlyph: code point -> glyph index, i.e. DejaVu's cmap.
            _coverage[name] = frozenset(font.face.charToGlyph)
        pdfmetrics.registerFontFamily(
            REGULAR, normal=REGULAR, bold=BOLD, italic=REGULAR, boldItalic=BOLD
        )
        for name in CID_FONTS:
            if name not in names:
                pdfmetrics.registerFont(UnicodeCIDFont(name))
        _registered = True


def has_glyph(font: str, char: str) -> bool:
    """Whether DejaVu ``font`` (REGULAR or BOLD) has a glyph for ``char``."""
    register_fonts()
    return ord(char) in _coverage[font]


# --- script classes -------------------------------------------------------------------


def _is_kana(cp: int) -> bool:
    return 0x3040 <= cp <= 0x30FF or 0x31F0 <= cp <= 0x31FF or 0xFF66 <= cp <= 0xFF9F


def _is_hangul(cp: int) -> bool:
    return 0xAC00 <= cp <= 0xD7A3 or 0x3130 <= cp <= 0x318F or 0x1100 <= cp <= 0x11FF


def _is_han(cp: int) -> bool:
    return (
        0x4E00 <= cp <= 0x9FFF
        or 0x3400 <= cp <= 0x4DBF
        or 0xF900 <= cp <= 0xFAFF
        or cp in (0x3005, 0x3006, 0x3007)
    )


def _is_cjk_symbol(cp: int) -> bool:
    return 0x3000 <= cp <= 0x303F or 0xFF00 <= cp <= 0xFFEF or 0x3200 <= cp <= 0x33FF


def _encodes(char: str, codec: str) -> bool:
    try:
        char.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


# Which characters each CID font can show, approximated by the legacy character
# sets its Adobe collection is built on (reportlab ships no CMap files to ask).
_CID_CODECS = {
    CID_CHINESE: ("gb2312", "gbk"),
    CID_JAPANESE: ("cp932", "euc_jp"),
    CID_KOREAN: ("cp949",),
}


@lru_cache(maxsize=8192)
def cid_covers(font: str, char: str) -> bool:
    """Whether the CID font ``font`` has ``char`` (BMP only: the fonts are written as UCS-2)."""
    cp = ord(char)
    if cp > 0xFFFF or cp < 0x80:
        return False
    if font == CID_KOREAN and 0xAC00 <= cp <= 0xD7A3:
        return True  # Adobe-Korea1-1 has every precomposed syllable
    if font == CID_JAPANESE and _is_kana(cp) and not 0xFF66 <= cp <= 0xFF9F:
        return _encodes(char, "cp932") or _encodes(char, "euc_jp")
    return any(_encodes(char, codec) for codec in _CID_CODECS[font])


def _han_preference(text: str) -> tuple[str, ...]:
    cps = [ord(c) for c in text]
    if any(_is_kana(cp) for cp in cps):
        return (CID_JAPANESE, CID_CHINESE, CID_KOREAN)
    if any(_is_hangul(cp) for cp in cps):
        han = [c for c, cp in zip(text, cps, strict=True) if _is_han(cp)]
        if all(cid_covers(CID_KOREAN, c) for c in han):
            return (CID_KOREAN, CID_CHINESE, CID_JAPANESE)
    return (CID_CHINESE, CID_JAPANESE, CID_KOREAN)


def _strict_gb2312(char: str) -> bool:
    return _encodes(char, "gb2312")


@lru_cache(maxsize=65536)
def font_runs(text: str, bold: bool = False) -> tuple[tuple[str, str], ...]:
    """Split ``text`` into (font name, text) runs by glyph coverage.

    DejaVu (bold or regular) wherever it has the glyph; otherwise the CID font for
    the character's script; a character nobody has stays in DejaVu (missing-glyph
    box on paper, still text in the PDF). Adjacent characters in the same font are
    one run; combining marks stay with their base character's run when that font
    has them too.
    """
    register_fonts()
    if not text:
        return ()
    main = BOLD if bold else REGULAR
    main_cov = _coverage[main]
    regular_cov = _coverage[REGULAR]
    if all(ord(c) in main_cov for c in text):
        return ((main, text),)

    han_pref: tuple[str, ...] | None = None
    context = None
    chosen: list[str] = []
    for char in text:
        cp = ord(char)
        if cp in main_cov:
            font = main
        elif cp in regular_cov:
            font = REGULAR
        else:
            if han_pref is None:
                han_pref = _han_preference(text)
                context = han_pref[0]
            font = main
            if _is_kana(cp):
                candidates: tuple[str, ...] = (CID_JAPANESE,)
            elif _is_hangul(cp):
                candidates = (CID_KOREAN,)
            elif _is_han(cp):
                # Chinese first only for GB 2312 characters; otherwise the font whose
                # collection has the character (e.g. traditional forms in Japan1).
                if han_pref[0] == CID_CHINESE and not _strict_gb2312(char):
                    candidates = (CID_JAPANESE, CID_KOREAN, CID_CHINESE)
                else:
                    candidates = han_pref
            elif _is_cjk_symbol(cp) or unicodedata.east_asian_width(char) in ("W", "F"):
                candidates = (context, *[f for f in han_pref if f != context])
            else:
                candidates = ()
            for candidate in candidates:
                if cid_covers(candidate, char):
                    font = candidate
                    break
        if (
            chosen
            and unicodedata.category(char).startswith("M")
            and chosen[-1] != font
            and ord(char) in regular_cov
            and chosen[-1] in (REGULAR, BOLD)
        ):
            font = chosen[-1]
        chosen.append(font)

    runs: list[tuple[str, str]] = []
    start = 0
    for i in range(1, len(text) + 1):
        if i == len(text) or chosen[i] != chosen[start]:
            runs.append((chosen[start], text[start:i]))
            start = i
    return tuple(runs)


# --- measuring and drawing ------------------------------------------------------------


@lru_cache(maxsize=65536)
def _width_1000(text: str, bold: bool) -> float:
    return sum(
        pdfmetrics.stringWidth(run, font, 1000) for font, run in font_runs(visual(text), bold)
    )


def string_width(text: str, size: float, bold: bool = False) -> float:
    """Width of ``text`` in points at ``size``, across its font runs."""
    return _width_1000(text, bold) * size / 1000.0


def draw_text(
    canvas, x: float, y: float, text: str, size: float, bold: bool = False, align: str = "left"
) -> float:
    """Draw ``text`` (plain, never parsed as markup) with per-run fonts; return its width.

    ``align`` is "left", "right" (x is the right edge) or "center" (x is the middle).
    All runs go into one text object, so the PDF reads back as one string. The CID
    fonts have no bold face: bold runs in them are drawn filled and stroked.
    """
    if not text:
        return 0.0
    logical, text = text, visual(text)
    runs = font_runs(text, bold)
    width = None
    if align != "left":
        width = string_width(logical, size, bold)
        x = x - width if align == "right" else x - width / 2.0
    if len(runs) == 1 and not (bold and runs[0][0] in CID_FONTS):
        canvas.setFont(runs[0][0], size)
        canvas.drawString(x, y, text)
    else:
        fake_bold = bold and any(font in CID_FONTS for font, _ in runs)
        if fake_bold:
            canvas.saveState()
            canvas.setLineWidth(size * 0.035)
        obj = canvas.beginText(x, y)
        for font, run in runs:
            obj.setFont(font, size)
            if fake_bold:
                obj.setTextRenderMode(2 if font in CID_FONTS else 0)
            obj.textOut(run)
        if fake_bold:
            obj.setTextRenderMode(0)
        canvas.drawText(obj)
        if fake_bold:
            canvas.restoreState()
    return width if width is not None else string_width(logical, size, bold)


def paragraph_markup(text: str, bold: bool = False) -> str:
    """``text`` (one line) as reportlab Paragraph markup: escaped, one ``<font name=…>``
    per run, in visual order."""
    return "".join(
        f'<font name="{font}">{escape(run)}</font>' for font, run in font_runs(visual(text), bold)
    )
