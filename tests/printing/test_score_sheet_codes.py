"""Score sheets when players enter their own table's scores: the
table code printed large, with the short address to type it at, and a QR code that
carries the players' page with the code; a scorekeepers-only sheet stays as it was."""

import dataclasses

from printing.data import ScoreSheetsData
from printing.renderers import render_score_sheets

from . import pdfcheck
from . import samples as S

ADDRESS = "192.168.1.20:8000/t/"


def _with_code(table, code="K7M4QX"):
    return dataclasses.replace(
        table,
        score_url=f"http://{ADDRESS}{code}/",
        table_code=code,
        code_address=ADDRESS,
    )


def _two_tables():
    first, second = S.round_one_tables()[:2]
    return [_with_code(first, "K7M4QX"), _with_code(second, "P3RT9W")]


def _sheets(*tables):
    return render_score_sheets(ScoreSheetsData(S.EVENT, tuple(tables)))


def scanned(pdf: bytes, tmp_path) -> list[str]:
    return pdfcheck.scan_pages(pdf, tmp_path)


def pdftotext(pdf: bytes, tmp_path) -> str:
    return pdfcheck.pdftotext(pdf, tmp_path)


def test_the_code_is_printed_large_with_the_address_to_type_it(tmp_path):
    tables = _two_tables()
    pdf = _sheets(*tables)
    texts = pdfcheck.page_texts(pdf)
    assert len(texts) == 2
    for table, text in zip(tables, texts, strict=True):
        flat = pdfcheck.collapse(text)
        assert "Table code" in text
        assert f"Open {ADDRESS} and type {table.table_code}" in flat
        assert "Scan to enter scores" in flat
        # the full URL is not spelled out: the short address and the code say it
        assert table.score_url not in pdfcheck.squeeze(text)
    spans = pdfcheck.spans(pdf)
    for page, table in enumerate(tables):
        code = [s for s in spans if s.page == page and s.text.strip() == table.table_code]
        assert len(code) == 1 and code[0].size >= 28, code
        title = next(s for s in spans if s.page == page and s.text.startswith("Table "))
        assert code[0].size >= title.size * 0.8  # as large as the table number, nearly
    other = pdftotext(pdf, tmp_path)
    assert "K7M4QX" in other and "P3RT9W" in other and "Table code" in other
    # Players may enter the scores, so no "Scorekeeper" line.
    for text in texts:
        flat = pdfcheck.collapse(text)
        assert "Scorekeeper (name, signature)" not in flat
        assert "Entered by (name)" in flat
        assert "Checked by (another player or scorekeeper)" in flat


def test_the_qr_code_carries_the_players_page_with_the_code(tmp_path):
    tables = _two_tables()
    assert scanned(_sheets(*tables), tmp_path) == [
        f"http://{ADDRESS}K7M4QX/",
        f"http://{ADDRESS}P3RT9W/",
    ]


def test_scorekeepers_only_sheet_has_no_code_and_its_qr_opens_the_table_page(tmp_path):
    table = S.round_one_tables()[0]
    pdf = _sheets(table)
    text = pdfcheck.text(pdf)
    assert "Table code" not in text and "and type" not in text
    assert "Scorekeeper (name, signature)" in pdfcheck.collapse(text)
    assert pdfcheck.squeeze(table.score_url) in pdfcheck.squeeze(text)
    assert scanned(pdf, tmp_path) == [table.score_url]


def test_a_crowded_sheet_with_a_code_stays_one_page():
    """Long names, a code and a compact header: still one page, names in the grid."""
    crowded = dataclasses.replace(
        S.round_one_tables()[0],
        seats=tuple(
            dataclasses.replace(s, name=S.LONG_NAME) for s in S.round_one_tables()[0].seats
        ),
    )
    pdf = _sheets(_with_code(crowded))
    assert len(pdfcheck.reader(pdf).pages) == 1
    spans = pdfcheck.spans(pdf)
    code = next(s for s in spans if s.text.strip() == "K7M4QX")
    assert code.size >= 28
    grid_top = next(s for s in spans if s.text.startswith("Player"))
    assert code.y > grid_top.y  # the code sits in the header, above the grid


def test_a_sheet_with_a_code_beside_one_without_keeps_each_its_own_heading():
    """The event's heading is drawn once per shape: a sheet with the code column (a
    narrower heading) never borrows the wider one of a sheet without it."""
    first, second = S.round_one_tables()[:2]
    pdf = _sheets(_with_code(first), second)
    spans = pdfcheck.spans(pdf)
    right_edge = {}
    for page in (0, 1):
        heading = [s for s in spans if s.page == page and s.font.endswith("Bold") and s.top < 80]
        right_edge[page] = max(s.x1 for s in heading if "Games" in s.text or "Gwinnett" in s.text)
    code = next(s for s in spans if s.page == 0 and s.text.strip() == "K7M4QX")
    assert right_edge[0] < code.x0  # the heading stops before the code column
    assert right_edge[1] > code.x0  # without a code it runs wider
