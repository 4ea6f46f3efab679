"""Public pages, no login: the projector, "find my table" and the results. Names only, as
the event shows them in public (``tournaments.selectors.public_names``: in full, first name
and last initial, or entry numbers; initials for a player kept off the public pages) — no
birth dates, no contact details, nothing private in the HTML."""

import segno
from django.conf import settings
from django.http import JsonResponse
from django.shortcuts import get_object_or_404, render
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.views.decorators.cache import never_cache

from scoring.selectors import (
    division_state,
    finished_places,
    medal_word,
    public_results,
    round_standings,
    table_changes_mark,
)
from tournaments.engine import turn_words
from tournaments.models import Division, Entrant, Event, Round, Table
from tournaments.selectors import (
    announcements,
    brackets,
    event_format,
    extra_time_tables,
    find_table,
    public_names,
    round_clock,
    running_clock,
    waiting_to_be_seated,
)
from tournaments.text import fold
from web.addresses import printed_address, printed_address_is_loopback
from web.event_zone import event_zone_known
from web.languages import speak_event_language
from web.params import object_or_404, search_text, whole_number

SLIDE_SECONDS = 15
# What fits a 1280×720 projector at the projector's type sizes (tests/browser measure it):
# longer lists turn over page by page, whole tables together.
PAGE_ROWS = {"standings": 8, "seating": 3, "medals": 6}
CLOCK_ROWS = 2
# The characters of a name (with its tag or medal detail) that one line of a standings row
# or a medal holds at 1280x720 (measured in Chromium): a longer one wraps, and its row
# takes the place of two — two players of one name carry their club beside it.
LINE_CHARS = {"standings": 34, "medals": 30}
# An announcement on the projector (one at a time): about 75 characters a line, 30 px a
# line and 14 px around it; a standings row is 44 px.
ANNOUNCEMENT_LINE, LINE_PX, AROUND_PX, ROW_PX = 75, 30, 14, 44
# A medal's line on the projector (2.6 rem type) is about 70 px.
MEDAL_PX = 70
# The most standings rows a page may be asked for (?rows=N: projector.js measures what the
# screen holds under the header, the announcements and the clock).
MOST_ROWS = 60


def announcement_rows(shown, row_px: int = ROW_PX) -> int:
    """How many rows of ``row_px`` (standings rows by default) the announcements take the
    place of on a 1280×720 page: they show one at a time (projector.js) in a band as tall
    as the longest."""
    if not shown:
        return 0
    pixels = max(-(-len(a.text) // ANNOUNCEMENT_LINE) * LINE_PX + AROUND_PX for a in shown)
    return -(-pixels // row_px)


def _slide(division: Division) -> dict:
    """What the projector shows for one division right now (every page of it)."""
    state = division_state(division)
    names = state.public_names
    slide = {"division": division, "title": state.bracket_name, "kind": "waiting"}
    if division.status == Division.Status.COMPLETE:
        if division.medals_confirmed_at is None:
            slide["kind"] = "checking"
            return slide
        slide["kind"] = "medals"
        slide["items"] = [
            {
                "medal": p.medal,
                "medal_word": medal_word(p.medal),
                "name": names.get(p.player, p.player),
                # "1st of age group 60-64": the slide's title names the bracket otherwise.
                "detail": state.medal_text(p).partition(" — ")[2]
                if state.medals_by_age_group
                else "",
            }
            for p in state.placings.placings
            if p.medal
        ]
        return slide
    current = state.current
    if current is None:
        return slide
    slide["round"] = current
    if current.status != Round.Status.CLOSED:
        # The round's clock (hidden until the organizer starts it), and the tables given
        # extra minutes, whose own time their table pages show.
        slide["timed"] = True
        slide["clock"] = running_clock(current)
        slide["extra"] = extra_time_tables(current) if slide["clock"] is not None else []
        slide["extra_playing"] = any(not t["clock"].up for t in slide["extra"])
    if current.status == Round.Status.SEATED:
        slide["kind"] = "seating"
        record = state.records[-1]
        slide["items"] = [
            {
                "number": t.number,
                "names": [
                    f"{names[p]} ({state.entrants[p].out_of_play_word})"
                    if p in state.withdrawn
                    else names[p]
                    for p in t.players
                ],
            }
            for t in record.tables
        ]
        slide["byes"] = [names[p] for p in record.byes]
    else:
        slide["kind"] = "standings"
        rows = round_standings(state, current.number, names)
        slide["items"] = sorted(rows, key=lambda r: (r["table"], r["sort_position"]))
    return slide


def _lines(kind: str, item) -> int:
    """How many lines of the projector one item takes (a long name wraps)."""
    per_line = LINE_CHARS.get(kind)
    if per_line is None:
        return 1
    text = " ".join(str(item.get(key) or "") for key in ("name", "status", "detail")).strip()
    return max(1, -(-len(text) // per_line))


def _page_lines(slide: dict) -> int:
    """How many lines a page of the slide holds. A standings slide with ``rows`` (what the
    screen was measured to hold) takes that many; otherwise they are estimated for a
    1280x720 screen."""
    size = PAGE_ROWS.get(slide["kind"], len(slide.get("items", [])) or 1)
    if slide["kind"] == "standings":
        if slide.get("rows"):
            return slide["rows"]
        # The round clock's huge digits and the announcements' lines take rows' place.
        size -= CLOCK_ROWS if slide.get("clock") is not None else 0
        # The tables given extra minutes, a line under the clock.
        size -= 1 if slide.get("extra") else 0
        size -= min(size - 1, slide.get("announcement_rows", 0))
    if slide["kind"] == "medals":
        size -= min(size - 1, slide.get("announcement_medal_rows", 0))
    return size


def _pages(slide: dict) -> list[list]:
    """The slide's items split into pages; a table's rows are never split."""
    items = slide.get("items", [])
    size = _page_lines(slide)
    kind = slide["kind"]
    if kind == "standings":
        # whole tables, so a table's rows are never split
        groups = [
            [r for r in items if r["table"] == table]
            for table in dict.fromkeys(r["table"] for r in items)
        ]
    else:
        groups = [[item] for item in items]
    pages: list[list] = [[]]
    used = 0
    for group in groups:
        lines = sum(_lines(kind, item) for item in group)
        if pages[-1] and used + lines > size:
            pages.append([])
            used = 0
        pages[-1].extend(group)
        used += lines
    return pages


def _event_page(request, slug) -> Event:
    """The event of a public page, which speaks the event's language unless the visitor
    chose another (web/languages.py)."""
    event = get_object_or_404(Event, slug=slug)
    event_zone_known(event)  # its times need no query of their own
    speak_event_language(request, event)
    return event


def _number(request, name: str) -> int:
    return whole_number(request.GET.get(name, "0")) or 0


def _qr_svg(url: str) -> str:
    """The QR code of ``url`` as segno's inline SVG (the template's outer SVG names it)."""
    code = segno.make_qr(url, error="m")
    return mark_safe(code.svg_inline(border=2, omitsize=True, light="#fff", svgclass=None))


def projector(request, slug):
    event = _event_page(request, slug)
    divisions = [d for d in brackets(event) if d.rounds.exists() or d.walkover]
    index = _number(request, "i") % len(divisions) if divisions else 0
    slide, page, pages, size = None, 0, 1, None
    # What the screen was measured to hold, kept from page to page.
    rows = whole_number(request.GET.get("rows", ""), low=1, high=MOST_ROWS)
    keep = f"&rows={rows}" if rows else ""
    following = f"?i={(index + 1) % max(1, len(divisions))}{keep}"
    shown = announcements(event)
    if divisions:
        slide = _slide(divisions[index])
        slide["announcement_rows"] = announcement_rows(shown)
        slide["announcement_medal_rows"] = announcement_rows(shown, MEDAL_PX)
        slide["rows"] = rows
        split = _pages(slide)
        pages = len(split)
        page = min(_number(request, "p"), pages - 1)
        slide["page_items"] = split[page]
        if slide["kind"] == "standings":
            size = rows or _page_lines(slide)
        if page + 1 < pages:
            following = f"?i={index}&p={page + 1}{keep}"
    # The addresses phones open, as on the score sheets (BASE_URL): the projector itself
    # may be a browser on the venue laptop at 127.0.0.1, which no phone reaches.
    find_url = settings.BASE_URL + reverse("public:find", args=[event.slug])
    results_url = settings.BASE_URL + reverse("public:results", args=[event.slug])
    return render(
        request,
        "public/projector.html",
        {
            "event": event,
            # Shown without the scheme, as the sheets print it: shorter to read and type.
            "find": {"url": find_url, "shown": find_url.split("://", 1)[-1]},
            "find_qr": _qr_svg(find_url),
            "results": {"url": results_url, "shown": results_url.split("://", 1)[-1]},
            # An address no phone opens (127.0.0.1, localhost): said in place of the links
            # and the QR code, with what to do, so the hall is never sent there.
            "loopback": printed_address() if printed_address_is_loopback() else "",
            "slide": slide,
            "following": following,
            "seconds": SLIDE_SECONDS,
            "count": len(divisions),
            "index": index,
            "page": page,
            "pages": pages,
            "rows": size,
            "scoring": event.scoring,
            # The turn length, under the round's clock (the event's format).
            "turn_words": turn_words(event_format(event)),
            "announcements": shown,
            "announcements_url": reverse("public:announcements", args=[event.slug]),
        },
    )


def find(request, slug):
    event = _event_page(request, slug)
    query = search_text(request.GET.get("q", ""))
    # Found by the name they registered, shown by the name the event shows in public (two
    # players of one name told apart by their club or number): read once.
    matching = Entrant.objects.filter(event=event).matching(query).select_related("division")
    shown = public_names(event, among=matching) if len(fold(query)) >= 2 else {}
    found = find_table(event, query, shown=shown)
    if len(fold(query)) >= 2:
        # Once a bracket is finished, its players see their place, not a table — a
        # walkover's player too, who never sat at one. Only the matching players' places
        # are read.
        places = finished_places(event, matching, shown)
        for row in found:
            row["finished"] = places.pop(row["entrant"].external_id, None)
        found += [{"name": place["name"], "finished": place} for place in places.values()]
    found += [{**row, "waiting": True} for row in waiting_to_be_seated(event, query, shown=shown)]
    context = {"event": event, "query": query, "found": found}
    template = (
        "public/_find_results.html"
        if request.htmx and request.GET.get("partial")
        else "public/find.html"
    )
    return render(request, template, context)


def results(request, slug):
    event = _event_page(request, slug)
    return render(
        request, "public/results.html", {"event": event, "divisions": public_results(event)}
    )


@never_cache
def clock(request, slug, round_id):
    """A round's clock as JSON for the pages' script (``?table=ID``: with that table's extra
    minutes, and ``changes``, the newest change to its scores). ``started`` is false once
    the round is closed or before play starts."""
    event = get_object_or_404(Event, slug=slug)
    event_zone_known(event)  # its times need no query of their own
    round_ = object_or_404(
        Round.objects.select_related("division__event"), round_id, division__event=event
    )
    table = None
    if request.GET.get("table"):
        table = object_or_404(Table, request.GET["table"], round=round_)
    if round_.status == Round.Status.CLOSED:
        return JsonResponse({"started": False, "closed": True})
    answer = round_clock(round_, table=table).as_json()
    if table is not None:
        # A table's page left open learns that someone changed its numbers meanwhile
        # (static/js/scoring.js): one indexed query, nothing else asked.
        answer["changes"] = table_changes_mark(table, round_)
    return JsonResponse(answer)


@never_cache
def announcements_part(request, slug):
    """The announcements alone, for pages left open (htmx asks every 30 seconds)."""
    event = get_object_or_404(Event, slug=slug)
    event_zone_known(event)  # its times need no query of their own
    # ?fold=1: a scorekeepers' page, which folds all but the newest.
    fold = request.GET.get("fold") == "1"
    url = reverse("public:announcements", args=[event.slug]) + ("?fold=1" if fold else "")
    return render(
        request,
        "_announcements.html",
        {
            "announcements": announcements(event),
            "announcements_fold": fold,
            "announcements_url": url,
        },
    )
