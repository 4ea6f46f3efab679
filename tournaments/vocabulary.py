"""The product's codes in words, in the active language: one place for every face.

The data keep codes ("qualifying", "in_play", "withdrawn", "gold"); pages, printed sheets,
e-mails and the command line put them into words here, never each on its own, so a word
changed or translated once reads the same everywhere. Names and numbers people typed are
never put through it."""

from django.utils.translation import get_language, gettext, gettext_lazy, pgettext

from tournaments.text import ordinal


def kind_word(kind: str) -> str:
    """A round's kind: qualifying, intermediate, final."""
    words = {
        "qualifying": pgettext("round kind", "qualifying"),
        "intermediate": pgettext("round kind", "intermediate"),
        "final": pgettext("round kind", "final"),
    }
    return words.get(kind, kind)


def round_status_word(status: str) -> str:
    """A round's status as the printed bracket says it."""
    words = {
        "seated": gettext("seated, not started"),
        "in_play": pgettext("round status", "in play"),
        "closed": pgettext("round status", "finished"),
    }
    return words.get(status, status)


def division_status_word(status: str) -> str:
    """A division's status as the printed bracket and results say it."""
    words = {
        "registered": gettext("registration open"),
        "in_play": pgettext("division status", "in play"),
        "complete": pgettext("division status", "complete"),
    }
    return words.get(status, status)


def out_of_play_word(status: str) -> str:
    """A player out of play: withdrawn or disqualified (the entrant's status code)."""
    words = {
        "withdrawn": pgettext("player status", "withdrawn"),
        "disqualified": pgettext("player status", "disqualified"),
    }
    return words.get(status, status)


MEDALS = ("gold", "silver", "bronze")
# A medal's word on pages (the stored value is "gold", "silver" or "bronze").
MEDAL_WORDS = {
    "gold": gettext_lazy("Gold"),
    "silver": gettext_lazy("Silver"),
    "bronze": gettext_lazy("Bronze"),
}


def medal_word(medal: str | None) -> str:
    """ "Gold", "Silver", "Bronze"; "" for no medal."""
    return str(MEDAL_WORDS.get(medal, medal or ""))


def medal_in_a_sentence(medal: str) -> str:
    """A medal in lower case, inside a sentence: "1. Mary Smith (gold)"."""
    words = {
        "gold": pgettext("medal, lower case", "gold"),
        "silver": pgettext("medal, lower case", "silver"),
        "bronze": pgettext("medal, lower case", "bronze"),
    }
    return words.get(medal, medal)


def medal_title(medal: str) -> str:
    """The medal as printed large on a certificate: "GOLD MEDAL"."""
    words = {
        "gold": gettext("GOLD MEDAL"),
        "silver": gettext("SILVER MEDAL"),
        "bronze": gettext("BRONZE MEDAL"),
    }
    return words.get(medal, f"{medal.upper()}")


def place_word(place: int | None, feminine: bool = False) -> str:
    """A place as the active language writes it: 1st, 1er, 1.º (1re, 1.ª with
    ``feminine``, a women's division's); "" for none."""
    return ordinal(place, get_language(), feminine) if place else ""


def scope_word(scope: str) -> str:
    """What a place is of: "Division" or "Age group" (the data's codes)."""
    words = {"Division": gettext("Division"), "Age group": gettext("Age group")}
    return words.get(scope, scope)
