"""Who qualifies for the next level (county → state, state → national): per actual age
group and gender, the first places in finishing order, skipping out-of-state finishers when
the event names a home state (engine.qualifiers). For the organizer only: it carries each
player's state, which no public page shows."""

from dataclasses import dataclass

from tournaments import engine
from tournaments.engine.divisions import DEFAULT_BAND_STARTS, GENDER_WORDS, bands_from_starts
from tournaments.models import Division, Entrant, Event
from tournaments.selectors import bracket_entrants, brackets, played_brackets

from .state import division_state

# The next level's age groups: five-year bands (50-54 … 95-99, 100+) from the birth date
# on the event's cut-off, whatever bands or combinations the event played in.
QUALIFIER_BANDS = bands_from_starts(DEFAULT_BAND_STARTS)
AGE_UNKNOWN = "age unknown"


@dataclass(frozen=True)
class QualifierRow:
    rank: int  # 1, 2, 2, 4 among the group's in-state finishers
    place: int  # the finishing place in the bracket
    entrant_id: str
    name: str
    state: str
    state_unknown: bool  # a home state is set and the player's state is not recorded
    division: str  # the bracket the player finished in


@dataclass(frozen=True)
class QualifierGroup:
    age_group: str  # "70-74", "100+", "Under 50" or "age unknown"
    gender: str  # "F", "M" or "" (as registered)
    label: str  # "Women 70-74"
    divisions: tuple[str, ...]  # the brackets its players finished in
    qualifiers: tuple[QualifierRow, ...]
    skipped: tuple[QualifierRow, ...]  # out-of-state finishers passed over (rank 0)


@dataclass(frozen=True)
class QualifiersReport:
    event: Event
    places: int
    home_state: str
    groups: tuple[QualifierGroup, ...]
    unfinished: tuple[str, ...]  # brackets with players that have not finished: left out


def qualifier_age_group(entrant: Entrant, event: Event) -> tuple[int, str]:
    """The entrant's actual age group (sort key, name): from the birth date on the event's
    cut-off (a stated age without one); "age unknown" with neither."""
    try:
        slot = engine.assign_division(
            birth_date=entrant.birth_date,
            age=entrant.stated_age,
            gender="",
            bands=QUALIFIER_BANDS,
            by_gender=False,
            cutoff=event.age_cutoff,
        )
    except engine.RuleError:
        return (1000, AGE_UNKNOWN)
    return (slot.min_age if slot.min_age is not None else -1, slot.name)


def _gender_label(gender: str) -> str:
    return GENDER_WORDS.get(gender, "Open")


GENDER_ORDER = {"F": 0, "M": 1}


def event_qualifiers(event: Event, division: Division | None = None) -> QualifiersReport:
    """The qualifiers of every finished bracket (or of ``division``'s bracket), grouped by
    actual age group and gender, each group in finishing order."""
    chosen = [division.bracket] if division is not None else list(brackets(event))
    # A bracket still to play: seated, or with someone checked in (not one whose every
    # entrant stayed away, which has nobody to qualify and never will).
    played = {
        d.pk
        for d in played_brackets(event)
        if d.rounds.exists() or bracket_entrants(d).checked_in().exists()
    }
    finished = [d for d in chosen if d.status == Division.Status.COMPLETE]
    unfinished = tuple(
        d.name for d in chosen if d.status != Division.Status.COMPLETE and d.pk in played
    )
    # (age key, age group, gender, bracket) -> [(finisher, entrant)]
    found: dict[tuple, list] = {}
    for bracket in finished:
        state = division_state(bracket)
        name = state.bracket_name
        for placing in state.placings.placings:
            entrant = state.entrants.get(placing.player)
            if entrant is None or placing.place is None or placing.withdrawn:
                continue
            age_key, age_group = qualifier_age_group(entrant, event)
            gender = entrant.gender if entrant.gender in GENDER_ORDER else ""
            standing = engine.state_standing(entrant.state, event.home_state)
            found.setdefault((age_key, age_group, gender), {}).setdefault(name, []).append(
                (engine.Finisher(placing.player, placing.place, standing), entrant)
            )
    groups = []
    for (_age_key, age_group, gender), by_bracket in sorted(
        found.items(), key=lambda item: (item[0][0], GENDER_ORDER.get(item[0][2], 2))
    ):
        # Places in different brackets cannot be compared: each bracket's players of the
        # group qualify on their own (a group split over brackets lists each in turn).
        for bracket_name, finishers in by_bracket.items():
            entrants = {f.player: e for f, e in finishers}
            result = engine.qualifiers([f for f, _ in finishers], event.qualify)

            def row(player, rank, place, unknown, entrants=entrants, bracket_name=bracket_name):
                e = entrants[player]
                return QualifierRow(
                    rank, place, e.external_id, e.name, e.state, unknown, bracket_name
                )

            places = {f.player: f.place for f, _ in finishers}
            label = f"{_gender_label(gender)} {age_group}"
            if len(by_bracket) > 1:
                label += f" (in {bracket_name})"
            groups.append(
                QualifierGroup(
                    age_group,
                    gender,
                    label,
                    (bracket_name,),
                    tuple(
                        row(q.player, q.rank, q.place, q.state_unknown) for q in result.qualifiers
                    ),
                    tuple(row(p, 0, places[p], False) for p in result.skipped),
                )
            )
    return QualifiersReport(event, event.qualify, event.home_state, tuple(groups), unfinished)
