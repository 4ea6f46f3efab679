"""Standings of one round: one row per player, for the standings page and the projector."""

from tournaments import engine

from .state import DivisionState


def round_standings(state: DivisionState, number: int) -> list[dict]:
    """One row per player of a round: game points, penalties, total, position at the table.

    ``advancing`` is what the scores say so far (for a closed round, who went on).
    """
    index = next(i for i, r in enumerate(state.records) if r.number == number)
    record, outcome = state.records[index], state.outcomes[index]
    following = set(state.records[index + 1].players) if index + 1 < len(state.records) else None
    sign = engine.better_first(state.rules.scoring)
    rows = []
    for table, table_outcome in zip(record.tables, outcome.tables, strict=False):
        positions = {r.player: r.position for r in table_outcome.ranked}
        for seat, player in enumerate(table.players, start=1):
            score = outcome.scores.get(player)
            if following is not None:
                advancing = player in following
            else:
                advancing = table_outcome.complete and player in table_outcome.advancing
            rows.append(
                {
                    "table": table.number,
                    "seat": seat,
                    "entrant_id": player,
                    "name": state.names.get(player, player),
                    "points": list(table_outcome.points.get(player, ())),
                    "penalty": score.penalty if score else 0,
                    "total": score.total if score else None,
                    "position": positions.get(player),
                    "advancing": advancing,
                    "withdrawn": player in state.withdrawn,
                    "games_played": score.games if score else 0,
                    # Sort keys that never compare None with a number; better first.
                    "sort_position": positions.get(player) or 10**6,
                    "sort_total": (score.total if score else 0) * sign,
                }
            )
    return rows
