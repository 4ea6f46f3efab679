"""Build the renderers' plain data from the database (the same for tasks and commands)."""

import hashlib
from collections import Counter
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import astuple

from django.conf import settings
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from scoring.selectors import (
    decided_at_table,
    division_pending_correction,
    division_state,
    event_qualifiers,
    flagged_corrections,
)
from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Bye, Division, Entrant, Event, Round, Seat, TableCode
from tournaments.plan_words import plan_in_words
from tournaments.selectors import (
    bracket_entrants,
    brackets,
    mark_namesakes,
    namesakes,
)
from tournaments.text import fold

from . import data

# Divisions' states already read while ``shared_states`` is open: the printing page checks
# whether each of its documents is current, and a bracket, the results, the certificates
# and the ribbons all read the same divisions' play.
_states: ContextVar[dict | None] = ContextVar("printing_states", default=None)


@contextmanager
def shared_states():
    """Within it, each division's play is read once for every document's data."""
    token = _states.set({})
    try:
        yield
    finally:
        _states.reset(token)


def _state(division: Division):
    cache = _states.get()
    if cache is None:
        return division_state(division)
    if division.pk not in cache:
        # One event's namesakes, read once for every division's documents.
        key = ("namesakes", division.event_id)
        if key not in cache:
            cache[key] = namesakes(division.event)
        cache[division.pk] = division_state(division, cache[key])
    return cache[division.pk]


def printed(event: Event):
    """The words a document prints (built here or by the renderer) are in the event's
    language, whoever asks for it: ``with printed(event): ...``."""
    return translation.override(getattr(event, "language", None) or settings.LANGUAGE_CODE)


def _out_of_play(entrant: Entrant) -> str:
    """The data's code for a player out of play ("withdrawn", "disqualified" or ""): the
    renderer prints it in the document's language."""
    if not entrant.out_of_play:
        return ""
    return "disqualified" if entrant.status == Entrant.Status.DISQUALIFIED else "withdrawn"


def event_info(event: Event) -> data.EventInfo:
    # Plain strings, not the model's choice enums, so the fingerprint is the same
    # whether the event came from the database or was just created.
    return data.EventInfo(
        name=event.name,
        date=event.date,
        venue=event.venue,
        scoring=str(event.scoring),
        paper=str(event.paper),
        initial_meld=event.initial_meld,
        language=str(event.language),
    )


def _rounds(event: Event, division: Division | None, number: int | None) -> list[Round]:
    """The rounds a table list or score sheets cover: one chosen, or each bracket's latest."""
    if division is not None:
        division = division.bracket
        rounds = Round.objects.filter(division=division)
        if number is not None:
            chosen = rounds.filter(number=number).first()
            if chosen is None:
                raise RuleError(f"{division.name} has no round {number}.")
            return [chosen]
        latest = rounds.current()
        if latest is None:
            raise RuleError(f"{division.name} is not seated yet.")
        return [latest]
    found = []
    for bracket in brackets(event):
        latest = bracket.rounds.current()
        if latest is not None and latest.status != Round.Status.CLOSED:
            found.append(latest)
    if not found:
        raise RuleError("No round is being played: nothing to print.")
    return found


def players_address() -> str:
    """Where players type their table's code, printed short: BASE_URL without its scheme
    and the players' page ("192.168.1.20:8000/t/")."""
    return settings.BASE_URL.split("://", 1)[-1].rstrip("/") + reverse("players:enter")


def _table_lines(event: Event, rounds: list[Round], shown) -> list[data.TableLines]:
    seats = (
        Seat.objects.filter(round__in=rounds)
        .select_related("entrant", "table", "round__division")
        .order_by("round__division__min_age", "round__division__name", "table__number", "number")
    )
    mark_namesakes([s.entrant for s in seats], shown)
    tables: dict[int, list] = {}
    info: dict[int, object] = {}
    for seat in seats:
        entrant = seat.entrant
        tables.setdefault(seat.table_id, []).append(
            data.SeatLine(
                seat.number,
                entrant.shown_name,
                entrant.external_id,
                # Not twice: "Mary Smith (Sunrise Club)" already says the club.
                ""
                if entrant.shown_name.endswith(f"({' '.join(entrant.club.split())})")
                else entrant.club,
                _out_of_play(entrant),
                entrant.last_name,
            )
        )
        info[seat.table_id] = seat
    accessible = set(engine.parse_table_numbers(event.accessible_tables))
    codes = (
        dict(
            TableCode.objects.filter(table__round__in=rounds, revoked_at__isnull=True).values_list(
                "table_id", "code"
            )
        )
        if event.players_enter_scores
        else {}
    )
    lines = []
    for table_id, seat_lines in tables.items():
        seat = info[table_id]
        round_ = seat.round
        code = codes.get(table_id, "")
        if code:  # the QR code opens the players' page of this table, with its code
            url = settings.BASE_URL + reverse("players:table", args=[code])
        else:
            url = settings.BASE_URL + reverse("scoring:table", args=[event.slug, table_id])
        lines.append(
            data.TableLines(
                division=round_.division.name,
                round_number=round_.number,
                round_kind=round_.kind,
                games=round_.games,
                table_number=seat.table.number,
                seats=tuple(seat_lines),
                score_url=url,
                table_code=code,
                code_address=players_address() if code else "",
                accessible=seat.table.number in accessible,
            )
        )
    return lines


def table_list_data(event, division=None, round_number=None) -> data.TableListData:
    rounds = _rounds(event, division, round_number)
    shown = namesakes(event)  # two players of one name: with their club or number
    bye_rows = list(
        Bye.objects.filter(round__in=rounds).select_related("entrant", "round__division")
    )
    mark_namesakes([b.entrant for b in bye_rows], shown)
    byes = [
        data.ByeLine(
            b.round.division.name,
            b.round.number,
            b.entrant.shown_name,
            b.entrant.external_id,
            b.entrant.last_name,
        )
        for b in bye_rows
    ]
    with printed(event):
        if division is not None:
            title = gettext("%(division)s, round %(number)d") % {
                "division": rounds[0].division.name,
                "number": rounds[0].number,
            }
        else:
            title = gettext("Every division, rounds being played")
    return data.TableListData(
        event_info(event), title, tuple(_table_lines(event, rounds, shown)), tuple(byes)
    )


def score_sheets_data(event, division=None, round_number=None) -> data.ScoreSheetsData:
    rounds = _rounds(event, division, round_number)
    lines = _table_lines(event, rounds, namesakes(event))
    return data.ScoreSheetsData(event_info(event), tuple(lines))


def bracket_data(event, division) -> data.BracketData:
    if division is None:
        raise RuleError("A bracket is printed for one division: choose it.")
    division = division.bracket
    state = _state(division)
    rounds = []
    for index, (record, outcome) in enumerate(zip(state.records, state.outcomes, strict=False)):
        following = (
            set(state.records[index + 1].players) if index + 1 < len(state.records) else set()
        )
        tables = []
        for table, table_outcome in zip(record.tables, outcome.tables, strict=False):
            positions = {r.player: r.position for r in table_outcome.ranked}
            decided = decided_at_table(state, record.number, table.players)
            players = []
            for player in table.players:
                score = outcome.scores.get(player)
                players.append(
                    data.BracketPlayer(
                        name=state.shown_names[player],
                        entrant_id=player,
                        total=score.total if score and score.games else None,
                        position=positions.get(player) if score and score.games else None,
                        advanced=player in following,
                        withdrawn=player in state.withdrawn,
                        status=_out_of_play(state.entrants[player]),
                        decided=player in decided and bool(score and score.games),
                    )
                )
            tables.append(data.BracketTable(table.number, tuple(players)))
        rounds.append(
            data.BracketRound(
                record.number,
                record.kind,
                record.games,
                state.rounds[index].status,
                tuple(tables),
                tuple(state.shown_names[p] for p in record.byes),
            )
        )
    planned: tuple[str, ...] = ()
    if not state.records:
        checked_in = bracket_entrants(division).checked_in().count()
        plan = engine.plan_division(checked_in, prefer_threes=event.prefer_threes)
        with printed(event):
            planned = tuple(plan_in_words(plan))
    elif division.status != Division.Status.COMPLETE and state.outcomes[-1].next_shape:
        shape = state.outcomes[-1].next_shape
        plan = engine.plan_division(
            shape.players, prefer_threes=event.prefer_threes, first_round=shape.number
        )
        with printed(event):  # "Round 2, the final: 1 table of four plays 1 game…"
            planned = tuple(plan_in_words(plan))
    return data.BracketData(
        event_info(event), division.name, division.status, tuple(rounds), planned
    )


def correction_notes(state, event: Event | None = None) -> tuple[str, ...]:
    """What the results must say about corrections (RULES.md, "After a flagged
    correction"): one waiting for the organizer's decision, and each accepted while the
    next round had started, which stands."""
    notes = []
    pending = division_pending_correction(state.division, state)
    with printed(event if event is not None else state.division.event):
        if pending is not None:
            notes.append(
                gettext(
                    "A correction waits for the organizer's decision (%(what)s): "
                    "these results may change."
                )
                % {"what": pending.summary.split(":")[0]}
            )
        for change in flagged_corrections(state.division):
            decision = getattr(change, "decision", None)
            if decision is not None and decision.choice == "accepted" and decision.round_stood:
                notes.append(
                    gettext(
                        "Round %(round)d was corrected after round %(next)d had started "
                        "(%(reason)s): round %(next)d stands as it was played."
                    )
                    % {
                        "round": change.round_number,
                        "next": change.round_number + 1,
                        "reason": change.reason,
                    }
                )
    return tuple(dict.fromkeys(notes))


def _division_results(event: Event, division: Division) -> data.DivisionResults:
    state = _state(division)
    lines = []
    if division.status == Division.Status.COMPLETE:
        folds = name_folds(state)
        for placing in state.placings.placings:
            keepsake = keepsake_name(state, placing.player, folds)
            # The total of the round the player reached, never an earlier round's total
            # under a later round (a bye, or a withdrawal before playing: no total).
            total = ""
            reached = placing.round_reached
            score = (
                state.outcomes[reached - 1].scores.get(placing.player)
                if 0 < reached <= len(state.outcomes)
                else None
            )
            if score is not None and score.games:
                total = (
                    f"{score.total:+d}" if state.rules.scoring == engine.SABRA else str(score.total)
                )
            lines.append(
                data.PlacingLine(
                    place=placing.place,
                    medal=placing.medal,
                    name=state.shown_names[placing.player],
                    entrant_id=placing.player,
                    round_reached=placing.round_reached,
                    total=total,
                    age_group=state.age_group_label(placing.player),
                    withdrawn=placing.withdrawn,
                    status=_out_of_play(state.entrants[placing.player])
                    if placing.player in state.entrants
                    else "",
                    group_place=placing.group_place if state.medals_by_age_group else None,
                    ribbon=placing.player in state.ribbons,
                    keepsake_name=keepsake[0],
                    keepsake_detail=keepsake[1],
                )
            )
    return data.DivisionResults(
        state.bracket_name,
        division.status,
        tuple(lines),
        state.medals_by_age_group,
        correction_notes(state, event),
        feminine=state.feminine,
    )


def _refuse_unfinished(division: Division | None, what: str) -> None:
    """A division asked for by name that has not finished is named, not "no division"."""
    if division is None or division.bracket.status == Division.Status.COMPLETE:
        return
    bracket = division.bracket
    name = division.name if bracket == division else f"{division.name} (in {bracket.name})"
    raise RuleError(f"{name} has not finished yet: no {what} to print.")


def _results(event, division) -> list[data.DivisionResults]:
    divisions = [division.bracket] if division is not None else list(brackets(event))
    return [_division_results(event, d) for d in divisions if d.walkover or d.rounds.exists()]


def results_data(event, division=None) -> data.ResultsData:
    _refuse_unfinished(division, "results")
    results = _results(event, division)
    if not any(r.status == Division.Status.COMPLETE for r in results):
        raise RuleError("No division has finished yet: no results to print.")
    return data.ResultsData(event_info(event), tuple(results))


def name_folds(state) -> Counter:
    """How many of a bracket's players have each name, folded (``keepsake_name``): counted
    once per bracket, not once per player (a 2,000-entrant event's results took 5 s)."""
    return Counter(fold(n) for n in state.names.values())


def keepsake_name(state, player: str, folds: Counter | None = None) -> tuple[str, str]:
    """A keepsake's name (certificate, ribbon card): the registered name, and what tells it
    from a namesake in the same bracket ("Sunrise Club", "#H1055"), else "" (a namesake in
    another division is told apart by the division the card names). ``folds``: the
    bracket's ``name_folds``, when the caller names many of its players."""
    name = state.names.get(player, player)
    shown = state.shown_names.get(player, name)
    if shown == name:
        return name, ""
    folds = name_folds(state) if folds is None else folds
    if folds[fold(name)] - (1 if player in state.names else 0) <= 0:
        return name, ""
    detail = shown[len(name) :].strip() if shown.startswith(name) else shown
    if detail.startswith("(") and detail.endswith(")"):
        detail = detail[1:-1]
    return name, detail


def certificates_data(event, division=None) -> data.CertificatesData:
    # A place is of the whole (combined) bracket, or of the age group when medals go
    # by age group: never of the player's own division in a bracket it shares.
    _refuse_unfinished(division, "certificates")
    certificates = [
        data.Certificate(
            p.keepsake_name or p.name,
            p.medal,
            p.age_group,
            p.group_place,
            "Age group",
            p.keepsake_detail,
        )
        if d.medals_by_age_group and p.age_group and p.group_place
        else data.Certificate(
            p.keepsake_name or p.name, p.medal, d.name, p.place, detail=p.keepsake_detail
        )
        for d in _results(event, division)
        for p in d.placings
        if p.medal
    ]
    if not certificates:
        raise RuleError("No medals have been given yet: no certificates to print.")
    return data.CertificatesData(event_info(event), tuple(certificates))


def ribbons_data(event, division=None) -> data.RibbonsData:
    """One card per ribbon: places 4 to the event's ``ribbons_to`` of each finished bracket
    — or, with medals by age group in a combined bracket, of each age group, each card
    naming the player's own age group."""
    if not event.ribbons_to:
        raise RuleError("This event gives no ribbons (ribbons to place 0): nothing to print.")
    _refuse_unfinished(division, "ribbons")
    divisions = [division.bracket] if division is not None else list(brackets(event))
    finished = [d for d in divisions if d.status == Division.Status.COMPLETE]
    if not finished:
        raise RuleError("No division has finished yet: no ribbons to print.")
    cards = []
    for bracket in finished:
        state = _state(bracket)
        folds = name_folds(state)
        ribbons = []
        for placing in state.placings.placings:
            if placing.player not in state.ribbons:
                continue
            name, detail = keepsake_name(state, placing.player, folds)
            if state.medals_by_age_group:
                group = state.entrants[placing.player].division
                card = data.RibbonCard(name, placing.group_place, group.name, "Age group", detail)
                ribbons.append(((group.min_age or 0, group.name, card.place), card))
            else:
                card = data.RibbonCard(name, placing.place, state.bracket_name, detail=detail)
                ribbons.append(((0, "", card.place), card))
        # bracket by bracket in age order; within one, by age group, then place
        cards.extend(card for _key, card in sorted(ribbons, key=lambda pair: pair[0]))
    if not cards:
        raise RuleError(
            f"No player finished in places 4 to {event.ribbons_to}"
            f"{' of ' + finished[0].name if division is not None else ''}: no ribbons to print."
        )
    return data.RibbonsData(event_info(event), tuple(cards))


def _qualifier_label(group, split: bool) -> str:
    """ "Women 70-74" in the active language; "(in BRACKET)" when the group's players
    finished in more than one bracket (each is listed on its own)."""
    gender = {"F": gettext("Women"), "M": gettext("Men")}.get(group.gender, gettext("Open"))
    age = group.age_group
    if age == "age unknown":
        age = gettext("age unknown")
    elif age.startswith("Under "):
        age = gettext("Under %(age)s") % {"age": age.removeprefix("Under ")}
    label = f"{gender} {age}"
    if split:
        label = gettext("%(group)s (in %(division)s)") % {
            "group": label,
            "division": ", ".join(group.divisions),
        }
    return label


def qualifiers_data(event, division=None) -> data.QualifiersData:
    """The qualifiers list (the organizer's: it carries each player's state)."""
    report = event_qualifiers(event, division)
    if not report.groups and not report.unfinished:
        raise RuleError("Nobody has played yet: no qualifiers to list.")
    if not report.groups:
        raise RuleError(
            "No division has finished yet: no qualifiers to list "
            f"(not finished: {', '.join(report.unfinished)})."
        )

    shown = namesakes(event)  # two qualifiers of one name: with their club or number

    def line(row) -> data.QualifierLine:
        return data.QualifierLine(
            row.rank,
            row.place,
            shown.get(row.entrant_id, row.name),
            row.entrant_id,
            row.state,
            row.division,
            row.state_unknown,
        )

    shared = Counter((g.age_group, g.gender) for g in report.groups)
    with printed(event):
        groups = tuple(
            data.QualifierGroupLines(
                _qualifier_label(g, shared[(g.age_group, g.gender)] > 1),
                tuple(line(q) for q in g.qualifiers),
                tuple(line(s) for s in g.skipped),
                feminine=g.gender == "F",
            )
            for g in report.groups
        )
    return data.QualifiersData(
        event_info(event), report.places, report.home_state, groups, report.unfinished
    )


BUILDERS = {
    "table-list": table_list_data,
    "score-sheets": score_sheets_data,
    "bracket": bracket_data,
    "results": results_data,
    "certificates": certificates_data,
    "ribbons": ribbons_data,
    "qualifiers": qualifiers_data,
}


def document_data(event, kind: str, division=None, round_number=None):
    """The plain data for one document, as the renderer takes it."""
    if kind not in BUILDERS:
        raise RuleError(f"Unknown document '{kind}' ({', '.join(BUILDERS)}).")
    if kind in ("table-list", "score-sheets"):
        return BUILDERS[kind](event, division, round_number)
    return BUILDERS[kind](event, division)


def fingerprint(document_data) -> str:
    """A digest of the data a document is made from: it changes when the data change."""
    return hashlib.sha256(repr(astuple(document_data)).encode("utf-8")).hexdigest()
