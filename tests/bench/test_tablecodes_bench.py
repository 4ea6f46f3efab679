"""bench/tablecodes_bench.py's plain parts: which requests the network drops (fixed by the
seed, one generator per table, about the rate asked, half before and half after) and the
rack totals each table enters."""

from bench.tablecodes_bench import Drops, racks


def test_drops_are_fixed_by_the_seed_per_table():
    a, b = Drops(14, 3, 0.1), Drops(14, 3, 0.1)
    assert [a.next() for _ in range(500)] == [b.next() for _ in range(500)]
    other = Drops(14, 4, 0.1)
    assert [Drops(14, 3, 0.1).next() for _ in range(500)] != [other.next() for _ in range(500)]


def test_about_the_rate_is_dropped_half_before_half_after():
    drops = Drops(14, 0, 0.1)
    seen = [drops.next() for _ in range(20_000)]
    before, after = seen.count("before"), seen.count("after")
    assert 0.09 < (before + after) / len(seen) < 0.11
    assert 0.4 < before / (before + after) < 0.6
    assert set(seen) == {None, "before", "after"}
    assert [Drops(1, 0, 0.0).next() for _ in range(1000)] == [None] * 1000


def test_each_game_is_a_valid_low_scoring_game():
    seats = [11, 12, 13, 14]
    for game in (1, 2, 3):
        entered = racks(seats, game, table=7)
        assert list(entered) == seats
        assert entered[11] == 0 and all(v > 0 for e, v in entered.items() if e != 11)
    assert racks(seats, 1, 7) != racks(seats, 2, 7)
