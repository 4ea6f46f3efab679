import datetime

import pytest

from printing.data import DivisionResults, EventInfo, PlacingLine, ResultsData
from printing.renderers import render_results

from . import pdfcheck
from . import samples as S


def test_medallists_first_in_words_then_every_placing():
    pdf = render_results(S.results())
    texts = pdfcheck.page_texts(pdf)
    first = pdfcheck.squeeze(texts[0])
    assert "Results—70–74(complete)" in first
    gold, silver, bronze = (first.index(m) for m in ("GOLDMEDAL", "SILVERMEDAL", "BRONZEMEDAL"))
    assert gold < silver < bronze < first.index("Allplacings")
    assert first.index("LindaÅngström") < silver
    assert silver < first.index("王秀英") < bronze < first.index("김민준")
    flat = pdfcheck.squeeze(pdfcheck.text(pdf))
    order = ["1stgold", "2ndsilver", "3rdbronze", "4th", "5th", "6th"]
    positions = [flat.index(o, flat.index("Allplacings")) for o in order]
    assert positions == sorted(positions)


def test_medallists_are_large():
    spans = pdfcheck.spans(render_results(S.results()))
    for name in ("Linda Ångström", "王秀英", "김민준"):
        assert max(s.size for s in _pieces(spans, name)) >= 20


def _pieces(spans, name):
    pieces = pdfcheck.name_spans(spans, name)
    assert pieces
    return pieces


def test_withdrawn_listed_last_without_place():
    text = pdfcheck.text(render_results(S.results()))
    division = text[: text.index("Results — 90+")]
    assert "withdrawn" in division
    last_place = division.rindex("12th")
    assert division.index("withdrawn") > last_place
    assert division.index("Zoë Núñez") > last_place


def test_round_total_and_age_group_columns():
    text = pdfcheck.text(render_results(S.results()))
    assert "Age group" in text and "70–74" in text
    assert "Round" in text and "Total" in text


def test_one_division_is_named_at_the_top_of_its_pages():
    data = S.results()
    one = ResultsData(data.event, data.divisions[1:])
    texts = pdfcheck.page_texts(render_results(one))
    assert len(texts) == 1 and "Results — 90+ (complete)" in texts[0]
    assert "GOLD MEDAL" in texts[0] and "SILVER MEDAL" in texts[0]
    assert "BRONZE MEDAL" not in texts[0] and "George Papadopoulos" in texts[0]


def test_no_medals_yet():
    data = ResultsData(S.EVENT, (DivisionResults("85–89", "in_play", ()),))
    text = pdfcheck.text(render_results(data))
    assert "Medals not decided yet." in text and "(in play)" in text


# --- no wasted pages -------------------------------------------------------------------

EVENT = EventInfo("County Senior Games", datetime.date(2026, 6, 13))
FIRST = ("Margaret", "Harold", "Dorothy", "Walter", "Evelyn", "Frank", "Ruth", "George")
LAST = ("Baker", "Jenkins", "Thompson", "Kowalski", "Brooks", "Castillo", "Harris", "Nowak")


def division(name: str, size: int, last: str = "Baker") -> DivisionResults:
    """A finished division of ``size`` players: "Margaret A. Baker", "Harold A. Baker", …,
    one last name for the whole division."""
    medals = ("gold", "silver", "bronze")
    return DivisionResults(
        name,
        "complete",
        tuple(
            PlacingLine(
                n,
                medals[n - 1] if n <= 3 else None,
                f"{FIRST[n % len(FIRST)]} {chr(65 + n // len(FIRST))}. {last}",
                f"{name}-{n}",
                1,
                str(20 + n),
                ribbon=4 <= n <= 8,
            )
            for n in range(1, size + 1)
        ),
    )


def pages_of(data: ResultsData) -> list[str]:
    return [pdfcheck.squeeze(t) for t in pdfcheck.page_texts(render_results(data))]


def pages_holding(pages: list[str], d: DivisionResults) -> list[int]:
    """The pages on which any of the division's players is named."""
    return sorted(
        {i for i, page in enumerate(pages) for p in d.placings if pdfcheck.squeeze(p.name) in page}
    )


def test_small_divisions_share_pages_and_none_is_split():
    divisions = tuple(
        division(f"{age}-{age + 4}", 4, LAST[i]) for i, age in enumerate(range(50, 90, 5))
    )
    pages = pages_of(ResultsData(EVENT, divisions))
    assert len(pages) <= len(divisions) // 2 + 1  # two a page, and the legend
    for d in divisions:
        (page,) = pages_holding(pages, d)
        assert f"Results—{d.name}(complete)" in pages[page]


@pytest.mark.parametrize("size", [13, 16, 20])
def test_a_division_that_fits_a_page_stays_on_one(size):
    second = division("75-79", size, "Jenkins")
    pages = pages_of(ResultsData(EVENT, (division("70-74", 4), second)))
    (page,) = pages_holding(pages, second)
    assert "GOLDMEDAL" in pages[page].split("Results—75-79")[1]


def test_a_division_too_big_for_the_room_left_moves_to_a_fresh_page():
    first, second = division("65-69", 12), division("70-74", 14, "Jenkins")
    pages = pages_of(ResultsData(EVENT, (first, second)))
    assert pages_holding(pages, first) == [0] and pages_holding(pages, second) == [1]


@pytest.mark.parametrize("size", range(28, 64, 3))
def test_a_long_division_never_leaves_a_short_last_page(size):
    d = division("Open", size)
    pages = pdfcheck.page_texts(render_results(ResultsData(EVENT, (d,))))
    last = pdfcheck.squeeze(pages[-1])
    on_last = [p for p in d.placings if pdfcheck.squeeze(p.name) in last]
    assert len(pages) == 1 or len(on_last) >= 3, (size, len(pages), len(on_last))


def test_how_placings_are_decided_is_said_once():
    divisions = tuple(
        division(f"{age}-{age + 4}", 9, LAST[i]) for i, age in enumerate(range(55, 85, 5))
    )
    text = pdfcheck.collapse(pdfcheck.text(render_results(ResultsData(EVENT, divisions))))
    assert text.count("Placing: a later round ranks higher") == 1
    assert text.count("Round: the furthest round reached") == 1
