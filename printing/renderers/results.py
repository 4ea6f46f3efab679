"""Results: per division, the medallists large at the top, then every placing.

No wasted pages: divisions follow one another down the page, each kept whole on one page
when it fits one. Divisions share a page in one layout, the roomiest in which they all
fit (smaller type, the medal cards kept); a division that fits no page but alone comes
on a page of its own, tightened as far as it must (without the medal cards, whose
medallists the placings still name in bold); a division longer than a page takes the
fewest pages it can, the roomiest of those, and its last page never holds a lone row.
How placings are decided is said once, at the foot of a page with room for it."""

from __future__ import annotations

from django.utils.translation import gettext

from printing.data import DivisionResults, ResultsData
from tournaments.vocabulary import division_status_word

from .division_results import LEVELS, TIGHTEST, DivisionSection, paragraph
from .flow import Flow, Item, items_height
from .pages import MIN_SIZE, Document, Progress
from .words import continued

GAP = 14.0  # between divisions on a page


def placing_rule() -> str:
    return gettext(
        "Placing: a later round ranks higher; within a round, the finishing position at the "
        "table comes first, then the score per game. Players from different tables are "
        "compared by score per game (total ÷ games played), never by raw totals: tables of "
        "three and of four are not alike."
    )


def _columns_note() -> str:
    return gettext(
        "Round: the furthest round reached. Total: the total of that round (none after a bye "
        "or a withdrawal before playing it)."
    )


def _legend(width: float) -> list[Item]:
    return [paragraph(w, width, MIN_SIZE) for w in (_columns_note(), placing_rule())]


def _legend_on_a_page(flow: Flow) -> bool:
    """The legend at the foot of the first page with room for it; False when none has."""
    width = flow.frame.content_width
    items = _legend(width)
    height = items_height(items) + 8
    for page, y in flow.filled():
        if y - height - 10 >= flow.bottom:
            top = flow.bottom + height
            page.line(flow.frame.left, top, flow.frame.right, top, 0.75, gray=0.55)
            for item in items:
                item.draw(page, flow.frame.left, top - 6, width)
                top -= item.height
            return True
    return False


def _plan(doc: Document, divisions, *, band: bool, room: float, tail: list[Item]) -> list:
    """The divisions page by page: each entry a list of sections that share a page, or a
    division too long for one (placed over pages)."""

    def sections(group: list[DivisionResults], level: int) -> list[DivisionSection]:
        return [
            DivisionSection(doc, d, level, band=band, tail=tail if d is divisions[-1] else [])
            for d in group
        ]

    def fitting(group: list[DivisionResults]) -> list[DivisionSection] | None:
        levels = LEVELS if len(group) == 1 else LEVELS[:TIGHTEST]
        for level in levels:
            built = sections(group, level)
            if sum(s.height for s in built) + GAP * (len(built) - 1) <= room:
                return built
        return None

    plan: list = []
    group: list[DivisionResults] = []
    placed: list[DivisionSection] | None = None
    for d in divisions:
        joined = fitting([*group, d]) if group else None
        if joined is not None:
            group, placed = [*group, d], joined
            continue
        if placed:
            plan.append(placed)
        alone = fitting([d])
        group, placed = ([d], alone) if alone is not None else ([], None)
        if alone is None:
            plan.append(d)
    if placed:
        plan.append(placed)
    return plan


def _laid_out(data: ResultsData, *, legend_last: bool) -> Document:
    """The document laid out; ``legend_last``: the legend ends the last division (no page
    had room for it at its foot)."""
    one = len(data.divisions) == 1
    title = (
        gettext("Results — %(division)s") % {"division": data.divisions[0].name}
        if one
        else gettext("Results")
    )
    heading = f"{title} ({division_status_word(data.divisions[0].status)})" if one else title
    doc = Document(data.event, title, footer_label=title)
    # Several divisions: each page says "Results", each division its name in a band.
    flow = Flow(doc, lambda first: heading if first or not one else continued(heading))
    tail = [Item(GAP, lambda *_: None), *_legend(doc.frame.content_width)] if legend_last else []
    band = not one
    for entry in _plan(doc, data.divisions, band=band, room=flow.fresh_room(), tail=tail):
        flow.new_page()
        if isinstance(entry, DivisionResults):  # longer than a page
            _place_long(flow, entry, band=band, tail=tail if entry is data.divisions[-1] else [])
            continue
        for section in entry:
            flow.place(section.items, section.repeat)
            flow.gap(GAP)
    if not legend_last and not _legend_on_a_page(flow):
        return _laid_out(data, legend_last=True)
    return doc


def _place_long(flow: Flow, d: DivisionResults, *, band: bool, tail: list[Item]) -> None:
    """A division longer than a page, from the top of one: in the layout that takes the
    fewest pages, the roomiest of those."""

    def placed(level: int):
        def place(f: Flow) -> None:
            section = DivisionSection(f.doc, d, level, band=band, tail=tail)
            f.place(section.items, section.repeat)

        return place

    best = min(LEVELS, key=lambda level: (flow.trial(placed(level)), level))
    placed(best)(flow)


def render_results(data: ResultsData, *, progress: Progress = None) -> bytes:
    """Every division in ``data`` (one or the whole event), in the desk's order."""
    if not data.divisions:
        doc = Document(data.event, gettext("Results"))
        flow = Flow(doc, lambda first: gettext("Results"))
        flow.place([paragraph(gettext("No divisions."), doc.frame.content_width, 16)])
        return doc.render(progress)
    return _laid_out(data, legend_last=False).render(progress)
