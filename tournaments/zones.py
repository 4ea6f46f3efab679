"""Time zones as people name them (``America/Chicago``), and a time of day as each language
writes it. Pure standard library: the event's zone is a setting (``Event.time_zone``), read
by ``web.event_zone`` for pages, ``printing.selectors.printed`` for documents and
``cli.base`` for commands; every time shown goes through ``clock_words``."""

import datetime
import difflib
import functools
import zoneinfo

# The zones a director in the places this product serves picks most: listed first in the
# settings page's choice, the rest of the world after them.
COMMON_ZONES = (
    "America/New_York",
    "America/Chicago",
    "America/Denver",
    "America/Phoenix",
    "America/Los_Angeles",
    "America/Anchorage",
    "Pacific/Honolulu",
    "America/Puerto_Rico",
    "America/Toronto",
    "America/Vancouver",
    "America/Halifax",
    "America/Montreal",
    "America/Mexico_City",
    "Europe/London",
    "Europe/Paris",
    "Europe/Madrid",
    "Europe/Brussels",
    "Europe/Zurich",
)


@functools.cache
def all_zones() -> tuple[str, ...]:
    """Every zone name of the system's time zone database (or the tzdata package), sorted;
    the old aliases (``US/Eastern``) are kept out of the list but still read."""
    names = zoneinfo.available_timezones()
    return tuple(sorted(n for n in names if "/" in n and not n.startswith(("Etc/", "SystemV/"))))


@functools.cache
def _by_folded() -> dict[str, str]:
    return {name.casefold(): name for name in zoneinfo.available_timezones()}


def zone_choices() -> list[str]:
    """The zones to choose from: the common ones first, then every other, A to Z."""
    common = [z for z in COMMON_ZONES if z in _by_folded().values()]
    return common + [z for z in all_zones() if z not in common]


def zone_named(text: str) -> str | None:
    """The zone ``text`` names, in its own spelling (``america/chicago`` is
    ``America/Chicago``; a space stands for ``_``), or None when it names none."""
    typed = "_".join(str(text).strip().split())
    return _by_folded().get(typed.casefold())


def zone_suggestion(text: str) -> str | None:
    """The zone a typo most likely meant (``America/Chicgo``: ``America/Chicago``;
    ``Chicago``: ``America/Chicago``), or None when none is close."""
    typed = "_".join(str(text).strip().split()).casefold()
    if not typed:
        return None
    folded = _by_folded()
    # A city alone: the zone whose last part it is.
    for key, name in folded.items():
        if key.rsplit("/", 1)[-1] == typed and "/" in key:
            return name
    close = difflib.get_close_matches(typed, list(folded), n=1, cutoff=0.75)
    if not close:
        cities = {key.rsplit("/", 1)[-1]: key for key in folded if "/" in key}
        near = difflib.get_close_matches(typed.rsplit("/", 1)[-1], list(cities), n=1, cutoff=0.8)
        close = [cities[near[0]]] if near else []
    return folded[close[0]] if close else None


def clock_words(moment: datetime.datetime | datetime.time, language: str) -> str:
    """A time of day as a language writes it, one format each: ``2:01 pm`` in English,
    ``14 h 01`` in French, ``14:01`` in Spanish (a language not listed: as Spanish).
    ``moment`` is already in the zone to show (a local datetime or a time)."""
    hour, minute = moment.hour, moment.minute
    if language.startswith("en"):
        return f"{hour % 12 or 12}:{minute:02d} {'am' if hour < 12 else 'pm'}"
    if language.startswith("fr"):
        return f"{hour} h {minute:02d}"
    return f"{hour}:{minute:02d}"
