"""A table's games checked and added up: each player's points per game, total, wins and
worst game, in the event's scoring system, with the problems that keep it open."""

from collections.abc import Collection, Mapping

from .errors import GameError
from .hands import score_game
from .ranking import Score, better_first
from .records import Rules, TableRecord
from .words import gettext


def table_scores(
    table: TableRecord,
    games: int,
    rules: Rules,
    withdrawn: Collection[str],
    penalties: Mapping[str, int],
    names: Mapping[str, str] | None = None,
):
    """Validate a table's games and add up each player's results.

    Returns (scores by player, points per game by player, problems).
    """
    active = [p for p in table.players if p not in withdrawn]
    by_number = {g.number: g for g in table.games}
    problems: list[str] = []
    points = {p: [None] * games for p in table.players}
    racks = {p: [] for p in table.players}
    wins = dict.fromkeys(table.players, 0)
    for number in sorted(by_number):
        if not 1 <= number <= games:
            problems.append(
                gettext("table %(table)s: there is no game %(game)s in this round")
                % {"table": table.number, "game": number}
            )
    for number in range(1, games + 1):
        record = by_number.get(number)
        if record is None or not record.racks:
            if len(active) > 1:
                problems.append(
                    gettext("table %(table)s, game %(game)s: no scores yet")
                    % {"table": table.number, "game": number}
                )
            continue
        try:
            result = score_game(
                record, rules, players=active if len(active) > 1 else (), names=names
            )
        except GameError as error:
            problems.append(
                gettext("table %(table)s, game %(game)s: %(problem)s")
                % {"table": table.number, "game": number, "problem": error}
            )
            continue
        for player, value in result.points.items():
            if player in points:
                points[player][number - 1] = value
                racks[player].append(result.racks[player])
        if result.winner in wins:
            wins[result.winner] += 1
    sign = better_first(rules.scoring)
    scores = {}
    for player in table.players:
        played = [v for v in points[player] if v is not None]
        penalty = penalties.get(player, 0)
        if rules.scoring == "low":
            worst = max(racks[player]) if racks[player] else None
        else:
            worst = min(played) if played else None
        scores[player] = Score(
            player=player,
            total=sum(played) + sign * penalty,
            games=len(played),
            wins=wins[player],
            worst=worst,
            penalty=penalty,
        )
    return scores, {p: tuple(v) for p, v in points.items()}, problems
