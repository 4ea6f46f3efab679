"""Score sheets: one page per table, filled in by hand at the table."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from printing import fonts
from printing.data import ScoreSheetsData, TableLines

from .base import (
    BAND_GREY,
    MIN_SIZE,
    NAME_MIN,
    Document,
    Page,
    Progress,
    games_words,
    kind_word,
    long_date,
    out_of_play_word,
    table_words,
)
from .qr import draw_qr
from .table_rules import RulesBox

QR_SIZE = 100.0
URL_COLUMN = 172.0
CODE_COLUMN = 150.0


class _Layout:
    """Sizes that adapt to a crowded sheet (very long names) so it stays one page."""

    def __init__(
        self,
        row_min: float,
        game_row: float,
        sign_room: float,
        gap: float,
        name_w_min: float,
        game_min_w: float,
        seat_w: float,
        total_w: float,
        clubs: bool = True,
        compact_rules: bool = False,
        name_min: float = NAME_MIN,
        short_rules: bool = False,
    ):
        self.row_min = row_min
        self.game_row = game_row
        self.sign_room = sign_room
        self.gap = gap
        self.name_w_min = name_w_min
        self.game_min_w = game_min_w
        self.seat_w = seat_w
        self.total_w = total_w
        self.clubs = clubs
        self.compact_rules = compact_rules
        self.name_min = name_min
        # The rules as one paragraph under a roomy grid and header: a French or Spanish
        # sheet, whose rules are longer, before it needs the tight layouts.
        self.short_rules = short_rules or compact_rules


_TIGHT = dict(
    row_min=28,
    game_row=19,
    sign_room=22,
    gap=4,
    name_w_min=300,
    game_min_w=50,
    seat_w=34,
    total_w=54,
    clubs=False,
    compact_rules=True,
)
_LAYOUTS = (
    _Layout(46, 28, 32, 12, 170, 80, 46, 80),
    _Layout(40, 24, 28, 8, 200, 66, 46, 76),
    _Layout(34, 22, 24, 6, 240, 56, 44, 72),
    _Layout(34, 22, 24, 6, 240, 56, 44, 72, short_rules=True),
    _Layout(**_TIGHT),
    # Last resort, for names far beyond 90 characters: shrink names below 14 pt
    # rather than spill onto another page or over the rules.
    _Layout(**_TIGHT, name_min=13),
    _Layout(**_TIGHT, name_min=12),
    _Layout(**_TIGHT, name_min=MIN_SIZE),
)


def _signature_labels(width: float, players: bool = False) -> list[tuple[float, list[str]]]:
    """The two signature lines; ``players``: the players at the table may enter the scores
    (the sheet has a table code), so the first line names no scorekeeper."""
    labels = (
        (gettext("Entered by (name)"), gettext("Checked by (another player or scorekeeper)"))
        if players
        else (gettext("Scorekeeper (name, signature)"), gettext("Confirmed by (second person)"))
    )
    return [fonts.fit_text(label, width, 12, MIN_SIZE, max_lines=2) for label in labels]


def _header(page: Page, doc: Document, t: TableLines, compact: bool) -> float:
    """Event, table, division and round at the left; the QR code and its URL at the
    right. Returns the y of the rule under the header."""
    event = doc.event
    f = doc.frame
    left, right, top = f.left, f.right, f.top
    qr_size = 84.0 if compact else QR_SIZE
    url_w = 228.0 if compact else URL_COLUMN
    has_url = bool(t.score_url)
    lw = f.content_width - (url_w + 14 if has_url else 0)
    if has_url and t.table_code:  # the code gets a column of its own, left of the QR code
        url_w = qr_size
        lw = f.content_width - (url_w + 14 + CODE_COLUMN + 14)
    esize, elines = fonts.fit_text(
        event.name, lw, 13 if compact else 15, 12, bold=True, max_lines=2
    )
    sub = long_date(event.date) + (f" · {event.venue}" if event.venue else "")
    ssize, slines = fonts.fit_text(sub, lw, MIN_SIZE if compact else 12, MIN_SIZE, max_lines=2)

    def event_lines(p: Page) -> None:
        y = top
        for line in elines:
            y -= esize * 1.15
            p.text(left, y, line, esize, bold=True)
        for line in slines:
            y -= ssize * 1.25
            p.text(left, y, line, ssize)

    page.form(doc, f"event-{compact}-{has_url}-{bool(t.table_code)}", event_lines)
    y = top - len(elines) * esize * 1.15 - len(slines) * ssize * 1.25
    tsize, tlines = fonts.fit_text(
        table_words(t.table_number), lw, 26 if compact else 34, 20, bold=True, max_lines=1
    )
    y -= tsize + 2
    page.text(left, y, tlines[0], tsize, bold=True)
    rline = " · ".join(
        (
            gettext("Round %(number)d") % {"number": t.round_number},
            kind_word(t.round_kind),
            games_words(t.games),
        )
    )
    division = gettext("Division %(name)s") % {"name": t.division}
    if compact:
        dsize, dlines = fonts.fit_text(f"{division} · {rline}", lw, 14, 14, bold=True, max_lines=2)
    else:
        dsize, dlines = fonts.fit_text(division, lw, 17, 14, bold=True, max_lines=2)
    y -= 6
    for line in dlines:
        y -= dsize * 1.2
        page.text(left, y, line, dsize, bold=True)
    if not compact:
        rsize, rlines = fonts.fit_text(rline, lw, 15, 14, max_lines=2)
        y -= 4
        for line in rlines:
            y -= rsize * 1.2
            page.text(left, y, line, rsize)
    bottom = y - 12

    if has_url:
        qx = right - qr_size
        qtop = top + 4  # the symbol's quiet zone sits inside the square
        page.add(
            lambda c, x=qx, yb=qtop - qr_size, url=t.score_url: draw_qr(c, x, yb, qr_size, url)
        )
        uy = qtop - qr_size - 2
        scan = fonts.wrap_text(gettext("Scan to enter scores"), url_w, MIN_SIZE, bold=True)
        page.lines(right, uy - MIN_SIZE, scan, MIN_SIZE, MIN_SIZE * 1.2, bold=True, align="right")
        uy -= MIN_SIZE * 1.2 * (len(scan) - 1) + MIN_SIZE + 4
        if t.table_code:
            code_bottom = _code(page, t, left + lw + 14, top, CODE_COLUMN, compact)
            bottom = min(bottom, code_bottom - 10)
        else:
            for line in fonts.wrap_text(t.score_url, url_w, MIN_SIZE):
                uy -= MIN_SIZE * 1.2
                page.text(right, uy, line, MIN_SIZE, align="right")
        bottom = min(bottom, uy - 10)
    page.line(left, bottom, right, bottom, 1.5)
    return bottom


def _code(page: Page, t: TableLines, x: float, top: float, width: float, compact: bool) -> float:
    """The players' table code, large enough to read from a chair, and the short address
    to type it at, in a column from (x, top). Returns the y under it."""
    y = top - 13
    page.text(x, y, gettext("Table code"), 13, bold=True)
    size, lines = fonts.fit_text(t.table_code, width, 30 if compact else 34, 24, bold=True)
    y -= 6 + size * 0.95
    page.text(x, y, lines[0], size, bold=True)
    y -= 4
    words = gettext("Open %(address)s and type %(code)s") % {
        "address": t.code_address,
        "code": t.table_code,
    }
    for line in fonts.wrap_text(words, width, MIN_SIZE):
        y -= MIN_SIZE * 1.2
        page.text(x, y, line, MIN_SIZE)
    return y


def _shown(seat) -> str:
    """A seat's name as its row shows it ("NAME (withdrawn)")."""
    if seat.status:
        return f"{fonts.isolate(seat.name)} ({out_of_play_word(seat.status)})"
    return seat.name


class _Grid:
    """Column widths, header labels and rows for one layout."""

    def __init__(
        self, doc: Document, t: TableLines, layout: _Layout, content_width: float, sabra: bool
    ):
        self.doc = doc
        self.layout = layout
        self.layout_key = _LAYOUTS.index(layout)
        self.sabra = sabra
        games = self.games = max(1, t.games)
        self.seat_w, self.total_w = layout.seat_w, layout.total_w
        self.game_w = min(
            86.0,
            max(
                layout.game_min_w,
                (content_width - self.seat_w - self.total_w - layout.name_w_min) / games,
            ),
        )
        self.name_w = content_width - self.seat_w - self.total_w - games * self.game_w
        # A game's heading on one line ("Partida 1" broke as "Partida / 1"): the game
        # columns take what the names do not need, up to their heading's width at 13 pt.
        label_w = max(
            fonts.string_width(_game_words(g), 13, bold=True) for g in range(1, games + 1)
        )
        if self.game_w < label_w + 6:
            names_w = max(
                [fonts.string_width(_shown(seat), 17) + 14 for seat in t.seats]
                + [fonts.string_width(seat.club, 12) + 14 for seat in t.seats if layout.clubs]
                + [120.0]
            )
            grow = min(label_w + 6 - self.game_w, max(0.0, self.name_w - names_w) / games)
            self.game_w += grow
            self.name_w -= grow * games
        tight = layout.compact_rules
        pad = 8 if tight else 12
        leading = 1.15 if tight else 1.2
        self.leading = leading
        self.rows = []
        for seat in sorted(t.seats, key=lambda s: s.seat):
            shown = _shown(seat)
            size, lines = fonts.fit_text(shown, self.name_w - 14, 17, layout.name_min)
            club = (
                fonts.wrap_text(seat.club, self.name_w - 14, 12)
                if seat.club and layout.clubs
                else []
            )
            h = max(layout.row_min, len(lines) * size * leading + len(club) * 14 + pad)
            self.rows.append((seat, size, lines, club, h))
        self.sub_lines = fonts.wrap_text(gettext("rack total"), self.game_w - 6, MIN_SIZE)
        self.total_lines = fonts.wrap_text(
            pgettext("score sheet column", "points") if sabra else gettext("all games"),
            self.total_w - 6,
            MIN_SIZE,
        )
        if tight and (len(self.sub_lines) > 1 or len(self.total_lines) > 1):
            self.sub_lines, self.total_lines = [], []
        self.game_labels = []
        for g in range(1, games + 1):
            gsize, glines = fonts.fit_text(_game_words(g), self.game_w - 6, 13, MIN_SIZE, bold=True)
            if len(glines) > 1:
                gsize, glines = fonts.fit_text(
                    pgettext("score sheet column", "Game"), self.game_w - 6, 13, MIN_SIZE, bold=True
                )
                glines = glines + [str(g)]
            self.game_labels.append((gsize, glines))
        self.label_lines = max(len(gl) for _, gl in self.game_labels)
        sub = max(len(self.sub_lines), len(self.total_lines))
        self.head_h = 12.0 + 14 * self.label_lines + 12 * sub + 4
        self.height = self.head_h + sum(r[4] for r in self.rows)

    def draw(self, page: Page, left: float, right: float, top: float) -> float:
        width = right - left
        xs = [left, left + self.seat_w, left + self.seat_w + self.name_w]
        for _ in range(self.games):
            xs.append(xs[-1] + self.game_w)
        xs.append(xs[-1] + self.total_w)
        head_h = self.head_h

        def heads(p: Page, y: float = 0.0) -> None:  # built with its top at y = 0
            p.rect(left, y - head_h, width, head_h, width=0, fill_gray=BAND_GREY, stroke=False)
            seat = pgettext("score sheet column", "Seat")
            seat_size, _ = fonts.fit_text(
                seat, self.seat_w - 4, 12 if self.seat_w < 46 else 13, MIN_SIZE, bold=True
            )
            p.text(
                xs[0] + self.seat_w / 2,
                y - head_h / 2 - 5,
                seat,
                seat_size,
                bold=True,
                align="center",
            )
            p.text(xs[1] + 8, y - head_h / 2 - 5, gettext("Player"), 13, bold=True)
            sub_y = y - 17 - 14 * (self.label_lines - 1) - 14
            for g, (gsize, glines) in enumerate(self.game_labels):
                cx = xs[2 + g] + self.game_w / 2
                p.lines(cx, y - 17, glines, gsize, 14, bold=True, align="center")
                p.lines(cx, sub_y, self.sub_lines, MIN_SIZE, 12, align="center")
            tx = xs[2 + self.games] + self.total_w / 2
            p.text(
                tx,
                y - 17,
                pgettext("score sheet column", "Total"),
                13 if self.total_w >= 60 else 12,
                bold=True,
                align="center",
            )
            p.lines(tx, sub_y, self.total_lines, MIN_SIZE, 12, align="center")

        key = f"heads-{self.layout_key}-{self.games}-{self.sabra}"
        page.form(self.doc, key, heads, dy=top)
        y = top - head_h
        for seat, size, lines, club, h in self.rows:
            page.text(
                xs[0] + self.seat_w / 2,
                y - h / 2 - 7,
                str(seat.seat),
                20,
                bold=True,
                align="center",
            )
            lead = size * self.leading
            text_h = len(lines) * lead + len(club) * 14
            ny = y - (h - text_h) / 2 - size * 0.95
            page.lines(xs[1] + 8, ny, lines, size, lead)
            if club:
                page.lines(xs[1] + 8, ny - len(lines) * lead + 1, club, 12, 14)
            y -= h
            page.line(left, y, right, y, 1.0)
        for x in xs[1:-1]:
            page.line(x, top, x, y, 1.0)
        page.rect(left, y, width, top - y, width=1.5)
        page.rect(xs[-2], y, self.total_w, top - y, width=2.5)
        page.line(left, top - head_h, right, top - head_h, 1.5)
        return y


def _sheet(doc: Document, rules_normal: RulesBox, rules_compact: RulesBox, t: TableLines) -> None:
    f = doc.frame
    left, right = f.left, f.right
    bottom = f.bottom + doc.footer_height()
    label = " · ".join(
        (
            table_words(t.table_number),
            t.division,
            pgettext("lower case", "round %(number)d") % {"number": t.round_number},
        )
    )
    sabra = doc.event.scoring == "sabra"
    half = (f.content_width - 30) / 2
    sign_labels = _signature_labels(half, players=bool(t.table_code))
    sign_label_h = max(len(lines) * size * 1.2 for size, lines in sign_labels) + 4

    # --- the roomiest layout that fits on one page ---------------------------------------
    header_page, header_compact = Page(), None
    header_bottom = _header(header_page, doc, t, compact=False)
    for layout in _LAYOUTS:
        if layout.compact_rules and header_compact is None:
            header_compact = Page()
            compact_bottom = _header(header_compact, doc, t, compact=True)
        top = compact_bottom if layout.compact_rules else header_bottom
        grid = _Grid(doc, t, layout, f.content_width, sabra)
        ended_h = 24 + grid.games * layout.game_row
        rules = rules_compact if layout.short_rules else rules_normal
        needed = (
            grid.height
            + layout.gap
            + ended_h
            + layout.gap
            + layout.sign_room
            + sign_label_h
            + layout.gap
            + rules.height
        )
        if top - 12 - needed >= bottom:
            break

    page = doc.new_page(label)
    page.ops.extend((header_compact if layout.compact_rules else header_page).ops)
    games = grid.games
    half = (f.content_width - 30) / 2

    # --- the grid ------------------------------------------------------------------------
    grid_bottom = grid.draw(page, left, right, top - 12)

    # --- how each game ended, signatures, rules: the same on every sheet --------------
    ended_top = grid_bottom - layout.gap
    page.form(
        doc,
        f"ended-{games}-{layout.game_row}",
        lambda p: _ended(p, left, right, games, layout.game_row),
        dy=ended_top,
    )
    sign_y = ended_top - (24 + games * layout.game_row) - layout.gap - layout.sign_room
    page.form(doc, "signatures", lambda p: _signatures(p, left, half, sign_labels), dy=sign_y)
    page.form(doc, f"rules-{layout.short_rules}", lambda p: rules.draw(p, left, bottom + 2))


def _ended(page: Page, left: float, right: float, games: int, game_row: float) -> None:
    """ "How each game ended" with its top at y = 0."""
    y = -16.0
    page.text(left, y, gettext("How each game ended (tick one box per game)"), 13, bold=True)
    y -= 8
    went, pool, tie = gettext("went out"), gettext("pool exhausted"), gettext("winner on a tie:")
    label_w = fonts.string_width(_game_words(games), 14, bold=True) + 16
    went_w = fonts.string_width(went, 13)
    pool_w = fonts.string_width(pool, 13)
    tie_w = fonts.string_width(tie, 13)
    box = 13.0
    for g in range(games):
        y -= game_row
        base = y + (game_row - 10) / 2
        page.text(left, base, _game_words(g + 1), 14, bold=True)
        x = left + label_w
        page.checkbox(x, base - 2, box)
        page.text(x + box + 6, base, went, 13)
        x += box + 6 + went_w + 22
        page.checkbox(x, base - 2, box)
        page.text(x + box + 6, base, pool, 13)
        x += box + 6 + pool_w + 22
        page.text(x, base, tie, 13)
        page.line(x + tie_w + 6, base - 3, right, base - 3, 1.2)


def _game_words(number: int) -> str:
    return pgettext("score sheet column", "Game %(number)d") % {"number": number}


def _signatures(
    page: Page, left: float, half: float, labels: list[tuple[float, list[str]]]
) -> None:
    """Two signature lines at y = 0, their labels beneath."""
    for i, (lsize, llines) in enumerate(labels):
        x = left + i * (half + 30)
        page.line(x, 0, x + half, 0, 1.0)
        page.lines(x, -lsize - 3, llines, lsize, lsize * 1.2)


def render_score_sheets(data: ScoreSheetsData, *, progress: Progress = None) -> bytes:
    doc = Document(data.event, gettext("Score sheets"))
    rules = RulesBox(data.event, doc.frame.content_width)
    compact = RulesBox(data.event, doc.frame.content_width, compact=True)
    for table in data.tables:
        _sheet(doc, rules, compact, table)
    return doc.render(progress)
