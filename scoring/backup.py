"""A whole event as one JSON document, and back: registration, bracket, scores, audit trail.

Backup → restore → backup gives the same document, every timestamp and every person
included: times the database would stamp anew on creation (``auto_now_add``) are written
back after the rows are made, and people named in the event who have no account in the
restoring database get one without a password (nobody can sign in with it until an
organizer or administrator gives it one). Version 1 files, without the extra times and
people, still restore.
"""

import datetime
import json
import re

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, models, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext as _

from tournaments import engine, services
from tournaments.engine import MAX_RACK_TOTAL, MEDALS, RuleError
from tournaments.models import (
    EVENT_SETTINGS,
    TABLE_CODE_VALIDATOR,
    Announcement,
    Bye,
    Division,
    DivisionResults,
    Entrant,
    EntrantStatusChange,
    Event,
    Round,
    RoundChange,
    Seat,
    Table,
    TableCode,
)
from tournaments.selectors import free_slug, notes_language_code
from tournaments.services.table_codes import table_code_new
from tournaments.text import AT_TABLE

from .backup_words import field_words, medal_words
from .decision_notes import are_steps, undo_reason
from .models import CorrectionDecision, Game, Penalty, RackScore, ScoreChange, TieBreakDecision

FORMAT = "rummikub-event-backup"
VERSION = 2
READABLE_VERSIONS = (1, 2)
EVENT_FIELDS = ("slug", *EVENT_SETTINGS, "created_at", "archived_at")
ENTRANT_FIELDS = (
    "external_id",
    "first_name",
    "last_name",
    "birth_date",
    "stated_age",
    "gender",
    "club",
    "family",
    "state",
    "accessible",
    "email",
    "phone",
    "status",
    "created_at",
)


# The parts a backup has; anything else (a 60 MB key nobody reads) refuses the file.
TOP_KEYS = frozenset(
    {
        "format",
        "version",
        "event",
        "organizers",
        "scorekeepers",
        "divisions",
        "entrants",
        "rounds",
        "decisions",
        "audit",
        "retired_codes",
        "announcements",
        "status_changes",
        "round_changes",
    }
)
# The largest real backup measured, a simulated event of 10,000 entrants played to medals,
# is 21 MB (docs/decisions.md): three times that is still a backup, more is not.
MAX_BACKUP_BYTES = 64 * 1024 * 1024
# A backup's lists and groups nest about ten deep; far more is not a backup (and a file of
# a hundred thousand brackets would exhaust Python's recursion reading it).
MAX_BACKUP_DEPTH = 32


# Dates and times a backup may hold: a birth date, an event, a game's entry.
FIRST_YEAR, LAST_YEAR = 1900, 2100
# What configure_event allows (tournaments/services/events.py).
MINUTES_PER_GAME = (1, 600)
# Entrants as the registration reader makes them; divisions as the engine plans them.
ENTRANT_GENDERS = ("F", "M", "X", "")
DIVISION_GENDERS = ("F", "M", "")
# Control characters (but tab, line feed and carriage return) and lone surrogates: no
# name, reason or note has them, and a database may refuse or mangle them.
CONTROL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\ud800-\udfff]")


def backup_read(source) -> dict:
    """The one place a backup file is read, from its bytes or an open binary file: refused
    (``RuleError``, saying why) when it is too large, not UTF-8 JSON, or nested too deeply
    to be a backup. What it holds is checked by ``event_restore``."""
    most = MAX_BACKUP_BYTES
    raw = source if isinstance(source, bytes) else source.read(most + 1)
    if len(raw) > most:
        raise RuleError(
            _("Not a backup file: it is larger than %(most)s MB, more than any event's backup.")
            % {"most": max(1, most // (1024 * 1024))}
        )
    try:
        data = json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise RuleError(_("Not a backup file: nested too deeply.")) from None
    except (UnicodeDecodeError, ValueError):
        raise RuleError(_("That file is not a backup made by this program.")) from None
    if _depth_over(data, MAX_BACKUP_DEPTH):
        raise RuleError(_("Not a backup file: nested too deeply."))
    return data


def _depth_over(data, most: int) -> bool:
    """Whether lists and groups nest more than ``most`` deep (walked without recursion)."""
    waiting = [(data, 1)]
    while waiting:
        value, depth = waiting.pop()
        if isinstance(value, dict | list):
            if depth > most:
                return True
            items = value.values() if isinstance(value, dict) else value
            waiting.extend((item, depth + 1) for item in items if isinstance(item, dict | list))
    return False


def _plain(value):
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    return value


def _user(user):
    return user.get_username() if user else None


def _game_json(game: Game) -> dict:
    racks = list(
        game.racks.select_related("entrant", "entered_by").order_by("entrant__external_id")
    )
    return {
        "number": game.number,
        "ended": game.ended,
        "winner": game.winner.external_id if game.winner else None,
        "version": game.version,
        "entered_by": _user(game.entered_by),
        "entered_at": _plain(game.entered_at),
        "confirmed_by": _user(game.confirmed_by),
        "confirmed_at": _plain(game.confirmed_at),
        "entered_by_player": game.entered_by_player.external_id if game.entered_by_player else None,
        "confirmed_by_player": game.confirmed_by_player.external_id
        if game.confirmed_by_player
        else None,
        "racks": {r.entrant.external_id: r.rack_total for r in racks},
        "rack_entries": {
            r.entrant.external_id: {
                "entered_by": _user(r.entered_by),
                "entered_at": _plain(r.entered_at),
                "version": r.version,
            }
            for r in racks
        },
    }


def _round_json(round_: Round) -> dict:
    tables = [
        {
            "number": table.number,
            "extra_minutes": table.extra_minutes,
            "seats": [
                s.entrant.external_id
                for s in table.seats.select_related("entrant").order_by("number")
            ],
            "games": [
                _game_json(game)
                for game in table.games.select_related(
                    "winner",
                    "entered_by",
                    "confirmed_by",
                    "entered_by_player",
                    "confirmed_by_player",
                )
            ],
            "codes": [
                {
                    "code": c.code,
                    "issued_at": _plain(c.issued_at),
                    "issued_by": _user(c.issued_by),
                    "issued_by_label": c.issued_by_label,
                    "revoked_at": _plain(c.revoked_at),
                    "revoked_by": _user(c.revoked_by),
                    "revoked_by_label": c.revoked_by_label,
                    "revoked_reason": c.revoked_reason,
                }
                for c in table.codes.select_related("issued_by", "revoked_by").order_by(
                    "issued_at", "id"
                )
            ],
        }
        for table in round_.tables.order_by("number")
    ]
    return {
        "division": round_.division.name,
        "number": round_.number,
        "kind": round_.kind,
        "games": round_.games,
        "status": round_.status,
        "seed": round_.seed,
        "seating_notes": round_.seating_notes,
        # The notes in words: what a site made before notes were stored as what they are reads.
        "warnings": round_.warnings,
        "created_at": _plain(round_.created_at),
        "closed_at": _plain(round_.closed_at),
        "clock_started_at": _plain(round_.clock_started_at),
        "clock_paused_at": _plain(round_.clock_paused_at),
        "clock_paused_seconds": round_.clock_paused_seconds,
        "clock_minutes_per_game": round_.clock_minutes_per_game,
        "tables": tables,
        "byes": sorted(b.entrant.external_id for b in round_.byes.select_related("entrant")),
        "penalties": [
            {
                "entrant": p.entrant.external_id,
                "points": p.points,
                "reason": p.reason,
                "given_by": _user(p.given_by),
                "given_at": _plain(p.given_at),
            }
            for p in round_.penalties.select_related("entrant", "given_by").order_by(
                "given_at", "id"
            )
        ],
    }


def _division_json(d: Division) -> dict:
    return {
        "name": d.name,
        "min_age": d.min_age,
        "max_age": d.max_age,
        "gender": d.gender,
        "combined_into": d.combined_into.name if d.combined_into else None,
        "status": d.status,
        "walkover": d.walkover,
        "medals_by_age_group": d.medals_by_age_group,
        "results": d.results,
        "medals_confirmed_at": _plain(d.medals_confirmed_at),
    }


def _change_json(c: ScoreChange) -> dict:
    return {
        "division": c.division.name,
        "round": c.round_number,
        "table": c.table_number,
        "game": c.game_number,
        "entrant": c.entrant.external_id if c.entrant else None,
        "action": c.action,
        "before": c.before,
        "after": c.after,
        # An undo's reason in English words, as a site made before ScoreChange.undo reads it.
        "reason": _english_reason(c),
        "undo": c.undo,
        "actor": c.actor_label,
        "actor_user": _user(c.actor),
        # A player at the table with its code: who and which code, as stored.
        "at_table": (
            {"player": c.at_table_player.external_id, "code": c.at_table_code}
            if c.at_table_player is not None
            else None
        ),
        "address": c.address,
        "at": _plain(c.at),
        "flag": _english_flag(c),
        "consequence": c.consequence,
        "save_key": c.save_key,
        "decision": _decision_json(c),
    }


def _english_flag(c: ScoreChange) -> str:
    """The consequence in English words: what a backup made before consequences were
    stored as what they are carried, kept so such a site still reads the flag."""
    with translation.override("en"):
        return c.flag


def _english_reason(c: ScoreChange) -> str:
    with translation.override("en"):
        return c.reason_words


def _undo_and_reason(c: dict, where: str) -> dict:
    """An audit entry's reason, and whether it undoes a flagged change: an undo's reason in
    the backup is its English words ("Undo of the correction “…”"), from which the reason
    of the change undone is kept, as the site stores it. A backup made before
    ScoreChange.undo says nothing of it: its words are read the same way."""
    reason, undo = c.get("reason", ""), c.get("undo")
    _need(reason, str, where, _("its reason"))
    if undo is not None and not isinstance(undo, bool):
        raise BackupRefused(where, _("its undo should be true or false."))
    original = undo_reason(reason)
    if undo and original is None:
        raise BackupRefused(where, _("it undoes a change but its reason does not say which."))
    if undo is False or original is None:
        return {"reason": reason, "undo": False}
    return {"reason": original, "undo": True}


def _consequence(c: dict, where: str) -> dict | None:
    """A change's stored consequence from the backup: its ``consequence``, or (a backup
    made before it was stored as what it is) its flag's words, shown as they are."""
    record = c.get("consequence")
    if record is not None:
        if not engine.is_consequence_record(record):
            raise BackupRefused(
                where, _("its consequence is not one this site can read (kind, round, who).")
            )
        return record
    flag = c.get("flag") or ""
    _need(flag, str, where, _("its flag"))
    return {"text": flag} if flag.strip() else None


def _decision_steps(d: dict, where: str) -> list:
    """What a decision did, from the backup: its ``steps``, or (a backup made before they
    were stored as what they are) its note's words, shown as they are."""
    steps = d.get("steps")
    if steps is not None:
        if not are_steps(steps):
            raise BackupRefused(
                where, _("its note is not one this site can read (what was done, which round).")
            )
        return steps
    note = d.get("note") or ""
    _need(note, str, where, _("its note"))
    return [{"text": note}] if note.strip() else []


def _decision_json(c: ScoreChange) -> dict | None:
    """The organizer's decision about a flagged change (accepted, undone, settled)."""
    decision = getattr(c, "decision", None)
    if decision is None:
        return None
    with translation.override("en"):
        note = decision.note  # for a site made before steps were stored: English words
    return {
        "choice": decision.choice,
        "steps": decision.steps,
        "note": note,
        "by": decision.decided_by_label,
        "by_user": _user(decision.decided_by),
        "at": _plain(decision.decided_at),
    }


def event_backup(event: Event) -> dict:
    """Everything needed to restore ``event`` in another database."""
    rounds = Round.objects.filter(division__event=event).select_related("division")
    decisions = (
        TieBreakDecision.objects.filter(division__event=event)
        .select_related("division", "decided_by")
        .order_by("decided_at", "id")
    )
    changes = (
        ScoreChange.objects.filter(division__event=event)
        .select_related("division", "entrant", "actor", "decision__decided_by", "at_table_player")
        .order_by("at", "id")
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {f: _plain(getattr(event, f)) for f in EVENT_FIELDS},
        "organizers": sorted(u.get_username() for u in event.organizers.all()),
        "scorekeepers": sorted(u.get_username() for u in event.scorekeepers.all()),
        "divisions": [
            _division_json(d)
            for d in event.divisions.select_related("combined_into", "recorded_results")
        ],
        "entrants": [
            {**{f: _plain(getattr(e, f)) for f in ENTRANT_FIELDS}, "division": e.division.name}
            for e in event.entrants.select_related("division").order_by("external_id")
        ],
        "rounds": [_round_json(round_) for round_ in rounds],
        "decisions": [
            {
                "division": d.division.name,
                "round": d.round_number,
                "order": d.order,
                "note": d.note,
                "decided_by": _user(d.decided_by),
                "decided_at": _plain(d.decided_at),
            }
            for d in decisions
        ],
        "audit": [_change_json(c) for c in changes],
        # Codes whose round was seated again or taken back: an old sheet still says so.
        "retired_codes": [
            {
                "code": c.code,
                "issued_at": _plain(c.issued_at),
                "retired_at": _plain(c.retired_at),
            }
            for c in TableCode.objects.filter(event=event, table__isnull=True).order_by(
                "issued_at", "id"
            )
        ],
        "announcements": [
            {
                "text": a.text,
                "by_user": _user(a.by),
                "by_label": a.by_label,
                "at": _plain(a.at),
            }
            for a in Announcement.objects.filter(event=event)
            .select_related("by")
            .order_by("at", "id")
        ],
        "status_changes": [
            {
                "entrant": c.entrant.external_id,
                "before": c.before,
                "after": c.after,
                "reason": c.reason,
                "by_user": _user(c.by),
                "by_label": c.by_label,
                "at": _plain(c.at),
            }
            for c in EntrantStatusChange.objects.filter(entrant__event=event)
            .select_related("entrant", "by")
            .order_by("at", "id")
        ],
        "round_changes": [
            {
                "division": c.division.name,
                "round": c.round_number,
                "action": c.action,
                "reason": c.reason,
                "before": c.before,
                "after": c.after,
                "notes": c.notes,
                "by_user": _user(c.by),
                "by_label": c.by_label,
                "at": _plain(c.at),
            }
            for c in RoundChange.objects.filter(division__event=event)
            .select_related("division", "by")
            .order_by("at", "id")
        ],
    }


class BackupRefused(RuleError):
    """The backup holds something this site cannot take; nothing was written."""

    def __init__(self, where: str, reason: str):
        self.where = where
        super().__init__(
            _("The backup was not restored: %(where)s: %(reason)s Nothing was changed.")
            % {"where": where, "reason": reason}
        )


def _need(value, kind, where: str, what: str = "") -> None:
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


def _when(text, where: str, kind=datetime.datetime):
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


def _valid(obj, where: str, *, checks: bool = True):
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


def _unique(keys: list, where: str, what: str) -> None:
    seen = set()
    for key in keys:
        if key in seen:
            raise BackupRefused(
                where, _("%(what)s %(key)s appears twice.") % {"what": what, "key": key}
            )
        seen.add(key)


def _check_results(results, where: str, players: dict, rounds: int) -> None:
    """A division's recorded placings: the shape the results pages read, naming players,
    each once, places from 1, the rounds reached among the division's ``rounds`` (a bye
    reaches the next), and medals as the rules give them (docs/rules.md): gold, silver and
    bronze are places 1 to 3 (of the age group, with medals by age group), never shared
    (within an age group, with medals by age group). ``players``: each entrant's age group
    (their own division's name)."""
    if results is None:
        return
    _need(results, list, where, _("results"))
    keys = {"player", "place", "medal", "round_reached", "withdrawn", "group_place"}
    for n, entry in enumerate(results, start=1):
        at = _("%(where)s, results entry %(n)s") % {"where": where, "n": n}
        _need(entry, dict, at)
        if set(entry) - keys or not {"player", "place", "medal", "round_reached"} <= set(entry):
            raise BackupRefused(at, _("the entry's fields are not those of a placing."))
        if entry["player"] not in players:
            raise BackupRefused(
                at,
                _("player %(player)s is not an entrant.") % {"player": str(entry["player"])[:40]},
            )
        for key in ("place", "round_reached", "group_place"):
            value = entry.get(key)
            if value is not None and (
                not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 100000
            ):
                raise BackupRefused(
                    at, _("%(field)s is not a whole number.") % {"field": field_words(key)}
                )
        if entry["round_reached"] is None:
            raise BackupRefused(at, _("round reached is missing."))
        if entry["medal"] not in (None, *MEDALS):
            raise BackupRefused(
                at, _("medal '%(medal)s' is not a medal.") % {"medal": str(entry["medal"])[:20]}
            )
        if not isinstance(entry.get("withdrawn", False), bool):
            raise BackupRefused(at, _("withdrawn should be true or false."))
    _check_placings(results, where, rounds, players)


def _check_placings(results: list, where: str, rounds: int, groups: dict) -> None:
    """The ranges and the medals of placings already of the right shape; ``groups``: each
    player's age group."""
    seen: set[str] = set()
    medals: dict[str, int] = {}
    group_medals: set[tuple[str, str]] = set()
    for n, entry in enumerate(results, start=1):
        at = _("%(where)s, results entry %(n)s") % {"where": where, "n": n}
        if entry["player"] in seen:
            raise BackupRefused(
                at, _("player %(player)s is placed twice.") % {"player": entry["player"][:40]}
            )
        seen.add(entry["player"])
        for key in ("place", "group_place"):
            value = entry.get(key)
            if value is not None and not 1 <= value <= len(results):
                raise BackupRefused(
                    at,
                    _("%(field)s %(value)s is not from 1 to %(most)s.")
                    % {"field": field_words(key), "value": value, "most": len(results)},
                )
        if entry["round_reached"] > rounds + 1:
            raise BackupRefused(
                at,
                _("round reached %(value)s is past the division's rounds (%(n)s).")
                % {"value": entry["round_reached"], "n": rounds},
            )
        medal = entry["medal"]
        if medal is None:
            continue
        place = entry.get("group_place") or entry.get("place")
        if entry.get("withdrawn") or not place or place > len(MEDALS) or MEDALS[place - 1] != medal:
            raise BackupRefused(
                at,
                _("a %(medal)s medal does not go with place %(place)s.")
                % {"medal": medal_words(medal), "place": place if place is not None else "—"},
            )
        if entry.get("group_place") is None:
            medals[medal] = medals.get(medal, 0) + 1
            if medals[medal] > 1:
                raise BackupRefused(
                    at,
                    _("a second %(medal)s medal; each is given once.")
                    % {"medal": medal_words(medal)},
                )
        else:
            group = groups[entry["player"]]
            if (group, medal) in group_medals:
                raise BackupRefused(
                    at,
                    _("a second %(medal)s medal in age group %(group)s; each is given once.")
                    % {"medal": medal_words(medal), "group": group},
                )
            group_medals.add((group, medal))


def _gender(value, allowed: tuple, where: str) -> None:
    if value not in allowed:
        raise BackupRefused(
            where,
            _("gender '%(value)s' is not one of %(allowed)s or empty.")
            % {"value": str(value)[:20], "allowed": ", ".join(a for a in allowed if a)},
        )


def _restore_divisions(event: Event, rows: list) -> dict[str, Division]:
    _need(rows, list, field_words("divisions"))
    for n, d in enumerate(rows, start=1):
        _need(d, dict, _("division %(n)s") % {"n": n})
        _need(d.get("name"), str, _("division %(n)s") % {"n": n}, _("its name"))
    _unique([d["name"] for d in rows], "divisions", _("the division"))
    divisions = {}
    for d in rows:
        where = _("division %(name)s") % {"name": d["name"][:40]}
        if not isinstance(d.get("medals_by_age_group", False), bool):
            raise BackupRefused(where, _("medals by age group should be true or false."))
        _gender(d.get("gender", ""), DIVISION_GENDERS, where)
        divisions[d["name"]] = _valid(
            Division(
                event=event,
                name=d["name"],
                min_age=d.get("min_age"),
                max_age=d.get("max_age"),
                gender=d.get("gender", ""),
                status=d.get("status"),
                walkover=d.get("walkover", False),
                medals_by_age_group=d.get("medals_by_age_group", False),
                medals_confirmed_at=_when(d.get("medals_confirmed_at"), where),
            ),
            where,
        )
        divisions[d["name"]].save()
        if d.get("results") is not None:
            DivisionResults.objects.create(division=divisions[d["name"]], placings=d["results"])
    for d in rows:
        if d.get("combined_into"):
            if d["combined_into"] not in divisions or d["combined_into"] == d["name"]:
                raise BackupRefused(
                    _("division %(name)s") % {"name": d["name"][:40]},
                    _(
                        "it is combined into '%(into)s', which is not another division of "
                        "the backup."
                    )
                    % {"into": str(d["combined_into"])[:40]},
                )
            division = divisions[d["name"]]
            division.combined_into = divisions[d["combined_into"]]
            division.save(update_fields=["combined_into"])
    return divisions


def _stamp(rows_and_times: list, field: str) -> None:
    """Give rows made just now their recorded ``field`` (an auto_now_add time the database
    stamped on creation); bulk_update writes the value as it is. ``rows_and_times``: each
    row, the time in the file and where it is in the backup (for a refusal)."""
    stamped = []
    for row, text, where in rows_and_times:
        value = _when(text, f"{where}, {field_words(field)}")
        if value:
            setattr(row, field, value)
            stamped.append(row)
    if stamped:
        type(stamped[0]).objects.bulk_update(stamped, [field], batch_size=500)


def _restore_entrants(event: Event, rows: list, divisions: dict) -> dict[str, Entrant]:
    _need(rows, list, field_words("entrants"))
    entrants = {}
    for n, e in enumerate(rows, start=1):
        _need(e, dict, _("entrant %(n)s") % {"n": n})
        _need(e.get("external_id"), str, _("entrant %(n)s") % {"n": n}, _("its id"))
        where = _("entrant %(id)s") % {"id": e["external_id"][:40]}
        if e["external_id"] in entrants:
            raise BackupRefused(where, _("this entrant's id appears twice."))
        if e.get("division") not in divisions:
            raise BackupRefused(where, _("their division is not in the backup."))
        values = {f: e.get(f) for f in ENTRANT_FIELDS if f != "created_at" and f in e}
        _gender(values.get("gender", ""), ENTRANT_GENDERS, where)
        if "birth_date" in values:
            values["birth_date"] = _when(
                values["birth_date"], _("%(where)s, birth date") % {"where": where}, datetime.date
            )
        entrants[e["external_id"]] = _valid(
            Entrant(event=event, division=divisions[e["division"]], **values), where
        )
    Entrant.objects.bulk_create(entrants.values(), batch_size=500)
    _stamp(
        [
            (
                entrants[e["external_id"]],
                e.get("created_at"),
                _("entrant %(id)s") % {"id": e["external_id"][:40]},
            )
            for e in rows
        ],
        "created_at",
    )
    return entrants


def _entrant(entrants: dict, key, where: str) -> Entrant:
    if not isinstance(key, str) or key not in entrants:
        raise BackupRefused(
            where, _("'%(key)s' is not an entrant of the backup.") % {"key": str(key)[:40]}
        )
    return entrants[key]


def _restore_table(round_: Round, t: dict, entrants: dict, users: dict, where: str) -> None:
    _need(t, dict, where)
    where = _("%(where)s, table %(n)s") % {"where": where, "n": t.get("number")}
    table = _valid(
        Table(round=round_, number=t.get("number"), extra_minutes=t.get("extra_minutes", 0)),
        where,
    )
    table.save()
    _need(t.get("seats"), list, where, _("its seats"))
    _need(t.get("games"), list, where, _("its games"))
    _unique(t["seats"], where, _("the seated player"))
    Seat.objects.bulk_create(
        [
            Seat(round=round_, table=table, entrant=_entrant(entrants, i, where), number=n)
            for n, i in enumerate(t["seats"], start=1)
        ]
    )
    _restore_codes(table, t.get("codes", []), users, where)
    for g in t["games"]:
        _need(g, dict, where)
        at = _("%(where)s, game %(n)s") % {"where": where, "n": g.get("number")}
        winner = g.get("winner")
        by_player, checked_by = g.get("entered_by_player"), g.get("confirmed_by_player")
        game = _valid(
            Game(
                table=table,
                number=g.get("number"),
                ended=g.get("ended"),
                winner=_entrant(entrants, winner, at) if winner else None,
                entered_by_player=_entrant(entrants, by_player, at) if by_player else None,
                confirmed_by_player=_entrant(entrants, checked_by, at) if checked_by else None,
                version=g.get("version", 1),
                entered_by=users.get(g.get("entered_by")),
                confirmed_by=users.get(g.get("confirmed_by")),
                confirmed_at=_when(g.get("confirmed_at"), at),
            ),
            at,
        )
        game.save()
        _stamp([(game, g.get("entered_at"), at)], "entered_at")
        entries = g.get("rack_entries", {})
        _need(entries, dict, at, _("its rack entries"))
        _need(g.get("racks"), dict, at, _("its racks"))
        racks = []
        for i, v in g["racks"].items():
            entry = entries.get(i, {})
            _need(entry, dict, _("%(where)s, rack of %(id)s") % {"where": at, "id": i[:40]})
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_RACK_TOTAL:
                raise BackupRefused(
                    _("%(where)s, rack of %(id)s") % {"where": at, "id": i[:40]},
                    _("'%(value)s' is not a rack total from 0 to %(most)s.")
                    % {"value": str(v)[:20], "most": MAX_RACK_TOTAL},
                )
            racks.append(
                _valid(
                    RackScore(
                        game=game,
                        entrant=_entrant(entrants, i, at),
                        rack_total=v,
                        entered_by=users.get(entry.get("entered_by")),
                        version=entry.get("version", 1),
                    ),
                    _("%(where)s, rack of %(id)s") % {"where": at, "id": i[:40]},
                    checks=False,
                )
            )
        RackScore.objects.bulk_create(racks)
        _stamp(
            [
                (
                    rack,
                    entries.get(i, {}).get("entered_at"),
                    _("%(where)s, rack of %(id)s") % {"where": at, "id": i[:40]},
                )
                for rack, i in zip(racks, g["racks"], strict=True)
            ],
            "entered_at",
        )


def _restore_codes(table: Table, rows, users: dict, where: str) -> None:
    """The table's codes (issue 14), the revoked ones too. A code this database already
    gives to another table (the event restored beside its original) is replaced by a new
    one: one code never opens two tables."""
    _need(rows, list, where, _("its table codes"))
    made = []
    for n, c in enumerate(rows, start=1):
        at = _("%(where)s, table code %(n)s") % {"where": where, "n": n}
        _need(c, dict, at)
        _need(c.get("code"), str, at, _("the code"))
        code = c["code"]
        if TableCode.objects.filter(code=code).exists():
            code = table_code_new()
            while TableCode.objects.filter(code=code).exists():  # pragma: no cover
                code = table_code_new()
        made.append(
            _valid(
                TableCode(
                    table=table,
                    event_id=table.round.division.event_id,
                    code=code,
                    issued_at=_when(c.get("issued_at"), at) or timezone.now(),
                    issued_by=users.get(c.get("issued_by")),
                    issued_by_label=c.get("issued_by_label", ""),
                    revoked_at=_when(c.get("revoked_at"), at),
                    revoked_by=users.get(c.get("revoked_by")),
                    revoked_by_label=c.get("revoked_by_label", ""),
                    revoked_reason=c.get("revoked_reason", ""),
                ),
                at,
            )
        )
    if sum(1 for c in made if c.revoked_at is None) > 1:
        raise BackupRefused(where, _("it has more than one table code in force."))
    _unique([c.code for c in made], where, _("the table code"))
    TableCode.objects.bulk_create(made)


def _seating_notes(r: dict, event: Event, entrants: dict, where: str) -> list[dict]:
    """A round's seating notes from the backup: its ``seating_notes``, or (a backup made
    before they were stored as what they are) its ``warnings``' words, read once in
    English, French or Spanish (the event's language when the words do not tell)."""
    records = r.get("seating_notes")
    if records is not None:
        _need(records, list, where, _("its seating notes"))
        for record in records:
            if not engine.is_seating_note_record(record):
                raise BackupRefused(
                    where,
                    _("a seating note is not one this site can read (kind, table, words)."),
                )
        return records
    warnings = r.get("warnings", [])
    _need(warnings, list, where, _("its warnings"))
    for w in warnings:
        _need(w, str, where, _("a warning"))
    seated: dict[int, list[tuple[str, str]]] = {}
    for t in r.get("tables") or []:
        if isinstance(t, dict) and isinstance(t.get("number"), int):
            seated[t["number"]] = [
                (i, entrants[i].name)
                for i in t.get("seats") or []
                if isinstance(i, str) and i in entrants
            ]
    language = notes_language_code(event)
    return [engine.note_from_words(w, language, seated).as_record() for w in warnings]


def _restore_round(r: dict, divisions: dict, entrants: dict, users: dict) -> None:
    _need(r, dict, _("a round"))
    if r.get("division") not in divisions:
        raise BackupRefused(_("a round"), _("its division is not in the backup."))
    where = _("division %(name)s, round %(n)s") % {"name": r["division"][:40], "n": r.get("number")}
    round_ = _valid(
        Round(
            division=divisions[r["division"]],
            number=r.get("number"),
            kind=r.get("kind"),
            games=r.get("games"),
            status=r.get("status"),
            seed=r.get("seed"),
            seating_notes=_seating_notes(r, divisions[r["division"]].event, entrants, where),
            closed_at=_when(r.get("closed_at"), where),
            clock_started_at=_when(
                r.get("clock_started_at"), _("%(where)s, clock started at") % {"where": where}
            ),
            clock_paused_at=_when(
                r.get("clock_paused_at"), _("%(where)s, clock paused at") % {"where": where}
            ),
            clock_paused_seconds=r.get("clock_paused_seconds", 0),
            clock_minutes_per_game=r.get("clock_minutes_per_game"),
        ),
        where,
    )
    _minutes(
        r.get("clock_minutes_per_game"),
        _("%(where)s, clock minutes per game") % {"where": where},
    )
    round_.save()
    _stamp([(round_, r.get("created_at"), where)], "created_at")
    for key in ("tables", "byes", "penalties"):
        _need(r.get(key), list, where, _("its %(key)s") % {"key": field_words(key)})
    _unique([t.get("number") for t in r["tables"]], where, _("table"))
    for t in r["tables"]:
        _restore_table(round_, t, entrants, users, where)
    _unique(r["byes"], where, _("the bye of"))
    Bye.objects.bulk_create(
        [Bye(round=round_, entrant=_entrant(entrants, i, where)) for i in r["byes"]]
    )
    for p in r["penalties"]:
        _need(p, dict, where, _("a penalty"))
        at = _("%(where)s, a penalty") % {"where": where}
        penalty = _valid(
            Penalty(
                round=round_,
                entrant=_entrant(entrants, p.get("entrant"), at),
                points=p.get("points"),
                reason=p.get("reason", ""),
                given_by=users.get(p.get("given_by")),
            ),
            at,
        )
        penalty.save()
        _stamp([(penalty, p.get("given_at"), at)], "given_at")


def _hall_numbers(event: Event) -> None:
    """Table numbers are the hall's: two tables in play (their rounds seated and not
    closed) never share one, whatever their division. A backup made before they were
    (every division numbered its tables from 1) has rounds in play on the same numbers:
    the later divisions' clashing tables take the lowest free numbers, as a new round
    would, and their rounds say so (print their sheets again). Refused when the hall is
    too small for them."""
    rounds = (
        Round.objects.filter(division__event=event)
        .exclude(status=Round.Status.CLOSED)
        .select_related("division")
        .order_by("division__name", "number")
    )
    for round_ in list(rounds)[1:]:
        try:
            services.round_renumber_clashing(
                event, round_, why="Restored from a backup made before hall numbers"
            )
        except RuleError as error:
            raise BackupRefused(
                _("division %(name)s, round %(n)s")
                % {"name": round_.division.name[:40], "n": round_.number},
                str(error),
            ) from None


def _at_table(c: dict, division: Division, entrants: dict, where: str) -> dict:
    """A change's player at the table and the code they used: the backup's ``at_table``,
    or (a backup made before they were stored) read once from its English label "NAME at
    the table (code X)": the player of that name seated at that table in that round, else
    the only entrant of that name. A label whose player is not found stays a label."""
    none = {"at_table_player": None, "at_table_code": ""}
    if "at_table" in c:
        at_table = c["at_table"]
        if at_table is None:
            return none
        _need(at_table, dict, where, _("its player at the table"))
        code = at_table.get("code")
        _need(code, str, where, _("its table code"))
        try:
            TABLE_CODE_VALIDATOR(code)
        except ValidationError:
            raise BackupRefused(where, _("its table code is not a valid code.")) from None
        player = _entrant(entrants, at_table.get("player"), where)
        return {"at_table_player": player, "at_table_code": code}
    found = AT_TABLE.match(c.get("actor") or "") if not c.get("actor_user") else None
    if found is None:
        return none
    name = found["name"]
    seated = [
        s.entrant
        for s in Seat.objects.filter(
            round__division=division,
            round__number=c.get("round"),
            table__number=c.get("table"),
        ).select_related("entrant")
        if s.entrant.name == name
    ]
    if len(seated) != 1:
        seated = [e for e in entrants.values() if e.name == name]
    if len(seated) != 1:
        return none
    return {"at_table_player": seated[0], "at_table_code": found["code"]}


def _restore_audit(rows: list, divisions: dict, entrants: dict, users: dict) -> None:
    _need(rows, list, field_words("audit"))
    made = []
    keys: dict[tuple, int] = {}
    for n, c in enumerate(rows, start=1):
        where = _("audit trail entry %(n)s") % {"n": n}
        _need(c, dict, where)
        if c.get("division") not in divisions:
            raise BackupRefused(where, _("its division is not in the backup."))
        key = c.get("save_key")
        if key and isinstance(key, str):
            if (c["division"], key) in keys:
                first = keys[(c["division"], key)]
                raise BackupRefused(
                    where,
                    _("its save key is entry %(first)s's too; a save's key is stored once.")
                    % {"first": first},
                )
            keys[(c["division"], key)] = n
        made.append(
            _valid(
                ScoreChange(
                    division=divisions[c["division"]],
                    round_number=c.get("round"),
                    table_number=c.get("table"),
                    game_number=c.get("game"),
                    entrant=_entrant(entrants, c["entrant"], where) if c.get("entrant") else None,
                    action=c.get("action"),
                    before=c.get("before"),
                    after=c.get("after"),
                    **_undo_and_reason(c, where),
                    actor=users.get(c.get("actor_user")),
                    actor_label=c.get("actor", ""),
                    **_at_table(c, divisions[c["division"]], entrants, where),
                    address=c.get("address"),
                    at=_when(c.get("at"), where),
                    consequence=_consequence(c, where),
                    save_key=c.get("save_key", ""),
                ),
                where,
            )
        )
    changes = ScoreChange.objects.bulk_create(made, batch_size=500)
    decisions = []
    for n, (change, c) in enumerate(zip(changes, rows, strict=True), start=1):
        if not c.get("decision"):
            continue
        d, where = c["decision"], _("audit trail entry %(n)s, its decision") % {"n": n}
        _need(d, dict, where)
        decisions.append(
            _valid(
                CorrectionDecision(
                    change=change,
                    choice=d.get("choice"),
                    steps=_decision_steps(d, where),
                    decided_by=users.get(d.get("by_user")),
                    decided_by_label=d.get("by", ""),
                    decided_at=_when(d.get("at"), where),
                ),
                where,
            )
        )
    CorrectionDecision.objects.bulk_create(decisions)


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


def _restore_status_changes(rows: list, entrants: dict, users: dict) -> None:
    """Withdrawals, disqualifications and their undoing, with reasons and times."""
    _need(rows, list, "status changes")
    made = []
    for n, c in enumerate(rows, start=1):
        where = _("status change %(n)s") % {"n": n}
        _need(c, dict, where)
        change = _valid(
            EntrantStatusChange(
                entrant=_entrant(entrants, c.get("entrant"), where),
                before=c.get("before"),
                after=c.get("after"),
                reason=c.get("reason", ""),
                by=users.get(c.get("by_user")),
                by_label=c.get("by_label", ""),
            ),
            where,
        )
        change.save()
        made.append((change, c.get("at"), where))
    _stamp(made, "at")


def _restore_round_changes(rows: list, divisions: dict, users: dict) -> None:
    """Rounds seated again or taken back, with reasons, who and when."""
    _need(rows, list, "round changes")
    made = []
    for n, c in enumerate(rows, start=1):
        where = _("round change %(n)s") % {"n": n}
        _need(c, dict, where)
        if c.get("division") not in divisions:
            raise BackupRefused(where, _("its division is not in the backup."))
        for key in ("before", "after"):
            _need(c.get(key, {}), dict, where, _("its %(key)s") % {"key": field_words(key)})
        _need(c.get("notes", []), list, where, _("its notes"))
        for note in c.get("notes", []):
            _need(note, str, where, _("each of its notes"))
        change = _valid(
            RoundChange(
                division=divisions[c["division"]],
                round_number=c.get("round"),
                action=c.get("action"),
                reason=c.get("reason", ""),
                before=c.get("before", {}),
                after=c.get("after", {}),
                notes=c.get("notes", []),
                by=users.get(c.get("by_user")),
                by_label=c.get("by_label", ""),
            ),
            where,
        )
        change.save()
        made.append((change, c.get("at"), where))
    _stamp(made, "at")


def _restore_retired_codes(event: Event, rows: list) -> None:
    """The codes of tables gone with a round seated again (no table): a code this database
    already has (the event restored beside its original) is left out, as it answers there."""
    _need(rows, list, field_words("retired_codes"))
    made = []
    for n, c in enumerate(rows, start=1):
        where = _("retired table code %(n)s") % {"n": n}
        _need(c, dict, where)
        _need(c.get("code"), str, where, _("the code"))
        if TableCode.objects.filter(code=c["code"]).exists():
            continue
        made.append(
            _valid(
                TableCode(
                    table=None,
                    event=event,
                    code=c["code"],
                    issued_at=_when(c.get("issued_at"), where) or timezone.now(),
                    retired_at=_when(c.get("retired_at"), where) or timezone.now(),
                ),
                where,
            )
        )
    _unique([c.code for c in made], "retired_codes", _("the table code"))
    TableCode.objects.bulk_create(made)


def _restore_announcements(event: Event, rows: list, users: dict) -> None:
    """The organizer's messages to the hall, with who wrote them and when."""
    _need(rows, list, field_words("announcements"))
    made = []
    for n, a in enumerate(rows, start=1):
        where = _("announcement %(n)s") % {"n": n}
        _need(a, dict, where)
        _need(a.get("text"), str, where, _("its text"))
        announcement = _valid(
            Announcement(
                event=event,
                text=a["text"],
                by=users.get(a.get("by_user")),
                by_label=a.get("by_label", ""),
            ),
            where,
        )
        announcement.save()
        made.append((announcement, a.get("at"), where))
    _stamp(made, "at")


def _named_people(data: dict) -> set[str]:
    """Every user name the backup names: organizers, scorekeepers, who entered, confirmed,
    gave a penalty, decided a tie or made a change in the audit trail."""
    for key in ("organizers", "scorekeepers"):
        _need(data.get(key, []), list, field_words(key))
    names = set(data.get("organizers", [])) | set(data.get("scorekeepers", []))
    for r in data["rounds"]:
        for t in r["tables"]:
            for g in t["games"]:
                names |= {g.get("entered_by"), g.get("confirmed_by")}
                names |= {e.get("entered_by") for e in g.get("rack_entries", {}).values()}
            for c in t.get("codes", []):
                names |= {c.get("issued_by"), c.get("revoked_by")}
        names |= {p.get("given_by") for p in r["penalties"]}
    names |= {d.get("decided_by") for d in data["decisions"]}
    names |= {c.get("actor_user") for c in data["audit"]}
    names |= {(c.get("decision") or {}).get("by_user") for c in data["audit"]}
    names |= {c.get("by_user") for c in data.get("status_changes", []) if isinstance(c, dict)}
    names |= {a.get("by_user") for a in data.get("announcements", []) if isinstance(a, dict)}
    names |= {c.get("by_user") for c in data.get("round_changes", []) if isinstance(c, dict)}
    return {name for name in names if name}


def _users(data: dict) -> dict:
    """The accounts the backup names, made (without a password) where missing."""
    User = get_user_model()
    try:
        names = _named_people(data)
    except (AttributeError, TypeError):
        raise BackupRefused(_("the people named"), _("a list of names is damaged.")) from None
    for name in names:
        _need(name, str, _("the people named"), _("a user name"))
    users = {u.get_username(): u for u in User.objects.filter(username__in=names)}
    for name in sorted(names - set(users)):
        where = _("user name '%(name)s'") % {"name": name[:40]}
        field = User._meta.get_field(User.USERNAME_FIELD)
        try:
            field.clean(name, None)
        except ValidationError as error:
            raise BackupRefused(where, " ".join(error.messages)) from None
        users[name] = User.objects.create_user(username=name, password=None)
    return users


def _check_text(data: dict) -> None:
    """No text anywhere in the file (a value or a key) holds a control character."""
    waiting = [(data, ())]
    while waiting:
        value, path = waiting.pop()
        items = (
            value.items()
            if isinstance(value, dict)
            else enumerate(value)
            if isinstance(value, list)
            else ()
        )
        for key, item in items:
            here = (*path, key + 1 if isinstance(key, int) else key)
            for text in (key, item):
                if isinstance(text, str) and CONTROL.search(text):
                    raise BackupRefused(
                        ", ".join(field_words(part)[:40] for part in here),
                        _("the text holds a control character (such as NUL)."),
                    )
            if isinstance(item, dict | list):
                waiting.append((item, here))


def _check_round_numbers(rounds: list) -> None:
    """Each division's rounds are numbered 1, 2, 3… each once, as the site numbers them."""
    numbers: dict[str, list[int]] = {}
    for n, r in enumerate(rounds, start=1):
        number = r.get("number")
        if not isinstance(number, int) or isinstance(number, bool):
            raise BackupRefused(
                _("round %(n)s") % {"n": n}, _("number: it should be a whole number.")
            )
        numbers.setdefault(str(r.get("division"))[:40], []).append(number)
    for division, given in numbers.items():
        if sorted(given) != list(range(1, len(given) + 1)):
            raise BackupRefused(
                _("division %(name)s") % {"name": division},
                _("its rounds are numbered %(given)s; they should be 1 to %(n)s, each once.")
                % {"given": ", ".join(str(g)[:20] for g in sorted(given)[:10]), "n": len(given)},
            )


def _check_people(data: dict) -> None:
    """The organizers and scorekeepers are user names this site could give an account."""
    field = get_user_model()._meta.get_field(get_user_model().USERNAME_FIELD)
    for key, what in (("organizers", _("organizers")), ("scorekeepers", _("scorekeepers"))):
        _need(data.get(key, []), list, field_words(key))
        for n, name in enumerate(data.get(key, []), start=1):
            where = _("%(who)s, user name %(n)s") % {"who": what, "n": n}
            _need(name, str, where, _("a user name"))
            if not name.strip():
                raise BackupRefused(where, _("the user name is empty."))
            try:
                field.clean(name, None)
            except ValidationError as error:
                raise BackupRefused(where, " ".join(error.messages)) from None


def _check_shape(data: dict) -> None:
    """The document's outline: the lists every part of the restore walks."""
    for key in ("event", "divisions", "entrants", "rounds", "decisions", "audit"):
        if key not in data:
            raise BackupRefused(field_words(key), _("this part of the backup is missing."))
    _need(data["event"], dict, field_words("event"))
    for key in ("divisions", "entrants", "rounds", "decisions", "audit"):
        _need(data[key], list, field_words(key))
    for n, r in enumerate(data["rounds"], start=1):
        _need(r, dict, _("round %(n)s") % {"n": n})
        for key in ("tables", "penalties"):
            _need(
                r.get(key),
                list,
                _("round %(n)s") % {"n": n},
                _("its %(key)s") % {"key": field_words(key)},
            )
            for item in r[key]:
                _need(
                    item,
                    dict,
                    _("round %(n)s") % {"n": n},
                    _("each of its %(key)s") % {"key": field_words(key)},
                )
        for t in r["tables"]:
            _need(t.get("games"), list, _("round %(n)s") % {"n": n}, _("a table's games"))
            _need(t.get("codes", []), list, _("round %(n)s") % {"n": n}, _("a table's codes"))
            for c in t.get("codes", []):
                _need(c, dict, _("round %(n)s") % {"n": n}, _("a table code"))
            for g in t["games"]:
                _need(g, dict, _("round %(n)s") % {"n": n}, _("a game"))
                _need(
                    g.get("rack_entries", {}),
                    dict,
                    _("round %(n)s") % {"n": n},
                    _("a game's rack entries"),
                )
                for e in g.get("rack_entries", {}).values():
                    _need(e, dict, _("round %(n)s") % {"n": n}, _("a rack entry"))
    for n, d in enumerate(data["decisions"], start=1):
        _need(d, dict, _("tie-break decision %(n)s") % {"n": n})
    for n, c in enumerate(data["audit"], start=1):
        _need(c, dict, _("audit trail entry %(n)s") % {"n": n})
        if c.get("decision") is not None:
            _need(c["decision"], dict, _("audit trail entry %(n)s") % {"n": n}, _("its decision"))


def _minutes(value, where: str) -> None:
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


def _restore_event(data: dict, slug: str | None) -> Event:
    """The event itself, from the backup's settings only (never an id from the file)."""
    given = data["event"]
    where = field_words("event")
    values = {f: given[f] for f in EVENT_FIELDS if f in given and f != "created_at"}
    if slug is not None:
        values["slug"] = slug
    for key in ("date", "cutoff_date"):
        values[key] = _when(values.get(key), f"{where}, {field_words(key)}", datetime.date)
    values["archived_at"] = _when(values.get("archived_at"), "event, archived at")
    if not values.get("slug"):
        raise BackupRefused(_("event"), _("short name: the event has no short name."))
    if not isinstance(values["slug"], str):
        raise BackupRefused(_("event"), _("short name: it should be text."))
    _minutes(values.get("minutes_per_game"), _("event, minutes per game"))
    event = _valid(Event(**values), where)
    event.slug = values["slug"]
    try:
        engine.parse_bands(event.age_bands)
        engine.parse_tie_order(event.tie_order)
    except RuleError as error:
        raise BackupRefused(where, str(error)) from None
    if Event.objects.filter(slug=event.slug).exists():
        raise SlugTaken(event.slug)
    event.save()
    _stamp([(event, given.get("created_at"), field_words("event"))], "created_at")
    return event


def event_restore(data: dict, *, slug: str | None = None, organizer=None) -> Event:
    """Recreate an event from ``event_backup``'s document, all of it or nothing.

    Every object is checked completely (its fields' types, lengths and ranges, the short
    name, dates, rack totals, references between the parts, duplicates) before it is
    written, inside one transaction: the first problem refuses the whole file, naming the
    item and the reason (``BackupRefused``), and nothing stays written.

    ``organizer`` (who restores it from the desk) organizes the copy too."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleError(_("This file is not an event backup made by backup_event."))
    if data.get("version") not in READABLE_VERSIONS:
        raise RuleError(
            _("Backup version %(version)s is not supported (expected %(expected)s).")
            % {"version": str(data.get("version"))[:20], "expected": VERSION}
        )
    unknown = sorted(str(key)[:40] for key in set(data) - TOP_KEYS)
    if unknown:
        raise BackupRefused(
            ", ".join(unknown[:3]), _("this is not a part of a backup this site can read.")
        )
    _check_shape(data)
    _check_text(data)
    _check_people(data)
    _check_round_numbers(data["rounds"])
    try:
        with transaction.atomic():
            event = _restore_event(data, slug)
            users = _users(data)
            event.organizers.set([users[n] for n in data.get("organizers", []) if n in users])
            if organizer is not None:
                event.organizers.add(organizer)
            event.scorekeepers.set([users[n] for n in data.get("scorekeepers", []) if n in users])
            divisions = _restore_divisions(event, data["divisions"])
            entrants = _restore_entrants(event, data["entrants"], divisions)
            for d in data["divisions"]:
                _check_results(
                    d.get("results"),
                    _("division %(name)s") % {"name": d["name"][:40]},
                    {key: e.division.name for key, e in entrants.items()},
                    sum(1 for r in data["rounds"] if r.get("division") == d["name"]),
                )
            for r in data["rounds"]:
                _restore_round(r, divisions, entrants, users)
            _hall_numbers(event)
            for n, d in enumerate(data["decisions"], start=1):
                where = _("tie-break decision %(n)s") % {"n": n}
                if d.get("division") not in divisions:
                    raise BackupRefused(where, _("its division is not in the backup."))
                _need(d.get("order"), list, where, _("its order"))
                for i in d["order"]:
                    _entrant(entrants, i, where)
                decision = _valid(
                    TieBreakDecision(
                        division=divisions[d["division"]],
                        round_number=d.get("round"),
                        order=d.get("order"),
                        note=d.get("note", ""),
                        decided_by=users.get(d.get("decided_by")),
                    ),
                    where,
                )
                decision.save()
                _stamp([(decision, d.get("decided_at"), where)], "decided_at")
            _restore_audit(data["audit"], divisions, entrants, users)
            _restore_status_changes(data.get("status_changes", []), entrants, users)
            _restore_announcements(event, data.get("announcements", []), users)
            _restore_retired_codes(event, data.get("retired_codes", []))
            _restore_round_changes(data.get("round_changes", []), divisions, users)
            return event
    except RuleError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as error:
        raise RuleError(
            _("The backup is damaged or incomplete (%(why)s); nothing was restored.")
            % {"why": str(error)[:80]}
        ) from None
    except DatabaseError as error:
        raise RuleError(
            _(
                "The backup holds a value this site's database refuses (%(why)s); "
                "nothing was restored."
            )
            % {"why": str(error)[:80]}
        ) from None


class _Rehearsal(Exception):
    """Raised to roll back a restore made only to check the file."""


def check_backup(data: dict, *, slug: str | None = None) -> None:
    """Refuse ``data`` as ``event_restore`` would (``BackupRefused``, ``SlugTaken``, …)
    without keeping anything: the restore is made and rolled back, so the question "restore
    it?" is only asked about a file that will restore."""
    try:
        with transaction.atomic():
            event_restore(data, slug=slug)
            raise _Rehearsal
    except _Rehearsal:
        pass
