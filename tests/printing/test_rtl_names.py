"""Right-to-left names (Hebrew, Arabic) print in the right order, Arabic letters joined,
on every document.

A PDF's text is drawn left to right; what is drawn must be the name's visual order.
Each check compares with what python-bidi and arabic-reshaper give for the name on
its own (the visual string), read from the glyphs as drawn (pdfplumber, in drawing
order and by position). pdftotext and pypdf turn right-to-left runs back into
logical order: pdftotext must give the name as typed.
"""

import dataclasses
import unicodedata

import arabic_reshaper
import pytest
from bidi import get_display

from printing import fonts, right_to_left, wrapping
from printing.data import CertificatesData, QualifierLine
from printing.renderers import (
    render_bracket,
    render_certificates,
    render_qualifiers,
    render_results,
    render_ribbons,
    render_score_sheets,
    render_table_list,
)
from tournaments import text
from tournaments.text import isolate

from . import pdfcheck
from . import samples as S
from .test_qualifiers_list import sample as qualifiers_sample

HEBREW = "שרה לוי"
ARABIC = "محمد علي"
MIXED = "Dana כהן"
# the sample names they stand in for, in every document
SWAP = {"Linda Ångström": HEBREW, "王秀英": ARABIC, "김민준": MIXED}


def expected_visual(name: str) -> str:
    """The visual order by the libraries alone (names without brackets: no mirroring)."""
    return get_display(arabic_reshaper.reshape(name))


def swapped(obj):
    """``obj`` (printing data) with the SWAP names in place of the samples'."""
    if isinstance(obj, str):
        return SWAP.get(obj, obj)
    if isinstance(obj, tuple):
        return tuple(swapped(x) for x in obj)
    if dataclasses.is_dataclass(obj):
        return dataclasses.replace(
            obj, **{f.name: swapped(getattr(obj, f.name)) for f in dataclasses.fields(obj)}
        )
    return obj


DOCS = {
    "table_list": (render_table_list, S.table_list, (HEBREW, ARABIC, MIXED)),
    "score_sheets": (render_score_sheets, S.score_sheets, (HEBREW, ARABIC, MIXED)),
    "bracket": (render_bracket, S.bracket, (HEBREW, ARABIC, MIXED)),
    "results": (render_results, S.results, (HEBREW, ARABIC, MIXED)),
    "certificates": (render_certificates, S.certificates, (HEBREW, ARABIC, MIXED)),
    "ribbons": (render_ribbons, S.ribbons, (HEBREW, ARABIC, MIXED)),
    "qualifiers": (render_qualifiers, lambda: qualifiers_sample(), (HEBREW, ARABIC)),
}
_cache: dict[str, bytes] = {}


def drawn(pdf: bytes) -> list[str]:
    """Each run of glyphs as drawn, left to right (no bidi applied when reading)."""
    return [s.text for s in pdfcheck.spans(pdf)]


def rendered(doc: str) -> bytes:
    if doc not in _cache:
        render, build, _ = DOCS[doc]
        _cache[doc] = render(swapped(build()))
    return _cache[doc]


def test_visual_order_of_names():
    assert right_to_left.visual(HEBREW) == "יול הרש"
    assert right_to_left.visual(MIXED) == "Dana ןהכ"  # Latin first, left to right
    assert (
        right_to_left.visual(ARABIC) == "\ufef2\ufee0\ufecb \ufeaa\ufee4\ufea4\ufee3"
    )  # joined forms
    assert right_to_left.visual(ARABIC) == expected_visual(ARABIC)
    assert right_to_left.visual("لا") == "\ufefb"  # lam-alef: one ligature, as written by hand
    assert right_to_left.visual("Linda Ångström") == "Linda Ångström"  # nothing to turn round
    assert right_to_left.visual("سلام 12") == "12 \ufee1\ufefc\ufeb3"  # numbers stay left to right


def test_brackets_mirror_and_marks_stay_with_their_letter():
    # In a right-to-left name the bracket glyphs are mirrored (they still open the
    # nickname when read right to left).
    assert right_to_left.visual("עמוס (עמי) כץ") == "ץכ (ימע) סומע"
    # Hebrew points stay after their letter (drawn on it), not on the next one
    assert right_to_left.visual("שָׁלוֹם") == "םוֹלשָׁ"


def test_a_name_beside_our_words_keeps_both_orders():
    line = f"{isolate(ARABIC)} (withdrawn)"
    assert right_to_left.visual(line) == expected_visual(ARABIC) + " (withdrawn)"
    # without the isolate the line would be taken as right to left as a whole
    assert right_to_left.visual(f"{ARABIC} (withdrawn)") != right_to_left.visual(line)
    assert isolate("Linda") == "Linda"
    # a wrapped isolate: each line still in order, no mark printed
    lines = wrapping.wrap_text(line, 60, 16)
    assert len(lines) > 1
    for shown in map(right_to_left.visual, lines):
        assert not set(shown) & {right_to_left.FSI, right_to_left.PDI}


@pytest.mark.parametrize("name", [HEBREW, ARABIC, MIXED, "لا إله", "שָׁלוֹם"])
@pytest.mark.parametrize("bold", [False, True])
def test_dejavu_has_every_glyph_drawn(name, bold):
    font = fonts.BOLD if bold else fonts.REGULAR
    assert all(fonts.has_glyph(font, c) for c in right_to_left.visual(name))
    assert fonts.font_runs(right_to_left.visual(name), bold) == (
        (font, right_to_left.visual(name)),
    )


@pytest.mark.parametrize("doc", DOCS)
def test_names_drawn_in_visual_order_on_every_document(doc):
    pdf = rendered(doc)
    text = pdfcheck.squeeze(" ".join(drawn(pdf)))
    for name in DOCS[doc][2]:
        assert pdfcheck.squeeze(expected_visual(name)) in text, (doc, name)
        # the logical order (what was printed before: reversed on paper) is not drawn
        assert pdfcheck.squeeze(name) not in text, (doc, name)


@pytest.mark.parametrize("doc", ["table_list", "certificates"])
def test_glyphs_left_to_right_spell_the_visual_name(doc):
    """Positions, not just drawing order: the glyphs of the name sorted by x spell its
    visual form, and the name's glyphs are not spread over the line backwards."""
    spans = pdfcheck.spans(rendered(doc))
    for name in (HEBREW, ARABIC):
        want = expected_visual(name)
        found = [s for s in spans if s.text.strip() == want]
        assert found, (doc, name)
        assert all(s.x0 < s.x1 for s in found)


def test_status_beside_a_right_to_left_name_reads_after_it():
    data = swapped(S.table_list())
    t = data.tables[0]
    seat = dataclasses.replace(t.seats[0], status="withdrawn")
    assert seat.name == HEBREW
    tables = (dataclasses.replace(t, seats=(seat, *t.seats[1:])), *data.tables[1:])
    pdf = render_table_list(dataclasses.replace(data, tables=tables))
    assert f"{expected_visual(HEBREW)} (withdrawn)" in drawn(pdf)


def test_status_beside_a_right_to_left_name_on_the_score_sheet_and_qualifiers():
    data = swapped(S.score_sheets())
    t = data.tables[0]
    seats = (dataclasses.replace(t.seats[0], status="withdrawn"), *t.seats[1:])
    pdf = render_score_sheets(
        dataclasses.replace(data, tables=(dataclasses.replace(t, seats=seats),))
    )
    assert f"{expected_visual(HEBREW)} (withdrawn)" in drawn(pdf)
    q = qualifiers_sample()
    women = q.groups[0]
    skipped = (QualifierLine(0, 2, ARABIC, "E5", "FL", "70-74"),)
    q = dataclasses.replace(q, groups=(dataclasses.replace(women, skipped=skipped), q.groups[1]))
    text = pdfcheck.collapse(" ".join(drawn(render_qualifiers(q))))
    assert f"{expected_visual(ARABIC)} (FL, 2nd)" in text


def _pdftotext(pdf: bytes, tmp_path) -> str:
    out = pdfcheck.pdftotext(pdf, tmp_path)
    # pdftotext marks right-to-left runs with RLE/PDF; Arabic comes back in its joined
    # (presentation) forms, which NFKC turns into the letters typed
    out = "".join(c for c in out if unicodedata.category(c) != "Cf")
    return unicodedata.normalize("NFKC", out)


@pytest.mark.parametrize("doc", ["table_list", "certificates"])
def test_pdftotext_reads_the_names_back_as_typed(doc, tmp_path):
    out = _pdftotext(rendered(doc), tmp_path)
    for name in (HEBREW, ARABIC, MIXED):
        assert name in out, (doc, name)


def test_certificate_of_a_right_to_left_name_is_one_line_large(tmp_path):
    data = CertificatesData(
        S.EVENT,
        tuple(
            dataclasses.replace(c, name=n)
            for c, n in zip(S.certificates().certificates, (HEBREW, ARABIC, MIXED), strict=False)
        ),
    )
    pdf = render_certificates(data)
    spans = pdfcheck.spans(pdf)
    for name in (HEBREW, ARABIC):
        (span,) = [s for s in spans if s.text == expected_visual(name)]
        assert span.size >= 30
        # centred on the landscape page as the layout says
        assert abs((span.x0 + span.x1) / 2 - span.page_height * 11 / 8.5 / 2) < 3


def test_a_right_to_left_namesake_keeps_its_club_or_number_after_the_name():
    """Two players of one Hebrew name are told apart by their club (or number), printed
    after the name as for any name, not turned round to its left."""
    shown = text.namesake_names(
        [
            ("E1", HEBREW, "Sunrise Club", "57"),
            ("E2", HEBREW, "Palm Club", "58"),
            ("E3", ARABIC, "", "61"),
            ("E4", ARABIC, "", "62"),
            ("E5", "Mary Smith", "Sunrise Club", "63"),
            ("E6", "Mary Smith", "", "64"),
        ]
    )
    assert shown["E1"] == f"{right_to_left.FSI}{HEBREW}{right_to_left.PDI} (Sunrise Club)"
    assert shown["E5"] == "Mary Smith (Sunrise Club)"  # nothing added to other names
    data = swapped(S.table_list())
    t = data.tables[0]
    seats = tuple(
        dataclasses.replace(seat, name=shown[key])
        for seat, key in zip(t.seats, ("E1", "E2", "E3", "E4"), strict=True)
    )
    pdf = render_table_list(
        dataclasses.replace(data, tables=(dataclasses.replace(t, seats=seats),))
    )
    lines = drawn(pdf)
    for expected in (
        f"{expected_visual(HEBREW)} (Sunrise Club)",
        f"{expected_visual(HEBREW)} (Palm Club)",
        f"{expected_visual(ARABIC)} #61",
        f"{expected_visual(ARABIC)} #62",
    ):
        assert expected in lines, (expected, lines)
