"""A whole event written out as one JSON document (``event_backup``): registration,
bracket, scores, the audit trail, and every time and person as stored, so that a restore
gives back the same document."""

import datetime

from django.utils import translation

from tournaments.models import (
    Announcement,
    Division,
    EntrantStatusChange,
    Erasure,
    Event,
    Round,
    RoundChange,
    TableCode,
)

from ..models import Game, ScoreChange, TieBreakDecision
from . import player_pages
from .format import (
    ENTRANT_FIELDS,
    ERASURE_FIELDS,
    EVENT_FIELDS,
    FORMAT,
    REMOVAL_FIELDS,
    REMOVAL_PERSON_FIELDS,
    VERSION,
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
        "made_as": d.made_as,
        "results": d.results,
        "medals_confirmed_at": _plain(d.medals_confirmed_at),
        **player_pages.division_json(d),
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
        "event": {
            **{f: _plain(getattr(event, f)) for f in EVENT_FIELDS},
            **player_pages.event_json(event),
        },
        "organizers": sorted(u.get_username() for u in event.organizers.all()),
        "scorekeepers": sorted(u.get_username() for u in event.scorekeepers.all()),
        "divisions": [
            _division_json(d)
            for d in event.divisions.select_related("combined_into", "recorded_results")
        ],
        "entrants": [
            {
                **{f: _plain(getattr(e, f)) for f in ENTRANT_FIELDS},
                **player_pages.entrant_json(e),
                "division": e.division.name,
            }
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
        # Who erased whose personal data, and when: what is left of them is "Withdrawn
        # entrant #N" in the entrants above.
        "erasures": [
            {
                **{f: _plain(getattr(e, f)) for f in ERASURE_FIELDS},
                "by_user": _user(e.by),
            }
            for e in Erasure.objects.filter(event=event).select_related("by").order_by("at", "id")
        ],
        # Entrants removed before play: who they were, why, by whom and when.
        "removals": [
            {
                **{f: _plain(getattr(r, f)) for f in REMOVAL_FIELDS},
                **{f: _plain(getattr(r, f)) for f in REMOVAL_PERSON_FIELDS},
                "by_user": _user(r.by),
            }
            for r in event.removals.select_related("by").order_by("at", "id")
        ],
    }
