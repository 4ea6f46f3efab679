"""Seating the latest round again before play (the same players, a new seed), and what
both fixes of a seating share (taking a round back is ``taking_back``): the round to fix,
refused in words once one of its scores or penalties is entered, and its seating as the
division's RoundChange record keeps it."""

from django.db import transaction
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Division, Event, Round, RoundChange, Seat, Table
from tournaments.selectors import clock_time, notes_language
from tournaments.text import isolate

from .rounds import new_seed, round_seat_again

# A round seated again starts without its clock: the players move first.
# Kept in English in the record (notes); pages say it with gettext(CLOCK_AGAIN).
CLOCK_AGAIN = gettext_noop(
    "Its round clock had been started: start it again once everyone is seated."
)


def recorded_by(user) -> dict:
    if user is not None and getattr(user, "pk", None):
        return {"by": user, "by_label": user.get_username()}
    return {"by": None, "by_label": "command line (organizer)"}


def seating_of(round_: Round) -> dict:
    """A round's seating as the record keeps it: seed, tables (hall number → entrant ids in
    seat order) and byes."""
    tables: dict[str, list[str]] = {}
    for seat in (
        Seat.objects.filter(round=round_)
        .select_related("table", "entrant")
        .order_by("table__number", "number")
    ):
        tables.setdefault(str(seat.table.number), []).append(seat.entrant.external_id)
    byes = sorted(round_.byes.values_list("entrant__external_id", flat=True))
    return {"seed": round_.seed, "tables": tables, "byes": byes}


def round_play_refusal(round_: Round) -> str:
    """Why a round's seating stands ('' when nothing of it has been played): a score or a
    penalty is in."""
    game = (
        Table.objects.filter(round=round_, games__isnull=False)
        .order_by("number", "games__number")
        .values_list("number", "games__number")
        .first()
    )
    values = {"division": round_.division.name, "round": round_.number}
    if game is not None:
        return gettext(
            "Table %(table)d game %(game)d of %(division)s, round %(round)d has scores: the "
            "round stands; correct scores instead."
        ) % {**values, "table": game[0], "game": game[1]}
    penalty = round_.penalties.select_related("entrant").order_by("pk").first()
    if penalty is not None:
        return gettext(
            "%(name)s has a penalty in %(division)s, round %(round)d: the round stands; "
            "correct scores instead."
        ) % {**values, "name": isolate(penalty.entrant.name)}
    return ""


def _already_done(division: Division, current: Round, user, action: str) -> str:
    """'' unless the latest change of the division's rounds is this very one, made by
    ``user`` and still standing: the same click sent again (Back, then the button)."""
    if user is None or not getattr(user, "pk", None):
        return ""
    change = RoundChange.objects.filter(division=division).order_by("-at", "-pk").first()
    if change is None or change.by_id != user.pk or change.action != action:
        return ""
    at = clock_time(change.at)
    if action == RoundChange.Action.RESEATED:
        if current.number != change.round_number or seating_of(current) != change.after:
            return ""
        return gettext("This was already done (round %(number)d was seated again at %(at)s).") % {
            "number": change.round_number,
            "at": at,
        }
    if current.number != change.round_number - 1:
        return ""
    return gettext("This was already done (round %(number)d was taken back at %(at)s).") % {
        "number": change.round_number,
        "at": at,
    }


def latest_round_to_fix(
    division: Division, expected: int | None, what: str, *, user=None, action: str = ""
) -> Round:
    """The division's latest round, refused in words when there is nothing to fix (``what``:
    "seat again" or "take back")."""
    values = {"division": division.name}
    if division.combined_into_id:
        values["into"] = division.combined_into.name
        if what == "take back":
            raise RuleError(
                gettext("%(division)s plays in %(into)s: take back that division.") % values
            )
        raise RuleError(
            gettext("%(division)s plays in %(into)s: seat again that division.") % values
        )
    if division.status == Division.Status.COMPLETE:
        if division.walkover:
            text = gettext(
                "%(division)s is finished (a walkover): its rounds stand. Correct scores "
                "instead (a correction that changes the medals is flagged for you to decide)."
            )
        else:
            text = gettext(
                "%(division)s is finished (its final is played and the medals given): its "
                "rounds stand. Correct scores instead (a correction that changes the medals "
                "is flagged for you to decide)."
            )
        raise RuleError(text % values)
    current = division.rounds.current()
    if current is None:
        if what == "take back":
            text = gettext("%(division)s has no round seated: there is nothing to take back.")
        else:
            text = gettext("%(division)s has no round seated: there is nothing to seat again.")
        raise RuleError(text % values)
    if expected is not None and current.pk != expected:
        done = _already_done(division, current, user, action)
        if done:
            raise RuleError(done)
        raise RuleError(
            gettext(
                "%(division)s: the round shown was changed by someone else just now (round "
                "%(number)d is the latest now): look at it again."
            )
            % {**values, "number": current.number}
        )
    # The caller holds the division; the round next, as a score's save takes them
    # (``lock_for_entry``: division, round, table): once we hold the round FOR UPDATE, no
    # score can slip in unseen.
    current = Round.objects.select_for_update().select_related("division").get(pk=current.pk)
    refusal = round_play_refusal(current)
    if refusal:
        raise RuleError(refusal)
    return current


def _met_before(division: Division, number: int) -> set[frozenset[str]]:
    """Pairs of players who shared a table in the division's rounds before ``number``."""
    tables: dict[int, list[str]] = {}
    for table_id, player in Seat.objects.filter(
        round__division=division, round__number__lt=number
    ).values_list("table_id", "entrant__external_id"):
        tables.setdefault(table_id, []).append(player)
    return engine.tablemates(tables.values())


def round_reseat(
    *,
    division: Division,
    seed: int | None = None,
    reason: str = "",
    user=None,
    expected_round: int | None = None,
) -> Round:
    """Seat the division's latest round again: the same players at tables of the same sizes
    (the same byes), a new seed (or ``seed``). Refused once a score or penalty of the round
    is in. ``expected_round`` (the desk) is the round's id as the organizer saw it."""
    reason = (reason or "").strip()
    with transaction.atomic():
        # The event first (the hall's numbers are taken under its lock), then the division.
        Event.objects.select_for_update().get(pk=division.event_id)
        division = Division.objects.select_for_update().get(pk=division.pk)
        current = latest_round_to_fix(
            division, expected_round, "seat again", user=user, action=RoundChange.Action.RESEATED
        )
        before = seating_of(current)
        seats = list(
            Seat.objects.filter(round=current).select_related("entrant", "table").order_by("pk")
        )
        players = sorted((s.entrant for s in seats), key=lambda e: e.external_id)
        sizes: dict[int, int] = {}
        for seat in seats:
            sizes[seat.table_id] = sizes.get(seat.table_id, 0) + 1
        byes = sorted(
            (b.entrant for b in current.byes.select_related("entrant")),
            key=lambda e: e.external_id,
        )
        shape = engine.RoundShape(
            number=current.number,
            kind=current.kind,
            tables=tuple(sorted(sizes.values(), reverse=True)),
            games=current.games,
            advance_per_table=0,
            byes=len(byes),
            players=len(players) + len(byes),
        )
        # The round's seating note in the event's language; the record's notes in English.
        with notes_language(division.event):
            note = _reseat_note(reason)
        with translation.override("en"):
            notes = [_reseat_note(reason)]
        if current.clock_started_at is not None:
            notes.append(CLOCK_AGAIN)
        seated = round_seat_again(
            round_=current,
            shape=shape,
            players=players,
            byes=byes,
            seed=new_seed() if seed is None else seed,
            met=_met_before(division, current.number),
            note=note,
        )
        RoundChange.objects.create(
            division=division,
            round_number=seated.number,
            action=RoundChange.Action.RESEATED,
            reason=reason,
            before=before,
            after=seating_of(seated),
            notes=notes,
            **recorded_by(user),
        )
        return seated


def _reseat_note(reason: str) -> str:
    if reason:
        return gettext("Seated again by the organizer: %(reason)s.") % {"reason": reason}
    return gettext("Seated again by the organizer.")
