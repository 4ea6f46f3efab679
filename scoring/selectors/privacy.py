"""Everything the product holds about one person of an event, as plain data (JSON): what
``export_person`` prints and the desk's export gives them (docs/privacy.md)."""

import datetime

from django.db.models import Q
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import (
    Bye,
    DivisionResults,
    Entrant,
    EntrantStatusChange,
    Erasure,
    Event,
    NoticeSubscription,
    Round,
    Seat,
)
from tournaments.selectors import public_name

from ..models import Penalty, RackScore, ScoreChange, TieBreakDecision

# What a person's record says of them: every field of the entrant a person could ask about.
PERSON_FIELDS = (
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
    "emergency_contact",
    "address",
    "public_opt_out",
    "status",
    "created_at",
    "erased_at",
)


def _plain(value):
    if isinstance(value, datetime.date | datetime.datetime):
        return value.isoformat()
    return value


def _entrant(event: Event, external_id: str) -> Entrant:
    entrant = (
        Entrant.objects.filter(event=event, external_id=(external_id or "").strip())
        .select_related("division", "division__combined_into")
        .first()
    )
    if entrant is None:
        raise RuleError(
            gettext("There is no entrant with id '%(id)s' in %(event)s.")
            % {"id": external_id, "event": event.name}
        )
    return entrant


def _play(entrant: Entrant) -> dict:
    """Where they sat, their byes, rack totals and penalties."""
    seats = (
        Seat.objects.filter(entrant=entrant)
        .select_related("round__division", "table")
        .order_by("round__division__name", "round__number")
    )
    racks = (
        RackScore.objects.filter(entrant=entrant)
        .select_related("game__table__round__division")
        .order_by("game__table__round__number", "game__number")
    )
    return {
        "seats": [
            {
                "division": s.round.division.name,
                "round": s.round.number,
                "table": s.table.number,
                "seat": s.number,
            }
            for s in seats
        ],
        "byes": [
            {"division": b.round.division.name, "round": b.round.number}
            for b in Bye.objects.filter(entrant=entrant).select_related("round__division")
        ],
        "rack_totals": [
            {
                "division": r.game.table.round.division.name,
                "round": r.game.table.round.number,
                "table": r.game.table.number,
                "game": r.game.number,
                "rack_total": r.rack_total,
                "entered_at": _plain(r.entered_at),
                "confirmed": r.game.confirmed_at is not None,
            }
            for r in racks
        ],
        "penalties": [
            {
                "division": p.round.division.name,
                "round": p.round.number,
                "points": p.points,
                "reason": p.reason,
                "given_at": _plain(p.given_at),
            }
            for p in Penalty.objects.filter(entrant=entrant).select_related("round__division")
        ],
    }


def _placing(entrant: Entrant) -> dict | None:
    bracket = entrant.division.bracket
    results = DivisionResults.objects.filter(division=bracket).first()
    for placing in results.placings if results else []:
        if placing.get("player") == entrant.external_id:
            return {"division": bracket.name, **placing}
    return None


def _audit(entrant: Entrant) -> list[dict]:
    """The scores' audit trail about them, or made by them at the table (with the device's
    address the change came from)."""
    lines = (
        ScoreChange.objects.filter(Q(entrant=entrant) | Q(at_table_player=entrant))
        .select_related("division")
        .order_by("at", "id")
    )
    return [
        {
            "division": c.division.name,
            "round": c.round_number,
            "table": c.table_number,
            "game": c.game_number,
            "action": c.action,
            "about_them": c.entrant_id == entrant.pk,
            "made_by_them_at_the_table": c.at_table_player_id == entrant.pk,
            "before": c.before,
            "after": c.after,
            "reason": c.reason,
            "by": c.actor_label,
            "address": c.address,
            "at": _plain(c.at),
        }
        for c in lines
    ]


def _named_in(event: Event, entrant: Entrant) -> dict:
    """The seating notes and tie decisions that name them."""
    notes = [
        {"division": r.division.name, "round": r.number, "note": n.get("text", "")}
        for r in Round.objects.filter(division__event=event)
        .exclude(seating_notes=[])
        .select_related("division")
        for n in r.seating_notes
        if entrant.external_id in (n.get("players") or ())
    ]
    ties = [
        {"division": d.division.name, "round": d.round_number, "order": d.order, "note": d.note}
        for d in TieBreakDecision.objects.filter(division__event=event).select_related("division")
        if entrant.external_id in d.order
    ]
    return {"seating_notes": notes, "tie_decisions": ties}


def _player_page(entrant: Entrant) -> dict:
    """Their own page: when they checked themselves in, and the addresses left there for
    e-mail notices (by them or their family; an address stopped is forgotten)."""
    return {
        "self_checked_in_at": _plain(entrant.self_checked_in_at),
        "self_checked_in_at_kiosk": entrant.self_checked_in_at_kiosk,
        "notices": [
            {
                "email": s.email,
                "left_by": s.via,
                "since": _plain(s.created_at),
                "stopped_at": _plain(s.unsubscribed_at),
            }
            for s in NoticeSubscription.objects.filter(entrant=entrant).order_by("created_at")
        ],
    }


def person_record(event: Event, external_id: str) -> dict:
    """Everything held about the entrant ``external_id`` of ``event``: their registration
    (contact details included, until deleted), how the public pages name them, the status
    changes and their reasons, where they sat, their rack totals, penalties and place, the
    audit trail about them, the notes naming them, their own page's self check-in and the
    addresses left there for notices, and the erasure of their data if there was one. A
    RuleError for an id the event does not have."""
    entrant = _entrant(event, external_id)
    erasure = Erasure.objects.filter(event=event, external_id=entrant.external_id).first()
    return {
        "event": {"slug": event.slug, "name": event.name, "date": _plain(event.date)},
        "entrant": {
            **{f: _plain(getattr(entrant, f)) for f in PERSON_FIELDS},
            "division": entrant.division.name,
        },
        "public_name": public_name(entrant),
        "personal_data": {
            "deleted_on": _plain(event.personal_data_deleted_on),
            "deleted_at": _plain(event.personal_purged_at),
        },
        "status_changes": [
            {
                "before": c.before,
                "after": c.after,
                "reason": c.reason,
                "by": c.by_label,
                "at": _plain(c.at),
            }
            for c in EntrantStatusChange.objects.filter(entrant=entrant)
        ],
        **_play(entrant),
        "placing": _placing(entrant),
        "audit": _audit(entrant),
        **_named_in(event, entrant),
        "player_page": _player_page(entrant),
        "erasure": {
            "reason": erasure.reason,
            "by": erasure.by_label,
            "at": _plain(erasure.at),
        }
        if erasure
        else None,
    }
