"""What a backup carries of the players' own pages: the self check-in window, each
division's start time and place, each entrant's page codes and whether they checked
themselves in. Backups made before these existed restore with none (each entrant then
gets new codes). The e-mail notices' addresses are never carried: they are asked for on
the day, and forgotten with it.

Codes are unique within an event, whose short name is in the page's address: a copy
restored beside the original (``--as``) keeps them, and each slip opens its own event."""

import datetime
import re

from django.utils.translation import gettext as _

from tournaments.models import PAGE_CODE_PATTERN, Division, Entrant, Event, new_page_code

from .values import BackupRefused, date_or_time

CODE = re.compile(rf"\A{PAGE_CODE_PATTERN}\Z")


def _plain(value):
    return value.isoformat() if value is not None else None


def event_json(event: Event) -> dict:
    return {
        "checkin_opens_at": _plain(event.checkin_opens_at),
        "checkin_closes_at": _plain(event.checkin_closes_at),
    }


def division_json(division: Division) -> dict:
    return {"starts_at": _plain(division.starts_at), "place": division.place}


def entrant_json(entrant: Entrant) -> dict:
    return {
        "page_code": entrant.page_code,
        "family_code": entrant.family_code,
        "self_checked_in_at": _plain(entrant.self_checked_in_at),
        "self_checked_in_at_kiosk": entrant.self_checked_in_at_kiosk,
    }


def event_values(given: dict, where: str) -> dict:
    return {
        key: date_or_time(given.get(key), where)
        for key in ("checkin_opens_at", "checkin_closes_at")
    }


def division_values(given: dict, where: str) -> dict:
    starts_at = given.get("starts_at")
    if starts_at is not None:
        try:
            starts_at = datetime.time.fromisoformat(starts_at)
        except (TypeError, ValueError):
            raise BackupRefused(
                where, _("'%(value)s' is not a time of day.") % {"value": str(starts_at)[:40]}
            ) from None
    return {"starts_at": starts_at, "place": given.get("place", "")}


def entrant_values(given: dict, where: str) -> dict:
    values = {}
    for key in ("page_code", "family_code"):
        code = given.get(key)
        if code is None:
            continue
        if not isinstance(code, str) or not CODE.match(code):
            raise BackupRefused(
                where, _("'%(value)s' is not a page's code.") % {"value": str(code)[:40]}
            )
        values[key] = code
    values["self_checked_in_at"] = date_or_time(given.get("self_checked_in_at"), where)
    values["self_checked_in_at_kiosk"] = given.get("self_checked_in_at_kiosk", False)
    return values


def codes_free(entrants) -> None:
    """Give a new code where the file holds one twice (never made by a backup)."""
    seen = set()
    for entrant in entrants:
        for field in ("page_code", "family_code"):
            code = getattr(entrant, field)
            if code and code in seen:
                setattr(entrant, field, new_page_code())
            seen.add(getattr(entrant, field))
