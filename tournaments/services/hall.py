"""The hall's table numbers: taken under the event's lock, so that no two tables in play
share a number, accessible ones kept for the players who need them."""

from collections.abc import Iterable, Sequence
from contextlib import nullcontext

from django.utils import translation

from tournaments import engine
from tournaments.models import Division, Entrant, Event, Round, Seat
from tournaments.selectors import bracket_entrants, event_hall, hall_tables_in_play, notes_language


def event_lock(event_id: int) -> Event:
    """Lock the event's row. The hall's table numbers are taken under this lock, so two
    divisions seated at the same moment (two organizers, ``seat --all``) never get the
    same number. Seating services take it before any division's lock."""
    return Event.objects.select_for_update().get(pk=event_id)


def hall_numbers(*, event: Event, needed: dict[str, int]) -> dict[str, tuple[int, ...]]:
    """The lowest free usable hall numbers for each of ``needed`` (who → how many tables);
    ``HallFull`` naming who holds the tables when the hall has too few. The caller holds
    ``event_lock``."""
    holders = hall_tables_in_play(event)
    in_use = [n for _who, numbers in holders for n in numbers]
    return engine.take_numbers(event_hall(event), in_use, needed, holders)


def hall_table_numbers(
    *,
    event: Event,
    who: str,
    tables: Sequence[Sequence[str]],
    needs: Iterable[str] = (),
    names: dict[str, str] | None = None,
    notes_in_event_language: bool = False,
) -> engine.TableNumbers:
    """The hall numbers of a new round's tables (in the seating's order): the lowest free
    usable ones, accessible ones for the tables of players who need one (while someone
    in the event needs one, the other tables leave them free while others are), and
    warnings for those who could not get one, naming who holds the accessible tables.
    ``HallFull`` when the hall has too few free tables (in the reader's language). The
    warnings are in the event's language with ``notes_in_event_language`` (they are stored
    as the round's seating notes). The caller holds ``event_lock``."""
    hall = event_hall(event)
    holders = hall_tables_in_play(event)
    in_use = [n for _who, numbers in holders for n in numbers]
    engine.take_numbers(hall, in_use, {who: len(tables)}, holders)
    if notes_in_event_language and event.language != translation.get_language():
        with notes_language(event):
            holders = hall_tables_in_play(event)
    held_with_needs = (
        set(
            Seat.objects.filter(
                round__division__event=event,
                table__number__in=hall.accessible,
                entrant__accessible=True,
            )
            .exclude(round__status=Round.Status.CLOSED)
            .values_list("table__number", flat=True)
        )
        if hall.accessible
        else set()
    )
    # While someone in the event needs an accessible table, other tables leave those free.
    keep = bool(hall.accessible) and (
        Entrant.objects.filter(event=event, accessible=True)
        .exclude(
            status__in=[
                Entrant.Status.ABSENT,
                Entrant.Status.WITHDRAWN,
                Entrant.Status.DISQUALIFIED,
            ]
        )
        .exists()
    )
    with notes_language(event) if notes_in_event_language else nullcontext():
        return engine.assign_numbers(
            tables,
            engine.number_candidates(hall, in_use, len(tables)),
            accessible=hall.accessible,
            needs=needs,
            keep_accessible=keep,
            names=names,
            holders=holders,
            held_with_needs=held_with_needs,
        )


def hall_check_first_rounds(*, event: Event, divisions: Iterable[Division]) -> None:
    """Refuse (``HallFull``, naming who holds the tables) when seating round 1 of all these
    divisions at once needs more free tables than the hall has, so that nothing of them is
    seated. Call it under ``event_lock``, in the transaction that seats them."""
    needed = {}
    for division in divisions:
        if (
            division.combined_into_id
            or division.status == Division.Status.COMPLETE
            or division.rounds.exists()
        ):
            continue
        players = bracket_entrants(division).checked_in().count()
        if players < 2:
            continue
        shape = engine.round_shape(players, 1, prefer_threes=event.prefer_threes)
        needed[f"{division.name}, round 1"] = len(shape.tables)
    if needed:
        hall_numbers(event=event, needed=needed)
