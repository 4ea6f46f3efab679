"""Standings of one round: one row per player, for the standings page and the projector."""

from tournaments import engine
from tournaments.models import Event

from .state import DivisionState


def round_standings(state: DivisionState, number: int, names: dict | None = None) -> list[dict]:
    """One row per player of a round: game points, penalties, total, position at the table.

    ``advancing`` is what the scores say so far (for a closed round, who went on).
    ``names``: how to name the players (the public pages give ``state.public_names``);
    ``state.shown_names`` otherwise.
    """
    names = state.shown_names if names is None else names
    index = next(i for i, r in enumerate(state.records) if r.number == number)
    record, outcome = state.records[index], state.outcomes[index]
    following = set(state.records[index + 1].players) if index + 1 < len(state.records) else None
    sign = engine.better_first(state.rules.scoring)
    second_person = state.event.confirmation == Event.Confirmation.SECOND_PERSON
    rows = []
    for table, table_outcome in zip(record.tables, outcome.tables, strict=False):
        positions = {r.player: r.position for r in table_outcome.ranked}
        decided = decided_at_table(state, number, table.players)
        to_confirm = second_person and any(
            not game.confirmed
            for (r, t, _g), game in state.games.items()
            if r == number and t == table.number
        )
        for seat, player in enumerate(table.players, start=1):
            score = outcome.scores.get(player)
            if score is not None and not score.games:
                score = None  # a table that has not played has no totals and no places
            if following is not None:
                advancing = player in following
            else:
                advancing = table_outcome.complete and player in table_outcome.advancing
            rows.append(
                {
                    "table": table.number,
                    "seat": seat,
                    "entrant_id": player,
                    "name": names.get(player, player),
                    # as registered, for the CSV (with the entrant id beside it)
                    "registered_name": state.names.get(player, player),
                    "points": list(table_outcome.points.get(player, ())),
                    "penalty": score.penalty if score else 0,
                    "total": score.total if score else None,
                    "position": positions.get(player) if score else None,
                    "decided": player in decided,
                    "to_confirm": to_confirm,
                    "advancing": advancing,
                    "withdrawn": player in state.withdrawn,
                    "status": state.entrants[player].out_of_play_word
                    if player in state.entrants
                    else "",
                    "games_played": score.games if score else 0,
                    # Sort keys that never compare None with a number; better first.
                    "sort_position": (positions.get(player) if score else None) or 10**6,
                    "sort_total": (score.total if score else 0) * sign,
                }
            )
    return rows


def decided_at_table(state: DivisionState, number: int, players) -> set[str]:
    """Players of one table whose order a recorded playoff or tile draw decided."""
    at_table = set(players)
    return {
        p
        for d in state.decisions
        if d.round == number and len(at_table & set(d.order)) > 1
        for p in d.order
        if p in at_table
    }
