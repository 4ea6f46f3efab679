"""An event restored from a backup, all of it or nothing, in one transaction
(``event_restore``), or only tried and rolled back (``check_backup``): the file is checked
as a whole first (``checks``), then each part is checked as it is written, in the order
the parts refer to one another."""

import datetime

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils.translation import gettext as _

from tournaments import engine, services
from tournaments.engine import RuleError
from tournaments.models import Event, Round

from .. import services as scoring_services
from ..models import TieBreakDecision
from . import player_pages
from .checks import check_file, check_results
from .format import EVENT_FIELDS
from .restore_bracket import restore_divisions, restore_entrants, restore_round
from .restore_history import (
    restore_announcements,
    restore_audit,
    restore_erasures,
    restore_removals,
    restore_retired_codes,
    restore_round_changes,
    restore_status_changes,
)
from .values import (
    BackupRefused,
    SlugTaken,
    check_minutes,
    date_or_time,
    entrant_of,
    need,
    stamp,
    valid,
)
from .words import field_words


def event_restore(data: dict, *, slug: str | None = None, organizer=None) -> Event:
    """Recreate an event from ``event_backup``'s document, all of it or nothing.

    Every object is checked completely (its fields' types, lengths and ranges, the short
    name, dates, rack totals, references between the parts, duplicates) before it is
    written, inside one transaction: the first problem refuses the whole file, naming the
    item and the reason (``BackupRefused``), and nothing stays written.

    ``organizer`` (who restores it from the desk) organizes the copy too."""
    check_file(data)
    try:
        with transaction.atomic():
            event = _restore_event(data, slug)
            users = _users(data)
            event.organizers.set([users[n] for n in data.get("organizers", []) if n in users])
            if organizer is not None:
                event.organizers.add(organizer)
            event.scorekeepers.set([users[n] for n in data.get("scorekeepers", []) if n in users])
            divisions = restore_divisions(event, data["divisions"])
            entrants = restore_entrants(event, data["entrants"], divisions)
            for d in data["divisions"]:
                check_results(
                    d.get("results"),
                    _("division %(name)s") % {"name": d["name"][:40]},
                    {key: e.division.name for key, e in entrants.items()},
                    sum(1 for r in data["rounds"] if r.get("division") == d["name"]),
                )
            for r in data["rounds"]:
                restore_round(r, divisions, entrants, users)
            _hall_numbers(event)
            _restore_tie_decisions(data["decisions"], divisions, entrants, users)
            restore_audit(data["audit"], divisions, entrants, users)
            restore_status_changes(data.get("status_changes", []), entrants, users)
            restore_announcements(event, data.get("announcements", []), users)
            restore_retired_codes(event, data.get("retired_codes", []))
            restore_round_changes(data.get("round_changes", []), divisions, users)
            restore_erasures(event, data.get("erasures", []), users)
            restore_removals(event, data.get("removals", []), users)
            # Whoever was erased from this event after the backup was made is erased again.
            scoring_services.erasures_apply(event=event)
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


def _restore_tie_decisions(rows: list, divisions: dict, entrants: dict, users: dict) -> None:
    """The organizer's orders of tied players (a playoff or a tile draw), with who and when."""
    for n, d in enumerate(rows, start=1):
        where = _("tie-break decision %(n)s") % {"n": n}
        if d.get("division") not in divisions:
            raise BackupRefused(where, _("its division is not in the backup."))
        need(d.get("order"), list, where, _("its order"))
        for i in d["order"]:
            entrant_of(entrants, i, where)
        decision = valid(
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
        stamp([(decision, d.get("decided_at"), where)], "decided_at")


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


def _restore_event(data: dict, slug: str | None) -> Event:
    """The event itself, from the backup's settings only (never an id from the file)."""
    given = data["event"]
    where = field_words("event")
    values = {f: given[f] for f in EVENT_FIELDS if f in given and f != "created_at"}
    if slug is not None:
        values["slug"] = slug
    for key in ("date", "cutoff_date"):
        values[key] = date_or_time(values.get(key), f"{where}, {field_words(key)}", datetime.date)
    values["archived_at"] = date_or_time(values.get("archived_at"), "event, archived at")
    for key in ("personal_purged_at", "ended_forgotten_at"):
        values[key] = date_or_time(values.get(key), f"{where}, {field_words(key)}")
    values.update(player_pages.event_values(given, where))
    if not values.get("slug"):
        raise BackupRefused(_("event"), _("short name: the event has no short name."))
    if not isinstance(values["slug"], str):
        raise BackupRefused(_("event"), _("short name: it should be text."))
    check_minutes(values.get("minutes_per_game"), _("event, minutes per game"))
    try:
        # The format's settings checked together, in the engine's words (a backup from
        # before formats were settings has none: the model's defaults, Gwinnett's).
        engine.format_from_settings({k: values[k] for k in engine.FORMAT_SETTINGS if k in values})
    except RuleError as error:
        raise BackupRefused(where, str(error)) from None
    event = valid(Event(**values), where)
    event.slug = values["slug"]
    try:
        engine.parse_bands(event.age_bands)
        engine.parse_tie_order(event.tie_order)
    except RuleError as error:
        raise BackupRefused(where, str(error)) from None
    if Event.objects.filter(slug=event.slug).exists():
        raise SlugTaken(event.slug)
    event.save()
    stamp([(event, given.get("created_at"), field_words("event"))], "created_at")
    return event


def _named_people(data: dict) -> set[str]:
    """Every user name the backup names: organizers, scorekeepers, who entered, confirmed,
    gave a penalty, decided a tie or made a change in the audit trail."""
    for key in ("organizers", "scorekeepers"):
        need(data.get(key, []), list, field_words(key))
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
    names |= {e.get("by_user") for e in data.get("erasures", []) if isinstance(e, dict)}
    names |= {r.get("by_user") for r in data.get("removals", []) if isinstance(r, dict)}
    return {name for name in names if name}


def _users(data: dict) -> dict:
    """The accounts the backup names, made (without a password) where missing."""
    User = get_user_model()
    try:
        names = _named_people(data)
    except (AttributeError, TypeError):
        raise BackupRefused(_("the people named"), _("a list of names is damaged.")) from None
    for name in names:
        need(name, str, _("the people named"), _("a user name"))
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
