"""Fixing a seating from the desk: seat the latest round again, or take it back and reopen
the round before it. Both ask "are you sure?" first, both only before any score or
penalty of the round is in, both kept in the division's record."""

from django.utils.translation import gettext, ngettext

from scoring import services as scoring_services
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Division, Round
from web.decorators import event_role, post_only

from .. import selectors
from .confirm import Question, asked_round, confirm_then_act, round_unnamed
from .places import division_of, division_url
from .player_forms import PlayerForm


def fixable_round(division: Division) -> Round | None:
    """The round the desk offers to seat again or take back: the latest one, while none of
    its scores or penalties is in and the division is not finished."""
    if division.combined_into_id or division.status == Division.Status.COMPLETE:
        return None
    current = division.rounds.current()
    if current is None or services.round_play_refusal(current):
        return None
    return current


def fix_refusal(division: Division) -> str:
    """Why the desk offers no "Fix the seating" for the latest round ('' when it does, or
    when there is nothing to fix): a score or a penalty of it is in."""
    if division.combined_into_id or division.status == Division.Status.COMPLETE:
        return ""
    current = division.rounds.current()
    return services.round_play_refusal(current) if current is not None else ""


def _asked_about(current: Round | None, expected: int | None) -> Round | None:
    """The round the confirm page asks about: the current one, if the page was shown for it
    (else None: nothing is asked, the service says why not). Refused (a ``RuleError``)
    when a score came in since the page was shown."""
    if current is None or current.pk != expected:
        return None
    refusal = services.round_play_refusal(current)
    if refusal:
        raise RuleError(refusal)
    return current


def _seating_words(round_: Round) -> str:
    size = selectors.round_size(round_)
    text = ngettext(
        "%(players)d players at %(tables)d table",
        "%(players)d players at %(tables)d tables",
        size.tables,
    ) % {"players": size.players, "tables": size.tables}
    if size.byes:
        text += ngettext(", %(byes)d bye", ", %(byes)d byes", size.byes) % {"byes": size.byes}
    return text


def _reseat_question(
    typed: PlayerForm, latest: Round | None, expected: int | None
) -> Question | None:
    current = _asked_about(latest, expected)
    if current is None:
        return None
    values = {"number": current.number, "division": typed.division.name}
    lines = [
        gettext(
            "Round %(number)d of %(division)s is seated again: the same %(seating)s, in a "
            "new random order (families, clubs and earlier opponents kept apart as "
            "before)."
        )
        % {**values, "seating": _seating_words(current)},
        gettext(
            "The table list and score sheets printed for it are wrong afterwards: print "
            "them again."
        ),
    ]
    if current.clock_started_at is not None:
        lines.append(
            gettext(
                "Its round clock stops: start it again once everyone is seated at the new "
                "tables."
            )
        )
    if typed.reason:
        lines.append(gettext("Reason: %(reason)s") % {"reason": typed.reason})
    lines.append(gettext("It is kept in the division's record with your name and the time."))
    return Question(
        title=gettext("Seat round %(number)d of %(division)s again?") % values,
        lines=lines,
        yes=gettext("Yes, seat round %(number)d again") % values,
        back=typed.page,
        change=gettext("No, go back"),
    )


def _reseated(division: Division, seated: Round, clock: bool) -> str:
    text = gettext(
        "Round %(number)d of %(division)s is seated again: print its table list and score "
        "sheets again."
    ) % {"number": seated.number, "division": division.name}
    return text + (" " + gettext(services.CLOCK_AGAIN) if clock else "")


@event_role("organizer")
@post_only(division_url)
def division_reseat(request, event, division_id):
    typed = PlayerForm(request, event, division_of(event, division_id), "reseat")
    expected = asked_round(request)
    if expected is None:
        return round_unnamed(request, typed.page)
    current = typed.division.rounds.current()
    clock = current is not None and current.clock_started_at is not None
    return confirm_then_act(
        request,
        event,
        back=typed.back,
        question=lambda: _reseat_question(typed, current, expected),
        action=lambda: services.round_reseat(
            division=typed.division, reason=typed.reason, user=request.user, expected_round=expected
        ),
        done=lambda seated: _reseated(typed.division, seated, clock),
        to=typed.page,
    )


def _renumbered_lines(division: Division, expected: int | None, values: dict) -> list[str]:
    """The tables of the round reopened that taking back the latest moves, in words."""
    lines = []
    for old, new, who in services.round_reopen_renumbering(
        division=division, expected_round=expected
    ):
        table = {**values, "old": old, "new": new, "who": who}
        if who:
            text = gettext(
                "Round %(before)d's table %(old)d is in use by %(who)s: it will become "
                "table %(new)d — print its score sheet and table list again."
            )
        else:
            text = gettext(
                "Round %(before)d's table %(old)d is in use: it will become table "
                "%(new)d — print its score sheet and table list again."
            )
        lines.append(text % table)
    return lines


def _reopen_lines(typed: PlayerForm, current: Round, expected: int | None) -> list[str]:
    number = current.number
    values = {
        "number": number,
        "before": number - 1,
        "division": typed.division.name,
        "seating": _seating_words(current),
    }
    lines = [
        gettext("Reason: %(reason)s") % {"reason": typed.reason},
        gettext(
            "Round %(number)d of %(division)s is taken back: its seating (%(seating)s) is "
            "removed."
        )
        % values,
    ]
    if number == 1:
        lines.append(
            gettext(
                "The players stay checked in; late arrivals can be checked in again. You "
                "seat round 1 again when ready."
            )
        )
    else:
        lines.append(
            gettext(
                "Round %(before)d is open again: its results can be corrected, and closing "
                "it seats round %(number)d anew."
            )
            % values
        )
        lines += _renumbered_lines(typed.division, expected, values)
    return lines + [
        gettext("The table list and score sheets printed for round %(number)d are void.") % values,
        gettext("It is kept in the division's record with your name and the time."),
    ]


def _reopen_question(typed: PlayerForm, expected: int | None) -> Question | None:
    current = _asked_about(typed.division.rounds.current(), expected)
    if current is None:
        return None
    values = {"number": current.number, "division": typed.division.name}
    return Question(
        title=gettext("Take back round %(number)d of %(division)s?") % values,
        lines=_reopen_lines(typed, current, expected),
        yes=gettext("Yes, take back round %(number)d") % values,
        back=typed.page,
        change=gettext("No, go back"),
    )


def _reopened(division: Division, result) -> str:
    """What taking back a round did, in the page's language (the record keeps its notes in
    English)."""
    values = {"division": division.name, "number": result.removed}
    if result.reopened is None:
        text = gettext(
            "Round 1 of %(division)s taken back: its players are checked in and wait to be "
            "seated again (late arrivals can still be checked in)."
        )
    else:
        values["before"] = result.reopened.number
        text = gettext(
            "Round %(number)d of %(division)s taken back; round %(before)d is open again: "
            "its results can be corrected, and closing it seats round %(number)d anew."
        )
    lines = [text % values]
    for old, new in result.moved.items():
        lines.append(
            gettext(
                "Round %(before)d's table %(old)s is now table %(new)d: print its score sheet "
                "and table list again."
            )
            % {**values, "old": old, "new": new}
        )
    return " ".join(lines)


@event_role("organizer")
@post_only(division_url)
def division_reopen(request, event, division_id):
    typed = PlayerForm(request, event, division_of(event, division_id), "reopen")
    expected = asked_round(request)
    if expected is None:
        return round_unnamed(request, typed.page)
    return confirm_then_act(
        request,
        event,
        back=typed.back,
        check=lambda: typed.missing(
            reason=gettext("Write why the round is taken back: it is kept in the record.")
        ),
        question=lambda: _reopen_question(typed, expected),
        action=lambda: scoring_services.round_reopen(
            division=typed.division, reason=typed.reason, user=request.user, expected_round=expected
        ),
        done=lambda result: _reopened(typed.division, result),
        to=typed.page,
        keep=typed.keep,
    )
