"""The bracket: seating rounds, swapping seats, closing rounds, finishing a division."""

import secrets
from collections.abc import Iterable, Sequence
from contextlib import nullcontext
from dataclasses import dataclass, replace

from django.db import IntegrityError, models, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import (
    Bye,
    Division,
    DivisionResults,
    Entrant,
    Event,
    Round,
    Seat,
    Table,
)
from tournaments.selectors import (
    bracket_entrants,
    combine_candidates,
    combine_neighbour,
    division_slot,
    event_hall,
    hall_tables_in_play,
    notes_language,
    notes_language_code,
    round_label,
)
from tournaments.text import isolate

from .table_codes import WITH_SEATING, table_codes_issue, table_codes_retire


def notes_stored(event: Event, notes: Iterable[engine.SeatingNote]) -> list[dict]:
    """Seating notes as a round stores them, marked with the event's language (their words
    were made in it, inside ``notes_language``)."""
    language = notes_language_code(event)
    return [replace(note, language=note.language or language).as_record() for note in notes]


def new_seed() -> int:
    return secrets.randbits(48)


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


def round_create(
    *,
    division: Division,
    shape: engine.RoundShape,
    players: Sequence[Entrant],
    byes: Sequence[Entrant] = (),
    seed: int,
    met: Iterable[frozenset[str]] = (),
) -> Round:
    """Seat round ``shape.number`` of ``division``: tables from the engine's seating, and byes.

    The database refuses a second round of the same number, so two organizers
    seating at once make one round.
    """
    by_id = {e.external_id: e for e in players}
    needs = {e.external_id for e in players if e.accessible}
    seating = engine.seat_players(
        [engine.Seat(e.external_id, e.club, e.family) for e in players],
        shape.tables,
        seed=seed,
        met=met,
        gather=needs,
    )
    # Set apart for the notes' sentences: a right-to-left name cannot turn the words round.
    names = {e.external_id: isolate(e.name) for e in players}
    try:
        with transaction.atomic():
            event = event_lock(division.event_id)
            given = hall_table_numbers(
                event=event,
                who=round_label(division.name, shape.number),
                tables=seating.tables,
                needs=needs,
                names=names,
                notes_in_event_language=True,
            )
            numbers = given.numbers
            with notes_language(event):
                notes = seating.notes(names, numbers)
            round_ = Round.objects.create(
                division=division,
                number=shape.number,
                kind=shape.kind,
                games=shape.games,
                seed=seed,
                seating_notes=notes_stored(event, [*given.notes, *notes]),
            )
            tables = Table.objects.bulk_create([Table(round=round_, number=n) for n in numbers])
            Seat.objects.bulk_create(
                [
                    Seat(round=round_, table=table, entrant=by_id[player], number=seat)
                    for table, players_at in zip(tables, seating.tables, strict=False)
                    for seat, player in enumerate(players_at, start=1)
                ],
                batch_size=1000,
            )
            Bye.objects.bulk_create([Bye(round=round_, entrant=e) for e in byes])
            if event.players_enter_scores:
                table_codes_issue(round_=round_, label=WITH_SEATING)
            if division.status != Division.Status.IN_PLAY:
                division.status = Division.Status.IN_PLAY
                division.save(update_fields=["status"])
    except IntegrityError:
        raise RuleError(
            gettext("Round %(number)d of %(division)s was seated by someone else just now.")
            % {"number": shape.number, "division": division.name}
        ) from None
    return round_


def round_started(round_: Round) -> bool:
    """Whether play (a score or a penalty) has started in the round."""
    return (
        Round.objects.filter(pk=round_.pk)
        .filter(models.Q(tables__games__isnull=False) | models.Q(penalties__isnull=False))
        .exists()
    )


def round_seat_again(
    *,
    round_: Round,
    shape: engine.RoundShape,
    players: Sequence[Entrant],
    byes: Sequence[Entrant] = (),
    seed: int,
    met: Iterable[frozenset[str]] = (),
    note: str = "",
) -> Round:
    """Seat the latest round of a division again, while nothing has been played in it:
    with other players (an accepted correction changed who goes on), or with the same
    players and a new seed (the organizer re-seats it, ``seating_fixes.round_reseat``).
    ``note`` is added to the round's seating notes."""
    with transaction.atomic():
        event_lock(round_.division.event_id)
        round_ = Round.objects.select_for_update().select_related("division").get(pk=round_.pk)
        division = round_.division
        if division.rounds.current().pk != round_.pk:
            raise RuleError(
                gettext("Round %(number)d of %(division)s is not the latest round: it stands.")
                % {"number": round_.number, "division": division.name}
            )
        if round_started(round_):
            raise RuleError(
                gettext("Round %(number)d of %(division)s has started: it stands.")
                % {"number": round_.number, "division": division.name}
            )
        table_codes_retire(round_=round_)
        round_.delete()
        seated = round_create(
            division=division, shape=shape, players=players, byes=byes, seed=seed, met=met
        )
        if not note:
            with notes_language(division.event):
                note = gettext(
                    "Seated again after a correction changed who goes on from round %(number)s."
                ) % {"number": round_.number - 1}
        seated.seating_notes = list(seated.seating_notes) + notes_stored(
            division.event, [engine.SeatingNote(engine.notes.RESEATED, note)]
        )
        seated.save(update_fields=["seating_notes"])
        return seated


class LoneEntrantMustPlay(RuleError):
    """One player checked in, and the event gives no medal without play: the division must
    be combined with a neighbouring one (``neighbour``, when there is one to offer; else
    the organizer chooses among ``candidates``, the divisions still open to combine)."""

    def __init__(
        self,
        division: Division,
        player: Entrant,
        neighbour: Division | None,
        candidates: Sequence[Division] = (),
        age_known: bool = True,
    ):
        self.division, self.player, self.neighbour = division, player, neighbour
        self.candidates, self.age_known = list(candidates), age_known
        text = gettext(
            "%(division)s has only one player checked in (%(player)s), and this event gives "
            "no medal without play: the division cannot be finished alone."
        ) % {"division": division.name, "player": isolate(player.name)}
        if neighbour is not None:
            text += " " + gettext(
                "Combine it with %(neighbour)s, the nearest age group, before seating: its "
                "medals then go by age group, so %(player)s plays for a medal of %(division)s."
            ) % {
                "neighbour": isolate(neighbour.name),
                "player": isolate(player.name),
                "division": division.name,
            }
        elif self.candidates:
            if not age_known:
                why = gettext(
                    "%(division)s has no age range (its name was typed, and %(player)s's age "
                    "is not known)"
                ) % {"division": division.name, "player": isolate(player.name)}
            else:
                why = gettext("no division of the same gender with an age range is still open")
            text += " " + gettext(
                "No neighbouring division can be chosen for it: %(why)s. You choose which "
                "division to combine it with: %(divisions)s; or change the setting to a "
                "walkover."
            ) % {"why": why, "divisions": _or_list([d.name for d in self.candidates])}
        else:
            text += " " + gettext(
                "No other division is still open to combine it with (every other one is "
                "seated or finished): change the setting to a walkover."
            )
        super().__init__(text)


def _or_list(names: Sequence[str]) -> str:
    if len(names) == 1:
        return names[0]
    return gettext("%(first)s or %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


@dataclass
class SeatResult:
    division: Division
    round: Round | None
    created: bool
    walkover: bool = False
    already_seated: bool = False


def division_seat_first_round(*, division: Division, seed: int | None = None) -> SeatResult:
    """Seat round 1 of a bracket from its checked-in players (a lone player: a walkover)."""
    with transaction.atomic():
        event_lock(division.event_id)
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.combined_into_id:
            raise RuleError(
                gettext("%(division)s plays in %(into)s: seat that division.")
                % {"division": division.name, "into": division.combined_into.name}
            )
        latest = division.rounds.current()
        if latest is not None:
            return SeatResult(division, latest, False, already_seated=True)
        if division.status == Division.Status.COMPLETE:
            return SeatResult(division, None, False, walkover=division.walkover)
        players = list(bracket_entrants(division).checked_in().order_by("external_id"))
        if not players:
            raise RuleError(
                gettext("%(division)s: nobody is checked in.") % {"division": division.name}
            )
        if len(players) == 1 and division.event.lone_entrant == Event.LoneEntrant.PLAY:
            slot = division_slot(division)
            raise LoneEntrantMustPlay(
                division,
                players[0],
                combine_neighbour(division),
                combine_candidates(division),
                age_known=slot.min_age is not None or slot.max_age is not None,
            )
        if len(players) == 1:
            division.status = Division.Status.COMPLETE
            division.walkover = True
            division.save(update_fields=["status", "walkover"])
            return SeatResult(division, None, True, walkover=True)
        event = division.event
        shape = engine.round_shape(len(players), 1, prefer_threes=event.prefer_threes)
        round_ = round_create(
            division=division,
            shape=shape,
            players=players,
            seed=new_seed() if seed is None else seed,
        )
        return SeatResult(division, round_, True)


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


def seats_swap(*, round_: Round, first: Entrant, second: Entrant) -> None:
    """Swap two players' seats before the round's play starts."""
    with transaction.atomic():
        # The division first, then the round: the order of every change of a round and of
        # a score's save (scoring.services._common.lock_for_entry), so none deadlocks.
        Division.objects.select_for_update().filter(pk=round_.division_id).first()
        round_ = Round.objects.select_for_update().get(pk=round_.pk)
        if (
            round_.status != Round.Status.SEATED
            or Table.objects.filter(round=round_, games__isnull=False).exists()
        ):
            raise RuleError(
                gettext("Play has started in this round: seats can no longer be swapped.")
            )
        a = Seat.objects.filter(round=round_, entrant=first).first()
        b = Seat.objects.filter(round=round_, entrant=second).first()
        if a is None or b is None:
            missing = first if a is None else second
            raise RuleError(
                gettext("%(name)s has no seat in round %(number)d.")
                % {"name": isolate(missing.name), "number": round_.number}
            )
        if a.table_id == b.table_id:
            raise RuleError(gettext("Both players sit at the same table: nothing to swap."))
        a_table, a_number = a.table_id, a.number
        # Move one aside first: the unique constraints hold at every step.
        Seat.objects.filter(pk=a.pk).delete()
        Seat.objects.filter(pk=b.pk).update(table_id=a_table, number=a_number)
        Seat.objects.create(round=round_, table_id=b.table_id, entrant=first, number=b.number)
        with notes_language(round_.division.event):
            note = gettext("Organizer swapped %(first)s and %(second)s.") % {
                "first": isolate(first.name),
                "second": isolate(second.name),
            }
        swapped = engine.SeatingNote(
            engine.notes.SWAPPED, note, players=(first.external_id, second.external_id)
        )
        round_.seating_notes = list(round_.seating_notes) + notes_stored(
            round_.division.event, [swapped]
        )
        round_.save(update_fields=["seating_notes"])


def round_mark_in_play(*, round_: Round) -> None:
    if round_.status == Round.Status.SEATED:
        Round.objects.filter(pk=round_.pk, status=Round.Status.SEATED).update(
            status=Round.Status.IN_PLAY
        )
        round_.status = Round.Status.IN_PLAY


def round_mark_closed(*, round_: Round) -> Round:
    round_.status = Round.Status.CLOSED
    round_.closed_at = timezone.now()
    round_.save(update_fields=["status", "closed_at"])
    return round_


def division_finish(*, division: Division, results: list | None = None) -> Division:
    """Mark a division finished, recording its placings as they stand."""
    division.status = Division.Status.COMPLETE
    division.save(update_fields=["status"])
    division_record_results(division=division, results=results)
    return division


def division_record_results(*, division: Division, results: list | None) -> Division:
    """Record a division's placings (None: none recorded), in their own row."""
    if results is None:
        DivisionResults.objects.filter(division=division).delete()
        Division.recorded_results.related.delete_cached_value(division)
    else:
        division.recorded_results, _ = DivisionResults.objects.update_or_create(
            division=division, defaults={"placings": results}
        )
    return division


def medals_confirm(*, division: Division) -> Division:
    """The organizer confirms the medals of a finished division (for the public pages)."""
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.status != Division.Status.COMPLETE:
            raise RuleError(
                gettext("%(division)s is not finished yet.") % {"division": division.name}
            )
        if division.medals_confirmed_at is None:
            division.medals_confirmed_at = timezone.now()
            division.save(update_fields=["medals_confirmed_at"])
        return division
