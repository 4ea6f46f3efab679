"""Which division a player belongs in: the neighbour a lone player's division combines
with, and who would move under new age bands, gender split or cut-off."""

import datetime
from dataclasses import dataclass

from django.db.models import Q
from django.utils import translation

from tournaments import engine
from tournaments.models import Division, Entrant, Event

from .brackets import bracket_entrants, bracket_started, played_brackets, seated_bracket_ids


def division_slot(division: Division) -> engine.DivisionSlot:
    """The division's age range and gender for the neighbour search: as made from the age
    groups, else (a division named by hand, or combined) from its players' ages on the
    event's cut-off and their shared gender (``engine.division_slot``)."""
    if division.min_age is not None or division.max_age is not None:
        return engine.division_slot(
            division.name, division.min_age, division.max_age, division.gender
        )
    cutoff = division.event.age_cutoff
    ages, genders = [], []
    for born, stated, gender in bracket_entrants(division).values_list(
        "birth_date", "stated_age", "gender"
    ):
        if born is not None:
            ages.append(engine.age_on(born, cutoff))
        elif stated is not None:
            ages.append(stated)
        genders.append(gender)
    return engine.division_slot(
        division.name, None, None, division.gender, ages=ages, genders=genders
    )


def combine_candidates(division: Division) -> list[Division]:
    """The divisions a lone player's division can still be combined with: not seated or
    finished, not combined into another, with someone checked in; those of the lone
    division's gender (or open to any) first, each part in age order."""
    division = division.bracket
    gender = division_slot(division).gender
    found = [
        d
        for d in played_brackets(division.event).exclude(pk=division.pk)
        if not bracket_started(d) and bracket_entrants(d).checked_in().exists()
    ]
    return sorted(found, key=lambda d: bool(gender and d.gender and d.gender != gender))


def combine_neighbour(division: Division) -> Division | None:
    """The division a lone player's division is best combined with (the nearest age band of
    the same gender, engine.nearest_division, by the divisions' real age ranges: see
    ``division_slot``) among ``combine_candidates``."""
    division = division.bracket
    open_brackets = combine_candidates(division)
    chosen = engine.nearest_division(
        division_slot(division), [division_slot(d) for d in open_brackets]
    )
    return next((d for d in open_brackets if d.name == chosen.name), None) if chosen else None


def lone_neighbours(event: Event) -> dict[int, Division]:
    """Where the event requires play: each division held for a lone player, by the pk of
    the lone player's division — the neighbour ``combine_neighbour`` offers, which seating
    everything at once must leave unseated, or the combine could no longer happen."""
    if event.lone_entrant != Event.LoneEntrant.PLAY:
        return {}
    held = {}
    for division in played_brackets(event):
        if bracket_started(division) or bracket_entrants(division).checked_in().count() != 1:
            continue
        neighbour = combine_neighbour(division)
        if neighbour is not None:
            held[division.pk] = neighbour
    return held


@dataclass(frozen=True)
class DivisionMove:
    """An entrant whom new age bands, gender split or cut-off put in another division."""

    entrant: Entrant
    before: str
    after: str
    blocked: str = ""  # why they stay (a seated division), or "" when they move


def age_cutoff(cutoff_date: datetime.date | None, date: datetime.date) -> datetime.date:
    """The day ages are taken on: the cut-off set, else 31 December of the event's year."""
    return cutoff_date or datetime.date(date.year, 12, 31)


def division_moves(
    event: Event,
    *,
    age_bands: str | None = None,
    by_gender: bool | None = None,
    cutoff: datetime.date | None = None,
    ages: tuple[int | None, int | None] | None = None,
) -> list[DivisionMove]:
    """Who would move to another division under these settings (the event's own where one
    is None). Only entrants placed by age (their division has an age range) move; a
    division named in the registration file stays. Entrants of a seated (or finished)
    bracket never move, nor into one: they are listed with the reason they stay."""
    bands = engine.parse_bands(age_bands if age_bands is not None else event.age_bands)
    by_gender = event.by_gender if by_gender is None else by_gender
    cutoff = cutoff or event.age_cutoff
    min_age, max_age = ages if ages is not None else (event.min_age, event.max_age)
    started = seated_bracket_ids(event, finished=True)
    divisions = {
        d.name.casefold(): d
        for d in Division.objects.filter(event=event).select_related("combined_into")
    }
    moves = []
    for entrant in (
        Entrant.objects.filter(event=event)
        .filter(Q(division__min_age__isnull=False) | Q(division__max_age__isnull=False))
        .select_related("division", "division__combined_into")
        .order_by("last_name", "first_name", "external_id")
    ):
        try:
            slot = engine.assign_division(
                birth_date=entrant.birth_date,
                age=entrant.stated_age,
                gender=entrant.gender,
                bands=bands,
                by_gender=by_gender,
                cutoff=cutoff,
                min_age=min_age,
                max_age=max_age,
            )
        except engine.RuleError:
            continue  # nothing to place them by: they stay where the organizer put them
        if slot.name.casefold() == entrant.division.name.casefold():
            continue
        blocked = ""
        if entrant.division.bracket.pk in started:
            blocked = translation.gettext("%(division)s is already seated") % {
                "division": entrant.division.bracket.name
            }
        else:
            target = divisions.get(slot.name.casefold())
            if target is not None and target.bracket.pk in started:
                blocked = translation.gettext("%(division)s is already seated") % {
                    "division": target.bracket.name
                }
        moves.append(DivisionMove(entrant, entrant.division.name, slot.name, blocked))
    return moves
