import pytest

from printing.data import SeatLine, TableLines, TableListData
from printing.renderers import render_table_list
from printing.renderers.find_your_table import Entry, find_order

from . import pdfcheck
from . import samples as S

FIND_ORDER = [
    "Linda Ångström",  # A (Å folded)
    "Dorothy Baker",
    "Evelyn Brooks",
    "<b>Bob & Co</b>",  # last word "Co</b>"
    "Harold Jenkins",
    "Walter Kowalski",
    "Zoë Núñez",
    "Siobhán O'Brien",  # O
    S.LONG_NAME,  # last word "R"
    "Margaret Thompson",
    "山田 太郎",  # names not starting with a Latin letter come last
    "王秀英",
    "김민준",
]


def _find_section(pdf: bytes) -> str:
    text = pdfcheck.text(pdf)
    start = text.index("Find your table")
    return pdfcheck.squeeze(text[start:])


def test_find_your_table_is_alphabetical_by_folded_last_name():
    section = _find_section(render_table_list(S.table_list()))
    positions = [section.index(pdfcheck.squeeze(n)) for n in FIND_ORDER]
    assert positions == sorted(positions)


def test_find_order_function():
    entries = [Entry(n, "70–74", 1, i) for i, n in enumerate(reversed(FIND_ORDER))]
    assert [e.name for e in find_order(entries)] == FIND_ORDER


def _row(spans, name):
    """The spans on the same line as the name's first piece, left to right."""
    first = pdfcheck.name_spans(spans, name)[-1]
    same = [s for s in spans if s.page == first.page and abs(s.y - first.y) < 3 and s.x > first.x]
    return [s.text.strip() for s in sorted(same, key=lambda s: s.x)]


def test_each_player_has_division_round_and_table_or_bye():
    pdf = render_table_list(S.table_list_with_byes())
    spans = pdfcheck.spans(pdf)
    find_page = min(s.page for s in spans if s.text.startswith("Find your table"))
    find_spans = [s for s in spans if s.page >= find_page]
    assert _row(find_spans, "Linda Ångström")[-3:] == ["70–74", "1", "1"]
    assert _row(find_spans, "Evelyn Brooks")[-3:] == ["70–74", "1", "4"]
    assert _row(find_spans, "Walter Kowalski")[-3:] == ["75–79", "2", "bye"]
    # a player in two rounds is listed twice
    text = pdfcheck.squeeze(pdfcheck.text(pdf)[pdfcheck.text(pdf).index("Find your table") :])
    assert text.count(pdfcheck.squeeze("Siobhán O'Brien")) == 2


def test_blocks_by_table_with_seats():
    text = pdfcheck.text(render_table_list(S.table_list()))
    for n in range(1, 5):
        assert f"Table {n}" in text
    assert "Seat 4" in text
    # The hall's number, then the division large on its own line, then the round.
    assert "Table 1\n70–74\nround 1 (qualifying)" in text
    assert "Lawrenceville Tile Club" in text


def test_byes_are_listed_by_table_too():
    text = pdfcheck.text(render_table_list(S.table_list_with_byes()))
    assert "Bye" in text and "no table this round" in text


def test_headings_repeat_on_every_page():
    tables = tuple(
        TableLines(
            "70–74",
            1,
            "qualifying",
            3,
            n,
            tuple(SeatLine(s, f"Player {n}-{s} Smith", f"E{n}{s}") for s in (1, 2, 3, 4)),
        )
        for n in range(1, 41)
    )
    pdf = render_table_list(TableListData(S.EVENT, "70–74, round 1", tables))
    texts = pdfcheck.page_texts(pdf)
    assert len(texts) > 4
    for t in texts:
        assert "Table list — 70–74, round 1" in t or "Find your table — 70–74, round 1" in t
        assert S.EVENT.name in t
    continued = [t for t in texts if "Find your table — 70–74, round 1 (continued)" in t]
    assert continued and all("Name" in t and "Division" in t and "Table" in t for t in continued)
    assert any("70–74 · round 1 (qualifying, 3 games) (continued)" in t for t in texts)


def test_empty_list_still_renders():
    pdf = render_table_list(TableListData(S.EVENT, "nothing", ()))
    assert "No tables seated." in pdfcheck.text(pdf)


def _hall_tables(groups):
    return tuple(
        TableLines(
            division,
            1,
            "qualifying",
            3,
            n,
            tuple(SeatLine(s, f"{division[0]}{n} Player{s}", f"E{n}{s}") for s in (1, 2, 3, 4)),
        )
        for division, numbers in groups
        for n in numbers
    )


def test_the_whole_event_list_runs_in_hall_order_with_each_division_large():
    # Divisions come in whatever order; their hall numbers interleave.
    tables = _hall_tables(
        [("Women 80+", (17, 18, 20)), ("Men 65-69", (1, 6, 9)), ("Women 70-74", (2, 7, 3))]
    )
    pdf = render_table_list(TableListData(S.EVENT, "Every division, rounds being played", tables))
    text = pdfcheck.text(pdf)
    hall = text[: text.index("Find your table")]
    numbers = [1, 2, 3, 6, 7, 9, 17, 18, 20]
    positions = [hall.index(f"Table {n}\n") for n in numbers]
    assert positions == sorted(positions)
    # each block still names its division large, under the number
    assert "Table 2\nWomen 70-74\nround 1 (qualifying, 3 games)" in hall
    assert "Table 17\nWomen 80+\n" in hall
    # the find-your-table part stays alphabetical
    section = _find_section(pdf)
    assert section.index("M1Player1") < section.index("W17Player1")


def test_a_single_division_keeps_its_heading():
    tables = _hall_tables([("Men 65-69", (6, 1, 9))])
    text = pdfcheck.text(render_table_list(TableListData(S.EVENT, "Men 65-69, round 1", tables)))
    assert "Men 65-69 · round 1 (qualifying, 3 games)" in text


FIRST = ("Margaret", "Harold", "Dorothy", "Walter", "Evelyn", "Frank", "Ruth", "George", "Ida")
LAST = ("Baker", "Castillo", "Jenkins", "Kowalski", "Nowak", "Thompson", "Harris", "Brooks")


def _hall(players: int) -> TableListData:
    """One division seated at tables of four, the players' last names spread over the
    alphabet."""
    names = [
        f"{FIRST[n % len(FIRST)]} {LAST[n % len(LAST)]}{'' if n < 72 else n // 72}"
        for n in range(players)
    ]
    tables = tuple(
        TableLines(
            "Open",
            1,
            "qualifying",
            3,
            t + 1,
            tuple(SeatLine(s + 1, name, f"E{t}{s}") for s, name in enumerate(names[4 * t :][:4])),
        )
        for t in range((players + 3) // 4)
    )
    return TableListData(S.EVENT, "Open, round 1", tables)


# Sizes where the list's last page held one or two names before (with these names).
@pytest.mark.parametrize("players", [13, 14, 31, 32, 33, 51, 60, 73, 74, 93, 113, 200])
def test_the_find_list_never_leaves_a_lone_name_on_its_last_page(players):
    data = _hall(players)
    pages = [pdfcheck.squeeze(t) for t in pdfcheck.page_texts(render_table_list(data))]
    find = [i for i, page in enumerate(pages) if "Findyourtable" in page]
    names = [pdfcheck.squeeze(s.name) for t in data.tables for s in t.seats]
    on_last = [n for n in names if n in pages[find[-1]].split("Findyourtable", 1)[1]]
    assert len(find) == 1 or len(on_last) >= 3, (players, len(find), on_last)
