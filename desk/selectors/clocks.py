"""Reads for the round clocks at the desk."""

from tournaments.models import Round, Table
from tournaments.selectors import brackets


def unstarted_clocks(event) -> list[Round]:
    """Each bracket's current round still playing whose clock has not started."""
    rounds = []
    for division in brackets(event):
        current = division.rounds.current()
        if (
            current is not None
            and current.status != Round.Status.CLOSED
            and current.clock_started_at is None
        ):
            rounds.append(current)
    return rounds


def round_table(round_: Round | None, table_id: int | None) -> Table | None:
    """The table of ``round_`` with this id (None: no round, no id, or not one of its)."""
    if round_ is None or table_id is None:
        return None
    return Table.objects.filter(pk=table_id, round=round_).select_related("round").first()
