"""Results: per division, the medallists large at the top, then every placing."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from printing import fonts, wrapping
from printing.data import DivisionResults, PlacingLine, ResultsData

from .flow import Flow, heading_fit
from .pages import BAND_GREY, MIN_SIZE, NAME_MIN, Document, Page, Progress
from .words import (
    MEDALS,
    continued,
    division_status_word,
    medal_title,
    ordinal,
    out_of_play_word,
    place_words,
)

MEDAL_ORDER = {"gold": 0, "silver": 1, "bronze": 2}


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


def _medal_lower(medal: str) -> str:
    """ "gold", "silver", "bronze" after a place: "1st gold"."""
    words = {
        "gold": pgettext("medal, lower case", "gold"),
        "silver": pgettext("medal, lower case", "silver"),
        "bronze": pgettext("medal, lower case", "bronze"),
    }
    return words.get(medal, medal)


def _ribbon() -> str:
    return pgettext("lower case, after a place", "ribbon")


MEDAL_FILL = {"gold": 0.82, "silver": 0.93, "bronze": 0.7}  # a secondary cue only


def _place_text(p: PlacingLine, feminine: bool = False) -> str:
    if p.withdrawn:
        return out_of_play_word(p.status or "withdrawn")
    if p.place is None:
        return "–"
    # With medals by age group the medal belongs to the place in the age group.
    medal = f" {_medal_lower(p.medal)}" if p.medal in MEDALS and p.group_place is None else ""
    ribbon = f" {_ribbon()}" if p.ribbon and p.group_place is None else ""
    return f"{ordinal(p.place, feminine)}{medal}{ribbon}"


def _age_group_text(p: PlacingLine, feminine: bool = False) -> str:
    """The player's own age group; with medals by age group, the place in it too."""
    if p.group_place is None or p.withdrawn:
        return p.age_group
    medal = f" {_medal_lower(p.medal)}" if p.medal in MEDALS else ""
    ribbon = f" {_ribbon()}" if p.ribbon else ""
    return f"{p.age_group}: {ordinal(p.group_place, feminine)}{medal}{ribbon}"


def _ordered(placings: tuple[PlacingLine, ...]) -> list[PlacingLine]:
    placed = [p for p in placings if not p.withdrawn]
    withdrawn = [p for p in placings if p.withdrawn]
    placed.sort(key=lambda p: (p.place is None, p.place or 0))
    return placed + withdrawn


class MedalBlock:
    """One medallist: a disc with the place, the medal in words, the name, large."""

    def __init__(self, p: PlacingLine, width: float, feminine: bool = False):
        self.p = p
        self.width = width
        self.text_x = 74.0
        inner = width - self.text_x - 10
        self.medal = medal_title(p.medal)
        self.number = p.group_place if p.group_place is not None else p.place
        if p.group_place is not None:
            self.place = gettext("%(ordinal)s in age group %(group)s") % {
                "ordinal": ordinal(p.group_place, feminine),
                "group": p.age_group,
            }
        else:
            self.place = place_words(p.place) if p.place else ""
        self.size, self.lines = wrapping.fit_text(p.name, inner, 24, 16, bold=True, max_lines=3)
        details = []
        if p.total:
            details.append(gettext("total %(total)s") % {"total": p.total})
        if p.round_reached:
            details.append(pgettext("lower case", "round %(number)d") % {"number": p.round_reached})
        if p.group_place is not None:
            details.append(gettext("%(place)s overall") % {"place": place_words(p.place)})
        elif p.age_group:
            details.append(gettext("age group %(group)s") % {"group": p.age_group})
        self.details = " · ".join(details)
        self.height = max(
            78.0, 10 + 22 + 8 + len(self.lines) * self.size * 1.2 + (18 if self.details else 0) + 8
        )

    def draw(self, page: Page, x: float, top: float) -> None:
        p = self.p
        page.rect(x, top - self.height, self.width, self.height, width=2.0)
        cx, cy, r = x + 38, top - self.height / 2, 27
        fill = MEDAL_FILL[p.medal]

        def disc(c, cx=cx, cy=cy, r=r, fill=fill):
            c.setLineWidth(2.5)
            c.setFillGray(fill)
            c.circle(cx, cy, r, stroke=1, fill=1)
            c.setFillGray(0)

        page.add(disc)
        page.text(cx, cy - 8, str(self.number or ""), 24, bold=True, align="center")
        y = top - 10 - 20
        page.text(x + self.text_x, y, self.medal, 20, bold=True)
        if self.place:
            mw = fonts.string_width(self.medal, 20, bold=True)
            page.text(x + self.text_x + mw + 12, y, self.place, 16)
        y -= 8
        for line in self.lines:
            y -= self.size * 1.2
            page.text(x + self.text_x, y + self.size * 0.2, line, self.size, bold=True)
        if self.details:
            y -= 18
            page.text(x + self.text_x, y + 4, self.details, 13)


def _division(doc: Document, d: DivisionResults) -> None:
    f = doc.frame
    status = division_status_word(d.status)
    title = gettext("Results — %(division)s") % {"division": d.name}
    heading = f"{title} ({status})"
    age = any(p.age_group for p in d.placings)
    cols = [
        (gettext("Place"), 104.0),
        (gettext("Name"), None),
        (gettext("Round"), 64.0),
        (gettext("Total"), 64.0),
    ]
    if age:
        cols.append((gettext("Age group"), 96.0))
    cols = [(label, heading_fit(label, w) if w else None) for label, w in cols]
    name_w = f.content_width - sum(w for _, w in cols if w)
    xs = [f.left]
    for _, w in cols:
        xs.append(xs[-1] + (w or name_w))

    state = {"table": False}

    def column_heads(flow: Flow) -> None:
        def draw(page: Page, x: float, y: float, w: float) -> None:
            page.rect(x, y - 22, w, 22, width=0, fill_gray=BAND_GREY, stroke=False)
            for (label, _), cx in zip(cols, xs, strict=False):
                page.text(cx + 6, y - 16, label, 13, bold=True)
            page.line(x, y - 22, x + w, y - 22, 1.2)

        flow.item(26, draw)

    def on_new_page(flow: Flow) -> None:
        if state["table"]:
            column_heads(flow)

    flow = Flow(
        doc,
        lambda first: heading if first else continued(heading),
        on_new_page=on_new_page,
    )
    flow.new_page()

    for note in d.notes:
        note_lines = wrapping.wrap_text(note, f.content_width, 14, bold=True)
        flow.item(
            len(note_lines) * 17 + 8,
            lambda page, x, y, w, note_lines=note_lines: page.lines(
                x, y - 16, note_lines, 14, 17, bold=True
            ),
        )
    if d.medals_by_age_group:
        flow.item(
            24,
            lambda page, x, y, w: page.text(
                x,
                y - 16,
                gettext("Medals by age group: each age group's first three, in finishing order."),
                14,
            ),
        )
    medallists = sorted(
        (p for p in d.placings if p.medal in MEDAL_ORDER and not p.withdrawn),
        key=lambda p: (
            p.age_group if d.medals_by_age_group else "",
            MEDAL_ORDER[p.medal],
            p.place or 0,
        ),
    )
    if medallists:
        for p in medallists:
            block = MedalBlock(p, f.content_width, d.feminine)
            flow.ensure(block.height + 8)
            block.draw(flow.page, f.left, flow.y)
            flow.y -= block.height + 8
    else:
        flow.item(
            30,
            lambda page, x, y, w: page.text(
                x, y - 18, gettext("Medals not decided yet."), 17, bold=True
            ),
        )
    flow.gap(10)
    flow.item(
        28,
        lambda page, x, y, w: page.text(x, y - 20, gettext("All placings"), 18, bold=True),
        keep_with=80,
    )
    column_lines = wrapping.wrap_text(_columns_note(), f.content_width, 12)
    flow.item(
        len(column_lines) * 14.4 + 8,
        lambda page, x, y, w: page.lines(x, y - 14, column_lines, 12, 14.4),
        keep_with=60,
    )
    rule_lines = wrapping.wrap_text(placing_rule(), f.content_width, 12)
    flow.item(
        len(rule_lines) * 14.4 + 8,
        lambda page, x, y, w: page.lines(x, y - 14, rule_lines, 12, 14.4),
        keep_with=60,
    )
    state["table"] = True
    column_heads(flow)
    if not d.placings:
        flow.item(
            26, lambda page, x, y, w: page.text(x + 6, y - 18, gettext("Nobody placed yet."), 15)
        )
    for p in _ordered(d.placings):
        size, lines = wrapping.fit_text(p.name, name_w - 12, 16, NAME_MIN, bold=p.medal is not None)
        psize, plines = wrapping.fit_text(
            _place_text(p, d.feminine),
            cols[0][1] - 10,
            15,
            MIN_SIZE,
            bold=p.medal is not None,
            max_lines=2,
        )
        asize, alines = (
            wrapping.fit_text(_age_group_text(p, d.feminine), cols[4][1] - 10, 14, 12, max_lines=3)
            if age and p.age_group
            else (14, [])
        )
        h = (
            max(len(lines) * size * 1.2, len(plines) * psize * 1.2, len(alines) * asize * 1.2, 20)
            + 9
        )

        def row(
            page: Page,
            x: float,
            y: float,
            w: float,
            p=p,
            size=size,
            lines=lines,
            psize=psize,
            plines=plines,
            asize=asize,
            alines=alines,
            h=h,
        ) -> None:
            bold = p.medal is not None
            page.lines(xs[0] + 6, y - 4 - psize, plines, psize, psize * 1.2, bold=bold)
            page.lines(xs[1] + 6, y - 4 - size, lines, size, size * 1.2, bold=bold)
            page.text(xs[2] + 6, y - 4 - 14, str(p.round_reached), 14)
            page.text(xs[3] + 6, y - 4 - 14, p.total or "–", 14)
            if alines:
                page.lines(xs[4] + 6, y - 4 - asize, alines, asize, asize * 1.2)
            page.line(x, y - h, x + w, y - h, 0.5, gray=0.6)

        flow.item(h, row)
    state["table"] = False


def render_results(data: ResultsData, *, progress: Progress = None) -> bytes:
    """Every division in ``data`` (one or the whole event), each from a new page."""
    title = (
        gettext("Results")
        if len(data.divisions) != 1
        else gettext("Results — %(division)s") % {"division": data.divisions[0].name}
    )
    doc = Document(data.event, title, footer_label=title)
    for d in data.divisions:
        _division(doc, d)
    if not data.divisions:
        page = doc.new_page()
        y = doc.header(page, title)
        page.text(doc.frame.left, y - 20, gettext("No divisions."), 16)
    return doc.render(progress)
