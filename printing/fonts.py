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
* right-to-left scripts (Hebrew, Arabic) are drawn in visual order (``visual``):
  Arabic letters joined by arabic-reshaper (DejaVu's presentation forms), then the
  Unicode bidirectional algorithm of python-bidi (levels from its Rust
  implementation; reordering, mirrored brackets and combining marks kept after their
  letter done here). A line is one paragraph whose direction is its first strong
  letter's, as ``dir="auto"`` on a page. Text between FSI (U+2068) and PDI (U+2069)
  is ordered on its own (``isolate``): a name beside a label of ours keeps its order
  without turning the label round. Text measured and wrapped is the logical text;
  each drawn line is reordered on its own. The PDF's text layer is in visual order
  (what is drawn), Arabic in presentation forms;
* a character nobody covers prints as DejaVu's missing-glyph box but stays in the
  text layer, so it is never lost from a search or a copy.

Everything here is pure Python + reportlab; no Django.
"""

from __future__ import annotations

import re
import threading
import unicodedata
from functools import lru_cache
from pathlib import Path
from xml.sax.saxutils import escape

import arabic_reshaper
from bidi import get_base_level, get_display
from bidi.mirror import MIRRORED
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.cidfonts import UnicodeCIDFont
from reportlab.pdfbase.ttfonts import TTFont

from tournaments.text import isolate  # noqa: F401 (the renderers set names apart with it)

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


# --- right-to-left text ----------------------------------------------------------------

FSI = "\u2068"  # first strong isolate
PDI = "\u2069"  # pop directional isolate
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]")
_CONTROLS = dict.fromkeys(
    map(ord, "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069")
)
# An isolate, or its part on a line of its own when wrapping broke it (no FSI before
# its PDI, or no PDI after its FSI).
_ISOLATES = re.compile(
    f"([{FSI}\u2066\u2067][^{PDI}]*(?:{PDI}|$)|^[^{FSI}\u2066\u2067{PDI}]*{PDI})"
)
_LEVEL = re.compile(r"Level\(\s*(\d+),?\s*\)")
# Arabic letters joined into DejaVu's presentation forms; harakat kept; of the
# ligatures only lam-alef (required in Arabic writing; DejaVu has its forms).
_reshaper = arabic_reshaper.ArabicReshaper(
    configuration={
        "delete_harakat": False,
        "support_ligatures": True,
        "ARABIC LIGATURE ALLAH": False,
    }
)


def _levels(text: str) -> list[int] | None:
    """The resolved embedding level of each character (python-bidi's Rust
    implementation; its debug output gives one level per UTF-8 byte)."""
    report = get_display(text, debug=True)
    try:
        levels = [
            int(n) for n in _LEVEL.findall(report.split("levels:")[1].split("paragraphs:")[0])
        ]
    except (IndexError, ValueError):
        return None
    out: list[int] = []
    i = 0
    for char in text:
        if i >= len(levels):
            return None
        out.append(levels[i])
        i += len(char.encode("utf-8"))
    return out if i == len(levels) else None


def _reorder(text: str) -> str:
    """One line of logical text in visual (left-to-right drawing) order: UAX #9 rules
    L1 (trailing spaces at the paragraph's level), L2 (reverse runs from the highest
    level down), L3 (combining marks stay after their letter) and L4 (mirrored
    brackets at right-to-left levels)."""
    levels = _levels(text)
    if levels is None:  # an unexpected report: the library's own order, unmirrored
        return get_display(text)
    base = get_base_level(text)
    i = len(text)
    while i > 0 and text[i - 1] in " \t":
        i -= 1
        levels[i] = base
    # clusters: a letter with its combining marks moves as one
    clusters: list[tuple[str, int]] = []
    for char, level in zip(text, levels, strict=True):
        if clusters and unicodedata.category(char).startswith("M"):
            prev, plevel = clusters[-1]
            clusters[-1] = (prev + char, plevel)
        else:
            clusters.append((char, level))
    shown = [MIRRORED.get(c, c) if lv % 2 and len(c) == 1 else c for c, lv in clusters]
    lv = [level for _, level in clusters]
    highest = max(lv, default=0)
    lowest_odd = min((x for x in lv if x % 2), default=highest + 1)
    for level in range(highest, lowest_odd - 1, -1):
        k = 0
        while k < len(lv):
            if lv[k] >= level:
                j = k
                while j < len(lv) and lv[j] >= level:
                    j += 1
                shown[k:j] = shown[k:j][::-1]
                lv[k:j] = lv[k:j][::-1]
                k = j
            else:
                k += 1
    return "".join(shown)


@lru_cache(maxsize=65536)
def visual(text: str) -> str:
    """``text`` (one line, logical order) as drawn: Arabic joined, right-to-left runs
    turned round; text with no right-to-left letter comes back unchanged."""
    if not _RTL.search(text):
        return text
    pieces = [p for p in _ISOLATES.split(text) if p]
    out = []
    for piece in pieces:
        if not _RTL.search(piece):
            out.append(piece.translate(_CONTROLS))
            continue
        inner = piece.translate(_CONTROLS)
        out.append(_reorder(_reshaper.reshape(inner)))
    return "".join(out)


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


# --- wrapping and fitting -------------------------------------------------------------

_SPACES = re.compile(r"( +)")
_PREFERRED_BREAK = set("-/.,·_?&=")


def _clusters(word: str) -> list[str]:
    """Split a word into base characters with their combining marks."""
    out: list[str] = []
    for char in word:
        if out and unicodedata.category(char).startswith("M"):
            out[-1] += char
        else:
            out.append(char)
    return out


def _break_word(word: str, width: float, size: float, bold: bool, first_room: float) -> list[str]:
    """Break a word wider than ``width`` at character boundaries (no character lost)."""
    pieces: list[str] = []
    current = ""
    current_w = 0.0
    room = first_room
    last_break = -1  # index in `current` after a preferred break character
    for cluster in _clusters(word):
        w = string_width(cluster, size, bold)
        if current and current_w + w > room:
            if last_break > len(current) // 2:
                pieces.append(current[:last_break])
                current = current[last_break:]
            else:
                pieces.append(current)
                current = ""
            current_w = string_width(current, size, bold)
            room = width
            last_break = -1
        current += cluster
        current_w += w
        if cluster[0] in _PREFERRED_BREAK:
            last_break = len(current)
    if current:
        pieces.append(current)
    return pieces


_BREAK_AFTER = re.compile(r"(?<=[-/‐–])(?=[^-/‐– ])")


def _segments(text: str) -> list[str]:
    """Spaces, and words split after a hyphen or slash (break opportunities)."""
    out: list[str] = []
    for token in _SPACES.split(text):
        if not token:
            continue
        if token[0] == " ":
            out.append(token)
        else:
            out.extend(p for p in _BREAK_AFTER.split(token) if p)
    return out


def wrap_text(text: str, width: float, size: float, bold: bool = False) -> list[str]:
    """Lines of ``text`` no wider than ``width`` at ``size``.

    Breaks at spaces (the spaces at a break are dropped) or after a hyphen or a
    slash; a piece still wider than a line is broken between characters, so CJK
    names and URLs wrap too. Joining the lines gives back every non-space
    character in order.
    """
    if not text:
        return [""]
    if string_width(text, size, bold) <= width:
        return [text]
    lines: list[str] = []
    line = ""
    for token in _segments(text):
        if token[0] == " ":
            if line:
                line += token
            continue
        candidate = line + token
        if string_width(candidate, size, bold) <= width:
            line = candidate
            continue
        stripped = line.rstrip(" ")
        if stripped and string_width(token, size, bold) <= width:
            lines.append(stripped)
            line = token
            continue
        room = width - string_width(line, size, bold) if line else width
        if stripped and room < width * 0.35:
            lines.append(stripped)
            line, room = "", width
        pieces = _break_word(token, width, size, bold, room)
        if line:
            pieces[0] = line + pieces[0]
        lines.extend(p.rstrip(" ") for p in pieces[:-1])
        line = pieces[-1]
    if line.strip(" ") or not lines:
        lines.append(line.rstrip(" "))
    return lines


def fit_text(
    text: str,
    width: float,
    size: float,
    min_size: float,
    bold: bool = False,
    max_lines: int | None = None,
    step: float = 0.5,
) -> tuple[float, list[str]]:
    """Fit ``text`` into ``width``: returns (size, lines), never cutting a character.

    One line at the largest size from ``size`` down to ``min_size`` if possible;
    otherwise, with ``max_lines``, the largest size whose wrapped text needs at most
    that many lines; otherwise wrapped at ``min_size``.
    """
    natural = _width_1000(text, bold) / 1000.0
    if natural * size <= width:
        return size, [text]
    if natural * min_size <= width:
        fitted = int((width / natural) / step) * step
        return max(min_size, min(size, fitted)), [text]
    if max_lines is not None:
        s = size
        while s >= min_size:
            lines = wrap_text(text, width, s, bold)
            if len(lines) <= max_lines:
                return s, lines
            s -= step
    return min_size, wrap_text(text, width, min_size, bold)
