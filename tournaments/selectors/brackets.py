"""Brackets: the divisions played as one (with those combined into them), their players,
their names as awards give them, and where play stands."""

from dataclasses import dataclass

from django.db.models import Count, Q, QuerySet
from django.utils import translation

from tournaments.models import Bye, Division, Entrant, Event, Round, Seat


def brackets(event: Event) -> QuerySet[Division]:
    """The divisions that are played as brackets (not combined into another), in age order."""
    return Division.objects.filter(event=event).brackets().in_age_order()


def played_brackets(event: Event) -> QuerySet[Division]:
    """Bracket divisions with at least one player (or a walkover), in age order."""
    return (
        brackets(event)
        .annotate(
            members=Count("entrants", distinct=True)
            + Count("combined_from__entrants", distinct=True)
        )
        .filter(Q(members__gt=0) | Q(walkover=True))
    )


def words_list(items: list[str]) -> str:
    """ "A", "A and B", "A, B and C" (in the active language: "A, B et C")."""
    items = list(items)
    if len(items) < 2:
        return "".join(items)
    return translation.gettext("%(first)s and %(last)s") % {
        "first": ", ".join(items[:-1]),
        "last": items[-1],
    }


def bracket_name(division: Division) -> str:
    """A bracket's name as awards give it: "55-59 and 60-64 combined" for a combined one."""
    others = list(division.combined_from.all())
    if not others:
        return division.shown_name
    if division.entrants.exists():
        members = sorted([division, *others], key=lambda d: (d.min_age or 0, d.gender, d.name))
        return translation.gettext("%(divisions)s combined") % {
            "divisions": words_list([d.shown_name for d in members])
        }
    others.sort(key=lambda d: (d.min_age or 0, d.gender, d.name))
    return translation.gettext("%(division)s (%(divisions)s combined)") % {
        "division": division.shown_name,
        "divisions": words_list([d.shown_name for d in others]),
    }


def womens_bracket(division: Division) -> bool:
    """Every division playing in this bracket is a women's (gender F): its places are a
    woman's, which French and Spanish write in the feminine (1re, 1.ª)."""
    if division.gender != "F":
        return False
    return all(d.gender == "F" for d in division.combined_from.all())


def bracket_division_ids(division: Division) -> list[int]:
    """This division and those combined into it."""
    return [division.pk] + list(
        Division.objects.filter(combined_into=division).values_list("pk", flat=True)
    )


def bracket_entrants(division: Division) -> QuerySet[Entrant]:
    """Every entrant who plays in this division's bracket (its own and those combined into it)."""
    return Entrant.objects.filter(division__in=bracket_division_ids(division))


def bracket_started(division: Division) -> bool:
    """Seated, or finished without play (a walkover): no more players can join."""
    bracket = division.bracket
    return (
        bracket.status == Division.Status.COMPLETE
        or Round.objects.filter(division=bracket).exists()
    )


def entrant_seated(entrant: Entrant) -> bool:
    """The entrant has played or been seated (a seat or a bye in some round), or their
    division is finished: removing them would take them out of a bracket, so they are
    withdrawn instead (``tournaments.services.entrant_remove``)."""
    return (
        Seat.objects.filter(entrant=entrant).exists()
        or Bye.objects.filter(entrant=entrant).exists()
        or entrant.division.bracket.status == Division.Status.COMPLETE
    )


def seated_bracket_ids(event: Event, *, finished: bool = False) -> set[int]:
    """The brackets of ``event`` with a round seated (and, with ``finished``, walkovers)."""
    ids = set(Round.objects.filter(division__event=event).values_list("division_id", flat=True))
    if finished:
        ids |= set(
            Division.objects.filter(event=event, status=Division.Status.COMPLETE).values_list(
                "pk", flat=True
            )
        )
    return ids


@dataclass(frozen=True)
class AfterClosedRound:
    """What comes after a closed round, for the pages still open on one of its tables:
    the division's round being played now, or its final over (neither: the next round is
    not seated yet)."""

    playing: Round | None
    final_over: bool


def after_closed_round(round_: Round) -> AfterClosedRound:
    """The division's newest round after ``round_`` if it is still played (one query; the
    division's status is read from ``round_.division``, which the table's page holds)."""
    newest = (
        Round.objects.filter(division_id=round_.division_id, number__gt=round_.number)
        .order_by("-number")
        .only("pk", "number", "status", "division_id")
        .first()
    )
    playing = newest if newest is not None and newest.status != Round.Status.CLOSED else None
    final_over = playing is None and round_.division.status == Division.Status.COMPLETE
    return AfterClosedRound(playing, final_over)
