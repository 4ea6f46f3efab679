"""Awards after the medals: ribbons for places 4 to N, and who qualifies for the next level.

Ribbons (RULES.md, "Full placings"): Senior Games give ribbons to places 4 to N (an
event setting, default 8; 0 for none). A player placed within 4..N gets one; players
sharing a place share it, so a shared place that starts at N or before gives every one
of them a ribbon (1, 2, 3, 4, 5, 6, 7, 7, 7: three ribbons for 7th when N is 8). With
medals by age group in a combined bracket, ribbons go by the place within the age
group, as medals do. Withdrawn and disqualified players and no-shows have no place and
so no ribbon.

Qualifiers: per age group and gender, the first Q places (default 4) qualify for the
next level, in finishing order. When the event names a home state, finishers from
another state are skipped and the next in-state finisher takes the place; a finisher
with no state recorded counts as in state (and is flagged). Places shared across the
last qualifying place qualify together.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from .errors import RuleError
from .placings import Placings
from .words import gettext

FIRST_RIBBON_PLACE = 4
DEFAULT_RIBBONS_TO = 8
MAX_RIBBONS_TO = 500
DEFAULT_QUALIFY = 4
MAX_QUALIFY = 500

IN_STATE = "in"
OUT_OF_STATE = "out"
STATE_UNKNOWN = "unknown"


def check_ribbons_to(value: object) -> int:
    """``ribbons_to`` as a number, or a RuleError saying what it may be."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            gettext("Ribbons to place '%(value)s': give a whole number (0 for no ribbons).")
            % {"value": value}
        )
    if value != 0 and not FIRST_RIBBON_PLACE <= value <= MAX_RIBBONS_TO:
        raise RuleError(
            gettext(
                "Ribbons go to places %(first)s to N: N is 0 (no ribbons) or a place from "
                "%(first)s to %(most)s, not %(value)s."
            )
            % {"first": FIRST_RIBBON_PLACE, "most": MAX_RIBBONS_TO, "value": value}
        )
    return value


def has_ribbon(place: int | None, ribbons_to: int) -> bool:
    """A place from 4 to ``ribbons_to`` earns a ribbon (None: no place, no ribbon)."""
    return place is not None and FIRST_RIBBON_PLACE <= place <= ribbons_to


def ribbon_winners(placings: Placings, ribbons_to: int, *, by_age_group: bool) -> frozenset[str]:
    """The players who get a ribbon: placed 4 to ``ribbons_to`` — in the bracket, or within
    their age group when medals go by age group. Never a medallist or a withdrawn player."""
    winners = set()
    for placing in placings.placings:
        if placing.withdrawn or placing.medal:
            continue
        place = placing.group_place if by_age_group else placing.place
        if has_ribbon(place, ribbons_to):
            winners.add(placing.player)
    return frozenset(winners)


def check_qualify(value: object) -> int:
    """The number of places that qualify, or a RuleError saying what it may be."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise RuleError(
            gettext("Places that qualify '%(value)s': give a whole number, such as 4.")
            % {"value": value}
        )
    if not 1 <= value <= MAX_QUALIFY:
        raise RuleError(
            gettext("Places that qualify: from 1 to %(most)s, not %(value)s.")
            % {"most": MAX_QUALIFY, "value": value}
        )
    return value


@dataclass(frozen=True)
class Finisher:
    """A placed player of one age group and gender, with where they come from."""

    player: str
    place: int  # the finishing place in the player's bracket
    state: str = IN_STATE  # IN_STATE, OUT_OF_STATE or STATE_UNKNOWN


@dataclass(frozen=True)
class Qualifier:
    player: str
    rank: int  # 1, 2, 2, 4 among the in-state finishers of the group
    place: int  # the finishing place in the bracket
    state_unknown: bool = False


@dataclass(frozen=True)
class QualifierList:
    qualifiers: tuple[Qualifier, ...]
    skipped: tuple[str, ...]  # out-of-state finishers passed over, in finishing order


def qualifiers(finishers: Sequence[Finisher], places: int) -> QualifierList:
    """The first ``places`` places of one age group and gender, in finishing order.

    Out-of-state finishers are skipped (the next in-state finisher moves up); a finisher
    whose state is unknown counts as in state. Finishers sharing a place share the rank
    (1, 2, 2, 4), and a rank within ``places`` qualifies, so a shared last place
    qualifies everyone sharing it.
    """
    ordered = sorted(finishers, key=lambda f: f.place)
    counted = [f for f in ordered if f.state != OUT_OF_STATE]
    chosen: list[Qualifier] = []
    for finisher in counted:
        rank = 1 + sum(1 for other in counted if other.place < finisher.place)
        if rank > places:
            break
        chosen.append(
            Qualifier(finisher.player, rank, finisher.place, finisher.state == STATE_UNKNOWN)
        )
    last = chosen[-1].place if chosen else None
    skipped = tuple(
        f.player
        for f in ordered
        if f.state == OUT_OF_STATE and (last is None or f.place <= last or len(chosen) < places)
    )
    return QualifierList(tuple(chosen), skipped)


# Registration platforms write a state as a postal code ("GA"), a name ("Georgia") or with
# dots ("Ga."): all of them name the same state.
US_STATES = {
    "alabama": "AL", "alaska": "AK", "arizona": "AZ", "arkansas": "AR", "california": "CA",
    "colorado": "CO", "connecticut": "CT", "delaware": "DE", "district of columbia": "DC",
    "florida": "FL", "georgia": "GA", "hawaii": "HI", "idaho": "ID", "illinois": "IL",
    "indiana": "IN", "iowa": "IA", "kansas": "KS", "kentucky": "KY", "louisiana": "LA",
    "maine": "ME", "maryland": "MD", "massachusetts": "MA", "michigan": "MI",
    "minnesota": "MN", "mississippi": "MS", "missouri": "MO", "montana": "MT",
    "nebraska": "NE", "nevada": "NV", "new hampshire": "NH", "new jersey": "NJ",
    "new mexico": "NM", "new york": "NY", "north carolina": "NC", "north dakota": "ND",
    "ohio": "OH", "oklahoma": "OK", "oregon": "OR", "pennsylvania": "PA",
    "rhode island": "RI", "south carolina": "SC", "south dakota": "SD", "tennessee": "TN",
    "texas": "TX", "utah": "UT", "vermont": "VT", "virginia": "VA", "washington": "WA",
    "west virginia": "WV", "wisconsin": "WI", "wyoming": "WY", "puerto rico": "PR",
    "guam": "GU", "virgin islands": "VI", "washington dc": "DC", "washington d c": "DC",
}  # fmt: skip


def state_key(text: str) -> str:
    """A state as one comparable key: "GA", "G.A.", "georgia" and " Georgia " are all "GA";
    anything else (another country's region) is compared as written, without case or dots."""
    parts = text.replace(".", " ").replace(",", " ").split()
    if len(parts) > 1 and all(len(p) == 1 for p in parts):  # "G. A." is GA
        parts = ["".join(parts)]
    words = " ".join(parts).casefold()
    if not words:
        return ""
    return US_STATES.get(words, words.upper())


def state_standing(state: str, home_state: str) -> str:
    """IN_STATE, OUT_OF_STATE or STATE_UNKNOWN for a player from ``state`` at an event whose
    home state is ``home_state`` (no home state: everyone is in state)."""
    home = state_key(home_state)
    if not home:
        return IN_STATE
    mine = state_key(state)
    if not mine:
        return STATE_UNKNOWN
    return IN_STATE if mine == home else OUT_OF_STATE
