"""Seating a division's first round from its checked-in players, or finishing it as a
walkover; a lone player who must play is refused until their division is combined."""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db import transaction
from django.utils.translation import gettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event, Round
from tournaments.selectors import (
    bracket_entrants,
    combine_candidates,
    combine_neighbour,
    division_slot,
)
from tournaments.text import isolate

from .hall import event_lock
from .rounds import new_seed, round_create


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
