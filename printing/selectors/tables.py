"""The table list's and the score sheets' data: the tables of the rounds being played,
in the hall's order, with each sheet's QR address and the players' table code."""

from django.conf import settings
from django.urls import reverse
from django.utils.translation import gettext

from printing import data
from tournaments import engine
from tournaments.engine import RuleError
from tournaments.models import Bye, Division, Event, Round, Seat, TableCode
from tournaments.selectors import brackets, mark_namesakes, namesakes

from .shared import event_info, out_of_play, printed


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
        # The hall's order: sheets come off the printer as the tables stand in the hall.
        .order_by("table__number", "round__division__min_age", "round__division__name", "number")
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
                out_of_play(entrant),
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
                division=round_.division.shown_name,
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
            b.round.division.shown_name,
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
                "division": rounds[0].division.shown_name,
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
