"""A round's seating notes as what they are: what a note is about (its kind), the table it
names (its hall number), the players it names, and its words without the table.

The words of a note are made once, when the round is seated, in the event's language
(names, clubs and the reason are in them); the table is kept apart so that a round whose
tables are renumbered says the new numbers, and so that a page can find the notes about a
table or about accessible tables without reading words. ``SeatingNote.in_words`` puts
"Table 5: " in front, through the engine's words, in the language it is asked in (the
services ask in the note's own language).

Notes stored as words before (a round seated before this, an old backup) are read once
with ``note_from_words``, which knows the three languages' leads and kinds.
"""

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .words import gettext

# What a note is about.
FAMILY = "family"  # players of one family share a table
CLUB = "club"  # players of one club share a table
MET = "met"  # two players met in an earlier round
ACCESSIBLE = "accessible"  # a player who needs an accessible table is not at one
RESEATED = "reseated"  # seated again (by the organizer, or after a correction)
SWAPPED = "swapped"  # the organizer swapped two players
RENUMBERED = "renumbered"  # tables renumbered (playing again, restored)
OTHER = "other"  # a note read from words that says none of the above

NOTE_KINDS = (FAMILY, CLUB, MET, ACCESSIBLE, RESEATED, SWAPPED, RENUMBERED, OTHER)


@dataclass(frozen=True)
class SeatingNote:
    """One of a round's seating notes. ``text`` is its words without the table ("Ann needs
    an accessible table; …"), in ``language`` (the event's when it was made; '' when the
    engine made it without knowing); ``table`` the hall number it is about (None: the round);
    ``players`` the entrant ids it names."""

    kind: str
    text: str
    table: int | None = None
    players: tuple[str, ...] = ()
    language: str = ""
    # What the note says, as data, for the engine's notes (who, their club or family, why):
    # its words are made again in the reader's language (``parts_in_words``). None: only
    # ``text`` (a note made by a service, or stored before), read in ``language``.
    parts: Mapping | None = None

    @property
    def readable_anywhere(self) -> bool:
        """Whether the note can be said in any language (its ``parts`` say it)."""
        return parts_in_words(self.kind, self.parts) is not None

    def in_words(self) -> str:
        """The note as people read it: "Table 5: …" for a note about a table, in the active
        language (a note without ``parts``: ask in its ``language``, its text is in it)."""
        text = parts_in_words(self.kind, self.parts) or self.text
        if self.table is None:
            return text
        return gettext("Table %(number)s: %(note)s") % {"number": self.table, "note": text}

    def renumbered(self, moved: Mapping[int, int]) -> "SeatingNote":
        """The same note about a table given a new number (``moved``: old → new)."""
        if self.table is None or self.table not in moved:
            return self
        return SeatingNote(
            self.kind, self.text, moved[self.table], self.players, self.language, self.parts
        )

    def as_record(self) -> dict:
        """The note as stored (JSON)."""
        record = {
            "kind": self.kind,
            "table": self.table,
            "players": list(self.players),
            "text": self.text,
            "language": self.language,
        }
        if self.parts is not None:
            record["parts"] = dict(self.parts)
        return record

    @classmethod
    def from_record(cls, record: Mapping) -> "SeatingNote":
        """A stored note (``as_record``) back."""
        return cls(
            kind=record["kind"],
            text=record["text"],
            table=record.get("table"),
            players=tuple(record.get("players") or ()),
            language=record.get("language") or "",
            parts=record.get("parts") if isinstance(record.get("parts"), Mapping) else None,
        )


def _and(words) -> str:
    words = list(words)
    if len(words) == 1:
        return words[0]
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(words[:-1]), "last": words[-1]}


def _why(unavoidable: bool) -> str:
    if unavoidable:
        return gettext("more members than tables")
    return gettext("the numbers did not allow")


def _family_words(parts: Mapping) -> str:
    return gettext("%(who)s of family %(family)s share a table (%(why)s).") % {
        "who": _and(parts["who"]),
        "family": parts["group"],
        "why": _why(parts["unavoidable"]),
    }


def _club_words(parts: Mapping) -> str:
    return gettext("%(who)s of %(club)s share a table (%(why)s).") % {
        "who": ", ".join(parts["who"]),
        "club": parts["group"],
        "why": _why(parts["unavoidable"]),
    }


def _met_words(parts: Mapping) -> str:
    first, second = parts["who"]
    return gettext("%(first)s and %(second)s met in an earlier round.") % {
        "first": first,
        "second": second,
    }


_PARTS_WORDS = {FAMILY: _family_words, CLUB: _club_words, MET: _met_words}


def parts_in_words(kind: str, parts: Mapping | None) -> str | None:
    """A note's ``parts`` in words in the active language; None when it has none (or
    parts this site cannot read: a backup's, say, then its stored text is read)."""
    words = _PARTS_WORDS.get(kind)
    if words is None or not isinstance(parts, Mapping):
        return None
    who = parts.get("who")
    if not isinstance(who, list) or not who or not all(isinstance(w, str) for w in who):
        return None
    try:
        return words(parts)
    except (KeyError, TypeError, ValueError):
        return None


def is_seating_note_record(record) -> bool:
    """Whether ``record`` is a stored note this site can read (a backup's, checked before
    it is restored)."""
    if not isinstance(record, Mapping):
        return False
    table = record.get("table")
    players = record.get("players", [])
    return (
        record.get("kind") in NOTE_KINDS
        and isinstance(record.get("text"), str)
        and (table is None or (isinstance(table, int) and not isinstance(table, bool)))
        and isinstance(players, list)
        and all(isinstance(p, str) for p in players)
        and isinstance(record.get("language", ""), str)
    )


# Reading notes stored as words before (migration tournaments/0027, old backups): a note
# about a table starts "Table 5:" (English), "Table 5 :" (French) or "Mesa 5:" (Spanish).
_LEAD = re.compile(r"^(Table|Mesa) (\d+)([ \u00a0\u202f]?): (.*)$", re.DOTALL)

# What each kind says, in English, French and Spanish (the catalogs' words when the notes
# were written as words). The first that matches gives the kind.
_KIND_WORDS = (
    (ACCESSIBLE, ("accessible table", "table accessible", "mesa accesible")),
    (FAMILY, (" of family ", "de la famille", "de la familia")),
    (CLUB, ("share a table", "sont à la même table", "están en la misma mesa")),
    (MET, ("met in an earlier round", "se sont déjà rencontrés", "ya se enfrentaron")),
    (
        RESEATED,
        ("Seated again", "Placée de nouveau", "Mesas asignadas otra vez"),
    ),
    (SWAPPED, ("Organizer swapped", "L'organisateur a échangé", "El organizador intercambió")),
    (
        RENUMBERED,
        ("is now table", "devient la table", "pasa a ser la mesa"),
    ),
)

# Words only one language uses, for a note without a table.
_LANGUAGE_WORDS = (
    ("fr", ("Placée de nouveau", "L'organisateur", "devient la table", "Rejouée")),
    ("es", ("Mesas asignadas", "El organizador", "pasa a ser la mesa", "Se juega otra vez")),
    ("en", ("Seated again", "Organizer swapped", "is now table", "Playing again")),
)


def note_from_words(
    words: str, language: str = "", seated: Mapping[int, Sequence[tuple[str, str]]] = {}
) -> SeatingNote:
    """A note stored as words, read once: its table and language from its lead ("Table 5:",
    "Table 5 :", "Mesa 5:"), its kind from its words in any of the three languages, the
    players it names from ``seated`` (table number → (entrant id, name) of those seated
    there). ``language``: the event's, for a note whose words do not tell."""
    lead = _LEAD.match(words)
    table, text = None, words
    if lead:
        table, text = int(lead.group(2)), lead.group(4)
        language = "es" if lead.group(1) == "Mesa" else ("fr" if lead.group(3) else "en")
    else:
        for code, phrases in _LANGUAGE_WORDS:
            if any(p in words for p in phrases):
                language = code
                break
    kind = OTHER
    for candidate, phrases in _KIND_WORDS:
        if any(p in text for p in phrases):
            kind = candidate
            break
    players = tuple(
        player for player, name in seated.get(table, ()) if table is not None and name in text
    )
    return SeatingNote(kind, text, table, players, language)
