"""The bracket restored from a backup: divisions (with their recorded placings), entrants,
and each round's tables, seats, games, racks, table codes, byes and penalties."""

import datetime

from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import engine
from tournaments.engine import MAX_RACK_TOTAL
from tournaments.models import (
    Bye,
    Division,
    DivisionResults,
    Entrant,
    Event,
    Round,
    Seat,
    Table,
    TableCode,
)
from tournaments.selectors import notes_language_code
from tournaments.services.table_codes import table_code_new
from tournaments.text import visible_text

from ..models import Game, Penalty, RackScore
from . import player_pages
from .format import DIVISION_GENDERS, ENTRANT_FIELDS, ENTRANT_GENDERS
from .values import (
    BackupRefused,
    check_gender,
    check_minutes,
    date_or_time,
    entrant_of,
    need,
    stamp,
    unique,
    valid,
)
from .words import field_words


def restore_divisions(event: Event, rows: list) -> dict[str, Division]:
    need(rows, list, field_words("divisions"))
    for n, d in enumerate(rows, start=1):
        need(d, dict, _("division %(n)s") % {"n": n})
        need(d.get("name"), str, _("division %(n)s") % {"n": n}, _("its name"))
    unique([d["name"] for d in rows], "divisions", _("the division"))
    divisions = {}
    for d in rows:
        where = _("division %(name)s") % {"name": d["name"][:40]}
        if not isinstance(d.get("medals_by_age_group", False), bool):
            raise BackupRefused(where, _("medals by age group should be true or false."))
        check_gender(d.get("gender", ""), DIVISION_GENDERS, where)
        divisions[d["name"]] = valid(
            Division(
                event=event,
                name=d["name"],
                min_age=d.get("min_age"),
                max_age=d.get("max_age"),
                gender=d.get("gender", ""),
                status=d.get("status"),
                walkover=d.get("walkover", False),
                medals_by_age_group=d.get("medals_by_age_group", False),
                medals_confirmed_at=date_or_time(d.get("medals_confirmed_at"), where),
                **player_pages.division_values(d, where),
            ),
            where,
        )
        _check_ages(divisions[d["name"]], where)
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


def _check_ages(division: Division, where: str) -> None:
    """A division's age range goes from its minimum to its maximum: one whose minimum is
    above its maximum holds nobody, and a restore refuses it."""
    least, most = division.min_age, division.max_age
    if least is not None and most is not None and least > most:
        raise BackupRefused(
            where,
            _("its minimum age (%(least)s) is above its maximum age (%(most)s).")
            % {"least": least, "most": most},
        )


# An entrant's cells kept as they are seen, as an import keeps them (``visible_text``): what
# shows nothing (a zero-width space, a bidi override) is never stored, whatever the file.
SEEN_FIELDS = (
    "first_name",
    "last_name",
    "club",
    "family",
    "state",
    "email",
    "phone",
    "emergency_contact",
    "address",
)


def _as_seen(values: dict, where: str) -> dict:
    """The entrant's cells cleaned as an import cleans them; an id that holds what shows
    nothing (which the product never stores, and which the rest of the file refers to as it
    is) refuses the file."""
    for field in SEEN_FIELDS:
        if isinstance(values.get(field), str):
            values[field] = visible_text(values[field])
    external_id = values.get("external_id")
    if isinstance(external_id, str) and visible_text(external_id) != external_id:
        raise BackupRefused(
            where,
            _("its id holds spaces at either end or characters that show nothing."),
        )
    return values


def restore_entrants(event: Event, rows: list, divisions: dict) -> dict[str, Entrant]:
    need(rows, list, field_words("entrants"))
    entrants = {}
    for n, e in enumerate(rows, start=1):
        need(e, dict, _("entrant %(n)s") % {"n": n})
        need(e.get("external_id"), str, _("entrant %(n)s") % {"n": n}, _("its id"))
        where = _("entrant %(id)s") % {"id": e["external_id"][:40]}
        if e["external_id"] in entrants:
            raise BackupRefused(where, _("this entrant's id appears twice."))
        if e.get("division") not in divisions:
            raise BackupRefused(where, _("their division is not in the backup."))
        values = _as_seen(
            {f: e.get(f) for f in ENTRANT_FIELDS if f != "created_at" and f in e}, where
        )
        values.update(player_pages.entrant_values(e, where))
        check_gender(values.get("gender", ""), ENTRANT_GENDERS, where)
        if "birth_date" in values:
            values["birth_date"] = date_or_time(
                values["birth_date"], _("%(where)s, birth date") % {"where": where}, datetime.date
            )
        if "erased_at" in values:
            values["erased_at"] = date_or_time(
                values["erased_at"], f"{where}, {field_words('erased_at')}"
            )
        entrants[e["external_id"]] = valid(
            Entrant(event=event, division=divisions[e["division"]], **values), where
        )
    player_pages.codes_free(entrants.values())
    Entrant.objects.bulk_create(entrants.values(), batch_size=500)
    stamp(
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


def restore_round(r: dict, divisions: dict, entrants: dict, users: dict) -> None:
    need(r, dict, _("a round"))
    if r.get("division") not in divisions:
        raise BackupRefused(_("a round"), _("its division is not in the backup."))
    where = _("division %(name)s, round %(n)s") % {"name": r["division"][:40], "n": r.get("number")}
    round_ = valid(
        Round(
            division=divisions[r["division"]],
            number=r.get("number"),
            kind=r.get("kind"),
            games=r.get("games"),
            status=r.get("status"),
            seed=r.get("seed"),
            seating_notes=_seating_notes(r, divisions[r["division"]].event, entrants, where),
            closed_at=date_or_time(r.get("closed_at"), where),
            clock_started_at=date_or_time(
                r.get("clock_started_at"), _("%(where)s, clock started at") % {"where": where}
            ),
            clock_paused_at=date_or_time(
                r.get("clock_paused_at"), _("%(where)s, clock paused at") % {"where": where}
            ),
            clock_paused_seconds=r.get("clock_paused_seconds", 0),
            clock_minutes_per_game=r.get("clock_minutes_per_game"),
        ),
        where,
    )
    check_minutes(
        r.get("clock_minutes_per_game"),
        _("%(where)s, clock minutes per game") % {"where": where},
    )
    round_.save()
    stamp([(round_, r.get("created_at"), where)], "created_at")
    for key in ("tables", "byes", "penalties"):
        need(r.get(key), list, where, _("its %(key)s") % {"key": field_words(key)})
    unique([t.get("number") for t in r["tables"]], where, _("table"))
    for t in r["tables"]:
        _restore_table(round_, t, entrants, users, where)
    unique(r["byes"], where, _("the bye of"))
    Bye.objects.bulk_create(
        [Bye(round=round_, entrant=entrant_of(entrants, i, where)) for i in r["byes"]]
    )
    for p in r["penalties"]:
        need(p, dict, where, _("a penalty"))
        at = _("%(where)s, a penalty") % {"where": where}
        penalty = valid(
            Penalty(
                round=round_,
                entrant=entrant_of(entrants, p.get("entrant"), at),
                points=p.get("points"),
                reason=p.get("reason", ""),
                given_by=users.get(p.get("given_by")),
            ),
            at,
        )
        penalty.save()
        stamp([(penalty, p.get("given_at"), at)], "given_at")


def _seating_notes(r: dict, event: Event, entrants: dict, where: str) -> list[dict]:
    """A round's seating notes from the backup: its ``seating_notes``, or (a backup made
    before they were stored as what they are) its ``warnings``' words, read once in
    English, French or Spanish (the event's language when the words do not tell)."""
    records = r.get("seating_notes")
    if records is not None:
        need(records, list, where, _("its seating notes"))
        for record in records:
            if not engine.is_seating_note_record(record):
                raise BackupRefused(
                    where,
                    _("a seating note is not one this site can read (kind, table, words)."),
                )
        return records
    warnings = r.get("warnings", [])
    need(warnings, list, where, _("its warnings"))
    for w in warnings:
        need(w, str, where, _("a warning"))
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


def _restore_table(round_: Round, t: dict, entrants: dict, users: dict, where: str) -> None:
    need(t, dict, where)
    where = _("%(where)s, table %(n)s") % {"where": where, "n": t.get("number")}
    table = valid(
        Table(round=round_, number=t.get("number"), extra_minutes=t.get("extra_minutes", 0)),
        where,
    )
    table.save()
    need(t.get("seats"), list, where, _("its seats"))
    need(t.get("games"), list, where, _("its games"))
    unique(t["seats"], where, _("the seated player"))
    Seat.objects.bulk_create(
        [
            Seat(round=round_, table=table, entrant=entrant_of(entrants, i, where), number=n)
            for n, i in enumerate(t["seats"], start=1)
        ]
    )
    _restore_codes(table, t.get("codes", []), users, where)
    for g in t["games"]:
        need(g, dict, where)
        at = _("%(where)s, game %(n)s") % {"where": where, "n": g.get("number")}
        winner = g.get("winner")
        by_player, checked_by = g.get("entered_by_player"), g.get("confirmed_by_player")
        game = valid(
            Game(
                table=table,
                number=g.get("number"),
                ended=g.get("ended"),
                winner=entrant_of(entrants, winner, at) if winner else None,
                entered_by_player=entrant_of(entrants, by_player, at) if by_player else None,
                confirmed_by_player=entrant_of(entrants, checked_by, at) if checked_by else None,
                version=g.get("version", 1),
                entered_by=users.get(g.get("entered_by")),
                confirmed_by=users.get(g.get("confirmed_by")),
                confirmed_at=date_or_time(g.get("confirmed_at"), at),
            ),
            at,
        )
        game.save()
        stamp([(game, g.get("entered_at"), at)], "entered_at")
        entries = g.get("rack_entries", {})
        need(entries, dict, at, _("its rack entries"))
        need(g.get("racks"), dict, at, _("its racks"))
        racks = []
        for i, v in g["racks"].items():
            entry = entries.get(i, {})
            need(entry, dict, _("%(where)s, rack of %(id)s") % {"where": at, "id": i[:40]})
            if not isinstance(v, int) or isinstance(v, bool) or not 0 <= v <= MAX_RACK_TOTAL:
                raise BackupRefused(
                    _("%(where)s, rack of %(id)s") % {"where": at, "id": i[:40]},
                    _("'%(value)s' is not a rack total from 0 to %(most)s.")
                    % {"value": str(v)[:20], "most": MAX_RACK_TOTAL},
                )
            racks.append(
                valid(
                    RackScore(
                        game=game,
                        entrant=entrant_of(entrants, i, at),
                        rack_total=v,
                        entered_by=users.get(entry.get("entered_by")),
                        version=entry.get("version", 1),
                    ),
                    _("%(where)s, rack of %(id)s") % {"where": at, "id": i[:40]},
                    checks=False,
                )
            )
        RackScore.objects.bulk_create(racks)
        stamp(
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
    """The table's codes, the revoked ones too. A code this database already
    gives to another table (the event restored beside its original) is replaced by a new
    one: one code never opens two tables."""
    need(rows, list, where, _("its table codes"))
    made = []
    for n, c in enumerate(rows, start=1):
        at = _("%(where)s, table code %(n)s") % {"where": where, "n": n}
        need(c, dict, at)
        need(c.get("code"), str, at, _("the code"))
        code = c["code"]
        if TableCode.objects.filter(code=code).exists():
            code = table_code_new()
            while TableCode.objects.filter(code=code).exists():  # pragma: no cover
                code = table_code_new()
        made.append(
            valid(
                TableCode(
                    table=table,
                    event_id=table.round.division.event_id,
                    code=code,
                    issued_at=date_or_time(c.get("issued_at"), at) or timezone.now(),
                    issued_by=users.get(c.get("issued_by")),
                    issued_by_label=c.get("issued_by_label", ""),
                    revoked_at=date_or_time(c.get("revoked_at"), at),
                    revoked_by=users.get(c.get("revoked_by")),
                    revoked_by_label=c.get("revoked_by_label", ""),
                    revoked_reason=c.get("revoked_reason", ""),
                ),
                at,
            )
        )
    if sum(1 for c in made if c.revoked_at is None) > 1:
        raise BackupRefused(where, _("it has more than one table code in force."))
    unique([c.code for c in made], where, _("the table code"))
    TableCode.objects.bulk_create(made)
