"""Breaking text into lines no wider than a column, and fitting it into one.

Measured with ``fonts.string_width`` (every font run of the text); no character is ever
cut: a word wider than a line is broken between characters, so CJK names and URLs wrap.
"""

from __future__ import annotations

import re
import unicodedata

from .fonts import string_width

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
    natural = string_width(text, 1.0, bold)
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
