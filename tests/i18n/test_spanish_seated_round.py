"""In Spanish, a round or a division is not "sentada" (sat down): its tables are assigned
("la primera ronda tenga mesas asignadas"). People stay "sentados"."""

import re

from tests.i18n.catalogs import LOCALE, compiled, need_gettext

SAT = re.compile(r"\b(sentad[ao]s?|sentar|sienta)\b", re.IGNORECASE)


def test_no_round_or_division_is_said_to_sit(tmp_path):
    need_gettext()
    catalog = compiled(LOCALE / "es/LC_MESSAGES/django.po", tmp_path)
    wrong = []
    for key, text in catalog.items():
        msgid = key[0] if isinstance(key, tuple) else key
        msgid = msgid.split("\x04")[-1]
        about_a_round = re.search(r"\b(round|division|event)\b.*\bseat", msgid, re.IGNORECASE)
        if about_a_round and "everyone is seated" not in msgid and SAT.search(text):
            wrong.append((msgid, text))
    assert wrong == []
    short_name = next(t for k, t in catalog.items() if "until the first round is seated" in str(k))
    assert "hasta que la primera ronda tenga mesas asignadas" in short_name
