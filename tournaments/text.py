"""Text as people search and sort it. Pure standard library."""

import re
import unicodedata

# Apostrophes people type, or that registration platforms store, in O'Brien and D’Angelo.
APOSTROPHES = frozenset("'’‘ʼ`´′")
# Dots people leave out: "stjohn" finds "St. John", "jr" finds "Jr.".
DROPPED = APOSTROPHES | frozenset(".")


# The zero-width non-joiner and joiner (and Mongolian's vowel separator) change the shape
# of the letters on either side in the scripts that join letters or build conjuncts:
# Arabic and Persian (the non-joiner of حسین‌زاده, Hosseinzadeh, is spelling), Syriac,
# Thaana, N'Ko, the Indic scripts from Devanagari to Sinhala, Myanmar, Khmer, Mongolian.
# Between two letters (or marks) of these they stay; anywhere else they change nothing
# one sees.
_JOINERS = frozenset("\u200c\u200d\u180e")
_JOINING_SCRIPTS = re.compile(
    "[\u0600-\u08ff\u0900-\u0dff\u1000-\u109f\u1780-\u18af\ufb50-\ufdff\ufe70-\ufefc]"
)
# Hangul's compatibility fillers are letters that show nothing.
_BLANK_LETTERS = frozenset("\u3164\uffa0")


def _joins(char: str) -> bool:
    """A letter or a mark of a script whose letters a joiner shapes."""
    return bool(_JOINING_SCRIPTS.match(char)) and unicodedata.category(char)[0] in "LM"


def visible_text(text: str) -> str:
    """``text`` as it is seen: without the characters that show nothing, spaces collapsed.

    Removed: every format character (Unicode category Cf: zero-width space, word joiner,
    the byte order mark inside text, soft hyphen, the left-to-right and right-to-left
    marks, embeddings, overrides and isolates, invisible operators, tags), control
    characters other than spaces and line breaks, and Hangul fillers. They make
    "Mary\u200bSmith" look like "MarySmith" while being another name, turn the words
    after them round (an override), or reach an export and a terminal as they are. The
    joiners a real name needs stay (``_JOINERS``, between two letters of a script that
    uses them). A right-to-left name is set apart where it is shown (``isolate``), never
    in what is stored. Every space (tab, line break, no-break space) counts as one, and
    none is left at either end. The one cleaning of names, on import
    (tournaments/registration/) and on entry (tournaments.services.entrant_save)."""
    kept: list[str] = []
    last = len(text) - 1
    for index, char in enumerate(text):
        category = unicodedata.category(char)
        if char in _JOINERS:
            if not (kept and index < last and _joins(kept[-1]) and _joins(text[index + 1])):
                continue
        elif category == "Cf" or char in _BLANK_LETTERS:
            continue
        elif category == "Cc" and not char.isspace():
            continue
        kept.append(char)
    return " ".join("".join(kept).split())


def fold(text: str) -> str:
    """Lower case without accents, apostrophes or dots, spaces collapsed: "Ångström" ->
    "angstrom", "O’Brien" -> "obrien", "St. John" -> "st john", so that "angs" finds it,
    "obrien" finds O'Brien, and it files under A. The one accent folding of the project."""
    decomposed = unicodedata.normalize("NFKD", text.casefold())
    # Marks (accents) and format characters (a joiner kept by visible_text) are dropped:
    # "حسینزاده" typed without the non-joiner finds حسین‌زاده.
    stripped = "".join(
        c
        for c in decomposed
        if not unicodedata.category(c).startswith(("M", "Cf")) and c not in DROPPED
    )
    # NFC again so Hangul syllables (decomposed into jamo by NFKD) stay syllables.
    return " ".join(unicodedata.normalize("NFC", stripped).split())


def name_order(entrant) -> tuple[str, str, str]:
    """Where a person files in a list of names: by last name, then first name, folded
    ("Márquez" before "Moreau", "O'Brien" under O), then their number."""
    return (fold(entrant.last_name), fold(entrant.first_name), entrant.external_id)


def matches(query: str, text: str) -> bool:
    """Every word of ``query`` is in ``text``, both folded; a word may also run across the
    spaces of ``text``, so "stjohn" finds "Raúl St. John" as "obrien" finds O'Brien."""
    haystack = fold(text)
    joined = haystack.replace(" ", "")
    return all(part in haystack or part in joined for part in fold(query).split())


def last_name_key(name: str) -> tuple[str, str, str]:
    """Sort key by the name's last word (folded), then the full name (folded), then as is.

    "Linda Ångström" files under A, "Siobhán O'Brien" under O.
    """
    words = name.split()
    last = words[-1] if words else ""
    return (fold(last), fold(name), name)


def ordinal(n: int, language: str | None = "en", feminine: bool = False) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st; in French (``language`` "fr") 1er, 2e, 3e; in
    Spanish ("es") 1.º, 2.º. ``feminine`` for a place of a woman (a women's division):
    1re, 1.ª."""
    language = (language or "en")[:2]
    if language == "fr":
        return ("1re" if feminine else "1er") if n == 1 else f"{n}e"
    if language == "es":
        return f"{n}.ª" if feminine else f"{n}.º"
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


# Hebrew, Arabic (and their presentation forms) and the right-to-left marks.
_RTL = re.compile("[\u0590-\u08ff\ufb1d-\ufdff\ufe70-\ufeff\u200f\u202b\u202e\u2067]")


def isolate(name: str) -> str:
    """A right-to-left name set apart (FSI … PDI, invisible) for a line that adds words to
    it, "NAME (Sunrise Club)", "NAME (withdrawn)": the name's direction cannot turn the
    words after it round (on a page and on paper). Other names come back as they are."""
    return f"\u2068{name}\u2069" if _RTL.search(name) else name


def namesake_names(people) -> dict:
    """What to show for people who share a name, so that each can tell which is theirs.

    ``people``: ``(key, name, club, number)`` for every entrant of one event. Names are
    compared folded ("Mary Smith", "MARY  SMITH" and "Märy Smith" are one name). Each
    entrant whose name another shares gets their club beside it, "Mary Smith (Sunrise
    Club)", when no other of those namesakes has that club (folded); otherwise, or with no
    club, their number, "Mary Smith #57". Returned by key for those entrants only: a name
    nobody else has is shown as it is. The club is public (the table list prints it); a
    birth date, a state, a phone or an e-mail never serve, since these names go on the
    public pages."""
    groups: dict[str, list] = {}
    for person in people:
        groups.setdefault(fold(person[1]), []).append(person)
    shown = {}
    for group in groups.values():
        if len(group) < 2:
            continue
        clubs: dict[str, int] = {}
        for _key, _name, club, _number in group:
            clubs[fold(club)] = clubs.get(fold(club), 0) + 1
        for key, name, club, number in group:
            if fold(club) and clubs[fold(club)] == 1:
                shown[key] = f"{isolate(name)} ({' '.join(club.split())})"
            else:
                shown[key] = f"{isolate(name)} #{number}"
    return shown


# How names show on the public pages and the projector (Event.public_names): in full, as
# the first name and the last name's initial, or not at all (the entry number alone).
FULL_NAMES, INITIAL_NAMES, NO_NAMES = "full", "initial", "none"


def initial(name: str) -> str:
    """A name's first letter as a capital: "smith" -> "S", "Ångström" -> "Å"."""
    return unicodedata.normalize("NFC", name.strip())[:1].upper()


def public_name(
    first: str,
    last: str,
    number: str,
    *,
    names: str = FULL_NAMES,
    opted_out: bool = False,
    erased: bool = False,
) -> str:
    """One person's name on the public pages, before two who would look alike are told
    apart (``public_names``): "Mary Smith", "Mary S.", or "#57" when the event shows no
    names; "M. S." for a person who asked to be kept off the public pages; an erased
    person's names are already the words that stand for them ("Withdrawn entrant #57")."""
    if names == NO_NAMES:
        return f"#{number}"
    if erased:
        return f"{first} {last}"
    if opted_out:
        return f"{initial(first)}. {initial(last)}."
    if names == INITIAL_NAMES:
        return f"{first} {initial(last)}."
    return f"{first} {last}"


def public_names(people, names: str = FULL_NAMES) -> dict:
    """What the public pages show for each person, so that each can tell which is theirs.

    ``people``: ``(key, first, last, number, club, opted_out, erased)`` for the people
    shown and any others of the event who could look like them. Each is named by
    ``public_name``; two shown in full under one name are told apart as ``namesake_names``
    does ("Mary Smith (Sunrise Club)"); any others who would look alike ("Mary S.", "M.
    S.") get their number beside the name, "M. S. #57" (never a club: that would say more
    than the initials). Returned by key for every person."""
    people = list(people)
    shown = {
        key: public_name(first, last, number, names=names, opted_out=opted, erased=erased)
        for key, first, last, number, _club, opted, erased in people
    }
    if names == NO_NAMES:
        return shown
    full = [
        (key, f"{first} {last}", club, number)
        for key, first, last, number, club, opted, erased in people
        if names == FULL_NAMES and not opted and not erased
    ]
    told_apart = namesake_names(full)
    shown.update(told_apart)
    numbers = {person[0]: person[3] for person in people}
    alike: dict[str, list] = {}
    for key, name in shown.items():
        alike.setdefault(name.casefold(), []).append(key)
    for keys in alike.values():
        if len(keys) > 1:
            for key in keys:
                if key not in told_apart:
                    shown[key] = f"{isolate(shown[key])} #{numbers[key]}"
    return shown


def names_replaced(text: str, names, words: str) -> str:
    """``text`` with each of ``names`` (the longest first, and each as ``isolate`` sets it
    apart) replaced by ``words``: a note or a reason that named an erased person names
    "Withdrawn entrant #57" instead."""
    for name in sorted({n for n in names if n}, key=len, reverse=True):
        text = text.replace(f"\u2068{name}\u2069", words).replace(name, words)
    return text


# How the audit trail's label names a player who entered or confirmed a game at the table
# with its code (scoring.services._common.AtTable.label), kept in English for the record.
# Nothing reads it back now (the change stores the player and the code, at_table_player
# and at_table_code): only a backup made before those were stored is read with it, once
# (scoring/backup/; migration scoring/0009 keeps its own copy).
AT_TABLE = re.compile(r"^(?P<name>.+) at the table \(code (?P<code>[A-Z0-9]+)\)$")


# The largest id any of our databases' integer columns holds (PostgreSQL's "integer").
MAX_ID = 2**31 - 1


def whole_number(text, *, low: int = 0, high: int = MAX_ID) -> int | None:
    """``text`` as a whole number from ``low`` to ``high``; ``None`` for anything else
    (never an exception). Spaces around it are allowed."""
    if not isinstance(text, str):
        return None
    text = text.strip()
    # ASCII digits only: "²" and "①" are digits to str.isdigit() but no number to int(),
    # and "٣" or "１" would be read as a number here and refused elsewhere. Ten digits hold
    # any id.
    if not (1 <= len(text) <= 10 and text.isascii() and text.isdecimal()):
        return None
    value = int(text)
    return value if low <= value <= high else None


_DOUBLE_PERIOD = re.compile(r"(?<!\.)\.\.(?!\.)")


def one_period(sentence: str) -> str:
    """A sentence that ends on a time or word already ending in a period ("9:55 p.m."),
    ended once: "until 9:55 p.m.." becomes "until 9:55 p.m." (an ellipsis stays)."""
    return _DOUBLE_PERIOD.sub(".", sentence)
