"""Ribbon place cards: one landscape page per ribbon, large print, like the certificates."""

from reportlab.lib.pagesizes import A4, LETTER

from printing.data import RibbonsData
from printing.renderers import render_ribbons
from tournaments.text import ordinal

from . import pdfcheck
from . import samples as S


def test_one_landscape_page_per_ribbon_with_name_place_division_event_and_date():
    data = S.ribbons()
    pdf = render_ribbons(data)
    texts = pdfcheck.page_texts(pdf)
    assert len(texts) == len(data.cards) == 6
    for w, h in pdfcheck.page_sizes(pdf):
        assert (round(w), round(h)) == (round(LETTER[1]), round(LETTER[0]))
    for card, text in zip(data.cards, texts, strict=True):
        assert pdfcheck.squeeze(card.name) in pdfcheck.squeeze(text)
        assert "This ribbon is awarded to" in text
        assert f"{ordinal(card.place).upper()} PLACE" in text
        assert pdfcheck.collapse(f"{card.scope} {card.division}") in pdfcheck.collapse(text)
        assert S.EVENT.name in text
        assert "Saturday, June 14, 2025" in text
    assert "4TH PLACE" in texts[0] and "12TH PLACE" in texts[5]
    assert "Age group 60-64" in texts[4] and "Division 55-59 and 60-64 combined" in texts[3]


def test_names_are_large_and_nothing_is_small():
    spans = pdfcheck.spans(render_ribbons(S.ribbons()))
    for name in ("Linda Ångström", "王秀英", "<b>Bob & Co</b>", "김민준", "Zoë Núñez"):
        assert min(s.size for s in pdfcheck.name_spans(spans, name)) >= 30
    assert min(s.size for s in pdfcheck.name_spans(spans, S.LONG_NAME)) >= 20
    assert min(s.size for s in spans) >= 11


def test_a4_paper():
    pdf = render_ribbons(S.ribbons(paper="a4"))
    assert {(round(w), round(h)) for w, h in pdfcheck.page_sizes(pdf)} == {
        (round(A4[1]), round(A4[0]))
    }


def test_no_ribbons_gives_a_blank_page_not_an_error():
    pdf = render_ribbons(RibbonsData(S.EVENT))
    assert len(pdfcheck.reader(pdf).pages) == 1
