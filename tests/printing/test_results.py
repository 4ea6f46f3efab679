from printing.data import DivisionResults, ResultsData
from printing.renderers import render_results

from . import pdfcheck
from . import samples as S


def test_medallists_first_in_words_then_every_placing():
    pdf = render_results(S.results())
    texts = pdfcheck.page_texts(pdf)
    first = texts[0]
    assert "Results — 70–74 (complete)" in first
    gold, silver, bronze = (first.index(m) for m in ("GOLD MEDAL", "SILVER MEDAL", "BRONZE MEDAL"))
    assert gold < silver < bronze < first.index("All placings")
    assert first.index("Linda Ångström") < silver
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


def test_each_division_starts_a_page_and_one_division_works():
    data = S.results()
    texts = pdfcheck.page_texts(render_results(data))
    starts = [i for i, t in enumerate(texts) if "Results — 90+ (complete)" in t]
    assert starts and "70–74" not in texts[starts[0]].split("Results — 90+")[1][:40]
    one = ResultsData(data.event, data.divisions[1:])
    text = pdfcheck.text(render_results(one))
    assert "GOLD MEDAL" in text and "SILVER MEDAL" in text and "BRONZE MEDAL" not in text
    assert "George Papadopoulos" in text


def test_no_medals_yet():
    data = ResultsData(S.EVENT, (DivisionResults("85–89", "in_play", ()),))
    text = pdfcheck.text(render_results(data))
    assert "Medals not decided yet." in text and "(in play)" in text
