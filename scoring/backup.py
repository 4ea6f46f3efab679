"""A whole event as one JSON document, and back: registration, bracket, scores, audit trail.

Backup → restore → backup gives the same document, every timestamp and every person
included: times the database would stamp anew on creation (``auto_now_add``) are written
back after the rows are made, and people named in the event who have no account in the
restoring database get one without a password (nobody can sign in with it until an
organizer or administrator gives it one). Version 1 files, without the extra times and
people, still restore.
"""

import datetime

from django.contrib.auth import get_user_model
from django.db import transaction

from tournaments.engine import RuleError
from tournaments.models import (
    EVENT_SETTINGS,
    Bye,
    Division,
    Entrant,
    EntrantStatusChange,
    Event,
    Round,
    Seat,
    Table,
)
from tournaments.selectors import free_slug

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
    "email",
    "phone",
    "status",
    "created_at",
)


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
            "seats": [
                s.entrant.external_id
                for s in table.seats.select_related("entrant").order_by("number")
            ],
            "games": [
                _game_json(game)
                for game in table.games.select_related("winner", "entered_by", "confirmed_by")
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
        "warnings": round_.warnings,
        "created_at": _plain(round_.created_at),
        "closed_at": _plain(round_.closed_at),
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
        "reason": c.reason,
        "actor": c.actor_label,
        "actor_user": _user(c.actor),
        "at": _plain(c.at),
        "flag": c.flag,
        "decision": _decision_json(c),
    }


def _decision_json(c: ScoreChange) -> dict | None:
    """The organizer's decision about a flagged change (accepted, undone, settled)."""
    decision = getattr(c, "decision", None)
    if decision is None:
        return None
    return {
        "choice": decision.choice,
        "note": decision.note,
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
        .select_related("division", "entrant", "actor", "decision__decided_by")
        .order_by("at", "id")
    )
    return {
        "format": FORMAT,
        "version": VERSION,
        "event": {f: _plain(getattr(event, f)) for f in EVENT_FIELDS},
        "organizers": sorted(u.get_username() for u in event.organizers.all()),
        "scorekeepers": sorted(u.get_username() for u in event.scorekeepers.all()),
        "divisions": [_division_json(d) for d in event.divisions.select_related("combined_into")],
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
    }


def _date(text):
    return datetime.date.fromisoformat(text) if text else None


def _datetime(text):
    return datetime.datetime.fromisoformat(text) if text else None


def _restore_divisions(event: Event, rows: list) -> dict[str, Division]:
    divisions = {}
    for d in rows:
        divisions[d["name"]] = Division.objects.create(
            event=event,
            name=d["name"],
            min_age=d["min_age"],
            max_age=d["max_age"],
            gender=d["gender"],
            status=d["status"],
            walkover=d["walkover"],
            results=d.get("results"),
            medals_confirmed_at=_datetime(d.get("medals_confirmed_at")),
        )
    for d in rows:
        if d["combined_into"]:
            division = divisions[d["name"]]
            division.combined_into = divisions[d["combined_into"]]
            division.save(update_fields=["combined_into"])
    return divisions


def _stamp(rows_and_times: list, field: str) -> None:
    """Give rows made just now their recorded ``field`` (an auto_now_add time the database
    stamped on creation); bulk_update writes the value as it is."""
    stamped = []
    for row, text in rows_and_times:
        if text:
            setattr(row, field, _datetime(text))
            stamped.append(row)
    if stamped:
        type(stamped[0]).objects.bulk_update(stamped, [field], batch_size=500)


def _restore_entrants(event: Event, rows: list, divisions: dict) -> dict[str, Entrant]:
    entrants = {}
    for e in rows:
        values = {f: e[f] for f in ENTRANT_FIELDS if f != "created_at"}
        values["birth_date"] = _date(values["birth_date"])
        entrants[e["external_id"]] = Entrant(
            event=event, division=divisions[e["division"]], **values
        )
    Entrant.objects.bulk_create(entrants.values(), batch_size=500)
    _stamp([(entrants[e["external_id"]], e.get("created_at")) for e in rows], "created_at")
    return entrants


def _restore_table(round_: Round, t: dict, entrants: dict, users: dict) -> None:
    table = Table.objects.create(round=round_, number=t["number"])
    Seat.objects.bulk_create(
        [
            Seat(round=round_, table=table, entrant=entrants[i], number=n)
            for n, i in enumerate(t["seats"], start=1)
        ]
    )
    for g in t["games"]:
        game = Game.objects.create(
            table=table,
            number=g["number"],
            ended=g["ended"],
            winner=entrants[g["winner"]] if g["winner"] else None,
            version=g["version"],
            entered_by=users.get(g["entered_by"]),
            confirmed_by=users.get(g["confirmed_by"]),
            confirmed_at=_datetime(g["confirmed_at"]),
        )
        _stamp([(game, g.get("entered_at"))], "entered_at")
        entries = g.get("rack_entries", {})
        racks = RackScore.objects.bulk_create(
            [
                RackScore(
                    game=game,
                    entrant=entrants[i],
                    rack_total=v,
                    entered_by=users.get(entries.get(i, {}).get("entered_by")),
                    version=entries.get(i, {}).get("version", 1),
                )
                for i, v in g["racks"].items()
            ]
        )
        _stamp(
            [
                (rack, entries.get(i, {}).get("entered_at"))
                for rack, i in zip(racks, g["racks"], strict=True)
            ],
            "entered_at",
        )


def _restore_round(r: dict, divisions: dict, entrants: dict, users: dict) -> None:
    round_ = Round.objects.create(
        division=divisions[r["division"]],
        number=r["number"],
        kind=r["kind"],
        games=r["games"],
        status=r["status"],
        seed=r["seed"],
        warnings=r["warnings"],
        closed_at=_datetime(r["closed_at"]),
    )
    _stamp([(round_, r.get("created_at"))], "created_at")
    for t in r["tables"]:
        _restore_table(round_, t, entrants, users)
    Bye.objects.bulk_create([Bye(round=round_, entrant=entrants[i]) for i in r["byes"]])
    for p in r["penalties"]:
        penalty = Penalty.objects.create(
            round=round_,
            entrant=entrants[p["entrant"]],
            points=p["points"],
            reason=p["reason"],
            given_by=users.get(p["given_by"]),
        )
        _stamp([(penalty, p.get("given_at"))], "given_at")


def _restore_audit(rows: list, divisions: dict, entrants: dict, users: dict) -> None:
    changes = ScoreChange.objects.bulk_create(
        [
            ScoreChange(
                division=divisions[c["division"]],
                round_number=c["round"],
                table_number=c["table"],
                game_number=c["game"],
                entrant=entrants[c["entrant"]] if c["entrant"] else None,
                action=c["action"],
                before=c["before"],
                after=c["after"],
                reason=c["reason"],
                actor=users.get(c.get("actor_user")),
                actor_label=c["actor"],
                at=_datetime(c["at"]),
                flag=c["flag"],
            )
            for c in rows
        ],
        batch_size=500,
    )
    CorrectionDecision.objects.bulk_create(
        [
            CorrectionDecision(
                change=change,
                choice=c["decision"]["choice"],
                note=c["decision"]["note"],
                decided_by=users.get(c["decision"].get("by_user")),
                decided_by_label=c["decision"]["by"],
                decided_at=_datetime(c["decision"]["at"]),
            )
            for change, c in zip(changes, rows, strict=True)
            if c.get("decision")
        ]
    )


class SlugTaken(RuleError):
    """The short name a restore would use is taken here; ``suggestion`` is a free one."""

    def __init__(self, slug: str):
        self.slug = slug
        self.suggestion = free_slug(slug)
        super().__init__(
            f"An event '{slug}' already exists here; restore under another name with --as "
            f"SLUG (for example --as {self.suggestion})."
        )


def _restore_status_changes(rows: list, entrants: dict, users: dict) -> None:
    """Withdrawals, disqualifications and their undoing, with reasons and times."""
    made = [
        (
            EntrantStatusChange.objects.create(
                entrant=entrants[c["entrant"]],
                before=c["before"],
                after=c["after"],
                reason=c["reason"],
                by=users.get(c.get("by_user")),
                by_label=c.get("by_label", ""),
            ),
            c.get("at"),
        )
        for c in rows
    ]
    _stamp(made, "at")


def _named_people(data: dict) -> set[str]:
    """Every user name the backup names: organizers, scorekeepers, who entered, confirmed,
    gave a penalty, decided a tie or made a change in the audit trail."""
    names = set(data.get("organizers", [])) | set(data.get("scorekeepers", []))
    for r in data["rounds"]:
        for t in r["tables"]:
            for g in t["games"]:
                names |= {g.get("entered_by"), g.get("confirmed_by")}
                names |= {e.get("entered_by") for e in g.get("rack_entries", {}).values()}
        names |= {p.get("given_by") for p in r["penalties"]}
    names |= {d.get("decided_by") for d in data["decisions"]}
    names |= {c.get("actor_user") for c in data["audit"]}
    names |= {(c.get("decision") or {}).get("by_user") for c in data["audit"]}
    names |= {c.get("by_user") for c in data.get("status_changes", [])}
    return {name for name in names if name}


def _users(data: dict) -> dict:
    """The accounts the backup names, made (without a password) where missing."""
    User = get_user_model()
    names = _named_people(data)
    users = {u.get_username(): u for u in User.objects.filter(username__in=names)}
    for name in sorted(names - set(users)):
        users[name] = User.objects.create_user(username=name, password=None)
    return users


def event_restore(data: dict, *, slug: str | None = None, organizer=None) -> Event:
    """Recreate an event from ``event_backup``'s document, all of it or nothing.

    ``organizer`` (who restores it from the desk) organizes the copy too."""
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise RuleError("This file is not an event backup made by backup_event.")
    if data.get("version") not in READABLE_VERSIONS:
        raise RuleError(
            f"Backup version {data.get('version')} is not supported (expected {VERSION})."
        )
    fields = dict(data["event"])
    created_at = fields.pop("created_at", None)
    fields["slug"] = slug or fields["slug"]
    fields["date"] = _date(fields["date"])
    fields["cutoff_date"] = _date(fields["cutoff_date"])
    fields["archived_at"] = _datetime(fields.get("archived_at"))
    try:
        with transaction.atomic():
            if Event.objects.filter(slug=fields["slug"]).exists():
                raise SlugTaken(fields["slug"])
            users = _users(data)
            event = Event.objects.create(**fields)
            _stamp([(event, created_at)], "created_at")
            event.organizers.set([users[n] for n in data.get("organizers", []) if n in users])
            if organizer is not None:
                event.organizers.add(organizer)
            event.scorekeepers.set([users[n] for n in data.get("scorekeepers", []) if n in users])
            divisions = _restore_divisions(event, data["divisions"])
            entrants = _restore_entrants(event, data["entrants"], divisions)
            for r in data["rounds"]:
                _restore_round(r, divisions, entrants, users)
            for d in data["decisions"]:
                decision = TieBreakDecision.objects.create(
                    division=divisions[d["division"]],
                    round_number=d["round"],
                    order=d["order"],
                    note=d["note"],
                    decided_by=users.get(d.get("decided_by")),
                )
                _stamp([(decision, d.get("decided_at"))], "decided_at")
            _restore_audit(data["audit"], divisions, entrants, users)
            _restore_status_changes(data.get("status_changes", []), entrants, users)
            return event
    except (KeyError, TypeError, ValueError) as error:
        if isinstance(error, RuleError):
            raise
        raise RuleError(
            f"The backup is damaged or incomplete ({error!r}); nothing was restored."
        ) from None
