"""The players' table page: opened with the table's code, without an account.

It shows that table of that round only. A player chooses their own name (kept in the
session for that code), enters a game with the scorekeepers' form, checks and service
(``views.game_save``); a different player at the table confirms it (``views.confirm``).
The code opens nothing else: every view here finds the table from the code alone, and
no other page of the site accepts it. Wrong codes are counted per address in the
database (``table_code_wait``): too many within a few minutes and that address waits.
"""

import logging

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.http import require_POST

from scoring import services
from scoring.selectors import table_sheet
from tournaments import services as tournaments
from tournaments.access import client_address
from tournaments.models import Entrant, Round, Seat
from tournaments.selectors import (
    CODE_CLOSED,
    CODE_RETIRED,
    CODE_REVOKED,
    CODE_UNKNOWN,
    CodeLookup,
    after_closed_round,
    running_clock,
    table_code_find,
    table_code_typed,
    table_code_wait,
)
from web.languages import speak_event_language
from web.params import whole_number

from .forms import entry_rules
from .views import (
    EntryPage,
    _asked_game,
    _game_in_view,
    _keep_typed,
    _queued_answer,
    confirm,
    conflict_rows,
    entry_form,
    game_save,
    say_saved,
    typed_back,
)

log = logging.getLogger("scoring.table_codes")

# The session remembers, per code this device opened, who the player is (0: not chosen).
SESSION_KEY = "table_codes"


def _opened(request) -> dict:
    return dict(request.session.get(SESSION_KEY) or {})


def _refused(request, lookup: CodeLookup | None, *, typed: str = "", wait: int = 0):
    """The page that says why a code opens nothing, with the box to type another (and,
    for a round that is over, where the players go next)."""
    next_step = {}
    if wait:
        minutes = max(1, (wait + 59) // 60)
        title = _("Please wait a few minutes")
        text = ngettext(
            "Too many wrong table codes were typed from this network, and this one opens "
            "no table. Check the code on your table's score sheet: a right code opens at "
            "once. Other codes are checked again in %(n)d minute — or ask the organizer.",
            "Too many wrong table codes were typed from this network, and this one opens "
            "no table. Check the code on your table's score sheet: a right code opens at "
            "once. Other codes are checked again in %(n)d minutes — or ask the organizer.",
            minutes,
        ) % {"n": minutes}
        status = 429
    elif lookup is None or lookup.refusal == CODE_UNKNOWN:
        title = _("No table has this code")
        text = _(
            "No table has the code “%(code)s”. Check the code on your table's score sheet "
            "(the letters and numbers under “Table code”) and type it again."
        ) % {"code": (lookup.code if lookup and lookup.code else typed)[:20]}
        status = 404
    elif lookup.refusal == CODE_REVOKED:
        title = _("This code is no longer used")
        text = _(
            "The organizer gave table %(table)d a new code. Use the code on the new score "
            "sheet, or ask the organizer."
        ) % {"table": lookup.table.number}
        status = 410
    elif lookup.refusal == CODE_RETIRED:
        # The round was seated again: nothing about it (which round, who sat there) is said
        # to whoever holds the old sheet.
        title = _("This table's code was changed")
        text = _(
            "The code on this score sheet opens nothing any more. Ask the desk for the new "
            "score sheet."
        )
        status = 410
    elif lookup.refusal == CODE_CLOSED:
        round_ = lookup.round
        title = _("This round is over")
        next_step = _after_round(round_)
        if next_step["final_over"]:
            text = _(
                "Round %(round)d of %(division)s is over: this table's code opens nothing "
                "any more."
            )
        else:
            text = _(
                "Round %(round)d of %(division)s is over: this table's code opens nothing any "
                "more. The new round's score sheet has a new code."
            )
        text %= {"round": round_.number, "division": round_.division.name}
        status = 410
    else:  # off: the event's scorekeepers enter scores now
        title = _("Scores are entered by the scorekeepers")
        text = _(
            "At this event the scorekeepers enter the scores now. Give your score sheet to a "
            "scorekeeper, or ask the organizer."
        )
        status = 403
    if request.headers.get("X-Queued-Save") == "1" and not wait:
        # A game waiting in the browser's queue: marked for the person, not sent again.
        if lookup is not None and lookup.refusal == CODE_REVOKED:
            # Kept in the browser; the table's page opened with its new code sends it
            # (static/js/outbox.js: the entry names its table, data-table-ref).
            message = _(
                "This table's code was changed. Ask the desk for the new code, open it, "
                "and this game will be sent from there."
            )
            return _queued_answer("refused", message, 422, moved=True)
        return _queued_answer("refused", f"{title}. {text}", 422)
    response = render(
        request,
        "scoring/players_code.html",
        {"title": title, "text": text, "typed": typed, "next_step": next_step},
        status=status,
    )
    if wait:
        response["Retry-After"] = str(wait)
    if request.headers.get("HX-Request") == "true":
        # A save sent by the page's script: the whole page says it, not a line in the form.
        response["HX-Redirect"] = request.path
    return response


def _after_round(round_: Round) -> dict:
    """Where the players of a table whose round is over go next, in words, with a link to a
    public page of the event when there is one to go to ({"text", "link", "url",
    "final_over"})."""
    after = after_closed_round(round_)
    division = round_.division
    if after.playing is not None:
        return {
            "text": _(
                "Round %(round)d is being played now. Look for your new table on the screen, "
                "or find it here:"
            )
            % {"round": after.playing.number},
            "link": _("Find your table"),
            "url": reverse("public:find", args=[division.event.slug]),
            "final_over": False,
        }
    if after.final_over:
        return {
            "text": _("The final of %(division)s is over. Thank you for playing!")
            % {"division": division.name},
            "link": _("See the results"),
            "url": reverse("public:results", args=[division.event.slug]),
            "final_over": True,
        }
    return {
        "text": _(
            "Wait for the organizer to seat the next round. Then look for your new table on "
            "the screen, or ask at the desk."
        ),
        "final_over": False,
    }


def _lookup(request, typed: str):
    """The table a typed code opens (a ``CodeLookup`` without refusal), or the page saying
    why not. A code in force always opens, also from an address held for guessing (a
    whole hall may share one address behind the venue's router: one guesser there must
    not lock every phone out); what the throttle holds is the wrong codes: while the
    address has typed too many, a code that opens nothing is answered "wait", not
    "no table has it", and still counted."""
    code = table_code_typed(typed)
    known = code and code in _opened(request)
    address = client_address(request)
    found = table_code_find(typed)
    if found.refusal:
        if found.refusal == CODE_UNKNOWN and not known:
            wait = table_code_wait(address)
            tournaments.table_code_wrong(address=address, typed=typed)
            if wait:
                log.warning(
                    "Table code refused for %s: too many wrong codes (wait %d s)", address, wait
                )
                return None, _refused(request, None, typed=typed, wait=wait)
        if found.table is not None:
            # A real sheet (revoked code, round over, setting off): said in its event's
            # language; an unknown code names no event and keeps the visitor's.
            speak_event_language(request, found.round.division.event)
        return None, _refused(request, found, typed=typed)
    if not known:
        opened = _opened(request)
        opened[found.code] = 0
        request.session[SESSION_KEY] = opened
    speak_event_language(request, found.round.division.event)
    return found, None


def _player(request, found: CodeLookup, seats=None):
    """The player this device chose for the code, if they sit at the table: from the
    ``seats`` a page shows, else one small query (a save or a confirmation builds no sheet)."""
    chosen = _opened(request).get(found.code)
    if not chosen:
        return None
    if seats is not None:
        return next((s.entrant for s in seats if s.entrant.pk == chosen), None)
    return Entrant.objects.filter(pk=chosen, seats__table=found.table).first()


def _url(found: CodeLookup, **query) -> str:
    url = reverse("players:table", args=[found.code])
    if query:
        url += "?" + "&".join(f"{k}={v}" for k, v in query.items())
    return url


def enter(request):
    """Type a table's code (``/t/``, or ``?code=`` from the find-my-table page)."""
    typed = request.GET.get("code", "")
    if typed.strip():
        found, refused = _lookup(request, typed)
        if refused:
            return refused
        return redirect(_url(found))
    return render(request, "scoring/players_code.html", {"typed": ""})


def _page(request, found: CodeLookup, player) -> EntryPage:
    """Saves and confirmations from this page: by ``player``, at the table, with the code."""
    return EntryPage(
        url=lambda **query: _url(found, **query),
        render=lambda sheet, form=None, **more: _render(
            request, found, sheet, player, form=form, **more
        ),
        at_table=services.AtTable(player=player, code=found.code, address=client_address(request)),
    )


def table(request, code):
    """That table of that round: choose your name, then one game at a time."""
    found, refused = _lookup(request, code)
    if refused:
        return refused
    if request.method == "POST":
        player = _player(request, found)
        if player is None:
            number = whole_number(request.POST.get("game", ""), low=1, high=found.round.games)
            if number is not None and request.headers.get("X-Queued-Save") != "1":
                # Kept for the game's form once they have chosen their name: nothing typed
                # is lost.
                _keep_typed(request, found.table, number)
            return _no_player(request, found, number)
        event = found.round.division.event
        return game_save(request, event, found.table, _page(request, found, player))
    if code != found.code:
        return redirect(_url(found))
    sheet = table_sheet(found.table)
    player = _player(request, found, sheet.seats)
    if player is None or request.GET.get("who") == "1":
        return _render_choose(request, found, sheet, player)
    return _render(request, found, sheet, player)


def _no_player(request, found, number=None):
    message = _("Choose your name first: who is entering the scores?")
    if request.headers.get("X-Queued-Save") == "1":
        return _queued_answer("refused", message, 422)
    messages.error(request, message)
    if number is not None:
        return redirect(_url(found, who=1, game=number))
    return redirect(_url(found, who=1))


@require_POST
def choose(request, code):
    """The player at this device chooses their name (one of the table's players)."""
    found, refused = _lookup(request, code)
    if refused:
        return refused
    wanted = whole_number(request.POST.get("player", ""))
    if wanted is None or not Seat.objects.filter(table=found.table, entrant_id=wanted).exists():
        messages.error(request, _("Choose one of the names at this table."))
        return _render_choose(request, found, table_sheet(found.table), None, status=400)
    opened = _opened(request)
    opened[found.code] = wanted
    request.session[SESSION_KEY] = opened
    # Back to the game they were entering, if the page asked for one.
    game = whole_number(request.POST.get("game", ""), low=1, high=found.round.games)
    return redirect(_url(found, game=game) if game is not None else _url(found))


@require_POST
def confirm_game(request, code, number):
    """A player at the table presses "These are right" for a game another player entered."""
    found, refused = _lookup(request, code)
    if refused:
        return refused
    if not 1 <= number <= found.round.games:
        raise Http404("No such game.")
    player = _player(request, found)
    if player is None:
        return _no_player(request, found)
    return confirm(request, found.table, number, _page(request, found, player))


def _render_choose(request, found, sheet, player, status=200):
    return render(
        request,
        "scoring/players_choose.html",
        {
            "found": found,
            "sheet": sheet,
            "table": found.table,
            "player": player,
            "game": _asked_game(request, sheet),
        },
        status=status,
    )


def _game_to_show(request, sheet) -> int | None:
    """The game asked for, else the first one waiting to be checked, else the next."""
    wanted = _asked_game(request, sheet)
    if wanted is not None:
        return wanted
    if sheet.confirmation_required:
        waiting = next((g.number for g in sheet.games if g.entered and not g.confirmed), None)
        if waiting:
            return waiting
    return sheet.next_game


def _render(request, found, sheet, player, form=None, conflict=None, number=None, **extra):
    number, chosen, review = _game_in_view(request, sheet, form, number, _game_to_show)
    own = review and chosen.game.entered_by_player_id == player.pk
    if form is None and chosen is not None and not chosen.confirmed and not review:
        form = entry_form(sheet, number)
    form, not_saved = typed_back(request, found.table, sheet, number, form)
    say_saved(request, sheet)
    names = {s.entrant.pk: s.entrant.shown_name for s in sheet.seats}
    round_ = found.round
    context = {
        "event": sheet.event,
        "found": found,
        "sheet": sheet,
        "table": found.table,
        "player": player,
        "form": None if sheet.closed else form,
        "number": number,
        "chosen": chosen,
        "review": review,
        "own": own,
        "entered_by": names.get(chosen.game.entered_by_player_id) if chosen and chosen.game else "",
        "conflict": conflict,
        "conflict_rows": conflict_rows(sheet, conflict),
        "not_saved": not_saved,
        "entry_rules": entry_rules(),
        "save_url": _url(found),
        # The table, whatever its code: a game queued under a code replaced since is sent
        # from the page of its new code (static/js/outbox.js).
        "table_ref": f"players-{found.table.pk}",
        "timed": round_.status != Round.Status.CLOSED,
        "clock": running_clock(round_, table=found.table),
        "clock_label": _("Time left at table %(n)d") % {"n": found.table.number},
        "clock_url": reverse("public:clock", args=[sheet.event.slug, round_.pk])
        + f"?table={found.table.pk}",
        **extra,
    }
    return render(request, "scoring/players_table.html", context)
