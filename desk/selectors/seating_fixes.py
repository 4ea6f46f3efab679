"""Reads for fixing a seating at the desk: the size of a round seated, and the division's
record of rounds seated again or taken back."""

from dataclasses import dataclass

from django.utils.translation import gettext

from tournaments.models import Division, Round, RoundChange
from tournaments.selectors import round_label


@dataclass(frozen=True)
class RoundSize:
    players: int
    tables: int
    byes: int


def round_size(round_: Round) -> RoundSize:
    """How many players a round seated, at how many tables, and its byes."""
    tables = round_.tables.count()
    return RoundSize(players=round_.seats.count(), tables=tables, byes=round_.byes.count())


def round_changes(division: Division) -> list[RoundChange]:
    """The division's record of rounds seated again or taken back, newest first, each
    with its notes to show (``shown_notes``, in the reader's language where they can be)."""
    changes = list(
        RoundChange.objects.filter(division=division).select_related("by").order_by("-at", "-pk")
    )
    for change in changes:
        change.shown_notes = round_change_notes(change)
    return changes


def round_change_notes(change: RoundChange) -> list[str]:
    """A division record's notes after its first (which the page says in its own words),
    in the active language where they are stored as data: the tables of a round taken
    back renumbered because others held them (``after["held_by"]``). The record's English
    words of those are not shown then (one a table, after the first note); older records'
    notes are shown as written, a sentence of the interface in the active language."""
    after = change.after if isinstance(change.after, dict) else {}
    held_by, moved = after.get("held_by"), after.get("renumbered")
    if not (
        isinstance(held_by, dict)
        and isinstance(moved, dict)
        and set(held_by) == set(moved)
        and all(isinstance(h, dict) and {"division", "round"} <= set(h) for h in held_by.values())
    ):
        return [gettext(note) for note in change.notes[1:]]
    words = [
        gettext(
            "Round %(round)s's table %(old)s is now table %(new)s (table %(old)s is in play "
            "for %(holder)s): print its score sheet and table list again."
        )
        % {
            "round": after.get("reopened"),
            "old": old,
            "new": new,
            "holder": round_label(held_by[old]["division"], held_by[old]["round"]),
        }
        for old, new in moved.items()
    ]
    return words + [gettext(note) for note in change.notes[1 + len(moved) :]]
