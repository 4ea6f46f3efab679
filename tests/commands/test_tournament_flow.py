"""Whole tournaments run through the organizer's commands alone, checked against DESIGN.md."""

import csv
import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.models import Game, ScoreChange
from tests.helpers import (
    entrants_file,
    import_scores,
    run,
    score_rows,
    seating,
    snapshot,
    tables_of,
)
from tournaments.engine import plan_division
from tournaments.models import Entrant, Round, Seat

SLUG = "golden-2026"

FIRST = [
    "Ann",
    "Bea",
    "Cy",
    "Dot",
    "Earl",
    "Fay",
    "Gus",
    "Hal",
    "Ida",
    "Joe",
    "Kay",
    "Lou",
    "Max",
    "Nan",
    "Otto",
    "Pat",
    "Ray",
    "Sue",
]
LAST = [
    "Ångström",
    "Baker",
    "Cole",
    "Dunn",
    "Núñez",
    "Fox",
    "Gray",
    "Hill",
    "Irwin",
    "Jones",
    "King",
    "Lefèvre",
    "Moss",
    "Nash",
    "Ortiz",
    "Pérez",
    "Quinn",
    "Reyes",
]

SEAT_KEYS = {"entrant_id", "rack_totals", "points", "penalties", "total", "advanced"}
PLACING_KEYS = {"place", "medal", "entrant_id", "name", "round_reached"}


def results(slug=SLUG) -> dict:
    return json.loads(run("export_results", slug))


def division(data, name):
    return next(d for d in data["divisions"] if d["name"] == name)


def seat_of(round_data, entrant_id):
    for table in round_data["tables"]:
        for seat in table["seats"]:
            if seat["entrant_id"] == entrant_id:
                return seat
    raise AssertionError(f"{entrant_id} is not seated in round {round_data['number']}")


def check_shape(data):
    """The keys DESIGN.md promises are all there (more are welcome)."""
    assert {"event", "divisions"} <= set(data)
    assert {"slug", "name", "scoring"} <= set(data["event"])
    for div in data["divisions"]:
        assert {"name", "status", "placings", "rounds"} <= set(div)
        for placing in div["placings"]:
            assert PLACING_KEYS <= set(placing)
        for round_data in div["rounds"]:
            assert {"number", "kind", "games", "byes", "tables"} <= set(round_data)
            for table in round_data["tables"]:
                assert {"number", "seats"} <= set(table)
                for seat in table["seats"]:
                    assert SEAT_KEYS <= set(seat)


@pytest.mark.django_db
def test_a_whole_tournament_through_the_commands(tmp_path):
    players = [
        (f"O{n + 1:02d}", FIRST[n], LAST[n], f"19{40 + n}-0{n % 9 + 1}-15", "FM"[n % 2], "", "Open")
        for n in range(18)
    ] + [("S01", "Ángel", "Solo", "1944-02-02", "M", "", "Solo")]
    names = {p[0]: f"{p[1]} {p[2]}" for p in players}
    out = run(
        "import_entrants",
        SLUG,
        entrants_file(tmp_path / "entrants.csv", players),
        "--create-event",
        "--name",
        "Golden Games 2026",
        "--date",
        "2026-05-16",
    )
    assert "Registered 19 entrant(s), updated 0." in out
    assert "New divisions: Open, Solo." in out

    out = run("configure_event", SLUG, "--minutes-per-game", 15, "--tie-order", "wins,worst-game")
    assert "tie order wins,worst-game" in out
    assert "15 min per game" in out

    out = run("checkin", SLUG, "--absent", "O18")
    assert out == "Checked in 18 entrant(s).\nAbsent: O18.\n"

    assert run("plan", SLUG).splitlines() == [
        "Open: 17 checked in of 18 registered",
        "  round 1: 2×4+3×3, 3 g, top 1 → 5",
        "  round 2: 1×3 + 2 byes, 2 g, top 2 → 4",
        "  round 3: final 1×4, 1 g",
        "  estimated duration: 6 games one after another × 15 min = 1 h 30 min",
        *[f"  how tables are compared: {note}" for note in plan_division(17).comparison_notes()],
        "Solo: 1 checked in of 1 registered",
        "  walkover: gold without play",
    ]

    # ---- round 1
    out = run("seat", SLUG, "--division", "Open", "--seed", 11)
    lines = out.splitlines()
    assert lines[0] == "Open, round 1 (qualifying, 3 games):"
    assert [line.split(":")[0] for line in lines[1:6]] == [f"  Table {n}" for n in range(1, 6)]
    for entrant_id, name in names.items():
        expected = 0 if entrant_id in ("O18", "S01") else 1
        assert out.count(f"{name} ({entrant_id})") == expected
    # Seated, not played: seating it again leaves it as it is and prints it again.
    again = run("seat", SLUG, "--division", "Open")
    assert again.splitlines() == ["(already seated, left as it is)"] + lines
    assert Round.objects.filter(division__name="Open").count() == 1

    assert run("seat", SLUG, "--division", "Solo") == "Solo: walkover, gold to Ángel Solo (S01).\n"

    exported = run("export_seating", SLUG, "--division", "Open")
    assert exported.splitlines()[0] == "division,round,table,seat,entrant_id,name"
    rows = list(csv.DictReader(io.StringIO(exported)))
    assert len(rows) == 17
    assert {r["entrant_id"] for r in rows} == set(names) - {"O18", "S01"}
    for row in rows:
        assert row["division"] == "Open" and row["round"] == "1"
        assert row["name"] == names[row["entrant_id"]]
        assert row["table"] in {"1", "2", "3", "4", "5"} and row["seat"] in {"1", "2", "3", "4"}

    tables = tables_of(SLUG, "Open", 1)
    assert [len(t) for t in tables.values()] == [4, 4, 3, 3, 3]
    t1, t2, t3, t4, t5 = (tables[n] for n in range(1, 6))
    score = []
    for number in (1, 2):  # tables of four: seat 1 wins with 2 and 4 points over three games
        seats = tables[number]
        plain = {p: 10 * i for i, p in enumerate(seats)}
        score += score_rows("Open", 1, number, 1, plain) + score_rows("Open", 1, number, 2, plain)
        third = dict(plain, **{seats[0]: 2 * number, seats[1]: 0})
        score += score_rows("Open", 1, number, 3, third)
    for number in (3, 4):
        seats = tables[number]
        plain = {p: 10 * i for i, p in enumerate(seats)}
        score += score_rows("Open", 1, number, 1, plain) + score_rows("Open", 1, number, 2, plain)
    # Pool exhausted, lowest rack wins.
    score += score_rows("Open", 1, 3, 3, {t3[0]: 6, t3[1]: 8, t3[2]: 20}, ended="exhausted")
    # Pool exhausted and the lowest racks tie: the table named the winner.
    score += score_rows(
        "Open", 1, 4, 3, {t4[0]: 8, t4[1]: 8, t4[2]: 20}, ended="exhausted", winner=t4[1]
    )
    # Table 5: the first two tie on total (15), wins (1) and worst game (10).
    score += score_rows("Open", 1, 5, 1, {t5[0]: 0, t5[1]: 10, t5[2]: 20})
    score += score_rows("Open", 1, 5, 2, {t5[0]: 10, t5[1]: 0, t5[2]: 20})
    score += score_rows("Open", 1, 5, 3, {t5[0]: 5, t5[1]: 5, t5[2]: 0})
    assert import_scores(SLUG, tmp_path / "r1.csv", score) == "Recorded 15 game(s).\n"

    exhausted = Game.objects.get(table__round__number=1, table__number=3, number=3)
    assert (exhausted.ended, exhausted.winner) == ("exhausted", None)
    named = Game.objects.select_related("winner").get(
        table__round__number=1, table__number=4, number=3
    )
    assert (named.ended, named.winner.external_id) == ("exhausted", t4[1])
    assert Round.objects.get(division__name="Open", number=1).status == "in_play"
    # Played now: seat refuses to seat again.
    with pytest.raises(CommandError, match="round 1 is being played; close it with 'advance'"):
        run("seat", SLUG, "--division", "Open")

    out = run(
        "penalty",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--entrant",
        t1[2],
        "--points",
        3,
        "--reason",
        "late for game 2",
    )
    assert out == f"3 penalty point(s) for {names[t1[2]]} ({t1[2]}) in round 1: late for game 2.\n"

    before = snapshot()
    with pytest.raises(CommandError) as blocked:
        run("advance", SLUG, "--division", "Open")
    assert "manage.py resolve_tie" in str(blocked.value)
    assert str(blocked.value).split("\nRecord each result")[0] == (
        "Unresolved ties block this:\n"
        f"round 1, table 5: {names[t5[0]]}, {names[t5[1]]} are tied for a place in the next "
        "round; record the playoff or tile draw."
    )
    assert snapshot() == before

    out = run(
        "resolve_tie",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--order",
        f"{t5[1]},{t5[0]}",
        "--note",
        "tile draw",
    )
    assert out == (
        f"Open, round 1: recorded {names[t5[1]]} ({t5[1]}), then " f"{names[t5[0]]} ({t5[0]}).\n"
    )

    # ---- round 2: the two best table winners have a bye
    out = run("advance", SLUG, "--division", "Open", "--seed", 12)
    lines = out.splitlines()
    assert lines[:2] == ["Open: round 1 closed.", "Open, round 2 (intermediate, 2 games):"]
    assert lines[2].startswith("  Table 1: ")
    assert lines[3].startswith("  Byes to round 3: ")
    assert sorted(lines[3].removeprefix("  Byes to round 3: ").split("; ")) == sorted(
        [f"{names[t1[0]]} ({t1[0]})", f"{names[t2[0]]} ({t2[0]})"]
    )
    assert len(lines) == 4
    round2 = seating(SLUG, "--round", 2)
    seated2 = [r for r in round2 if r["seat"] != "bye"]
    byes2 = [r for r in round2 if r["seat"] == "bye"]
    assert {r["entrant_id"] for r in seated2} == {t3[0], t4[0], t5[1]}
    assert {(r["table"], r["seat"]) for r in seated2} == {("1", "1"), ("1", "2"), ("1", "3")}
    assert sorted((r["entrant_id"], r["table"], r["round"], r["name"]) for r in byes2) == sorted(
        [(t1[0], "", "2", names[t1[0]]), (t2[0], "", "2", names[t2[0]])]
    )
    assert round2[-2:] == byes2  # byes come after the tables
    r2_before = sorted(
        Seat.objects.filter(round__number=2).values_list(
            "entrant__external_id", "table__number", "number"
        )
    )
    again = run("seat", SLUG, "--division", "Open")
    assert again.splitlines() == ["(already seated, left as it is)"] + lines[1:]

    # A correction of the closed round 1 that would change who advanced: flagged, nothing moves.
    out = run(
        "correct_score",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--table",
        3,
        "--game",
        3,
        "--entrant",
        t3[0],
        "--rack-total",
        40,
        "--reason",
        "sheet misread",
    )
    flagged = ScoreChange.objects.filter(action="corrected").get()
    assert out.splitlines() == [
        f"Corrected {names[t3[0]]} ({t3[0]}) in round 1, table 3, game 3: 6 → 40 (sheet misread).",
        f"ATTENTION: This correction would change who advanced from round 1: by the scores now, "
        f"{names[t3[1]]} instead of {names[t3[0]]}. The next round is left as seated until the "
        "organizer decides.",
        f"Decide (correction {flagged.pk}): manage.py accept_correction {SLUG} --division 'Open'"
        f"  or  manage.py undo_correction {SLUG} --division 'Open' --correction {flagged.pk}",
    ]
    change = ScoreChange.objects.filter(action="corrected").get()
    assert (change.before, change.after, change.reason) == (
        {"rack_total": 6},
        {"rack_total": 40},
        "sheet misread",
    )
    assert change.flag.startswith("This correction would change who advanced from round 1")
    assert Round.objects.get(division__name="Open", number=2).status == "seated"
    assert Round.objects.get(division__name="Open", number=1).status == "closed"
    assert (
        sorted(
            Seat.objects.filter(round__number=2).values_list(
                "entrant__external_id", "table__number", "number"
            )
        )
        == r2_before
    )
    # The organizer decides the sheet was right after all: no flag this time.
    out = run(
        "correct_score",
        SLUG,
        "--division",
        "Open",
        "--round",
        1,
        "--table",
        3,
        "--game",
        3,
        "--entrant",
        t3[0],
        "--rack-total",
        6,
        "--reason",
        "sheet was right",
    )
    assert out == (
        f"Corrected {names[t3[0]]} ({t3[0]}) in round 1, table 3, game 3: 40 → 6 "
        "(sheet was right).\n"
    )

    # A player withdraws mid-event: the table plays on without them, no rows needed.
    assert run("checkin", SLUG, "--withdraw", t4[0]) == f"Withdrawn: {names[t4[0]]} ({t4[0]}).\n"
    score = score_rows("Open", 2, 1, 1, {t3[0]: 0, t5[1]: 10})
    score += score_rows("Open", 2, 1, 2, {t3[0]: 5, t5[1]: 0})
    assert import_scores(SLUG, tmp_path / "r2.csv", score) == "Recorded 2 game(s).\n"

    out = run("advance", SLUG, "--division", "Open", "--seed", 13)
    lines = out.splitlines()
    assert lines[:2] == ["Open: round 2 closed.", "Open, round 3 (final, 1 game):"]
    final_ids = {t1[0], t2[0], t3[0], t5[1]}
    assert {r["entrant_id"] for r in seating(SLUG, "--round", 3)} == final_ids
    assert [r["table"] for r in seating(SLUG, "--round", 3)] == ["1"] * 4

    # ---- the final
    final = {t5[1]: 0, t3[0]: 5, t1[0]: 10, t2[0]: 15}
    assert (
        import_scores(SLUG, tmp_path / "r3.csv", score_rows("Open", 3, 1, 1, final))
        == "Recorded 1 game(s).\n"
    )
    out = run("advance", SLUG, "--division", "Open")
    assert out.splitlines() == [
        "Open: round 3 closed.",
        "Open is complete.",
        f"  gold: {names[t5[1]]} ({t5[1]})",
        f"  silver: {names[t3[0]]} ({t3[0]})",
        f"  bronze: {names[t1[0]]} ({t1[0]})",
    ]
    assert run("seat", SLUG, "--division", "Open") == "Open: complete.\n"
    assert run("advance", SLUG, "--division", "Open") == "Open is already complete.\n"

    # ---- results, JSON
    data = results()
    check_shape(data)
    assert data["event"]["slug"] == SLUG
    assert data["event"]["name"] == "Golden Games 2026"
    assert data["event"]["scoring"] == "low"
    assert [d["name"] for d in data["divisions"]] == ["Open", "Solo"]
    open_ = division(data, "Open")
    assert open_["status"] == "complete"
    placings = {p["entrant_id"]: p for p in open_["placings"]}
    # The no-show is listed without a place, carrying "withdrawn": true (DESIGN.md).
    no_show = placings.pop("O18")
    assert (no_show["place"], no_show["medal"], no_show["round_reached"]) == (None, None, 0)
    assert no_show["withdrawn"] is True and no_show["absent"] is True
    assert open_["placings"][-1]["entrant_id"] == "O18"
    assert len(placings) == 17
    expected = {
        t5[1]: (1, "gold", 3),
        t3[0]: (2, "silver", 3),
        t1[0]: (3, "bronze", 3),
        t2[0]: (4, None, 3),
        t4[0]: (None, None, 2),
        # Place 5 stays empty: it is the place of the player who withdrew in round 2.
        t5[0]: (6, None, 1),
        t1[1]: (7, None, 1),
        t2[1]: (7, None, 1),
        t3[1]: (9, None, 1),
        t4[1]: (9, None, 1),
        t5[2]: (11, None, 1),
        t2[2]: (12, None, 1),
        t3[2]: (12, None, 1),
        t4[2]: (12, None, 1),
        t1[2]: (15, None, 1),
        t1[3]: (16, None, 1),
        t2[3]: (16, None, 1),
    }
    got = {p: (v["place"], v["medal"], v["round_reached"]) for p, v in placings.items()}
    assert got == expected
    assert placings[t4[0]]["withdrawn"] is True
    assert all(
        "withdrawn" not in v or v["withdrawn"] is False for p, v in placings.items() if p != t4[0]
    )
    assert [p["place"] for p in open_["placings"]] == [
        1,
        2,
        3,
        4,
        6,
        7,
        7,
        9,
        9,
        11,
        12,
        12,
        12,
        15,
        16,
        16,
        None,
        None,
    ]
    assert [p["medal"] for p in open_["placings"]].count("gold") == 1
    assert [p["medal"] for p in open_["placings"]].count("silver") == 1
    assert [p["medal"] for p in open_["placings"]].count("bronze") == 1
    assert all(placings[p]["name"] == names[p] for p in placings)

    rounds = open_["rounds"]
    assert [(r["number"], r["kind"], r["games"]) for r in rounds] == [
        (1, "qualifying", 3),
        (2, "intermediate", 2),
        (3, "final", 1),
    ]
    assert [sorted(r["byes"]) for r in rounds] == [[], sorted([t1[0], t2[0]]), []]
    assert [[t["number"] for t in r["tables"]] for r in rounds] == [[1, 2, 3, 4, 5], [1], [1]]
    r1, r2, r3 = rounds
    late = seat_of(r1, t1[2])
    assert (late["rack_totals"], late["points"], late["total"], late["advanced"]) == (
        [20, 20, 20],
        [20, 20, 20],
        63,
        False,
    )
    assert late["penalties"] == [{"points": 3, "reason": "late for game 2"}]
    assert (seat_of(r1, t1[0])["rack_totals"], seat_of(r1, t1[0])["total"]) == ([0, 0, 2], 2)
    assert seat_of(r1, t1[0])["advanced"] is True  # a bye counts as going on
    assert seat_of(r1, t3[0])["rack_totals"] == [0, 0, 6]  # corrected back
    assert seat_of(r1, t4[1])["rack_totals"] == [10, 10, 8]
    assert [seat_of(r1, p)["total"] for p in t5] == [15, 15, 40]
    assert [seat_of(r1, p)["advanced"] for p in t5] == [False, True, False]
    assert seat_of(r1, t4[0])["advanced"] is True
    assert seat_of(r1, t4[0])["penalties"] == []
    gone = seat_of(r2, t4[0])
    assert (gone["rack_totals"], gone["points"], gone["advanced"]) == (
        [None, None],
        [None, None],
        False,
    )
    assert (seat_of(r2, t3[0])["rack_totals"], seat_of(r2, t3[0])["total"]) == ([0, 5], 5)
    assert [seat_of(r2, p)["advanced"] for p in (t3[0], t5[1])] == [True, True]
    assert {
        s["entrant_id"]: (s["rack_totals"], s["total"], s["advanced"])
        for s in r3["tables"][0]["seats"]
    } == {p: ([v], v, False) for p, v in final.items()}

    solo = division(data, "Solo")
    assert solo["status"] == "complete"
    assert solo["rounds"] == []
    assert [{k: p[k] for k in PLACING_KEYS} for p in solo["placings"]] == [
        {"place": 1, "medal": "gold", "entrant_id": "S01", "name": "Ángel Solo", "round_reached": 0}
    ]

    # ---- results, CSV
    text = run("export_results", SLUG, "--format", "csv")
    csv_rows = list(csv.reader(io.StringIO(text)))
    assert csv_rows[0] == ["division", "place", "medal", "entrant_id", "name", "round_reached"]
    assert len(csv_rows) == 1 + 17 + 1 + 1  # header, Open's players, its no-show, Solo
    assert ["Open", "", "", "O18", names["O18"], "0"] in csv_rows
    assert csv_rows[1] == ["Open", "1", "gold", t5[1], names[t5[1]], "3"]
    assert csv_rows[2] == ["Open", "2", "silver", t3[0], names[t3[0]], "3"]
    assert csv_rows[3] == ["Open", "3", "bronze", t1[0], names[t1[0]], "3"]
    assert csv_rows[4] == ["Open", "4", "", t2[0], names[t2[0]], "3"]
    assert ["Open", "", "", t4[0], names[t4[0]], "2"] in csv_rows
    assert csv_rows[-1] == ["Solo", "1", "gold", "S01", "Ángel Solo", "0"]
    assert sorted(ScoreChange.objects.values_list("action", flat=True)) == sorted(
        ["entered"] * 18 + ["penalty", "corrected", "corrected"]
    )


def _age_file(path):
    people = [
        ("P1", "Ann", "Able", "1963-02-01", "F"),
        ("P2", "Bea", "Baker", "1964-03-01", "F"),
        ("P3", "Cy", "Cole", "1965-04-01", "M"),  # 60-64 on 31 Dec 2026
        ("P4", "Dot", "Dunn", "1959-05-01", "F"),
        ("P5", "Earl", "Eng", "1960-06-01", "M"),
        ("P6", "Fay", "Fox", "1953-07-01", "F"),
        ("P7", "Gus", "Gray", "1954-08-01", "M"),
        ("P8", "Hal", "Hill", "1955-09-01", "M"),  # 70-74
    ]
    return entrants_file(path, [p + ("", "") for p in people]), people


@pytest.mark.django_db
def test_combined_divisions_give_medals_per_age_group(tmp_path):
    path, people = _age_file(tmp_path / "ages.csv")
    out = run("import_entrants", "combo", path, "--create-event", "--date", "2026-05-16")
    assert "New divisions: 60-64, 65-69, 70-74." in out
    out = run("configure_event", "combo", "--medals", "age-group")
    assert "medals age-group" in out
    out = run("combine_divisions", "combo", "--into", "60-74", "60-64", "65-69", "70-74")
    assert out == "60-64, 65-69, 70-74 now play as 60-74 (8 entrants).\n"
    assert run("checkin", "combo") == "Checked in 8 entrant(s).\n"
    assert run("plan", "combo").splitlines() == [
        "60-74: 8 checked in of 8 registered",
        "  round 1: 2×4, 3 g, top 2 → 4",
        "  round 2: final 1×4, 1 g",
        "  estimated duration: 4 games one after another × 20 min = 1 h 20 min",
        *[
            f"  how tables are compared: {note}"
            for note in plan_division(8).comparison_notes(medals_by_age_group=True)
        ],
    ]
    # Naming a division that plays in the combined bracket seats that bracket.
    out = run("seat", "combo", "--division", "60-64", "--seed", 3)
    assert out.startswith("60-74, round 1 (qualifying, 3 games):\n  Table 1: ")
    assert run("seat", "combo", "--division", "60-74").startswith("(already seated")
    tables = tables_of("combo", "60-74", 1)
    rows = []
    for number, seats in tables.items():
        racks = {p: 0 if i == 0 else 10 * i + number for i, p in enumerate(seats)}
        for game in (1, 2, 3):
            rows += score_rows("60-74", 1, number, game, racks)
    import_scores("combo", tmp_path / "r1.csv", rows)
    run("advance", "combo", "--division", "60-74")
    final = tables_of("combo", "60-74", 2)[1]
    assert set(final) == set(tables[1][:2] + tables[2][:2])
    import_scores(
        "combo",
        tmp_path / "r2.csv",
        score_rows("60-74", 2, 1, 1, {p: 5 * i for i, p in enumerate(final)}),
    )
    run("advance", "combo", "--division", "60-74")

    data = results("combo")
    check_shape(data)
    assert [d["name"] for d in data["divisions"]] == ["60-74"]
    bracket = data["divisions"][0]
    assert bracket["status"] == "complete"
    placings = bracket["placings"]
    assert [p["place"] for p in placings] == [1, 2, 3, 4, 5, 6, 7, 8]
    assert [p["entrant_id"] for p in placings[:4]] == final
    group = {
        p[0]: ("60-64" if p[3] >= "1962" else "65-69" if p[3] >= "1957" else "70-74")
        for p in people
    }
    medals = {p["entrant_id"]: p["medal"] for p in placings}
    for name in ("60-64", "65-69", "70-74"):
        members = [p["entrant_id"] for p in placings if group[p["entrant_id"]] == name]
        assert [medals[m] for m in members] == ["gold", "silver", "bronze", None][: len(members)]
    values = list(medals.values())
    assert (values.count("gold"), values.count("silver"), values.count("bronze")) == (3, 3, 2)
    assert placings[0]["medal"] == "gold"


@pytest.mark.django_db
def test_sabra_event_points_sum_to_zero_in_every_game(tmp_path):
    people = [
        (f"Z{n}", f"Player{n}", "Sabra", f"195{n}-01-01", "F", "", "Open") for n in range(1, 5)
    ]
    run(
        "import_entrants",
        "sabra",
        entrants_file(tmp_path / "e.csv", people),
        "--create-event",
        "--date",
        "2026-05-16",
        "--scoring",
        "sabra",
    )
    run("checkin", "sabra")
    out = run("seat", "sabra", "--division", "Open")
    assert out.splitlines()[0] == "Open, round 1 (final, 3 games):"
    a, b, c, d = tables_of("sabra", "Open", 1)[1]
    rows = score_rows(
        "Open", 1, 1, 1, {a: 0, b: 5, c: 10, d: 3}
    )  # the Sabra examples of docs/rules.md
    rows += score_rows("Open", 1, 1, 2, {b: 0, a: 25, c: 17, d: 18})
    rows += score_rows("Open", 1, 1, 3, {a: 4, b: 9, c: 6, d: 20}, ended="exhausted")
    import_scores("sabra", tmp_path / "s.csv", rows)
    run(
        "penalty",
        "sabra",
        "--division",
        "Open",
        "--round",
        1,
        "--entrant",
        c,
        "--points",
        2,
        "--reason",
        "conduct",
    )
    out = run("advance", "sabra", "--division", "Open")
    assert out.splitlines()[-3:] == [
        f"  gold: Player{b[1]} Sabra ({b})",
        f"  silver: Player{a[1]} Sabra ({a})",
        f"  bronze: Player{c[1]} Sabra ({c})",
    ]
    data = results("sabra")
    assert data["event"]["scoring"] == "sabra"
    seats = {s["entrant_id"]: s for s in data["divisions"][0]["rounds"][0]["tables"][0]["seats"]}
    assert {p: (s["points"], s["total"]) for p, s in seats.items()} == {
        a: ([18, -25, 23], 16),
        b: ([-5, 60, -5], 50),
        c: ([-10, -17, -2], -31),
        d: ([-3, -18, -16], -37),
    }
    for game in range(3):
        assert sum(s["points"][game] for s in seats.values()) == 0
    assert seats[c]["penalties"] == [{"points": 2, "reason": "conduct"}]
    placings = data["divisions"][0]["placings"]
    assert [(p["entrant_id"], p["place"], p["medal"]) for p in placings] == [
        (b, 1, "gold"),
        (a, 2, "silver"),
        (c, 3, "bronze"),
        (d, 4, None),
    ]


@pytest.mark.django_db
def test_late_arrivals_confirmation_and_a_division_not_yet_seated(tmp_path):
    first = [(f"L{n}", f"Lee{n}", "Late", "1950-01-01", "F", "", "Open") for n in range(1, 5)]
    run(
        "import_entrants",
        "late",
        entrants_file(tmp_path / "a.csv", first),
        "--create-event",
        "--date",
        "2026-05-16",
    )
    out = run("configure_event", "late", "--confirm", "second-person")
    assert "confirmation second-person" in out
    assert run("checkin", "late", "--absent", "L4") == "Checked in 3 entrant(s).\nAbsent: L4.\n"
    # L4 turns up after all, before seating: checked in by running checkin again
    # (RULES.md: a no-show who turns up before seating is checked in like a late arrival).
    assert run("checkin", "late") == (
        "Checked in 1 entrant(s).\nChecked in, no longer absent: L4.\n"
    )
    assert Entrant.objects.get(external_id="L4").status == "checked_in"
    run("seat", "late", "--division", "Open")
    more = [
        ("L5", "Lee5", "Later", "1950-01-01", "F", "", "Open"),
        ("M1", "Mo", "Masters", "1940-01-01", "M", "", "Masters"),
    ]
    assert "Registered 2 entrant(s)" in run(
        "import_entrants", "late", entrants_file(tmp_path / "b.csv", more)
    )
    # Part of the work refused: the rest is done, the exit is non-zero naming L5.
    out = io.StringIO()
    with pytest.raises(CommandError, match="their division is already seated: L5"):
        call_command("checkin", "late", stdout=out)
    assert out.getvalue() == "Checked in 1 entrant(s).\n"
    assert Entrant.objects.get(external_id="L5").status == "registered"
    assert Entrant.objects.get(external_id="M1").status == "checked_in"
    # The round is a final of four (3 games); scores entered by the organizer's command
    # count as confirmed, so the round closes although the event wants a second person.
    seats = tables_of("late", "Open", 1)[1]
    assert sorted(seats) == ["L1", "L2", "L3", "L4"]
    rows = [
        r
        for g in (1, 2, 3)
        for r in score_rows("Open", 1, 1, g, {p: 5 * i for i, p in enumerate(seats)})
    ]
    import_scores("late", tmp_path / "s.csv", rows)
    assert Game.objects.filter(confirmed_at__isnull=True).count() == 0
    out = run("advance", "late", "--division", "Open")
    assert out.splitlines()[:2] == ["Open: round 1 closed.", "Open is complete."]
    data = results("late")
    assert [(d["name"], d["status"]) for d in data["divisions"]] == [
        ("Masters", "registered"),
        ("Open", "complete"),
    ]
    masters = division(data, "Masters")
    assert (masters["placings"], masters["rounds"]) == ([], [])
    open_ = division(data, "Open")
    assert [(p["entrant_id"], p["place"], p["medal"]) for p in open_["placings"]] == [
        (seats[0], 1, "gold"),
        (seats[1], 2, "silver"),
        (seats[2], 3, "bronze"),
        (seats[3], 4, None),
    ]
    assert "L5" not in {p["entrant_id"] for p in open_["placings"]}


def _field(tmp_path, slug, count):
    people = [
        (f"F{n:02d}", f"Fay{n}", "Field", "1950-01-01", "F", "", "Open")
        for n in range(1, count + 1)
    ]
    run(
        "import_entrants",
        slug,
        entrants_file(tmp_path / f"{slug}.csv", people),
        "--create-event",
        "--date",
        "2026-05-16",
    )
    run("checkin", slug)
    run("seat", slug, "--division", "Open", "--seed", 4)
    return {p[0]: f"{p[1]} {p[2]}" for p in people}, tables_of(slug, "Open", 1)


@pytest.mark.django_db
def test_a_tie_for_a_medal_blocks_until_resolved(tmp_path):
    names, tables = _field(tmp_path, "medal-tie", 4)
    a, b, c, d = tables[1]
    rows = score_rows("Open", 1, 1, 1, {a: 0, b: 10, c: 20, d: 5})
    rows += score_rows("Open", 1, 1, 2, {a: 10, b: 0, c: 5, d: 20})
    rows += score_rows("Open", 1, 1, 3, {a: 5, b: 5, c: 0, d: 20})
    import_scores("medal-tie", tmp_path / "s.csv", rows)
    before = snapshot()
    with pytest.raises(CommandError) as blocked:
        run("advance", "medal-tie", "--division", "Open")
    assert "manage.py resolve_tie" in str(blocked.value)
    assert str(blocked.value).split("\nRecord each result")[0] == (
        f"Unresolved ties block this:\nround 1, table 1: {names[a]}, {names[b]} are tied for a "
        "medal; record the playoff or tile draw."
    )
    assert snapshot() == before
    with pytest.raises(CommandError, match="^There is no entrant with id 'F99' in medal-tie.$"):
        run("resolve_tie", "medal-tie", "--division", "Open", "--round", 1, "--order", f"{b},F99")
    run("resolve_tie", "medal-tie", "--division", "Open", "--round", 1, "--order", f"{b},{a}")
    out = run("advance", "medal-tie", "--division", "Open")
    assert out.splitlines()[-3:] == [
        f"  gold: {names[b]} ({b})",
        f"  silver: {names[a]} ({a})",
        f"  bronze: {names[c]} ({c})",
    ]
    placings = division(results("medal-tie"), "Open")["placings"]
    assert [(p["entrant_id"], p["place"], p["medal"], p["round_reached"]) for p in placings] == [
        (b, 1, "gold", 1),
        (a, 2, "silver", 1),
        (c, 3, "bronze", 1),
        (d, 4, None, 1),
    ]


@pytest.mark.django_db
def test_a_tie_for_a_bye_blocks_until_resolved(tmp_path):
    names, tables = _field(tmp_path, "bye-tie", 17)
    assert [len(t) for t in tables.values()] == [4, 4, 3, 3, 3]
    winners_total = {1: 2, 2: 4, 3: 4, 4: 8, 5: 10}  # tables 2 and 3: 4/3 per game each
    rows = []
    for number, seats in tables.items():
        plain = {p: 10 * i for i, p in enumerate(seats)}
        rows += score_rows("Open", 1, number, 1, plain) + score_rows("Open", 1, number, 2, plain)
        rows += score_rows(
            "Open", 1, number, 3, dict(plain, **{seats[0]: winners_total[number], seats[1]: 0})
        )
    import_scores("bye-tie", tmp_path / "s.csv", rows)
    x, y = tables[2][0], tables[3][0]
    with pytest.raises(CommandError) as blocked:
        run("advance", "bye-tie", "--division", "Open")
    assert "manage.py resolve_tie" in str(blocked.value)
    assert str(blocked.value).split("\nRecord each result")[0] == (
        f"Unresolved ties block this:\nround 1: {names[x]}, {names[y]} are tied for a bye in "
        "round 2; record the playoff or tile draw."
    )
    assert not Round.objects.filter(number=2).exists()
    run("resolve_tie", "bye-tie", "--division", "Open", "--round", 1, "--order", f"{y},{x}")
    run("advance", "bye-tie", "--division", "Open")
    byes = {r["entrant_id"] for r in seating("bye-tie", "--round", 2) if r["seat"] == "bye"}
    assert byes == {tables[1][0], y}
    seated = {r["entrant_id"] for r in seating("bye-tie", "--round", 2) if r["seat"] != "bye"}
    assert seated == {x, tables[4][0], tables[5][0]}
