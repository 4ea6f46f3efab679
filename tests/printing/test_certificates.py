import dataclasses

import pytest
from reportlab.lib.pagesizes import LETTER

from printing.data import CertificatesData
from printing.renderers import render_certificates, render_ribbons

from . import pdfcheck
from . import samples as S


def test_one_landscape_page_per_medallist():
    data = S.certificates()
    pdf = render_certificates(data)
    texts = pdfcheck.page_texts(pdf)
    assert len(texts) == len(data.certificates) == 6
    for w, h in pdfcheck.page_sizes(pdf):
        assert (round(w), round(h)) == (round(LETTER[1]), round(LETTER[0]))
    for cert, text in zip(data.certificates, texts, strict=True):
        assert pdfcheck.squeeze(cert.name) in pdfcheck.squeeze(text)
        assert f"{cert.medal.upper()} MEDAL" in text
        assert f"Division {cert.division}" in text
        assert S.EVENT.name in text
        assert "Saturday, June 14, 2025" in text
        assert "Tournament director" in text


def test_name_is_big():
    spans = pdfcheck.spans(render_certificates(S.certificates()))
    for name in ("Linda Ångström", "王秀英", "<b>Bob & Co</b>"):
        assert min(s.size for s in pdfcheck.name_spans(spans, name)) >= 30
    assert min(s.size for s in pdfcheck.name_spans(spans, S.LONG_NAME)) >= 20


def test_no_certificates_gives_a_blank_page_not_an_error():
    pdf = render_certificates(CertificatesData(S.EVENT))
    assert len(pdfcheck.reader(pdf).pages) == 1


@pytest.mark.parametrize("render", [render_certificates, render_ribbons])
def test_rummikub_is_said_once_when_the_events_name_says_it(render):
    named = dataclasses.replace(S.EVENT, name="Gwinnett County Rummikub Championship 2026")
    for event, times in ((named, 1), (S.EVENT, 1)):
        if render is render_certificates:
            data = dataclasses.replace(S.certificates(), event=event)
        else:
            data = dataclasses.replace(S.ribbons(), event=event)
        for text in pdfcheck.page_texts(render(data)):
            assert pdfcheck.collapse(text).lower().count("rummikub") == times, event.name
    plain = pdfcheck.collapse(pdfcheck.text(render_certificates(S.certificates())))
    assert "Rummikub tournament" in plain
