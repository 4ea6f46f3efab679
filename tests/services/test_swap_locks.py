"""A seat swap takes its locks in the common order (division, then round; docs/
architecture.md, ``lock_for_entry``): while another transaction holds the division, the
swap waits for it before it locks the round, so it cannot deadlock with a save or a
change of the round that took the division first."""

import threading
from pathlib import Path

import pytest
from django.db import connection, transaction

from tests.services.test_concurrency import eight_players
from tournaments import services
from tournaments.models import Division, Round, Seat


@pytest.mark.postgres_only
@pytest.mark.django_db(transaction=True)
def test_a_swap_waits_for_the_division_before_it_locks_the_round(tmp_path: Path):
    division = eight_players(tmp_path)
    round_ = Round.objects.get(division=division, number=1)
    one = Seat.objects.filter(round=round_, table__number=1).select_related("entrant").first()
    two = Seat.objects.filter(round=round_, table__number=2).select_related("entrant").first()
    done = threading.Event()
    outcome: list = []

    def swap():
        try:
            services.seats_swap(round_=round_, first=one.entrant, second=two.entrant)
            outcome.append("ok")
        except Exception as error:  # noqa: BLE001 - the test looks at what was raised
            outcome.append(error)
        finally:
            done.set()
            connection.close()

    holder_has_division = threading.Event()
    release = threading.Event()
    round_free: list = []

    def hold_the_division():
        try:
            with transaction.atomic():
                Division.objects.select_for_update().get(pk=division.pk)
                holder_has_division.set()
                # Once the swap has started, wait a moment, then see whether the round's
                # row is free: the swap must be waiting for the division, not the round.
                release.wait(timeout=30)
                try:
                    with transaction.atomic():
                        Round.objects.select_for_update(nowait=True).get(pk=round_.pk)
                    round_free.append(True)
                except Exception:  # noqa: BLE001 - locked by the swap: the wrong order
                    round_free.append(False)
        finally:
            connection.close()

    holder = threading.Thread(target=hold_the_division)
    holder.start()
    assert holder_has_division.wait(timeout=30)
    swapper = threading.Thread(target=swap)
    swapper.start()
    finished_early = done.wait(timeout=1.0)
    release.set()
    holder.join(timeout=60)
    swapper.join(timeout=60)
    assert not holder.is_alive() and not swapper.is_alive()
    assert not finished_early, "the swap did not wait for the division's lock"
    assert round_free == [True], "the swap locked the round before the division"
    assert outcome == ["ok"]
    assert Seat.objects.get(round=round_, entrant=one.entrant).table.number == 2
