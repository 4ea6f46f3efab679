"""A score sheet's grid: a row per seat with the player's name, a box per game and the
total; and the layouts, from the roomiest to the tightest, that keep a crowded sheet
(very long names, many games) on one page."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from printing import fonts, wrapping
from printing.data import TableLines
from tournaments.text import isolate
from tournaments.vocabulary import out_of_play_word

from .pages import BAND_GREY, MIN_SIZE, NAME_MIN, Document, Page


class Layout:
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


TIGHT = dict(
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
LAYOUTS = (
    Layout(46, 28, 32, 12, 170, 80, 46, 80),
    Layout(40, 24, 28, 8, 200, 66, 46, 76),
    Layout(34, 22, 24, 6, 240, 56, 44, 72),
    Layout(34, 22, 24, 6, 240, 56, 44, 72, short_rules=True),
    Layout(**TIGHT),
    # Last resort, for names far beyond 90 characters: shrink names below 14 pt
    # rather than spill onto another page or over the rules.
    Layout(**TIGHT, name_min=13),
    Layout(**TIGHT, name_min=12),
    Layout(**TIGHT, name_min=MIN_SIZE),
)


def game_words(number: int) -> str:
    return pgettext("score sheet column", "Game %(number)d") % {"number": number}


def shown_name(seat) -> str:
    """A seat's name as its row shows it ("NAME (withdrawn)")."""
    if seat.status:
        return f"{isolate(seat.name)} ({out_of_play_word(seat.status)})"
    return seat.name


class Grid:
    """Column widths, header labels and rows for one layout."""

    def __init__(
        self, doc: Document, t: TableLines, layout: Layout, content_width: float, sabra: bool
    ):
        self.doc = doc
        self.layout = layout
        self.layout_key = LAYOUTS.index(layout)
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
        label_w = max(fonts.string_width(game_words(g), 13, bold=True) for g in range(1, games + 1))
        if self.game_w < label_w + 6:
            names_w = max(
                [fonts.string_width(shown_name(seat), 17) + 14 for seat in t.seats]
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
            shown = shown_name(seat)
            size, lines = wrapping.fit_text(shown, self.name_w - 14, 17, layout.name_min)
            club = (
                wrapping.wrap_text(seat.club, self.name_w - 14, 12)
                if seat.club and layout.clubs
                else []
            )
            h = max(layout.row_min, len(lines) * size * leading + len(club) * 14 + pad)
            self.rows.append((seat, size, lines, club, h))
        self.sub_lines = wrapping.wrap_text(gettext("rack total"), self.game_w - 6, MIN_SIZE)
        self.total_lines = wrapping.wrap_text(
            pgettext("score sheet column", "points") if sabra else gettext("all games"),
            self.total_w - 6,
            MIN_SIZE,
        )
        if tight and (len(self.sub_lines) > 1 or len(self.total_lines) > 1):
            self.sub_lines, self.total_lines = [], []
        self.game_labels = []
        for g in range(1, games + 1):
            gsize, glines = wrapping.fit_text(
                game_words(g), self.game_w - 6, 13, MIN_SIZE, bold=True
            )
            if len(glines) > 1:
                gsize, glines = wrapping.fit_text(
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
            seat_size, _ = wrapping.fit_text(
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

        # the columns differ from sheet to sheet (names leave the games more room or less)
        key = f"heads-{self.layout_key}-{self.games}-{self.sabra}-{self.game_w:.2f}"
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
