"""What every printed document must do: paper, large print, names as written."""

import pytest
from reportlab.lib.pagesizes import A4, LETTER

from printing import fonts
from printing.renderers import (
    render_bracket,
    render_certificates,
    render_results,
    render_score_sheets,
    render_table_list,
)

from . import pdfcheck
from . import samples as S

DOCS = {
    "table_list": (render_table_list, S.table_list, S.DIVISION_NAMES),
    "table_list_byes": (render_table_list, S.table_list_with_byes, S.DIVISION_NAMES),
    "score_sheets": (render_score_sheets, S.score_sheets, S.DIVISION_NAMES),
    "bracket": (render_bracket, S.bracket, S.DIVISION_NAMES),
    "bracket_byes": (render_bracket, S.bracket_with_byes, S.SPECIAL_NAMES),
    "results": (render_results, S.results, S.DIVISION_NAMES),
    "certificates": (
        render_certificates,
        S.certificates,
        ("Linda Ångström", "王秀英", "김민준", S.LONG_NAME, "<b>Bob & Co</b>", "山田 太郎"),
    ),
}
MARGIN = 36.0  # half an inch: nothing may be printed closer to the edge

_cache: dict[tuple[str, str], bytes] = {}


def rendered(doc: str, paper: str = "letter") -> bytes:
    key = (doc, paper)
    if key not in _cache:
        render, build, _ = DOCS[doc]
        _cache[key] = render(build(paper=paper))
    return _cache[key]


@pytest.mark.parametrize("doc", DOCS)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_paper_size(doc, paper):
    sizes = pdfcheck.page_sizes(rendered(doc, paper))
    expected = LETTER if paper == "letter" else A4
    if doc == "certificates":
        expected = (expected[1], expected[0])
    assert sizes
    for w, h in sizes:
        assert abs(w - expected[0]) < 0.5 and abs(h - expected[1]) < 0.5


@pytest.mark.parametrize("doc", DOCS)
def test_nothing_under_11_pt_and_names_at_least_14(doc):
    spans = pdfcheck.spans(rendered(doc))
    small = [(s.text, s.size) for s in spans if s.size < 11 - 1e-6]
    assert not small
    for name in DOCS[doc][2]:
        pieces = pdfcheck.name_spans(spans, name)
        assert pieces, name
        assert all(s.size >= 14 - 1e-6 for s in pieces), (name, [(s.text, s.size) for s in pieces])


@pytest.mark.parametrize("doc", DOCS)
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_everything_inside_the_margins(doc, paper):
    pdf = rendered(doc, paper)
    sizes = pdfcheck.page_sizes(pdf)
    for s in pdfcheck.spans(pdf):
        w, h = sizes[s.page]
        assert s.x0 >= MARGIN - 0.5, s
        assert s.x1 <= w - MARGIN + 0.5, s
        assert s.top >= MARGIN - 0.5, s
        assert s.bottom <= h - MARGIN + 0.5, s


@pytest.mark.parametrize("doc", DOCS)
def test_every_name_reads_back_as_written(doc):
    text = pdfcheck.text(rendered(doc))
    for name in DOCS[doc][2]:
        assert pdfcheck.squeeze(name) in pdfcheck.squeeze(text), name
        if fonts.string_width(name, 14) < 150:  # fits on one line everywhere
            assert pdfcheck.collapse(name) in pdfcheck.collapse(text), name
    assert "&amp;" not in text and "&lt;" not in text


@pytest.mark.parametrize("doc", DOCS)
def test_progress_is_reported_page_by_page(doc):
    render, build, _ = DOCS[doc]
    calls = []
    pdf = render(build(), progress=lambda done, total: calls.append((done, total)))
    pages = len(pdfcheck.reader(pdf).pages)
    assert calls == [(i, pages) for i in range(1, pages + 1)]


def test_pages_are_numbered_x_of_y():
    texts = pdfcheck.page_texts(rendered("table_list"))
    n = len(texts)
    for i, t in enumerate(texts, start=1):
        assert f"page {i} of {n}" in t


@pytest.mark.parametrize("doc", ["table_list", "score_sheets", "certificates"])
def test_pdftotext_reads_names_back_too(doc, tmp_path):
    out = pdfcheck.pdftotext(rendered(doc), tmp_path)
    # pdftotext joins a word wrapped after a hyphen and drops the hyphen
    # ("Hohenzollern-" / "Sigmaringen" -> "HohenzollernSigmaringen"); pypdf keeps it
    flat = pdfcheck.squeeze(out).replace("-", "")
    for name in DOCS[doc][2]:
        assert pdfcheck.squeeze(name).replace("-", "") in flat, name
