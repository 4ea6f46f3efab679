"""The printed qualifiers list (organizer only): groups, names at 14 pt or more, states."""

from printing.data import QualifierGroupLines, QualifierLine, QualifiersData
from printing.renderers import render_qualifiers

from . import pdfcheck
from . import samples as S


def sample(groups=None) -> QualifiersData:
    L = QualifierLine
    women = QualifierGroupLines(
        "Women 70-74",
        (
            L(1, 1, "Linda Ångström", "E1", "GA", "70-74"),
            L(2, 3, "Zoë Núñez", "E2", "Georgia", "70-74"),
            L(3, 4, S.LONG_NAME, "E3", "", "70-74", state_unknown=True),
            L(4, 5, "王秀英", "E4", "GA", "70-74"),
        ),
        (L(0, 2, "Bob Outofstate", "E5", "FL", "70-74"),),
    )
    men = QualifierGroupLines("Men 100+", (L(1, 1, "Stanley Nowak", "E6", "GA", "100+"),))
    return QualifiersData(S.EVENT, 4, "GA", groups or (women, men), ("80-84",))


def test_every_group_and_qualifier_with_state_and_what_was_skipped():
    pdf = render_qualifiers(sample())
    text = pdfcheck.collapse(pdfcheck.text(pdf))
    assert "Qualifiers for the next level" in text
    assert text.index("Women 70-74") < text.index("Men 100+")
    for name in ("Linda Ångström", "Zoë Núñez", "王秀英", "Stanley Nowak"):
        assert name in text
    assert pdfcheck.squeeze(S.LONG_NAME) in pdfcheck.squeeze(text)
    assert "state unknown" in text
    assert "Skipped, from another state: Bob Outofstate (FL, 2nd)" in text
    assert "Not finished yet, so not in this list: 80-84." in text
    assert "1st of 70-74" in text and "3rd of 70-74" in text


def test_names_large_nothing_small():
    spans = pdfcheck.spans(render_qualifiers(sample()))
    for name in ("Linda Ångström", "Zoë Núñez", S.LONG_NAME):
        assert min(s.size for s in pdfcheck.name_spans(spans, name)) >= 14
    assert min(s.size for s in spans) >= 11


def test_a_long_list_runs_over_pages():
    many = QualifierGroupLines(
        "Women 80-84",
        tuple(
            QualifierLine(i, i, f"Player Number {i}", f"P{i}", "GA", "80-84") for i in range(1, 61)
        ),
    )
    pdf = render_qualifiers(sample((many,)))
    texts = pdfcheck.page_texts(pdf)
    assert len(texts) >= 2 and "(continued)" in texts[1]
    assert all(f"Player Number {i}" in " ".join(texts) for i in range(1, 61))


def test_french_and_spanish_words_agree_with_a_womens_group():
    """A women's group gets feminine ordinals (1re,
    1.ª), a men's group masculine ones; the finishing place is headed as a place (not
    "Arrivée"/"Llegada", the check-in's word)."""
    from dataclasses import replace

    from django.utils import translation

    women, men = sample().groups
    groups = (replace(women, feminine=True), men)
    said = {
        "fr": ("Place", ("1re de 70-74", "3e de 70-74"), "1er de 100+", "Arrivée"),
        "es": ("Puesto", ("1.ª de 70-74", "3.ª de 70-74"), "1.º de 100+", "Llegada"),
    }
    for language, (head, women_places, men_place, old_head) in said.items():
        with translation.override(language):
            text = pdfcheck.collapse(pdfcheck.text(render_qualifiers(sample(groups))))
        assert head in text, language
        assert old_head not in text, language
        for place in women_places:
            assert place in text, (language, place)
        assert men_place in text, language
