import io

from hypothesis import given
from hypothesis import strategies as st
from reportlab.lib.styles import ParagraphStyle
from reportlab.pdfgen import canvas
from reportlab.platypus import Paragraph

from printing import fonts, wrapping
from tournaments import text

from . import pdfcheck


def test_register_is_idempotent():
    fonts.register_fonts()
    fonts.register_fonts()
    assert fonts.has_glyph(fonts.REGULAR, "Å")
    assert not fonts.has_glyph(fonts.REGULAR, "王")


def test_runs_pick_fonts_by_coverage():
    assert fonts.font_runs("Linda Ångström") == ((fonts.REGULAR, "Linda Ångström"),)
    assert fonts.font_runs("Zoë", bold=True) == ((fonts.BOLD, "Zoë"),)
    assert fonts.font_runs("王秀英") == ((fonts.CID_CHINESE, "王秀英"),)
    # Han without kana: Chinese; with kana: Japanese; Hangul: Korean
    assert fonts.font_runs("山田 太郎") == (
        (fonts.CID_CHINESE, "山田"),
        (fonts.REGULAR, " "),
        (fonts.CID_CHINESE, "太郎"),
    )
    assert fonts.font_runs("やまだ 太郎") == (
        (fonts.CID_JAPANESE, "やまだ"),
        (fonts.REGULAR, " "),
        (fonts.CID_JAPANESE, "太郎"),
    )
    assert fonts.font_runs("김민준") == ((fonts.CID_KOREAN, "김민준"),)
    assert fonts.font_runs("Ann 王") == ((fonts.REGULAR, "Ann "), (fonts.CID_CHINESE, "王"))


def test_traditional_han_not_in_gb2312_goes_to_a_font_that_has_it():
    # 陳 and 國 are not in GB 2312: the Japanese collection has them
    assert fonts.font_runs("陳國華")[0][0] == fonts.CID_JAPANESE


def _draw(text: str, bold=False) -> bytes:
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    fonts.draw_text(c, 50, 700, text, 14, bold=bold)
    c.showPage()
    c.save()
    return buf.getvalue()


def test_draw_text_reads_back_exactly():
    for name in (
        "Linda Ångström",
        "Siobhán O'Brien",
        "<b>Bob & Co</b>",
        "王秀英",
        "山田 太郎",
        "김민준",
        "Zoë Núñez 王 やまだ 김",
    ):
        for bold in (False, True):
            assert pdfcheck.text(_draw(name, bold)).strip() == name


def test_paragraph_markup_is_escaped_and_reads_back():
    name = "<b>Bob & Co</b> 王秀英 やまだ 김민준"
    markup = fonts.paragraph_markup(name)
    assert "&lt;b&gt;" in markup and "&amp;" in markup
    buf = io.BytesIO()
    c = canvas.Canvas(buf)
    p = Paragraph(markup, ParagraphStyle("n", fontName=fonts.REGULAR, fontSize=14, leading=17))
    p.wrapOn(c, 400, 100)
    p.drawOn(c, 50, 700)
    c.showPage()
    c.save()
    assert pdfcheck.collapse(pdfcheck.text(buf.getvalue())) == name


def test_width_adds_runs():
    w = fonts.string_width("Ann 王", 10)
    assert abs(w - (fonts.string_width("Ann ", 10) + 10.0)) < 0.01


def test_fit_text_shrinks_then_wraps_never_cuts():
    size, lines = wrapping.fit_text("Margaret Thompson", 1000, 16, 14)
    assert (size, lines) == (16, ["Margaret Thompson"])
    long = "Maria-Magdalena Wilhelmina Josefina Alexandra von Hohenzollern-Sigmaringen"
    size, lines = wrapping.fit_text(long, 150, 16, 14)
    assert size == 14 and len(lines) > 1
    assert "".join(lines).replace(" ", "") == long.replace(" ", "")
    assert all(fonts.string_width(line, 14) <= 150 for line in lines)


def test_wrap_breaks_cjk_and_urls():
    lines = wrapping.wrap_text("王" * 40, 100, 14)
    assert "".join(lines) == "王" * 40
    assert all(fonts.string_width(line, 14) <= 100 for line in lines)
    url = "http://192.168.1.20:8000/score/table/7f3a9c2e-1b4d-4e8a/"
    lines = wrapping.wrap_text(url, 120, 11)
    assert "".join(lines) == url and len(lines) > 1


@given(
    st.text(
        st.characters(codec="utf-8", categories=("L", "M", "N", "P", "Zs"), max_codepoint=0xFFFF),
        min_size=1,
        max_size=80,
    ),
    st.floats(min_value=40, max_value=400),
)
def test_wrap_keeps_every_character(text, width):
    lines = wrapping.wrap_text(text, width, 14)
    assert pdfcheck.squeeze("".join(lines)) == pdfcheck.squeeze(text)


def test_last_name_key_folds_accents_and_case():
    names = ["Siobhán O'Brien", "Zoë Núñez", "Linda Ångström", "bob adams", "Ann Oakes"]
    ordered = sorted(names, key=text.last_name_key)
    # Apostrophes are ignored, as a phone book files O'Brien: "obrien" after "oakes".
    assert ordered == ["bob adams", "Linda Ångström", "Zoë Núñez", "Ann Oakes", "Siobhán O'Brien"]
    assert text.fold("Ångström") == "angstrom"
