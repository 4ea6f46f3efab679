"""The "Someone else saved game N just now" table marks the rows whose numbers differ."""

from types import SimpleNamespace

from entry.views import conflict_rows
from scoring.services import ScoreConflict


def _sheet(*ids):
    return SimpleNamespace(
        seats=[
            SimpleNamespace(entrant=SimpleNamespace(external_id=i, shown_name=i.upper()))
            for i in ids
        ]
    )


def test_only_the_rows_whose_numbers_differ_are_marked():
    conflict = ScoreConflict(
        "x",
        theirs={"racks": {"a": 0, "b": 10, "c": 20}},
        yours={"racks": {"a": 0, "b": 11, "c": 20}},
    )
    rows = conflict_rows(_sheet("a", "b", "c"), conflict)
    assert [(r["name"], r["theirs"], r["yours"], r["differs"]) for r in rows] == [
        ("A", 0, 0, False),
        ("B", 10, 11, True),
        ("C", 20, 20, False),
    ]


def test_nothing_is_marked_without_numbers_of_yours_or_without_a_conflict():
    conflict = ScoreConflict("x", theirs={"racks": {"a": 0, "b": 10}}, yours={})
    assert not any(r["differs"] for r in conflict_rows(_sheet("a", "b"), conflict))
    assert conflict_rows(_sheet("a"), None) == []
