"""Whether a withdrawal or disqualification can still be undone: only while it has not
changed any result (no game recorded without the player, no round closed since)."""

from django.utils.translation import gettext, ngettext

from tournaments.models import Bye, Division, Entrant, Round, Seat

from ..models import Game


def undo_refusal(entrant: Entrant) -> str:
    """Why ``entrant``'s withdrawal (or disqualification) can no longer be undone, or ""."""
    word = str(entrant.get_status_display()).lower()
    who = entrant.name
    if not entrant.out_of_play:
        return gettext("%(who)s is not withdrawn or disqualified.") % {"who": who}
    bracket = entrant.division.bracket
    if bracket.status == Division.Status.COMPLETE:
        return gettext("%(division)s is finished: %(who)s stays %(status)s.") % {
            "division": bracket.name,
            "who": who,
            "status": word,
        }
    latest = Round.objects.filter(division=bracket).current()
    if latest is None:
        return ""
    if latest.status == Round.Status.CLOSED:
        return gettext("Round %(number)s of %(division)s is closed: %(who)s stays %(status)s.") % {
            "number": latest.number,
            "division": bracket.name,
            "who": who,
            "status": word,
        }
    seat = Seat.objects.filter(round=latest, entrant=entrant).select_related("table").first()
    if seat is None:
        if Bye.objects.filter(round=latest, entrant=entrant).exists():
            return ""
        return gettext(
            "%(who)s is not in round %(number)s of %(division)s: a round was seated "
            "without them, so %(who)s stays %(status)s."
        ) % {"number": latest.number, "division": bracket.name, "who": who, "status": word}
    without = [
        game.number
        for game in Game.objects.filter(table=seat.table).prefetch_related("racks")
        if game.racks.all() and not any(r.entrant_id == entrant.pk for r in game.racks.all())
    ]
    if without:
        games = ", ".join(str(n) for n in sorted(without))
        if entrant.status == Entrant.Status.WITHDRAWN:
            text = ngettext(
                "Game %(games)s at table %(table)s was recorded without %(who)s: the "
                "withdrawal has changed a result, so %(who)s stays %(status)s.",
                "Games %(games)s at table %(table)s were recorded without %(who)s: the "
                "withdrawal has changed a result, so %(who)s stays %(status)s.",
                len(without),
            )
        else:
            text = ngettext(
                "Game %(games)s at table %(table)s was recorded without %(who)s: the "
                "disqualification has changed a result, so %(who)s stays %(status)s.",
                "Games %(games)s at table %(table)s were recorded without %(who)s: the "
                "disqualification has changed a result, so %(who)s stays %(status)s.",
                len(without),
            )
        return text % {"games": games, "table": seat.table.number, "who": who, "status": word}
    return ""


def undoable(division: Division) -> list[Entrant]:
    """The bracket's withdrawn and disqualified players whose status can still be undone."""
    bracket = division.bracket
    entrants = Entrant.objects.filter(
        division__in=[bracket.pk, *bracket.combined_from.values_list("pk", flat=True)],
        status__in=[Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED],
    ).select_related("division", "division__combined_into")
    return [e for e in entrants if not undo_refusal(e)]
