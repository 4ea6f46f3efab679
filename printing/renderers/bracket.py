"""The bracket of one division, from the first round to the final.

Tables flow in two columns, row by row, page after page, so a 2,000-player
division (500 tables in round 1) stays a readable list of small blocks rather
than one giant table.
"""

from __future__ import annotations

from django.utils.translation import gettext, ngettext, pgettext

from printing import wrapping
from printing.data import BracketData, BracketRound, BracketTable
from tournaments.vocabulary import (
    division_status_word,
    kind_word,
    out_of_play_word,
    round_status_word,
)

from .flow import Flow, column_width
from .pages import BAND_GREY, NAME_MIN, Document, Page, Progress
from .words import continued, games_words, table_words

PAD = 7.0
POS_W = 26.0
TOTAL_W = 40.0
NAME_SIZE = 14.0
LEADING = 1.15
NCOLS = 2


class TableBlock:
    def __init__(self, table: BracketTable, width: float, next_round: int):
        self.table = table
        self.width = width
        self.pos_w = POS_W if any(p.position is not None for p in table.players) else 0.0
        name_w = width - 2 * PAD - self.pos_w - TOTAL_W
        self.rows = []
        # finishing order when positions are known (seat order before any score)
        players = sorted(table.players, key=lambda p: (p.position is None, p.position or 0))
        for p in players:
            size, lines = wrapping.fit_text(p.name, name_w, NAME_SIZE, NAME_MIN, bold=p.advanced)
            marks = []
            if p.advanced:
                marks.append(
                    (gettext("→ advances to round %(number)d") % {"number": next_round}, True)
                )
            if p.withdrawn:
                marks.append((out_of_play_word(p.status or "withdrawn"), True))
            if p.decided:
                marks.append((gettext("place decided by playoff or draw"), False))
            h = len(lines) * size * LEADING + len(marks) * 14 + 4
            self.rows.append((p, size, lines, marks, h))
        self.head = 25.0
        self.height = self.head + sum(r[4] for r in self.rows) + PAD

    def draw(self, page: Page, x: float, top: float) -> None:
        page.rect(x, top - self.height, self.width, self.height, width=1.0)
        page.text(x + PAD, top - 19, table_words(self.table.number), 15, bold=True)
        page.text(
            x + self.width - PAD, top - 18, pgettext("lower case", "total"), 12, align="right"
        )
        y = top - self.head
        page.line(x + PAD, y + 2, x + self.width - PAD, y + 2, 0.6, gray=0.55)
        for p, size, lines, marks, h in self.rows:
            base = y - size * 1.0
            if p.position is not None:
                page.text(x + PAD, base, f"{p.position}.", 14, bold=p.advanced)
            page.lines(x + PAD + self.pos_w, base, lines, size, size * LEADING, bold=p.advanced)
            total = "–" if p.total is None else str(p.total)
            page.text(x + self.width - PAD, base, total, 14, bold=p.advanced, align="right")
            my = base - len(lines) * size * LEADING
            for text, bold in marks:
                page.text(x + PAD + self.pos_w, my, text, 12, bold=bold)
                my -= 14
            y -= h


class NameBlock:
    """One name in a list of byes."""

    def __init__(self, name: str, width: float):
        self.width = width
        self.size, self.lines = wrapping.fit_text(name, width - 2 * PAD, NAME_SIZE, NAME_MIN)
        self.height = len(self.lines) * self.size * 1.2 + 2

    def draw(self, page: Page, x: float, top: float) -> None:
        page.lines(x + PAD, top - self.size, self.lines, self.size, self.size * 1.2)


def _round_heading(r: BracketRound) -> str:
    tables = ngettext("%(n)d table", "%(n)d tables", len(r.tables)) % {"n": len(r.tables)}
    details = " · ".join(
        (kind_word(r.kind), games_words(r.games), tables, round_status_word(r.status))
    )
    return f"{_round(r.number)} — {details}"


def _round(number: int) -> str:
    return gettext("Round %(number)d") % {"number": number}


def _band(flow: Flow, label: str, keep_with: float = 0.0) -> None:
    size, lines = wrapping.fit_text(
        label, flow.frame.content_width - 12, 17, 14, bold=True, max_lines=2
    )
    height = len(lines) * size * 1.2 + 12

    def draw(page: Page, x: float, y: float, w: float) -> None:
        page.rect(x, y - height + 4, w, height - 4, width=0, fill_gray=BAND_GREY, stroke=False)
        page.line(x, y - height + 4, x + w, y - height + 4, 1.2)
        page.lines(x + 6, y - size - 2, lines, size, size * 1.2, bold=True)

    flow.item(height + 6, draw, keep_with=keep_with)


def render_bracket(data: BracketData, *, progress: Progress = None) -> bytes:
    status = division_status_word(data.status)
    title = gettext("Bracket — %(division)s") % {"division": data.division}
    heading = f"{title} ({status})"
    doc = Document(data.event, title, footer_label=heading)
    width = column_width(doc.frame, NCOLS)
    current = {"label": None}

    def repeat(flow: Flow) -> None:
        if current["label"] and flow.pages_started > 1:
            _band(flow, continued(current["label"]))

    flow = Flow(
        doc,
        lambda first: heading if first else continued(heading),
        on_new_page=repeat,
    )
    flow.new_page()
    if not data.rounds and not data.planned:
        flow.item(
            30, lambda page, x, y, w: page.text(x, y - 18, gettext("No rounds seated yet."), 16)
        )
    for r in data.rounds:
        blocks = [TableBlock(t, width, r.number + 1) for t in r.tables]
        label = _round_heading(r)
        current["label"] = None
        first = max((b.height for b in blocks[:NCOLS]), default=0)
        _band(flow, label, keep_with=first)
        current["label"] = _round(r.number)
        flow.blocks(blocks, NCOLS, row_gap=9)
        if r.byes:
            current["label"] = None
            byes_label = gettext("Byes to round %(next)d (no table in round %(number)d)") % {
                "next": r.number + 1,
                "number": r.number,
            }
            names = [NameBlock(n, width) for n in r.byes]
            size, lines = wrapping.fit_text(
                byes_label, doc.frame.content_width, 15, 14, bold=True, max_lines=2
            )
            h = len(lines) * size * 1.2 + 8
            flow.item(
                h,
                lambda page, x, y, w, lines=lines, size=size: page.lines(
                    x, y - size, lines, size, size * 1.2, bold=True
                ),
                keep_with=names[0].height,
            )
            current["label"] = gettext("Byes to round %(next)d") % {"next": r.number + 1}
            flow.blocks(names, NCOLS, row_gap=4)
        flow.gap(10)
    current["label"] = None
    if data.planned:
        _band(flow, gettext("Rounds still to come"), keep_with=24)
        for line in data.planned:
            size, lines = wrapping.fit_text(line, doc.frame.content_width - 12, 15, 14)
            h = len(lines) * size * 1.2 + 6
            flow.item(
                h,
                lambda page, x, y, w, lines=lines, size=size: page.lines(
                    x + 6, y - size, lines, size, size * 1.2
                ),
            )
    return doc.render(progress)
