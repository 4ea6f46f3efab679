"""Each value a restore reads from a backup, checked before anything is written: a wrong
one refuses the whole file (``BackupRefused``), naming where it is and what is wrong."""

import datetime

from django.core.exceptions import ValidationError
from django.db import models
from django.utils.translation import gettext as _

from tournaments.engine import RuleError
from tournaments.models import Entrant
from tournaments.selectors import free_slug

from .format import FIRST_YEAR, LAST_YEAR, MINUTES_PER_GAME
from .words import field_words


class BackupRefused(RuleError):
    """The backup holds something this site cannot take; nothing was written."""

    def __init__(self, where: str, reason: str):
        self.where = where
        super().__init__(
            _("The backup was not restored: %(where)s: %(reason)s Nothing was changed.")
            % {"where": where, "reason": reason}
        )


class SlugTaken(RuleError):
    """The short name a restore would use is taken here; ``suggestion`` is a free one."""

    def __init__(self, slug: str):
        self.slug = slug
        self.suggestion = free_slug(slug)
        super().__init__(
            _(
                "An event '%(slug)s' already exists here; restore under another name with "
                "--as SLUG (for example --as %(suggestion)s)."
            )
            % {"slug": slug, "suggestion": self.suggestion}
        )


def need(value, kind, where: str, what: str = "") -> None:
    """``value`` is of ``kind`` (a JSON shape), else the backup is refused naming ``where``."""
    names = {
        dict: _("a group of fields"),
        list: _("a list"),
        str: _("text"),
        int: _("a whole number"),
    }
    ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
    if not ok:
        raise BackupRefused(
            where,
            _("%(what)s should be %(kind)s.")
            % {"what": what or _("this"), "kind": names.get(kind, kind)},
        )


def date_or_time(text, where: str, kind=datetime.datetime):
    """A date or time from the file, or None; a wrong one refuses the backup."""
    if text is None or text == "":
        return None
    try:
        if not isinstance(text, str):
            raise ValueError
        value = kind.fromisoformat(text)
    except ValueError:
        raise BackupRefused(
            where, _("'%(value)s' is not a date and time.") % {"value": str(text)[:40]}
        ) from None
    if not FIRST_YEAR <= value.year <= LAST_YEAR:
        raise BackupRefused(
            where,
            _("'%(value)s' is not between the years %(first)s and %(last)s.")
            % {"value": text[:40], "first": FIRST_YEAR, "last": LAST_YEAR},
        )
    return value


def valid(obj, where: str, *, checks: bool = True):
    """Check ``obj`` completely before it is written: every field's type, length and range
    (``full_clean``) and the database's check constraints; refuse naming the field."""
    problems = {}
    for field in obj._meta.concrete_fields:
        if field.is_relation or field.primary_key:
            continue
        value = getattr(obj, field.attname)
        if value is None:
            continue
        if isinstance(field, models.CharField | models.TextField):
            ok = isinstance(value, str)
        elif isinstance(field, models.BooleanField):
            ok = isinstance(value, bool)
        elif isinstance(field, models.IntegerField):
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = True
        if not ok:
            problems[field.name] = [
                _("'%(value)s' is the wrong kind of value.") % {"value": str(value)[:40]}
            ]
    if not problems:
        exclude = {f.name for f in obj._meta.concrete_fields if f.is_relation}
        try:
            obj.full_clean(exclude=exclude, validate_unique=False, validate_constraints=False)
            if checks:
                for constraint in obj._meta.constraints:
                    if isinstance(constraint, models.CheckConstraint):
                        constraint.validate(type(obj), obj, exclude=exclude)
        except ValidationError as error:
            problems = getattr(error, "message_dict", None) or {"value": error.messages}
    if problems:
        field, messages_ = next(iter(problems.items()))
        problem = " ".join(messages_)
        if field != "__all__":
            problem = _("%(field)s: %(error)s") % {"field": field_words(field), "error": problem}
        raise BackupRefused(where, problem)
    return obj


def unique(keys: list, where: str, what: str) -> None:
    seen = set()
    for key in keys:
        if key in seen:
            raise BackupRefused(
                where, _("%(what)s %(key)s appears twice.") % {"what": what, "key": key}
            )
        seen.add(key)


def check_gender(value, allowed: tuple, where: str) -> None:
    if value not in allowed:
        raise BackupRefused(
            where,
            _("gender '%(value)s' is not one of %(allowed)s or empty.")
            % {"value": str(value)[:20], "allowed": ", ".join(a for a in allowed if a)},
        )


def check_minutes(value, where: str) -> None:
    """Minutes per game as configure_event allows them (None: not set)."""
    least, most = MINUTES_PER_GAME
    if value is None:
        return
    if isinstance(value, bool) or not isinstance(value, int) or not least <= value <= most:
        raise BackupRefused(
            where,
            _("'%(value)s' is not a number of minutes from %(least)s to %(most)s.")
            % {"value": str(value)[:20], "least": least, "most": most},
        )


def entrant_of(entrants: dict, key, where: str) -> Entrant:
    if not isinstance(key, str) or key not in entrants:
        raise BackupRefused(
            where, _("'%(key)s' is not an entrant of the backup.") % {"key": str(key)[:40]}
        )
    return entrants[key]


def stamp(rows_and_times: list, field: str) -> None:
    """Give rows made just now their recorded ``field`` (an auto_now_add time the database
    stamped on creation); bulk_update writes the value as it is. ``rows_and_times``: each
    row, the time in the file and where it is in the backup (for a refusal)."""
    stamped = []
    for row, text, where in rows_and_times:
        value = date_or_time(text, f"{where}, {field_words(field)}")
        if value:
            setattr(row, field, value)
            stamped.append(row)
    if stamped:
        type(stamped[0]).objects.bulk_update(stamped, [field], batch_size=500)
