"""Score entry, confirmation, corrections, penalties and standings pages.

Thin: forms check what was typed, services change the data, selectors read it.
"""

import re
from collections.abc import Callable
from dataclasses import dataclass

from django.conf import settings
from django.contrib import messages
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import patch_vary_headers
from django.utils.html import format_html
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django_tables2 import RequestConfig

from scoring import services
from scoring.models import Game
from scoring.selectors import (
    division_state,
    round_standings,
    table_entry,
    table_sheet,
    tables_in_play,
)
from tournaments.csvfiles import csv_writer
from tournaments.engine import RuleError, parse_table_numbers
from tournaments.models import Division, Entrant, Event, Round
from tournaments.selectors import (
    after_closed_round,
    announcements,
    brackets,
    event_game_options,
    running_clock,
)
from tournaments.text import isolate
from web.actions import keep_refused, kept, said
from web.decorators import event_role, event_table_role, post_only
from web.params import search_text, whole_number

from .forms import ConfirmForm, CorrectionForm, GameForm, PenaltyForm, entry_rules
from .tables import StandingsTable


def _table_url(event, table, **query) -> str:
    url = reverse("scoring:table", args=[event.slug, table.pk])
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


@event_role("scorekeeper")
def score_home(request, event):
    """The tables still playing, to pick one."""
    tables = tables_in_play(event, request.user)
    wanted = search_text(request.GET.get("table", "")).strip()
    number = whole_number(wanted)
    if number is not None:
        matches = [t for t in tables if t.table.number == number]
        if len(matches) == 1:
            return redirect(_table_url(event, matches[0].table))
        if not matches and number in parse_table_numbers(event.unusable_tables):
            messages.error(
                request, _("Table %(number)s is not used in this hall.") % {"number": number}
            )
        elif not matches:
            messages.error(request, _("No table %(wanted)s is playing now.") % {"wanted": wanted})
        else:
            tables = matches
    elif wanted:
        messages.error(
            request,
            _("“%(wanted)s” is not a table number: type the number only, as 7.")
            % {"wanted": wanted},
        )
    return render(
        request,
        "scoring/score_home.html",
        {
            "event": event,
            "tables": tables,
            "wanted": wanted,
            "is_organizer": request.is_organizer,
            **_announced(event),
        },
    )


def _announced(event) -> dict:
    """The organizer's announcements for a scorekeepers' page, and where to ask again:
    folded after the newest, so the table comes first on a phone (asked again folded)."""
    return {
        "announcements": announcements(event),
        "announcements_fold": True,
        "announcements_url": reverse("public:announcements", args=[event.slug]) + "?fold=1",
    }


def conflict_rows(sheet, conflict) -> list[dict]:
    """Both entries of a game two saves sent, a row a seat: the name, their number, yours,
    and whether the two differ (the row to check with the table)."""
    if conflict is None:
        return []
    theirs = (conflict.theirs or {}).get("racks") or {}
    yours = (conflict.yours or {}).get("racks") or {}
    rows = []
    for seat in sheet.seats:
        key = seat.entrant.external_id
        row = {"name": seat.entrant.shown_name, "theirs": theirs.get(key), "yours": yours.get(key)}
        row["differs"] = key in theirs and key in yours and str(row["theirs"]) != str(row["yours"])
        rows.append(row)
    return rows


def _render_table(
    request, event, table, sheet, form=None, conflict=None, status=200, number=None, **extra
):
    number, chosen, review = _game_in_view(request, sheet, form, number, _chosen_game)
    players_only = _players_only(request, event)
    if players_only:
        form = None  # the players enter at the table: this page only shows the sheet
    elif form is None and chosen is not None and not chosen.confirmed and not review:
        form = entry_form(sheet, number)
    form, not_saved = typed_back(request, table, sheet, number, form)
    say_saved(request, sheet)
    correction = (
        _correction_form(request, table, sheet, chosen, not_saved)
        if request.is_organizer and chosen is not None and chosen.entered
        else None
    )
    # A save or a refusal sent by the page's htmx swaps in the sheet alone: only the sheet
    # is made (the announcements, the clock and the page around them are not read).
    alone = _sheet_alone(request)
    context = {
        "players_only": players_only,
        "event": event,
        "sheet": sheet,
        "table": table,
        "form": form,
        "number": number,
        "chosen": chosen,
        "review": review,
        "may_confirm": review
        and not players_only
        and chosen.game.may_be_confirmed_by(user=request.user, organizer=request.is_organizer),
        "changing": form is not None and chosen is not None and chosen.entered,
        "conflict": conflict,
        "conflict_rows": conflict_rows(sheet, conflict),
        **_who_acted(chosen),
        "is_organizer": request.is_organizer,
        "not_saved": not_saved,
        "penalty_form": _penalty_form(request, table, sheet) if request.is_organizer else None,
        "correction": correction,
        "corrections_open": bool(not_saved) or bool(correction is not None and correction.errors),
        "table_address": settings.BASE_URL + _table_url(event, table),
        # A page kept open (or reloaded) after its round closed says where to go next: one
        # query, only then.
        "after_close": after_closed_round(table.round) if sheet.closed else None,
        **extra,
    }
    if alone:
        response = render(request, "scoring/_sheet.html", context, status=status)
    else:
        context |= {
            "entry_rules": entry_rules(event),
            # The round clock with this table's extra minutes (only ever shown: it never
            # changes or refuses a score).
            "timed": table.round.status != Round.Status.CLOSED,
            "clock": running_clock(table.round, table=table),
            "clock_label": _("Time left at table %(number)s") % {"number": table.number},
            **_announced(event),
            "clock_url": reverse("public:clock", args=[event.slug, table.round_id])
            + f"?table={table.pk}",
            # Its answer also says when someone else changed this table's scores.
            "clock_poll_ms": settings.CLOCK_POLL_MS,
        }
        response = render(request, "scoring/table.html", context, status=status)
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return response


def _sheet_alone(request) -> bool:
    """Whether the page's htmx asked, swapping in the sheet only (its save, and the page
    the save's redirect leads to: the browser sends the same headers again)."""
    htmx = getattr(request, "htmx", None)
    return bool(htmx) and htmx.target == "sheet" and not htmx.history_restore_request


def _typed_key(table, number) -> str:
    return f"typed:{table.pk}:{number}"


def _keep_typed(request, table, number, problem: str = "") -> None:
    """A save refused where the page cannot show the form again (a confirmed game, a
    closed round, no player chosen yet): what was typed is kept for the page the browser
    goes back to (``typed_back``), never dropped."""
    typed = {
        name: value
        for name, value in request.POST.items()
        if name.startswith("rack_") or name in ("ended", "winner", "winner_plus")
    }
    keep_refused(request, _typed_key(table, number), typed, problem)


def typed_back(request, table, sheet, number, form) -> tuple:
    """The game's form holding what a refused save typed (kept by ``_keep_typed``) when
    the game can still be entered; otherwise the typed numbers in words for a "not saved"
    box beside the refusal ({"message", "typed": [(name, value)], "racks": {id: text}})."""
    typed = kept(request, _typed_key(table, number)) if number is not None else None
    if typed is None:
        return form, None
    data = typed["data"]
    if form is not None and not form.is_bound and not sheet.closed:
        racks = {k: v for k, v in data.items() if k.startswith("rack_")}
        initial = {**form.initial, **racks, "ended": data.get("ended", form.initial.get("ended"))}
        if data.get("winner"):
            initial["winner"] = data["winner"]
        return GameForm(initial=initial, sheet=sheet, number=number), None
    racks = {
        seat.entrant.pk: str(data.get(f"rack_{seat.entrant.pk}", "")).strip()
        for seat in sheet.seats
    }
    return form, {
        "message": typed["problem"],
        "typed": [(s.entrant.shown_name, racks[s.entrant.pk]) for s in sheet.seats],
        "racks": racks,
    }


def _correction_key(table, number) -> str:
    return f"correct:{table.pk}:{number}"


def _corrections_typed(post, seats) -> dict[str, str]:
    """What a game's correction form sent, for ``CorrectionForm``: for each player at the
    table the new rack total (``fix_<id>``) and the total the page showed (``was_<id>``),
    and the one reason (``reason``). A page opened before the form took one reason sends
    a reason a row (``why_<id>``): the reasons typed are read as the one. A form of one
    player (``entrant``, ``rack_total``, ``reason``) is read as that player's row."""
    typed = {}
    for seat in seats:
        pk = seat.entrant.pk
        for field in ("fix", "was"):
            name = f"{field}_{pk}"
            if name in post:
                typed[name] = str(post.get(name, ""))[:300]
    if not typed and post.get("entrant"):
        pk = whole_number(post.get("entrant", ""), low=1)
        if pk is not None and any(seat.entrant.pk == pk for seat in seats):
            typed = {f"fix_{pk}": str(post.get("rack_total", ""))[:300]}
    if not typed:
        return {}
    reason = str(post.get("reason", "")).strip()
    if not reason:
        reasons = [str(post.get(f"why_{s.entrant.pk}", "")).strip() for s in seats]
        reason = "; ".join(dict.fromkeys(r for r in reasons if r))
    typed["reason"] = reason[:300]
    return typed


def _correction_form(request, table, sheet, chosen, not_saved=None) -> CorrectionForm:
    """The game's correction form: each seat's row holding the rack total as recorded;
    after a refused correction, everything the organizer typed, each problem beside the
    row it is about and the refusal of the whole (the engine's, say two players at 0)
    above the rows. A save refused because the game was confirmed meanwhile fills in
    the numbers that save typed."""
    joker = event_game_options(sheet.event)["joker_value"]
    refused = kept(request, _correction_key(table, chosen.number))
    if refused is not None:
        form = CorrectionForm(
            refused["data"], seats=sheet.seats, racks=chosen.racks, joker_value=joker
        )
        form.is_valid()
        if refused["problem"]:
            form.add_error(None, refused["problem"])
        return form
    typed = (not_saved or {}).get("racks") or {}
    initial = {}
    for seat in sheet.seats:
        recorded = chosen.racks.get(seat.entrant.pk)
        shown = "" if recorded is None else str(recorded)
        if typed.get(seat.entrant.pk, "") not in ("", shown):
            initial[f"fix_{seat.entrant.pk}"] = typed[seat.entrant.pk]
    return CorrectionForm(initial=initial, seats=sheet.seats, racks=chosen.racks, joker_value=joker)


def _penalty_key(table) -> str:
    return f"penalty:{table.pk}"


def _penalty_form(request, table, sheet) -> PenaltyForm:
    """The penalty form, holding what a refused one typed, its problems beside each field."""
    refused = kept(request, _penalty_key(table))
    if refused is None:
        return PenaltyForm(sheet=sheet)
    form = PenaltyForm(refused["data"], sheet=sheet)
    form.is_valid()
    if refused["problem"]:
        form.add_error(None, refused["problem"])
    first = next((name for name in form.fields if name in form.errors), None)
    if first:
        form.fields[first].widget.attrs["autofocus"] = True
    return form


def _who_acted(chosen) -> dict:
    """Who entered and who confirmed the chosen game, in words for the page (a player's
    name set apart for right-to-left names: dir=auto)."""
    game = chosen.game if chosen is not None else None
    if game is None:
        return {}
    return {
        "entered_who": _who(
            game.entered_by_player if game.entered_by_player_id else None,
            _user_name(game, "entered_by"),
            _("the organizer's command line"),
        ),
        "confirmed_who": _who(
            game.confirmed_by_player if game.confirmed_by_player_id else None,
            _user_name(game, "confirmed_by"),
            _("the organizer"),
        ),
    }


def _user_name(game, role: str) -> str | None:
    """The user name of the account in ``role`` ("entered_by", "confirmed_by") of a game:
    as the sheet read it (``table_sheet``: the name alone), else from the account."""
    if hasattr(game, f"{role}_name"):
        return getattr(game, f"{role}_name")
    user = getattr(game, role)
    return user.get_username() if user is not None else None


def _who(player, user_name: str | None, nobody: str):
    if player is not None:
        return format_html('<span dir="auto">{}</span> {}', player.shown_name, _("at the table"))
    if user_name is not None:
        return format_html('<span dir="auto">{}</span>', user_name)
    return nobody


def _players_only(request, event) -> str:
    """Why a scorekeeper may not enter or confirm here ('' when they may): the event lets
    the players at the table, and not the scorekeepers, enter scores. Organizers may."""
    if event.score_entry != Event.ScoreEntry.PLAYERS or request.is_organizer:
        return ""
    return _(
        "At this event the players enter and check the scores at their table, with the "
        "table's code. An organizer can change a score."
    )


def entry_form(sheet, number: int) -> GameForm:
    """The form for game ``number`` of a sheet, holding its numbers if it has some."""
    game = sheet.games[number - 1]
    initial = {"version": game.game.version if game.game else 0}
    if game.game:
        initial.update(
            {f"rack_{e}": v for e, v in game.racks.items()},
            ended=game.game.ended,
            winner=str(game.game.winner_id or ""),
        )
    return GameForm(initial=initial, sheet=sheet, number=number)


def _game_in_view(request, sheet, form, number, choose: Callable) -> tuple:
    """The game a table's page shows (``number``, else the form's, else ``choose(request,
    sheet)``), that game's line on the sheet, and whether it is shown for review.

    A game waiting for confirmation is shown read-only: what is confirmed is what was
    seen. Changing it ("change=1") is a new entry that someone else confirms. Shared by
    the scorekeepers' table page and the players' page (``player_views``)."""
    if number is None:
        number = form.number if form is not None else choose(request, sheet)
    chosen = sheet.games[number - 1] if number is not None else None
    review = (
        form is None
        and chosen is not None
        and chosen.entered
        and not chosen.confirmed
        and sheet.confirmation_required
        and request.GET.get("change") != "1"
    )
    return number, chosen, review


def _asked_game(request, sheet) -> int | None:
    """The game named in the address (``?game=N``), if it is one of the sheet's."""
    return whole_number(request.GET.get("game", ""), low=1, high=len(sheet.games))


def _chosen_game(request, sheet) -> int | None:
    """The game asked for, else one waiting for this person's confirmation, else the next
    game to enter."""
    wanted = _asked_game(request, sheet)
    if wanted is not None:
        return wanted
    to_confirm = sheet.game_to_confirm(request.user, organizer=request.is_organizer)
    return to_confirm or sheet.next_game


def _not_allowed(request, event, table, refusal):
    """A table's page refused to someone signed in without the role here (the desk took it
    away, or their access to the event ended, while they typed). A game they sent is not
    lost silently: its numbers come back read-only beside the refusal, by the players'
    names, to write on paper for the desk; their outbox's copy is answered in JSON and kept
    there, said the same way (static/js/outbox.js). The page shows the outbox too: games
    this browser still holds for the event stay in sight."""
    advice = _("Write them on the paper sheet and give them to the desk, who can enter them.")
    if request.headers.get("X-Queued-Save") == "1":
        message = _("Not saved: %(refusal)s") % {"refusal": str(refusal)}
        return _queued_answer("refused", f"{message} {advice}", 403, denied=True)
    sent = _typed_back_read_only(request, table, str(refusal), advice) or {}
    response = render(
        request,
        "scoring/not_allowed.html",
        {
            "event": event,
            "table": table,
            "number": sent.get("number"),
            "not_saved": sent.get("not_saved"),
            "exception": str(refusal),
        },
        status=403,
    )
    response["X-Not-Allowed"] = "1"  # the page's script swaps it in (static/js/scoring.js)
    patch_vary_headers(response, ("HX-Request", "HX-Target"))
    return response


def _typed_back_read_only(request, table, message: str, advice: str) -> dict | None:
    """The game a refused save sent, by the players' names in seat order, for
    ``scoring/_not_saved.html`` ({"number", "not_saved"}); None when no game was sent.
    The names are the ones the public projector shows at each table."""
    if request.method != "POST":
        return None
    entry = table_entry(table)
    number = whole_number(request.POST.get("game", ""), low=1, high=entry.round.games)
    if number is None:
        return None
    entry.name_players()
    typed = [
        (s.entrant.shown_name, request.POST.get(f"rack_{s.entrant_id}", "")[:12].strip())
        for s in entry.seats
    ]
    return {"number": number, "not_saved": {"message": message, "typed": typed, "advice": advice}}


def _signed_out_typed(request, table) -> dict | None:
    """A save sent after the sign-in ended: its numbers shown back to copy onto paper
    (the browser's Back reopens a page that now asks for a sign-in, without them)."""
    return _typed_back_read_only(
        request,
        table,
        _("Your sign-in had ended."),
        _("Write them on the paper sheet, sign in again and enter them."),
    )


def _seated_name(table, wanted: str) -> str:
    """The name the page shows for the player of ``table`` whose id a form sent ("" for
    anyone else: only this table's players, the names the public projector shows)."""
    pk = whole_number(wanted, low=1)
    if pk is None:
        return ""
    entry = table_entry(table)
    entry.name_players()
    return next((s.entrant.shown_name for s in entry.seats if s.entrant_id == pk), "")


def _typed_form_back(title: str, rows: list, section: str) -> dict:
    """An organizer's form sent after the sign-in ended (a correction, penalty points):
    what was typed, field by field, read-only, for ``scoring/_not_sent.html``, with the
    way to enter it again (the browser's Back reopens a page that asks for a sign-in)."""
    return {
        "not_sent": {
            "title": title,
            "message": _("Your sign-in had ended."),
            "typed": [(label, str(value)[:300].strip()) for label, value in rows],
            "advice": _("Write it down, sign in again and enter it again under “%(section)s”.")
            % {"section": section},
        }
    }


def _signed_out_correction(request, table, number) -> dict | None:
    """A correction sent after the sign-in ended: each player's new rack total typed (the
    rows changed; every row if none was) and the reason, shown back to write down and
    enter again."""
    if not 1 <= number <= table.round.games:
        return None
    entry = table_entry(table)
    entry.name_players()
    typed = _corrections_typed(request.POST, entry.seats)
    rows = []
    for seat in entry.seats:
        pk = seat.entrant.pk
        if f"fix_{pk}" in typed:
            fix = typed[f"fix_{pk}"][:12]
            rows.append((seat.entrant.shown_name, fix, fix.strip() != typed.get(f"was_{pk}")))
    if any(changed for _name, _fix, changed in rows):
        rows = [row for row in rows if row[2]]
    title = _("Correction of game %(number)s: not saved.") % {"number": number}
    section = _("Correct a rack total (organizer)")
    if not rows:  # no player of this table named: what was sent, as it was sent
        post = request.POST
        return _typed_form_back(
            title,
            [
                (_("Player"), _seated_name(table, post.get("entrant", ""))),
                (_("Corrected rack total"), post.get("rack_total", "")[:12]),
                (_("Reason for the correction"), post.get("reason", "")),
            ],
            section,
        )
    lines = [(_("%(name)s: new rack total") % {"name": name}, fix) for name, fix, _c in rows]
    lines.append((_("Reason for the correction"), typed.get("reason", "")))
    return _typed_form_back(title, lines, section)


def _signed_out_penalty(request, table) -> dict | None:
    """Penalty points sent after the sign-in ended: the player, the points and the reason,
    shown back to write down and enter again."""
    post = request.POST
    return _typed_form_back(
        _("Penalty points: not saved."),
        [
            (_("Player"), _seated_name(table, post.get("entrant", ""))),
            (_("Penalty points"), post.get("points", "")[:12]),
            (_("Reason"), post.get("reason", "")),
        ],
        _("Penalty points (organizer)"),
    )


@event_table_role("scorekeeper", refused=_not_allowed, typed_when_signed_out=_signed_out_typed)
def table_page(request, event, table):
    """A table's sheet: players in seat order, every game, and the form for a game; a
    game sent with it saved (``game_save``: one path for every save)."""
    if request.method != "POST":
        return _render_table(request, event, table, table_sheet(table))
    return game_save(request, event, table, _scorekeepers_page(request, event, table))


@dataclass
class EntryPage:
    """Where a game is entered or confirmed from: the scorekeepers' table page, or the
    players' page opened with the table's code (``at_table``). The save and the
    confirmation run the same form, checks, service and answers for both."""

    url: Callable[..., str]  # the page's address, with a query (game=2)
    render: Callable[..., HttpResponse]  # (sheet, form=None, conflict=None, number=None, …)
    user: object = None
    organizer: bool = False
    at_table: services.AtTable | None = None
    refusal: str = ""  # why nobody may save or confirm from this page (in words)


def _scorekeepers_page(request, event, table) -> EntryPage:
    return EntryPage(
        url=lambda **query: _table_url(event, table, **query),
        render=lambda sheet, form=None, **more: _render_table(
            request, event, table, sheet, form, **more
        ),
        user=request.user,
        organizer=request.is_organizer,
        refusal=_players_only(request, event),
    )


def game_save(request, event, table, page: EntryPage):
    """Save the game a table's form sent (a page's own save, or one its queue sends again
    with ``X-Queued-Save``, answered in JSON)."""
    # A save checks the form against the seats and games only; the whole sheet (totals,
    # penalties, audit trail) is built only when the page is shown again with a problem.
    queued = request.headers.get("X-Queued-Save") == "1"
    if page.refusal:
        if queued:
            return _queued_answer("refused", page.refusal, 422)
        messages.error(request, page.refusal)
        return redirect(page.url())
    entry = table_entry(table)
    number = whole_number(request.POST.get("game", ""), low=1, high=entry.round.games)
    if number is None:
        raise Http404("No such game.")
    form = GameForm(request.POST, sheet=entry, number=number)
    # A save with the page's key goes to the service even for a closed round or a
    # confirmed game: if that key was stored already, the answer is "already saved".
    keyed = bool(request.POST.get("save_key"))
    if queued or (entry.closed and not keyed) or not form.is_valid():
        # The answer names players: a namesake at the table by their club or number (read
        # only now: a save that goes through names nobody).
        form = _named_form(request, entry, number)
    if entry.closed and not keyed:
        message = _("This round is closed: an organizer changes scores as a correction.")
        if queued:
            form.add_error(None, message)
            return _queued_answer("refused", form_message(form), 422)
        # The closed sheet has no form: the typed numbers are shown beside the refusal.
        _keep_typed(request, table, number, message)
        return redirect(page.url(game=number))
    if not keyed and entry.confirmed(number):
        # After confirmation a score changes only as an organizer's correction, with a reason.
        message = _confirmed_refusal(number)
        if queued:
            return _queued_answer("refused", message, 422)
        _keep_typed(request, table, number, message)
        return redirect(page.url(game=number))
    if not form.is_valid():
        if queued:
            return _queued_answer("refused", form_message(form), 422)
        return page.render(table_sheet(table), form)
    data = form.cleaned_data
    try:
        game = services.game_record(
            table=table,
            number=number,
            racks=data["racks"],
            ended=data["ended"] or None,
            winner=data["winner_entrant"],
            user=page.user,
            organizer=page.organizer,
            expected_version=data.get("version") or 0,
            seats=entry.seats,
            save_key=data.get("save_key") or "",
            at_table=page.at_table,
        )
    except services.ScoreConflict as conflict:
        if queued:
            return _queued_answer("conflict", str(conflict), 409)
        sheet = table_sheet(table)
        if sheet.games[number - 1].confirmed:
            # Confirmed meanwhile: answered as the save without the page's key is (above).
            _keep_typed(request, table, number, _confirmed_refusal(number))
            return redirect(page.url(game=number))
        # Their entry is now what the form was checked against: saving yours again
        # replaces it (instead of conflicting forever with the version first seen).
        data = request.POST.copy()
        data["version"] = sheet.games[number - 1].game.version
        form = GameForm(data, sheet=sheet, number=number)
        form.is_valid()
        return page.render(sheet, form, conflict=conflict)
    except RuleError as error:
        if queued:
            return _queued_answer("refused", said(error), 422)
        sheet = table_sheet(table)
        if sheet.closed:
            # Closed meanwhile: its sheet has no form, the numbers go beside the refusal.
            _keep_typed(request, table, number, said(error))
            return redirect(page.url(game=number))
        if sheet.games[number - 1].confirmed:
            # Confirmed meanwhile (the page's key let the save reach the service): the
            # confirmed numbers read-only and what was typed beside the refusal, as the
            # save without a key is answered above, never a form that cannot be saved.
            _keep_typed(request, table, number, _confirmed_refusal(number))
            return redirect(page.url(game=number))
        form = _named_form(request, entry, number)
        form.add_error(None, said(error))
        return page.render(sheet, form)
    already = getattr(game, "already_saved", None) is not None
    if already:
        message = _("Game %(number)s was already saved for table %(table)s: nothing changed.") % {
            "number": number,
            "table": table.number,
        }
    else:
        message = _saved(number, table.number)
    if queued:
        # Two players of one name at the table: each with their club or number, so that
        # neither's value is lost from the answer.
        names = {e.external_id: e.shown_name for e in data["racks"]}
        saved = game.already_saved if already else None
        values = (saved or {}).get("racks") or {e.external_id: v for e, v in data["racks"].items()}
        return _queued_answer(
            "already" if already else "saved",
            message,
            values={names.get(k, k): v for k, v in values.items()},
        )
    if data.get("save_key"):
        # The page learns which save arrived (its queued copy, if any, is then dropped) and
        # says so from its audit trail (``say_saved``); "already saved" is said as a message.
        if already:
            messages.success(request, message)
        return redirect(page.url(saved=data["save_key"]))
    messages.success(request, message)
    return redirect(page.url())


def say_saved(request, sheet) -> None:
    """The page a keyed save leads to (``?saved=KEY``) says "Game N saved for table T."
    from the audit trail it shows: the save itself writes no message (no cookie to sign
    and send on the scorekeepers' busiest request). A message the save did leave ("already
    saved", a correction's flag) is shown instead; a key of no change here says nothing."""
    key = request.GET.get("saved", "") if request.method == "GET" else ""
    if not key or len(messages.get_messages(request)):
        return
    for change in sheet.audit:
        if change.save_key == key and change.game_number:
            messages.success(request, _saved(change.game_number, sheet.table.number))
            return


def _saved(number: int, table: int) -> str:
    return _("Game %(number)s saved for table %(table)s.") % {"number": number, "table": table}


def _confirmed_refusal(number: int) -> str:
    return _(
        "Game %(number)s is confirmed: an organizer changes it as a correction, with a reason."
    ) % {"number": number}


def _named_form(request, entry, number) -> GameForm:
    """The save's form again, its players named as the page shows them (namesakes)."""
    entry.name_players()
    form = GameForm(request.POST, sheet=entry, number=number)
    form.is_valid()
    return form


def form_message(form) -> str:
    """A refused form's problems in one line, for a queued save's answer."""
    return " ".join(message for message, _target in form.summary())


def _queued_answer(status: str, message: str, code: int = 200, **more) -> JsonResponse:
    """The answer to a save a page sends again from its queue (X-Queued-Save): saved,
    already saved, conflict (409) or refused (422), in words."""
    return JsonResponse({"status": status, "message": message, **more}, status=code)


def _table_back(event, table, *args, **kwargs) -> str:
    return _table_url(event, table)


@event_table_role("scorekeeper")
@post_only(_table_back)
def game_confirm(request, event, table, number):
    return confirm(request, table, number, _scorekeepers_page(request, event, table))


def confirm(request, table, number, page: EntryPage):
    """Confirm a game as its page showed it (the version seen), or say why not."""
    if page.refusal:
        messages.error(request, page.refusal)
        return redirect(page.url(game=number))
    game = get_object_or_404(Game, table=table, number=number)
    form = ConfirmForm(request.POST)
    if not form.is_valid():
        messages.error(
            request,
            _("Game %(number)s changed since you looked at it: check it again.")
            % {"number": number},
        )
        return redirect(page.url(game=number))
    try:
        services.game_confirm(
            game=game,
            user=page.user,
            organizer=page.organizer,
            expected_version=form.cleaned_data["version"],
            at_table=page.at_table,
        )
    except services.ScoreConflict as conflict:
        # Nothing is confirmed: the page shows what they checked beside what is there now.
        sheet = table_sheet(table)
        stale = {"message": str(conflict), "rows": _seen_and_now(request.POST, sheet, number)}
        return page.render(sheet, number=number, stale=stale)
    except RuleError as error:
        messages.error(request, said(error))
        return redirect(page.url(game=number))
    messages.success(request, _("Game %(number)s confirmed.") % {"number": number})
    return redirect(page.url())


def _seen_and_now(post, sheet, number) -> list[dict]:
    """Each player's rack total as the confirmer saw it (sent back by their page) and now."""
    now = sheet.games[number - 1].racks
    rows = []
    for seat in sheet.seats:
        seen = str(post.get(f"seen_{seat.entrant.pk}", ""))
        seen = seen if re.fullmatch(r"[0-9]{1,4}", seen) else ""
        current = now.get(seat.entrant.pk)
        current = "" if current is None else str(current)
        rows.append(
            {"entrant": seat.entrant, "seen": seen, "now": current, "changed": seen != current}
        )
    return rows


def _corrected(entrant, number, change) -> str:
    before, after = change.before["rack_total"], change.after["rack_total"]
    return _("%(name)s, game %(number)s: %(before)s → %(after)s.") % {
        "name": isolate(entrant.name),
        "number": number,
        "before": before,
        "after": after,
    }


def _game_back(event, table, number) -> str:
    return _table_url(event, table, game=number)


def _penalty_back(event, table) -> str:
    return _table_url(event, table) + "#penalty"


@event_table_role("organizer", typed_when_signed_out=_signed_out_correction)
@post_only(_game_back)
def rack_correct(request, event, table, number):
    """A game's correction form: every player's row whose rack total differs from the one
    recorded is corrected, with the one reason, together or not at all. Refused, the
    browser goes back to the game with the correction open, every number and reason
    typed in it and each problem beside its box (kept across the redirect, so the page
    keeps its own address); nothing is stored. Rows left as they were are no change: the
    same form sent twice corrects once, then says nothing changed."""
    game = get_object_or_404(Game, table=table, number=number)
    entry = table_entry(table)
    entry.name_players()
    typed = _corrections_typed(request.POST, entry.seats)
    if not typed:
        raise Http404("No such player.")
    racks = dict(game.racks.values_list("entrant_id", "rack_total"))
    back = _table_url(event, table, game=number)
    form = CorrectionForm(
        typed, seats=entry.seats, racks=racks, joker_value=event_game_options(event)["joker_value"]
    )

    def refuse(problem: str = ""):
        keep_refused(request, _correction_key(table, number), typed, problem)
        return redirect(back)

    if not form.is_valid():
        return refuse()
    reason = form.cleaned_data["reason"].strip()
    changes = [(entrant, total, reason) for entrant, total in form.cleaned_data["changes"]]
    if not changes:
        messages.info(
            request,
            _("Nothing changed in game %(number)s: every rack total is as recorded.")
            % {"number": number},
        )
        return redirect(back)
    try:
        done = services.scores_correct(game=game, changes=changes, user=request.user)
    except RuleError as error:
        return refuse(said(error))
    messages.success(
        request,
        " ".join(
            _corrected(entrant, number, change)
            for (entrant, _total, _reason), change in zip(changes, done, strict=True)
        ),
    )
    flags = []
    for change in done:
        if change.flag and change.flag not in flags:  # after the success line, as a warning
            flags.append(change.flag)
            messages.warning(request, change.flag)
    return redirect(back)


@event_table_role("organizer", typed_when_signed_out=_signed_out_penalty)
@post_only(_penalty_back)
def penalty_add(request, event, table):
    """Penalty points with a reason. Refused, the page shows the form open again with
    what was typed and each problem beside its field."""
    sheet = table_sheet(table)
    form = PenaltyForm(request.POST, sheet=sheet)
    back = _table_url(event, table)

    def refuse(problem: str = ""):
        typed = {name: request.POST.get(name, "") for name in ("entrant", "points", "reason")}
        keep_refused(request, _penalty_key(table), typed, problem)
        return redirect(back)

    if not form.is_valid():
        return refuse()
    entrant = get_object_or_404(Entrant, pk=form.cleaned_data["entrant"], event=event)
    points = form.cleaned_data["points"]
    try:
        penalty = services.penalty_add(
            round_=table.round,
            entrant=entrant,
            points=points,
            reason=form.cleaned_data["reason"],
            user=request.user,
        )
    except RuleError as error:
        return refuse(said(error))
    messages.success(
        request,
        ngettext(
            "%(points)d penalty point for %(name)s.",
            "%(points)d penalty points for %(name)s.",
            abs(points),
        )
        % {"points": points, "name": isolate(entrant.name)},
    )
    if penalty.change.flag:  # a late penalty that changes who advanced or a medal
        messages.warning(request, penalty.change.flag)
    return redirect(back)


# ---------------------------------------------------------------- standings


@event_role("scorekeeper")
def standings(request, event, division_id=None):
    """Standings of a division's round (the current one unless chosen), live."""
    divisions = list(brackets(event).filter(rounds__isnull=False).distinct())
    if not divisions:
        return render(request, "scoring/standings.html", {"event": event, "divisions": []})
    division = (
        get_object_or_404(Division, pk=division_id, event=event) if division_id else divisions[0]
    )
    rounds = list(Round.objects.filter(division=division).order_by("number"))
    if not rounds:
        raise Http404("This division is not seated yet.")
    wanted = request.GET.get("round", "")
    round_ = next((r for r in rounds if str(r.number) == wanted), rounds[-1])
    state = division_state(division)
    rows = round_standings(state, round_.number)
    if request.GET.get("export") == "csv":
        return _standings_csv(division, round_, rows)
    table = StandingsTable(rows, games=round_.games, table_column=True)
    RequestConfig(request, paginate=False).configure(table)
    return render(
        request,
        "scoring/standings.html",
        {
            "event": event,
            "divisions": divisions,
            "division": division,
            "rounds": rounds,
            "round": round_,
            "table": table,
            "state": state,
        },
    )


def _standings_csv(division, round_, rows) -> HttpResponse:
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    filename = f"standings-{division.name}-round-{round_.number}.csv".replace(" ", "-")
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response.write("\ufeff")  # so spreadsheets read the accents as UTF-8
    writer = csv_writer(response)
    games = [f"game {n}" for n in range(1, round_.games + 1)]
    writer.writerow(
        [
            "division",
            "round",
            "table",
            "seat",
            "entrant_id",
            "name",
            *games,
            "penalties",
            "total",
            "position",
            "advancing",
        ]
    )
    for row in rows:
        writer.writerow(
            [
                division.name,
                round_.number,
                row["table"],
                row["seat"],
                row["entrant_id"],
                row["registered_name"],
                *row["points"],
                row["penalty"] or "",
                row["total"],
                row["position"] or "",
                "yes" if row["advancing"] else "",
            ]
        )
    return response
