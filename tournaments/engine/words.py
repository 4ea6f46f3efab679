"""The engine's words in the reader's language, without Django.

The engine speaks English by itself: ``gettext`` and ``ngettext`` below return the English
text (``ngettext`` picks the singular for 1). The Django app installs Django's translation
functions here when it starts (``tournaments.apps.TournamentsConfig.ready``), so a message
the engine builds comes out in the active language: the visitor's on a page, English on
the command line (management commands deactivate translation), the event's language
inside ``translation.override(event.language)``.

Write ``gettext("Table %(number)s is ...") % {"number": n}``: the names ``gettext`` and
``ngettext`` are what ``makemessages`` collects, and the text inside stays a constant
(format after translating, never inside).
"""

from collections.abc import Callable


def _english(message: str) -> str:
    return message


def _english_plural(singular: str, plural: str, number: int) -> str:
    return singular if number == 1 else plural


_gettext: Callable[[str], str] = _english
_ngettext: Callable[[str, str, int], str] = _english_plural


def gettext(message: str) -> str:
    """``message`` in the active language (English when nothing is installed)."""
    return _gettext(message)


def ngettext(singular: str, plural: str, number: int) -> str:
    """The singular or plural of a message for ``number``, in the active language."""
    return _ngettext(singular, plural, number)


def install(gettext_function=None, ngettext_function=None) -> None:
    """Use these translation functions from now on (None: English again)."""
    global _gettext, _ngettext
    _gettext = gettext_function or _english
    _ngettext = ngettext_function or _english_plural


def gettext_noop(message: str) -> str:
    """Mark a message for the catalogs without translating it now (a constant kept
    in English, translated with ``gettext`` where it is used)."""
    return message
