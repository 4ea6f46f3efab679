"""``export_results`` for players who left: the round a bye took them to, disqualification
shown as such, and a seat withdrawn only from the round in which its player left."""

import csv
import io
import json

import pytest

from tests.commands.test_resolve_tie import SLUG, field, play, seventeen_scores
from tests.helpers import SCORE_HEADER, run, tables_of, write_csv

pytestmark = pytest.mark.django_db


def seats_of(data: dict, player: str) -> dict[int, dict]:
    """The player's seat in each round they sat, by round number."""
    return {
        round_["number"]: seat
        for round_ in data["rounds"]
        for table in round_["tables"]
        for seat in table["seats"]
        if seat["entrant_id"] == player
    }


def test_a_bye_player_who_withdraws_and_a_player_disqualified_during_round_two(tmp_path):
    # Seventeen players: the winners of tables 1 and 2 have a bye in round 2, the winners
    # of tables 3 to 5 play it. The first bye player withdraws during round 2 (the round
    # they skip); one of the three is disqualified after its first game.
    tables = field(tmp_path, 17)
    numbers = list(tables)
    winners = [tables[n][0] for n in numbers]
    play(tmp_path, 1, seventeen_scores(tables, dict(zip(numbers, (2, 4, 6, 8, 10), strict=True))))
    run("advance", SLUG, "--division", "Open")
    bye, other_bye = winners[:2]
    [(table, seats)] = tables_of(SLUG, "Open", 2).items()
    assert set(seats) == set(winners[2:])
    first, second, cheat = winners[2:]
    run("checkin", SLUG, "--withdraw", bye)
    play(tmp_path, 2, {table: [{first: 0, second: 10, cheat: 20}]})
    run("checkin", SLUG, "--disqualify", cheat, "--reason", "conduct")
    run(
        "import_scores",
        SLUG,
        _scores(tmp_path / "game-2.csv", [(2, table, 2, first, 0), (2, table, 2, second, 10)]),
    )
    run("advance", SLUG, "--division", "Open")
    [(final_table, finalists)] = tables_of(SLUG, "Open", 3).items()
    assert set(finalists) == {first, second, other_bye}  # a final of three
    play(tmp_path, 3, {final_table: [{other_bye: 0, first: 5, second: 9}]})
    assert "is complete" in run("advance", SLUG, "--division", "Open")

    [division] = json.loads(run("export_results", SLUG))["divisions"]
    placings = {p["entrant_id"]: p for p in division["placings"]}
    assert [(p["entrant_id"], p["place"], p["medal"]) for p in division["placings"][:3]] == [
        (other_bye, 1, "gold"),
        (first, 2, "silver"),
        (second, 3, "bronze"),
    ]
    # The bye took the withdrawn player to the final: their place there stays empty.
    assert placings[bye]["round_reached"] == 3
    assert (placings[bye]["place"], placings[bye]["withdrawn"]) == (None, True)
    assert "disqualified" not in placings[bye]
    # Disqualified shows as such.
    assert placings[cheat]["round_reached"] == 2
    assert (placings[cheat]["place"], placings[cheat]["withdrawn"]) == (None, True)
    assert placings[cheat]["disqualified"] is True
    # Places 4 and 5 (the two who left, of rounds 3 and 2) stay empty.
    assert min(p["place"] for p in division["placings"][3:] if p["place"]) == 6
    assert not any("disqualified" in p for p in division["placings"] if p["place"])
    # A seat is withdrawn only from the round in which its player left.
    cheat_seats = seats_of(division, cheat)
    assert (cheat_seats[1]["withdrawn"], cheat_seats[1]["advanced"]) == (False, True)
    assert cheat_seats[2]["withdrawn"] is True
    bye_seats = seats_of(division, bye)
    assert list(bye_seats) == [1]
    assert (bye_seats[1]["withdrawn"], bye_seats[1]["advanced"]) == (False, True)
    assert not any(seat["withdrawn"] for seat in seats_of(division, first).values())

    rows = list(csv.DictReader(io.StringIO(run("export_results", SLUG, "--format", "csv"))))
    by_id = {row["entrant_id"]: row for row in rows}
    assert (by_id[bye]["place"], by_id[bye]["round_reached"]) == ("", "3")
    assert (by_id[cheat]["place"], by_id[cheat]["round_reached"]) == ("", "2")


def test_a_player_disqualified_before_playing_is_marked_disqualified(tmp_path):
    field(tmp_path, 6)
    run("checkin", SLUG, "--disqualify", "P06", "--reason", "conduct")
    [division] = json.loads(run("export_results", SLUG))["divisions"]
    assert division["placings"] == []  # nothing is placed before the division finishes
    tables = tables_of(SLUG, "Open", 1)
    games = {
        n: [{p: 10 * i for i, p in enumerate(seats) if p != "P06"}] * 3
        for n, seats in tables.items()
    }
    play(tmp_path, 1, games)
    run("advance", SLUG, "--division", "Open")
    [(table, seats)] = tables_of(SLUG, "Open", 2).items()
    play(tmp_path, 2, {table: [{p: 10 * i for i, p in enumerate(seats)}]})
    run("advance", SLUG, "--division", "Open")
    [division] = json.loads(run("export_results", SLUG))["divisions"]
    placing = next(p for p in division["placings"] if p["entrant_id"] == "P06")
    assert (placing["place"], placing["withdrawn"], placing["disqualified"]) == (None, True, True)
    assert seats_of(division, "P06")[1]["withdrawn"] is True


def _scores(path, rows):
    """A scores file of (round, table, game, entrant, rack total) rows."""
    return write_csv(
        path, SCORE_HEADER, [["Open", r, t, g, e, v, "", ""] for r, t, g, e, v in rows]
    )
