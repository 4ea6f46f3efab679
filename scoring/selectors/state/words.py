"""A medal and a place as the pages write them, in the active language."""

from django.utils.translation import get_language, gettext_lazy

from tournaments.text import ordinal

# A medal's word on pages (the stored value is "gold", "silver" or "bronze").
MEDAL_WORDS = {
    "gold": gettext_lazy("Gold"),
    "silver": gettext_lazy("Silver"),
    "bronze": gettext_lazy("Bronze"),
}


def medal_word(medal: str | None) -> str:
    """ "Gold", "Silver", "Bronze" in the active language; "" for no medal."""
    return str(MEDAL_WORDS.get(medal, medal or ""))


def place_word(place: int | None, feminine: bool = False) -> str:
    """A place as the active language writes it: 1st, 1er, 1.º (1re, 1.ª with
    ``feminine``, a women's division's); "" for none."""
    return ordinal(place, get_language(), feminine) if place else ""
