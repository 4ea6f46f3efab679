"""The table list: every table with its seats, then "Find your table" A to Z."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from printing import fonts, wrapping
from printing.data import ByeLine, TableLines, TableListData
from tournaments.text import isolate
from tournaments.vocabulary import kind_word, out_of_play_word

from .find_your_table import Entry, find_order, find_section
from .flow import Flow, column_width
from .pages import BAND_GREY, NAME_MIN, NAME_SIZE, Document, Page, Progress
from .words import continued, games_words, table_words

PAD = 8.0


def _round_words(round_number: int, kind: str = "", games: int | None = None) -> str:
    words = pgettext("lower case", "round %(number)d") % {"number": round_number}
    extra = [w for w in (kind_word(kind) if kind else "", games_words(games) if games else "") if w]
    return f"{words} ({', '.join(extra)})" if extra else words


class TableBlock:
    """One table: number, division and round, then the seats."""

    def __init__(self, table: TableLines, width: float, *, with_games: bool = False):
        self.table = table
        self.width = width
        inner = width - 2 * PAD
        # The hall's number and the division together, large: many divisions share the hall.
        self.title_size, self.title_lines = wrapping.fit_text(
            table_words(table.table_number),
            inner,
            26,
            16,
            bold=True,
            max_lines=1,
        )
        self.division_size, self.division_lines = wrapping.fit_text(
            table.division, inner, 18, 13, bold=True, max_lines=2
        )
        info = _round_words(
            table.round_number, table.round_kind, table.games if with_games else None
        )
        if table.accessible:
            info += " · " + gettext("accessible table")
        self.info_size, self.info_lines = wrapping.fit_text(info, inner, 13, 12, max_lines=3)
        self.seat_w = fonts.string_width(_seat_words(4), 13, bold=True) + 8
        name_w = inner - self.seat_w
        self.rows = []
        for seat in sorted(table.seats, key=lambda s: s.seat):
            shown = (
                f"{isolate(seat.name)} ({out_of_play_word(seat.status)})"
                if seat.status
                else seat.name
            )
            size, lines = wrapping.fit_text(shown, name_w, NAME_SIZE, NAME_MIN)
            club = wrapping.wrap_text(seat.club, name_w, 12) if seat.club else []
            height = len(lines) * size * 1.2 + len(club) * 14.4 + 6
            self.rows.append((seat, size, lines, club, height))
        self.height = (
            PAD
            + self.title_size * 1.15
            + len(self.division_lines) * self.division_size * 1.2
            + len(self.info_lines) * self.info_size * 1.25
            + 6
            + sum(r[4] for r in self.rows)
            + PAD
        )

    def draw(self, page: Page, x: float, top: float) -> None:
        page.rect(x, top - self.height, self.width, self.height, width=1.2)
        y = top - PAD - self.title_size * 0.85
        page.text(x + PAD, y, self.title_lines[0], self.title_size, bold=True)
        y -= self.title_size * 0.35 + self.division_size * 1.0
        page.lines(
            x + PAD, y, self.division_lines, self.division_size, self.division_size * 1.2, bold=True
        )
        y -= (len(self.division_lines) - 1) * self.division_size * 1.2 + self.info_size * 1.3
        page.lines(x + PAD, y, self.info_lines, self.info_size, self.info_size * 1.25)
        y -= (len(self.info_lines) - 1) * self.info_size * 1.25 + 8
        page.line(x + PAD, y, x + self.width - PAD, y, 0.75, gray=0.55)
        y -= 4
        for seat, size, lines, club, height in self.rows:
            base = y - size * 1.0
            page.text(x + PAD, base, _seat_words(seat.seat), 13, bold=True)
            page.lines(x + PAD + self.seat_w, base, lines, size, size * 1.2)
            if club:
                page.lines(
                    x + PAD + self.seat_w, base - len(lines) * size * 1.2 + 1.5, club, 12, 14.4
                )
            y -= height


class ByeBlock:
    """Players with no table in a round."""

    def __init__(self, division: str, round_number: int, names: list[str], width: float):
        self.width = width
        inner = width - 2 * PAD
        self.title_size = 22
        info = gettext("%(division)s · %(round)s: no table this round") % {
            "division": division,
            "round": _round_words(round_number),
        }
        self.info_size, self.info_lines = wrapping.fit_text(info, inner, 13, 12, max_lines=3)
        self.rows = []
        for name in names:
            size, lines = wrapping.fit_text(name, inner, NAME_SIZE, NAME_MIN)
            self.rows.append((size, lines, len(lines) * size * 1.2 + 6))
        self.height = (
            PAD
            + self.title_size * 1.15
            + len(self.info_lines) * self.info_size * 1.25
            + 6
            + sum(r[2] for r in self.rows)
            + PAD
        )

    def draw(self, page: Page, x: float, top: float) -> None:
        page.rect(x, top - self.height, self.width, self.height, width=1.2)
        y = top - PAD - self.title_size * 0.85
        page.text(x + PAD, y, gettext("Bye"), self.title_size, bold=True)
        y -= self.title_size * 0.35 + self.info_size * 1.1
        page.lines(x + PAD, y, self.info_lines, self.info_size, self.info_size * 1.25)
        y -= (len(self.info_lines) - 1) * self.info_size * 1.25 + 8
        page.line(x + PAD, y, x + self.width - PAD, y, 0.75, gray=0.55)
        y -= 4
        for size, lines, height in self.rows:
            page.lines(x + PAD, y - size, lines, size, size * 1.2)
            y -= height


def render_table_list(data: TableListData, *, progress: Progress = None) -> bytes:
    title = data.title or gettext("Tables")
    heading = gettext("Table list — %(title)s") % {"title": title}
    doc = Document(data.event, heading, footer_label=heading)
    frame = doc.frame
    ncols = 2
    width = column_width(frame, ncols)

    # --- by table ---------------------------------------------------------------------
    # One division's round: under its heading. Several (the whole event): one list in the
    # hall's table-number order, so volunteers setting out the hall find each number; the
    # division stays large on every block.
    groups: dict[tuple[str, int], list] = {}
    group_info: dict[tuple[str, int], str] = {}
    in_hall_order = len({(t.division, t.round_number) for t in data.tables}) > 1
    if in_hall_order:
        hall = ("", 0)
        groups[hall] = [
            TableBlock(t, width, with_games=True)
            for t in sorted(data.tables, key=lambda t: t.table_number)
        ]
        group_info[hall] = gettext("Every table, in the hall's number order")
    for t in data.tables if not in_hall_order else ():
        k = (t.division, t.round_number)
        groups.setdefault(k, [])
        group_info.setdefault(
            k, f"{t.division} · {_round_words(t.round_number, t.round_kind, t.games)}"
        )
        groups[k].append(TableBlock(t, width))
    byes_by_group: dict[tuple[str, int], list[ByeLine]] = {}
    for b in data.byes:
        k = (b.division, b.round_number)
        byes_by_group.setdefault(k, []).append(b)
        groups.setdefault(k, [])
        group_info.setdefault(k, f"{b.division} · {_round_words(b.round_number)}")
    for k, byes in byes_by_group.items():
        names = [
            b.name
            for b in sorted(byes, key=lambda b: Entry(b.name, "", 0, None, b.last_name).filing)
        ]
        groups[k].append(ByeBlock(k[0], k[1], names, width))

    current = {"label": None}

    def repeat_group(flow: Flow) -> None:
        if current["label"] is not None and flow.pages_started > 1:
            _group_heading(flow, continued(current["label"]))

    flow = Flow(
        doc,
        lambda first: heading if first else continued(heading),
        on_new_page=repeat_group,
    )
    if not groups:
        flow.ensure(40)
        flow.item(30, lambda page, x, y, w: page.text(x, y - 16, gettext("No tables seated."), 16))
    for k, blocks in groups.items():
        current["label"] = None
        first_height = max((b.height for b in blocks[:ncols]), default=0)
        _group_heading(flow, group_info[k], keep_with=first_height)
        current["label"] = group_info[k]
        flow.blocks(blocks, ncols)
        flow.gap(8)
    current["label"] = None

    # --- find your table ----------------------------------------------------------------
    entries = [
        Entry(s.name, t.division, t.round_number, t.table_number, s.last_name)
        for t in data.tables
        for s in t.seats
    ]
    entries += [Entry(b.name, b.division, b.round_number, None, b.last_name) for b in data.byes]
    find_section(doc, title, find_order(entries))
    return doc.render(progress)


def _group_heading(flow: Flow, label: str, keep_with: float = 0.0) -> None:
    size, lines = wrapping.fit_text(
        label, flow.frame.content_width - 12, 17, 14, bold=True, max_lines=2
    )
    height = len(lines) * size * 1.2 + 12

    def draw(page: Page, x: float, y: float, w: float) -> None:
        page.rect(x, y - height + 4, w, height - 4, width=0, fill_gray=BAND_GREY, stroke=False)
        page.lines(x + 6, y - size - 2, lines, size, size * 1.2, bold=True)

    flow.item(height + 4, draw, keep_with=keep_with)


def _seat_words(seat: int) -> str:
    return gettext("Seat %(number)d") % {"number": seat}


# column widths of the find-your-table list (None: the name takes the rest)
