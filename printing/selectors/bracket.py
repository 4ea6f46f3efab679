"""A bracket's data: every round of one division, table by table, and the plan of the
rounds not seated yet."""

from printing import data
from scoring.selectors import decided_at_table
from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division
from tournaments.plan_words import plan_in_words
from tournaments.selectors import bracket_entrants

from .shared import division_play, event_info, out_of_play, printed


def bracket_data(event, division) -> data.BracketData:
    if division is None:
        raise RuleError("A bracket is printed for one division: choose it.")
    division = division.bracket
    state = division_play(division)
    rounds = []
    for index, (record, outcome) in enumerate(zip(state.records, state.outcomes, strict=False)):
        following = (
            set(state.records[index + 1].players) if index + 1 < len(state.records) else set()
        )
        tables = []
        for table, table_outcome in zip(record.tables, outcome.tables, strict=False):
            positions = {r.player: r.position for r in table_outcome.ranked}
            decided = decided_at_table(state, record.number, table.players)
            players = []
            for player in table.players:
                score = outcome.scores.get(player)
                players.append(
                    data.BracketPlayer(
                        name=state.shown_names[player],
                        entrant_id=player,
                        total=score.total if score and score.games else None,
                        position=positions.get(player) if score and score.games else None,
                        advanced=player in following,
                        withdrawn=player in state.withdrawn,
                        status=out_of_play(state.entrants[player]),
                        decided=player in decided and bool(score and score.games),
                    )
                )
            tables.append(data.BracketTable(table.number, tuple(players)))
        rounds.append(
            data.BracketRound(
                record.number,
                record.kind,
                record.games,
                state.rounds[index].status,
                tuple(tables),
                tuple(state.shown_names[p] for p in record.byes),
            )
        )
    planned: tuple[str, ...] = ()
    if not state.records:
        checked_in = bracket_entrants(division).checked_in().count()
        plan = engine.plan_division(checked_in, prefer_threes=event.prefer_threes)
        with printed(event):
            planned = tuple(plan_in_words(plan))
    elif division.status != Division.Status.COMPLETE and state.outcomes[-1].next_shape:
        shape = state.outcomes[-1].next_shape
        plan = engine.plan_division(
            shape.players, prefer_threes=event.prefer_threes, first_round=shape.number
        )
        with printed(event):  # "Round 2, the final: 1 table of four plays 1 game…"
            planned = tuple(plan_in_words(plan))
    return data.BracketData(
        event_info(event), division.shown_name, division.status, tuple(rounds), planned
    )
