"""CSV files in and out: one way to read an upload, one way to write an export.

Reading: UTF-8 with or without a byte order mark, else Windows-1252 (what
spreadsheet programs on Windows save); anything else is refused in words, never
decoded with replacement characters.

Writing: every export goes through ``csv_writer``, which quotes a text cell that
a spreadsheet would run as a formula (it starts with = + - @, a tab or a carriage
return) with a leading apostrophe, so a name such as ``=HYPERLINK(...)`` is shown
as text. Numbers are written as they are (a Sabra score of -18 stays a number).
Our own imports take such a cell back without the apostrophe (``unquote_cell``),
so an exported seating file can be filled in and read again. Plain Python besides
Django's gettext (the refusal is said in the page's language; commands run in English).
"""

import csv

from django.utils.translation import gettext_lazy

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

UNREADABLE = gettext_lazy(
    "the file's characters cannot be read (it is neither UTF-8 nor Windows-1252 text); "
    'save it again as "CSV UTF-8"'
)
BOM = b"\xef\xbb\xbf"


class UndecodableFile(ValueError):
    """The bytes are neither UTF-8 nor Windows-1252 text."""

    def __init__(self):
        super().__init__(str(UNREADABLE))


def decode_csv(data: bytes) -> tuple[str, str]:
    """The file's text and the encoding it was read in: "utf-8-sig", "utf-8" or "cp1252"."""
    encoding = "utf-8-sig" if data.startswith(BOM) else "utf-8"
    for candidate in (encoding, "cp1252"):
        try:
            return data.decode(candidate), candidate
        except UnicodeDecodeError:
            continue
    raise UndecodableFile()


def spreadsheet_safe(cells) -> list[str]:
    """The cells as text a spreadsheet shows and never runs: ``None`` is empty, a text cell
    that starts like a formula gets a leading apostrophe, numbers stay as they are."""
    safe = []
    for cell in cells:
        text = "" if cell is None else str(cell)
        if isinstance(cell, str) and text.startswith(FORMULA_STARTS):
            text = "'" + text
        safe.append(text)
    return safe


def unquote_cell(text: str) -> str:
    """A cell as we exported it, back to what was entered: ``'=x`` is ``=x``."""
    if text.startswith("'") and text[1:].startswith(FORMULA_STARTS):
        return text[1:]
    return text


class SafeWriter:
    """``csv.writer`` whose every row goes through ``spreadsheet_safe``.

    ``csv.writer`` quotes a cell holding a line break only when the break is part of its
    line terminator, so with ``lineterminator="\n"`` a carriage return would split the
    row in a reader: a row with a line break in a cell is written with every cell quoted."""

    def __init__(self, stream, **options):
        self._writer = csv.writer(stream, **options)
        self._quoted = csv.writer(stream, **{**options, "quoting": csv.QUOTE_ALL})

    def writerow(self, cells):
        safe = spreadsheet_safe(cells)
        writer = self._quoted if any("\r" in c or "\n" in c for c in safe) else self._writer
        return writer.writerow(safe)

    def writerows(self, rows):
        for row in rows:
            self.writerow(row)


def csv_writer(stream, **options) -> SafeWriter:
    """The one CSV writer of every export (commands and pages)."""
    return SafeWriter(stream, **options)
