"""Results in the shape ``export_results`` writes: every round's scores and the placings."""

from tournaments.models import Division, Entrant, Event
from tournaments.selectors import bracket_division_ids, brackets, public_names

from ..models import ScoreChange
from .corrections import division_pending_correction, flagged_corrections
from .state import DivisionState, division_state, medal_word, place_word, recorded_state

NO_PLACE = [Entrant.Status.ABSENT, Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED]


def _disqualified(entrant: Entrant | None) -> bool:
    return entrant is not None and entrant.status == Entrant.Status.DISQUALIFIED


def _seat_json(state: DivisionState, record, outcome, table, table_outcome, player, following):
    score = outcome.scores.get(player)
    racks_by_game = {g.number: g.racks for g in table.games}
    return {
        "entrant_id": player,
        "name": state.names.get(player, player),
        "rack_totals": [racks_by_game.get(n, {}).get(player) for n in range(1, record.games + 1)],
        "points": list(table_outcome.points.get(player, ())),
        "penalties": [
            {"points": p.points, "reason": p.reason}
            for p in state.penalties.get(record.number, [])
            if p.entrant.external_id == player
        ],
        "total": score.total if score else None,
        "position": outcome.position(player),
        "advanced": player in following,
        # From the round in which the player left on: the rounds they finished stand.
        "withdrawn": player in table_outcome.withdrawn,
    }


def _round_json(state: DivisionState, record, outcome, following) -> dict:
    tables = [
        {
            "number": table.number,
            "seats": [
                _seat_json(state, record, outcome, table, table_outcome, player, following)
                for player in table.players
            ],
        }
        for table, table_outcome in zip(record.tables, outcome.tables, strict=False)
    ]
    round_ = state.rounds[record.number - 1]
    return {
        "number": record.number,
        "kind": record.kind,
        "games": record.games,
        "status": round_.status,
        "byes": list(record.byes),
        "tables": tables,
        "warnings": round_.warnings,
    }


def _placings_json(state: DivisionState) -> list[dict]:
    placings = []
    for placing in state.placings.placings:
        entry = {
            "place": placing.place,
            "medal": placing.medal,
            "entrant_id": placing.player,
            "name": state.names.get(placing.player, placing.player),
            "round_reached": placing.round_reached,
            "ribbon": placing.player in state.ribbons,
        }
        if placing.withdrawn:
            entry["withdrawn"] = True
            if _disqualified(state.entrants.get(placing.player)):
                entry["disqualified"] = True
        if state.age_group_label(placing.player):
            entry["age_group"] = state.age_groups[placing.player]
            entry["age_group_place"] = placing.group_place
        placings.append(entry)
    # No-shows, and players withdrawn before they ever sat, have no place either
    # (DESIGN.md: null, and "withdrawn": true).
    never_played = (
        Entrant.objects.filter(
            division__in=bracket_division_ids(state.division), status__in=NO_PLACE
        )
        .exclude(external_id__in=list(state.entrants))
        .order_by("last_name", "first_name")
    )
    for entrant in never_played:
        placings.append(
            {
                "place": None,
                "medal": None,
                "entrant_id": entrant.external_id,
                "name": entrant.name,
                "round_reached": 0,
                "ribbon": False,
                "withdrawn": True,
                "absent": entrant.status == Entrant.Status.ABSENT,
                **({"disqualified": True} if _disqualified(entrant) else {}),
            }
        )
    return placings


def _flagged_json(change) -> dict:
    decision = getattr(change, "decision", None)
    return {
        "correction": change.pk,
        "round": change.round_number,
        "table": change.table_number,
        "game": change.game_number,
        "entrant_id": change.entrant.external_id if change.entrant else None,
        "kind": "penalty" if change.action == ScoreChange.Action.PENALTY else "correction",
        "before": change.before,
        "after": change.after,
        "reason": change.reason,
        "flag": change.flag,
        "decision": decision.choice if decision else None,
        "decision_note": decision.note if decision else "",
    }


def _corrections_json(state: DivisionState) -> tuple[list[dict], dict | None]:
    """Every flagged correction with the organizer's decision, and the decision pending."""
    flagged = flagged_corrections(state.division)
    pending = division_pending_correction(state.division, state)
    waiting = None
    if pending is not None:
        waiting = {
            "summary": pending.summary,
            "corrections": [c.pk for c in pending.changes],
            "consequences": [
                {"kind": str(e.kind), "round": e.round, "text": e.describe(state.names)}
                for e in pending.effects
            ],
        }
    return [_flagged_json(c) for c in flagged], waiting


def division_results(state: DivisionState) -> dict:
    """A bracket's rounds and placings, in the shape of ``export_results``."""
    division = state.division
    rounds = []
    for index, (record, outcome) in enumerate(zip(state.records, state.outcomes, strict=False)):
        following = (
            set(state.records[index + 1].players) if index + 1 < len(state.records) else set()
        )
        rounds.append(_round_json(state, record, outcome, following))
    complete = division.status == Division.Status.COMPLETE
    flagged, waiting = _corrections_json(state)
    return {
        "name": division.name,
        "status": division.status,
        "walkover": division.walkover,
        "combined_from": [d.name for d in division.combined_from.all()],
        "placings": _placings_json(state) if complete else [],
        "rounds": rounds,
        # A correction that changes who advanced, the byes or the medals, not yet decided:
        # the placings and rounds above are as recorded until the organizer decides.
        "decision_pending": waiting,
        "flagged_corrections": flagged,
    }


def event_results(event: Event) -> dict:
    """Every bracket of the event: the data ``export_results`` writes."""
    divisions = [
        division_results(division_state(d))
        for d in brackets(event).select_related("event")
        if d.rounds.exists() or d.walkover or d.entrants.exists() or d.combined_from.exists()
    ]
    return {
        "event": {
            "slug": event.slug,
            "name": event.name,
            "scoring": event.scoring,
            "date": event.date.isoformat(),
            "medal_policy": event.medal_policy,
        },
        "divisions": divisions,
    }


def _public_rows(state: DivisionState, names: dict, only=None) -> list[dict]:
    """A finished bracket's placings as the public sees them: ``names`` are the public
    names (``tournaments.selectors.public_names``)."""
    rows = []
    for placing in state.placings.placings:
        if only is not None and placing.player not in only:
            continue
        entrant = state.entrants.get(placing.player)
        rows.append(
            {
                "entrant_id": placing.player,
                "place": placing.place,
                "name": names.get(placing.player, placing.player),
                "medal": placing.medal,
                "place_text": place_word(placing.place, state.feminine),
                "medal_word": medal_word(placing.medal),
                "medal_text": state.medal_text(placing),
                # what the medal is of, where the bracket's name does not say it
                "detail": state.medal_text(placing).partition(" — ")[2]
                if state.medals_by_age_group
                else "",
                "age_group": state.age_group_label(placing.player),
                "ribbon": placing.player in state.ribbons,
                "ribbon_text": state.ribbon_text(placing),
                "status": entrant.out_of_play_word if entrant else "",
            }
        )
    return rows


def _finished_brackets(event: Event):
    return (
        brackets(event)
        .filter(status=Division.Status.COMPLETE)
        .select_related("event", "recorded_results")
        .prefetch_related("combined_from")
    )


def public_results(event: Event) -> list[dict]:
    """Every finished bracket's placings for the public results page: names, places and
    medals only (nothing private). ``confirmed`` is False while the desk still checks.
    Read from the recorded placings and the entrants, never the whole play. Names as the
    event shows them in public (``tournaments.selectors.public_names``)."""
    divisions = []
    names = public_names(event)
    for division in _finished_brackets(event):
        state = recorded_state(division)
        divisions.append(
            {
                "division": division,
                "name": state.bracket_name,
                "confirmed": division.medals_confirmed_at is not None,
                "walkover": division.walkover,
                "rows": _public_rows(state, names),
            }
        )
    return divisions


def finished_places(event: Event, entrants=None, shown=None) -> dict[str, dict]:
    """Each placed player of a finished bracket, by entrant id: their row of
    ``public_results`` with the bracket's name and whether it is confirmed.

    ``entrants``: only these players (find-my-table's matches, with their division),
    read without loading anyone else's. ``shown``: their public names
    (``tournaments.selectors.public_names``) when already read."""
    if entrants is None:
        return {
            row["entrant_id"]: {**row, "division": d["name"], "confirmed": d["confirmed"]}
            for d in public_results(event)
            for row in d["rows"]
        }
    by_bracket: dict[int, list] = {}
    for entrant in entrants:
        by_bracket.setdefault(entrant.division.combined_into_id or entrant.division_id, []).append(
            entrant
        )
    places = {}
    if shown is None:
        shown = public_names(event, among=list(entrants)) if by_bracket else {}
    for division in _finished_brackets(event).filter(pk__in=list(by_bracket)):
        state = recorded_state(division, by_bracket[division.pk])
        name = state.bracket_name
        confirmed = division.medals_confirmed_at is not None
        wanted = set(state.entrants)
        for row in _public_rows(state, shown, only=wanted):
            places[row["entrant_id"]] = {**row, "division": name, "confirmed": confirmed}
    return places
