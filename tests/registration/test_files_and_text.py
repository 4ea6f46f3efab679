"""The one CSV decoder (tournaments/csvfiles.py), the one accent folding and the one
cleaning of names (text.py)."""

import unicodedata

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scoring.score_import import read_scores
from tournaments.csvfiles import UndecodableFile, decode_csv
from tournaments.engine import RuleError
from tournaments.text import fold, visible_text


@pytest.mark.parametrize(
    ("data", "encoding"),
    [
        ("Ångström".encode(), "utf-8"),
        (b"\xef\xbb\xbf" + "Ångström".encode(), "utf-8-sig"),
        ("Ångström".encode("cp1252"), "cp1252"),
    ],
)
def test_utf8_with_or_without_bom_then_windows_1252(data, encoding):
    assert decode_csv(data) == ("Ångström", encoding)


def test_bytes_that_are_no_text_are_refused_never_replaced():
    with pytest.raises(UndecodableFile, match="neither UTF-8 nor Windows-1252"):
        decode_csv(b"name\n\x81\x8d\x8f\x90\x9d\n")


def test_the_scores_import_refuses_what_it_cannot_read():
    with pytest.raises(RuleError, match="The scores file cannot be used: .*neither UTF-8"):
        read_scores(b"division,round,table,game,entrant_id,rack_total\nOpen,1,1,1,\x81,0\n")


def test_a_windows_1252_scores_file_keeps_its_accents():
    data = "division,round,table,game,entrant_id,rack_total\nNiñas,1,1,1,A,0\n".encode("cp1252")
    assert read_scores(data)[0].division == "Niñas"


@pytest.mark.parametrize(
    ("text", "folded"),
    [
        ("Ångström", "angstrom"),
        ("  José  Núñez ", "jose nunez"),
        ("STRASSE", "strasse"),
        ("Siobhán O'Brien", "siobhan obrien"),
        ("D’Angelo", "dangelo"),
        ("O`Neil", "oneil"),
        ("Raúl St. John", "raul st john"),
    ],
)
def test_fold(text, folded):
    assert fold(text) == folded


@pytest.mark.parametrize(
    ("text", "seen"),
    [
        # Zero-width space, word joiner, byte order mark inside text, soft hyphen.
        ("Mary\u200bSmith", "MarySmith"),
        ("Mary\u2060Smith", "MarySmith"),
        ("\ufeffMary Smith", "Mary Smith"),
        ("Mar\u00ady", "Mary"),
        # The marks, embeddings, overrides and isolates of right-to-left text.
        ("\u202eevoL\u202c", "evoL"),
        ("\u200fRuth\u200e", "Ruth"),
        ("\u2067Ruth\u2069 Cohen", "Ruth Cohen"),
        ("\u202bכהן\u202c", "כהן"),
        # A joiner between Latin letters changes nothing one sees.
        ("Ann\u200dMarie", "AnnMarie"),
        ("Ann\u200c", "Ann"),
        # Control characters (a terminal's escape) go; tabs and line breaks are spaces.
        ("Ann\x1b[31mRed", "Ann[31mRed"),
        ("Ann\tMarie\nLee", "Ann Marie Lee"),
        # Hangul's filler shows nothing; a name of nothing visible is empty.
        ("\u3164", ""),
        ("\u200b\u200d \ufeff", ""),
        # Spaces collapsed, also where an invisible character stood between two.
        ("  Mary \u200b Smith ", "Mary Smith"),
    ],
)
def test_visible_text_removes_what_shows_nothing(text, seen):
    assert visible_text(text) == seen


@pytest.mark.parametrize(
    "name",
    [
        "حسین\u200cزاده",  # Persian: Hosseinzadeh, the non-joiner is spelling
        "क्\u200dष",  # Devanagari: a half form asked by the joiner
        "ශ්\u200dරී",  # Sinhala: Sri, its conjunct made with the joiner
        "Siobhán O'Brien",
        "Nguyễn Thị",
        "רות כהן",
    ],
)
def test_visible_text_keeps_what_a_real_name_needs(name):
    assert visible_text(name) == name


def test_two_joiners_in_a_row_keep_one():
    assert visible_text("حسین\u200c\u200cزاده") == "حسین\u200cزاده"


def test_fold_ignores_a_joiner_kept_in_a_name():
    assert fold("حسین\u200cزاده") == fold("حسینزاده")
    assert fold("Mary\u200bSmith") == fold("MarySmith")


@given(st.text())
def test_visible_text_leaves_no_format_character_outside_a_joining_script(text):
    seen = visible_text(text)
    assert visible_text(seen) == seen
    assert seen == seen.strip() and "  " not in seen
    for index, char in enumerate(seen):
        if unicodedata.category(char) == "Cf":
            assert char in "\u200c\u200d\u180e" and 0 < index < len(seen) - 1
        assert unicodedata.category(char) != "Cc" or char == " "


def test_a_joiner_before_an_invisible_character_goes_with_it():
    assert visible_text("حسین\u200c\u061c") == "حسین"
