"""Random names placed on a table list and score sheets read back exactly.

The strategy draws letters, marks, numbers, punctuation and spaces (categories
L, M, N, P, Zs) that DejaVu Sans or one of the CID fonts covers, with two known
limits written into it rather than hidden in the comparison:

* Basic Multilingual Plane only: reportlab writes the ToUnicode entries of
  characters above U+FFFF as five hex digits, which pypdf cannot read back, and
  the CID fonts are written as UCS-2;
* no right-to-left characters (bidi classes R, AL, AN): reportlab draws them in
  logical order without bidi, and pypdf reorders them on extraction;
* no marks of right-to-left scripts (a Hebrew or Arabic vowel point, bidi class NSM):
  DejaVu draws them for right-to-left text, so after a left-to-right letter one falls
  under the next character (reportlab does no shaping) and pypdf reads it back after
  that character ("aְ:" as "a:ְ"). A right-to-left name's own marks are printed with it
  (tests of the RTL names on paper); a Latin name's combining accents, even decomposed
  (NFD "José"), sit on their letter and read back.

Comparison: a name wrapped over two lines reads back with a line break where it
wrapped (possibly inside a long word or a CJK name), so every name is compared
with all whitespace removed; names short enough never to wrap are also compared
with their spaces (runs of whitespace collapsed, since NBSP and other spaces
read back as plain spaces).
"""

import unicodedata

from hypothesis import example, given, settings
from hypothesis import strategies as st

from printing import fonts
from printing.data import ScoreSheetsData, SeatLine, TableLines, TableListData
from printing.renderers import render_score_sheets, render_table_list

from . import pdfcheck
from . import samples as S

RTL_SCRIPTS = ("HEBREW", "ARABIC", "SYRIAC", "THAANA", "NKO", "SAMARITAN", "MANDAIC")


def printable(ch: str) -> bool:
    if unicodedata.bidirectional(ch) in ("R", "AL", "AN"):
        return False
    if unicodedata.category(ch).startswith("M") and unicodedata.name(ch, "").startswith(
        RTL_SCRIPTS
    ):
        return False
    font = fonts.font_runs(ch)[0][0]
    return font in fonts.CID_FONTS or fonts.has_glyph(fonts.REGULAR, ch)


names = (
    st.text(
        st.characters(categories=("L", "M", "N", "P", "Zs"), max_codepoint=0xFFFF).filter(
            printable
        ),
        min_size=1,
        max_size=60,
    )
    .map(str.strip)
    .filter(lambda s: s and len(s) <= 60)
)


def tables_of(players: list[str]) -> tuple[TableLines, ...]:
    tables = []
    for n, start in enumerate(range(0, len(players), 4), start=1):
        seats = tuple(
            SeatLine(i + 1, name, f"E{start + i}")
            for i, name in enumerate(players[start : start + 4])
        )
        tables.append(
            TableLines(
                "70–74",
                1,
                "qualifying",
                3,
                n,
                seats,
                score_url=f"http://192.168.1.20:8000/score/t/{n}/",
            )
        )
    return tuple(tables)


def assert_reads_back(pdf: bytes, players: list[str]) -> None:
    text = pdfcheck.text(pdf)
    squeezed = pdfcheck.squeeze(text)
    collapsed = pdfcheck.collapse(text)
    for name in players:
        assert pdfcheck.squeeze(name) in squeezed, name
        if fonts.string_width(name, 17) < 150:
            assert pdfcheck.collapse(name) in collapsed, name


@settings(max_examples=40, deadline=None)
@given(st.lists(names, min_size=1, max_size=6))
@example(["Jose\u0301 Nun\u0303ez", "Zoë Ångström"])
def test_random_names_read_back_from_table_list_and_score_sheets(players):
    tables = tables_of(players)
    table_list = render_table_list(TableListData(S.EVENT, "random", tables))
    assert_reads_back(table_list, players)
    sheets = render_score_sheets(ScoreSheetsData(S.EVENT, tables))
    assert len(pdfcheck.reader(sheets).pages) == len(tables)
    assert_reads_back(sheets, players)
