"""Right-to-left text (Hebrew, Arabic) in the order reportlab draws it, left to right.

Arabic letters are joined by arabic-reshaper (DejaVu's presentation forms), then the
Unicode bidirectional algorithm of python-bidi gives each character its level (its Rust
implementation); reordering, mirrored brackets and combining marks kept after their
letter are done here. A line is one paragraph whose direction is its first strong
letter's, as ``dir="auto"`` on a page. Text between FSI (U+2068) and PDI (U+2069) is
ordered on its own (``tournaments.text.isolate``): a name beside a label of ours keeps
its order without turning the label round. Text measured and wrapped is the logical
text; each drawn line is reordered on its own. The PDF's text layer is in visual order
(what is drawn), Arabic in presentation forms.
"""

from __future__ import annotations

import re
import unicodedata
from functools import lru_cache

import arabic_reshaper
from bidi import get_base_level, get_display
from bidi.mirror import MIRRORED

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
