"""Public pages, no login: the projector and "find my table". Names only — no birth
dates, no contact details, nothing private in the HTML."""

from django.shortcuts import get_object_or_404, render

from scoring.selectors import division_state, round_standings
from tournaments.models import Division, Event, Round
from tournaments.selectors import brackets, find_table

SLIDE_SECONDS = 15


def _slide(division: Division) -> dict:
    """What the projector shows for one division right now."""
    state = division_state(division)
    slide = {"division": division, "title": state.bracket_name, "kind": "waiting"}
    if division.status == Division.Status.COMPLETE:
        if division.medals_confirmed_at is None:
            slide["kind"] = "checking"
            return slide
        slide["kind"] = "medals"
        slide["medals"] = [
            {
                "medal": p.medal,
                "name": state.names.get(p.player, p.player),
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
    if current.status == Round.Status.SEATED:
        slide["kind"] = "seating"
        record = state.records[-1]
        slide["tables"] = [
            {"number": t.number, "names": [state.names[p] for p in t.players]}
            for t in record.tables
        ]
        slide["byes"] = [state.names[p] for p in record.byes]
    else:
        slide["kind"] = "standings"
        rows = round_standings(state, current.number)
        slide["rows"] = sorted(rows, key=lambda r: (r["table"], r["sort_position"]))
    return slide


def projector(request, slug):
    event = get_object_or_404(Event, slug=slug)
    divisions = [d for d in brackets(event) if d.rounds.exists() or d.walkover]
    index = request.GET.get("i", "0")
    index = int(index) % len(divisions) if index.isdigit() and divisions else 0
    slide = _slide(divisions[index]) if divisions else None
    return render(
        request,
        "public/projector.html",
        {
            "event": event,
            "slide": slide,
            "next": (index + 1) % max(1, len(divisions)),
            "seconds": SLIDE_SECONDS,
            "count": len(divisions),
            "index": index,
            "scoring": event.scoring,
        },
    )


def find(request, slug):
    event = get_object_or_404(Event, slug=slug)
    query = request.GET.get("q", "")
    context = {"event": event, "query": query, "found": find_table(event, query)}
    template = (
        "public/_find_results.html"
        if request.htmx and request.GET.get("partial")
        else "public/find.html"
    )
    return render(request, template, context)
