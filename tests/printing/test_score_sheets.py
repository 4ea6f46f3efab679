import dataclasses
import io

import pdfplumber

from printing.data import ScoreSheetsData, SeatLine, TableLines
from printing.renderers import render_score_sheets

from . import pdfcheck
from . import samples as S


def test_one_page_per_table_with_its_players_in_seat_order():
    data = S.score_sheets()
    pdf = render_score_sheets(data)
    texts = pdfcheck.page_texts(pdf)
    assert len(texts) == len(data.tables) == 5
    for t, text in zip(data.tables, texts, strict=True):
        flat = pdfcheck.squeeze(text)
        assert f"Table {t.table_number}" in text
        assert f"Division {t.division}" in text
        assert f"Round {t.round_number} · {t.round_kind}" in text
        assert S.EVENT.name in text and "Saturday, June 14, 2025" in text
        assert S.EVENT.venue.split(",")[0] in text
        positions = [flat.index(pdfcheck.squeeze(s.name)) for s in t.seats]
        assert positions == sorted(positions)
        for g in range(1, t.games + 1):
            assert f"Game {g}" in text
        assert f"Game {t.games + 1}" not in text
        assert text.count("went out") == t.games + 1  # + the rule in the footer
        assert text.count("pool exhausted") == t.games  # the rule says "Pool exhausted:"
        assert "winner on a tie" in text
        assert "Scorekeeper" in text and "Confirmed by" in text
        # the QR code's URL is printed (a wrapped URL reads back with a line break)
        assert pdfcheck.squeeze(t.score_url) in flat
        assert "Scan to enter scores" in text
        assert "☐" not in text  # checkboxes are drawn, not glyphs


def test_table_rules_low_score():
    text = pdfcheck.text(render_score_sheets(S.score_sheets()))
    assert "Initial meld: at least 30 points." in text
    assert "Two-minute turn limit." in text
    assert "A failed manipulation costs three tiles drawn from the pool." in text
    assert "A joker left on the rack counts 30." in text
    assert "Lowest total after all games wins." in text
    assert "Sabra" not in text


def test_table_rules_sabra_and_initial_meld_setting():
    data = S.score_sheets(scoring="sabra")
    data = dataclasses.replace(data, event=dataclasses.replace(data.event, initial_meld=50))
    text = pdfcheck.collapse(pdfcheck.text(render_score_sheets(data)))
    assert "Initial meld: at least 50 points." in text
    assert (
        "Sabra scoring: the winner of a game scores the total of the others' racks; "
        "every other player scores minus their own rack."
    ) in text
    assert "Lowest total after all games wins." not in text


def test_no_url_no_qr_text():
    t = dataclasses.replace(S.final_table(), score_url="")
    text = pdfcheck.text(render_score_sheets(ScoreSheetsData(S.EVENT, (t,))))
    assert "Scan to enter scores" not in text and "http" not in text


def test_crowded_sheet_stays_one_page_without_overlap():
    """Four 90-character names (Latin and CJK) at a three-game table."""
    names = [S.LONG_NAME, "王" * 60, S.LONG_NAME.upper(), "山田 " + "やまだ" * 15]
    seats = tuple(
        SeatLine(i + 1, n, f"E{i}", club="Lawrenceville Tile Club") for i, n in enumerate(names)
    )
    t = TableLines(
        "70–74",
        1,
        "qualifying",
        3,
        99,
        seats,
        score_url="http://192.168.1.20:8000/score/t/" + "x" * 60 + "/",
    )
    pdf = render_score_sheets(ScoreSheetsData(S.EVENT, (t,)))
    assert len(pdfcheck.reader(pdf).pages) == 1
    spans = pdfcheck.spans(pdf)
    text = pdfcheck.squeeze(pdfcheck.text(pdf))
    ended = next(s for s in spans if s.text.startswith("How each game ended"))
    rules = next(s for s in spans if s.text.startswith("Table rules"))
    signature = next(s for s in spans if s.text.startswith("Scorekeeper"))
    for name in names:
        assert pdfcheck.squeeze(name) in text
        pieces = pdfcheck.name_spans(spans, name)
        assert pieces and all(p.size >= 14 for p in pieces)
        assert min(p.y for p in pieces) > ended.y  # names stay in the grid
    assert signature.y > rules.y + 20


def test_a4():
    pdf = render_score_sheets(S.score_sheets(paper="a4"))
    assert all(abs(w - 595.28) < 0.5 for w, h in pdfcheck.page_sizes(pdf))


def test_each_sheets_column_heads_sit_over_its_own_columns():
    """Long names leave the games narrower columns than short ones do, in the same layout:
    each sheet's heads follow its own columns, never those of the sheet before."""
    clubs = ("Lilburn Senior Center", "Dacula Library Group", "Snellville Active Adults")
    short = dataclasses.replace(
        S.round_one_tables()[0],
        seats=tuple(
            SeatLine(n, name, f"S{n}", club=clubs[n % 3])
            for n, name in enumerate(
                ("Otto Okafor", "Aiko Schröder", "Patricia Brown", "Bernadette O'Brien"), 1
            )
        ),
    )
    long = dataclasses.replace(
        short,
        table_number=2,
        seats=(
            SeatLine(1, "Dong-hyun Washington (Dacula Library Group)", "L1"),
            SeatLine(2, "François Smith", "L2", club="Loganville Library Group"),
            SeatLine(3, "Mónica Jensen", "L3", club="Dacula Rummikub Club"),
            SeatLine(4, "Björn Haddad", "L4"),
        ),
    )
    pdf = render_score_sheets(ScoreSheetsData(S.EVENT, (short, long)))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        for page in doc.pages:
            words = page.extract_words()
            top = min(w["top"] for w in words if w["text"] == "Player")  # the grid's heads
            heads = [w for w in words if w["text"] == "Game" and abs(w["top"] - top) < 20]
            assert len(heads) == 3
            for word in heads:  # no column line runs through a head's word
                crossing = [
                    e["x0"]
                    for e in page.edges
                    if e["orientation"] == "v"
                    and e["top"] <= word["top"]
                    and e["bottom"] >= word["bottom"]
                    and word["x0"] + 1 < e["x0"] < word["x1"] - 1
                ]
                assert not crossing, (page.page_number, word["x0"], word["x1"], crossing)
