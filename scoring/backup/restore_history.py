"""What happened during the event, restored from a backup: the audit trail of scores (with
the decisions about flagged corrections), withdrawals and their undoing, rounds seated
again or taken back, announcements to the hall and the codes of tables gone.

Older backups said some of these in English words before they were stored as what they
are (a consequence, a decision's steps, a player at the table, an undo): such words are
read once here, as the site reads them."""

import datetime

from django.core.exceptions import ValidationError
from django.utils import timezone
from django.utils.translation import gettext as _

from tournaments import engine
from tournaments.models import (
    TABLE_CODE_VALIDATOR,
    Announcement,
    Division,
    EntrantRemoval,
    EntrantStatusChange,
    Erasure,
    Event,
    RoundChange,
    Seat,
    TableCode,
)
from tournaments.text import AT_TABLE

from ..decision_notes import are_steps, undo_reason
from ..models import CorrectionDecision, ScoreChange
from .values import BackupRefused, date_or_time, entrant_of, need, stamp, unique, valid
from .words import field_words


def restore_audit(rows: list, divisions: dict, entrants: dict, users: dict) -> None:
    need(rows, list, field_words("audit"))
    made = []
    keys: dict[tuple, int] = {}
    for n, c in enumerate(rows, start=1):
        where = _("audit trail entry %(n)s") % {"n": n}
        need(c, dict, where)
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
            valid(
                ScoreChange(
                    division=divisions[c["division"]],
                    round_number=c.get("round"),
                    table_number=c.get("table"),
                    game_number=c.get("game"),
                    entrant=entrant_of(entrants, c["entrant"], where) if c.get("entrant") else None,
                    action=c.get("action"),
                    before=c.get("before"),
                    after=c.get("after"),
                    **_undo_and_reason(c, where),
                    actor=users.get(c.get("actor_user")),
                    actor_label=c.get("actor", ""),
                    **_at_table(c, divisions[c["division"]], entrants, where),
                    address=c.get("address"),
                    at=date_or_time(c.get("at"), where),
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
        need(d, dict, where)
        decisions.append(
            valid(
                CorrectionDecision(
                    change=change,
                    choice=d.get("choice"),
                    steps=_decision_steps(d, where),
                    decided_by=users.get(d.get("by_user")),
                    decided_by_label=d.get("by", ""),
                    decided_at=date_or_time(d.get("at"), where),
                ),
                where,
            )
        )
    CorrectionDecision.objects.bulk_create(decisions)


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
        need(at_table, dict, where, _("its player at the table"))
        code = at_table.get("code")
        need(code, str, where, _("its table code"))
        try:
            TABLE_CODE_VALIDATOR(code)
        except ValidationError:
            raise BackupRefused(where, _("its table code is not a valid code.")) from None
        player = entrant_of(entrants, at_table.get("player"), where)
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


def _undo_and_reason(c: dict, where: str) -> dict:
    """An audit entry's reason, and whether it undoes a flagged change: an undo's reason in
    the backup is its English words ("Undo of the correction “…”"), from which the reason
    of the change undone is kept, as the site stores it. A backup made before
    ScoreChange.undo says nothing of it: its words are read the same way."""
    reason, undo = c.get("reason", ""), c.get("undo")
    need(reason, str, where, _("its reason"))
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
    need(flag, str, where, _("its flag"))
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
    need(note, str, where, _("its note"))
    return [{"text": note}] if note.strip() else []


def restore_status_changes(rows: list, entrants: dict, users: dict) -> None:
    """Withdrawals, disqualifications and their undoing, with reasons and times."""
    need(rows, list, "status changes")
    made = []
    for n, c in enumerate(rows, start=1):
        where = _("status change %(n)s") % {"n": n}
        need(c, dict, where)
        change = valid(
            EntrantStatusChange(
                entrant=entrant_of(entrants, c.get("entrant"), where),
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
    stamp(made, "at")


def restore_round_changes(rows: list, divisions: dict, users: dict) -> None:
    """Rounds seated again or taken back, with reasons, who and when."""
    need(rows, list, "round changes")
    made = []
    for n, c in enumerate(rows, start=1):
        where = _("round change %(n)s") % {"n": n}
        need(c, dict, where)
        if c.get("division") not in divisions:
            raise BackupRefused(where, _("its division is not in the backup."))
        for key in ("before", "after"):
            need(c.get(key, {}), dict, where, _("its %(key)s") % {"key": field_words(key)})
        need(c.get("notes", []), list, where, _("its notes"))
        for note in c.get("notes", []):
            need(note, str, where, _("each of its notes"))
        change = valid(
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
    stamp(made, "at")


def restore_announcements(event: Event, rows: list, users: dict) -> None:
    """The organizer's messages to the hall, with who wrote them and when."""
    need(rows, list, field_words("announcements"))
    made = []
    for n, a in enumerate(rows, start=1):
        where = _("announcement %(n)s") % {"n": n}
        need(a, dict, where)
        need(a.get("text"), str, where, _("its text"))
        announcement = valid(
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
    stamp(made, "at")


def restore_retired_codes(event: Event, rows: list) -> None:
    """The codes of tables gone with a round seated again (no table): a code this database
    already has (the event restored beside its original) is left out, as it answers there."""
    need(rows, list, field_words("retired_codes"))
    made = []
    for n, c in enumerate(rows, start=1):
        where = _("retired table code %(n)s") % {"n": n}
        need(c, dict, where)
        need(c.get("code"), str, where, _("the code"))
        if TableCode.objects.filter(code=c["code"]).exists():
            continue
        made.append(
            valid(
                TableCode(
                    table=None,
                    event=event,
                    code=c["code"],
                    issued_at=date_or_time(c.get("issued_at"), where) or timezone.now(),
                    retired_at=date_or_time(c.get("retired_at"), where) or timezone.now(),
                ),
                where,
            )
        )
    unique([c.code for c in made], "retired_codes", _("the table code"))
    TableCode.objects.bulk_create(made)


def restore_erasures(event: Event, rows: list, users: dict) -> None:
    """Who erased whose personal data, and when (the register of erasures)."""
    need(rows, list, field_words("erasures"))
    made = []
    for n, e in enumerate(rows, start=1):
        where = _("erasure %(n)s") % {"n": n}
        need(e, dict, where)
        need(e.get("external_id"), str, where, _("its id"))
        erasure = valid(
            Erasure(
                event=event,
                event_created_at=event.created_at,
                event_slug=event.slug,
                external_id=e["external_id"],
                reason=e.get("reason", ""),
                by=users.get(e.get("by_user")),
                by_label=e.get("by_label", ""),
            ),
            where,
        )
        erasure.save()
        made.append((erasure, e.get("at"), where))
    stamp(made, "at")


def restore_removals(event: Event, rows: list, users: dict) -> None:
    """The entrants removed before play: who, why, by whom and when (an older backup has
    none)."""
    need(rows, list, field_words("removals"))
    made = []
    for n, r in enumerate(rows, start=1):
        where = _("removal %(n)s") % {"n": n}
        need(r, dict, where)
        need(r.get("external_id"), str, where, _("its id"))
        removal = valid(
            EntrantRemoval(
                event=event,
                external_id=r["external_id"],
                name=r.get("name", ""),
                division=r.get("division", ""),
                reason=r.get("reason", ""),
                by=users.get(r.get("by_user")),
                by_label=r.get("by_label", ""),
                first_name=r.get("first_name") or "",
                last_name=r.get("last_name") or "",
                birth_date=date_or_time(
                    r.get("birth_date"),
                    _("%(where)s, birth date") % {"where": where},
                    datetime.date,
                ),
            ),
            where,
        )
        removal.save()
        made.append((removal, r.get("at"), where))
    stamp(made, "at")
