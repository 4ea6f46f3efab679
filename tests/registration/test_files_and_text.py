"""The one CSV decoder (tournaments/csvfiles.py) and the one accent folding (text.py)."""

import pytest

from scoring.score_import import read_scores
from tournaments.csvfiles import UndecodableFile, decode_csv
from tournaments.engine import RuleError
from tournaments.text import fold


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
