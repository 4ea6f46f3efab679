"""What several command tests do with an event made by ``event_by_commands``
(tests/commands/conftest.py): four players, their table played, the placings read back."""

import json

from tests.helpers import import_scores, ranked_game, run, score_rows


def four_players(division="Open", prefix="R") -> list[tuple]:
    """Four entrants of ``division`` in ENTRANT_HEADER order."""
    return [
        (f"{prefix}{i}", f"First{i}", f"Last{i}", "1950-01-01", "F", "", division)
        for i in range(1, 5)
    ]


def play_final(tmp_path, slug, seats):
    """Open's table 1 plays three games (seat 1 first in each: ``ranked_game``), then the
    division advances: with four players that table is the final."""
    rows = []
    for game in (1, 2, 3):
        rows += score_rows("Open", 1, 1, game, ranked_game(seats, game))
    import_scores(slug, tmp_path / "s.csv", rows)
    run("advance", slug, "--division", "Open")


def placings(slug) -> dict[str, tuple]:
    """{entrant id: (place, medal)} of the event's first division, from export_results."""
    data = json.loads(run("export_results", slug))
    return {p["entrant_id"]: (p["place"], p["medal"]) for p in data["divisions"][0]["placings"]}
