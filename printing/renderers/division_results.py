"""One division's part of the results, as items for a flow: its name in a band, the
notes its corrections call for, the medal cards, then every placing, in one of the
layouts from the roomiest to the tightest (``LEVELS``)."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from printing import fonts, wrapping
from printing.data import DivisionResults, PlacingLine
from tournaments.vocabulary import MEDALS, division_status_word, out_of_play_word

from .flow import Item, heading_fit, items_height
from .medal_cards import card_rows
from .pages import BAND_GREY, MIN_SIZE, NAME_MIN, Document, Page
from .words import continued, ordinal

# The layouts a division is tried in, roomiest first: medal cards and large rows; smaller
# rows; smaller cards too; no cards (the placings name the medallists in bold).
ROOMY, TIGHT, TIGHTER, TIGHTEST = 0, 1, 2, 3
LEVELS = (ROOMY, TIGHT, TIGHTER, TIGHTEST)


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


class DivisionSection:
    """One division's results as items for a flow, in one of the layouts (``LEVELS``);
    ``repeat()`` gives what a page it continues on starts with."""

    def __init__(
        self, doc: Document, d: DivisionResults, level: int, *, band: bool, tail: list[Item]
    ):
        f = doc.frame
        self.d, self.level = d, level
        tight = level != ROOMY
        status = division_status_word(d.status)
        self.heading = gettext("Results — %(division)s") % {"division": d.name}
        self.heading = f"{self.heading} ({status})"
        self.in_rows = False
        self.columns = self._columns(f.content_width)
        self.items: list[Item] = []
        lead: list[Item] = []
        if band:
            lead.append(self._band(self.heading, f.content_width, tight))
        for note in d.notes:
            lead.append(paragraph(note, f.content_width, 13 if tight else 14, bold=True))
        if d.medals_by_age_group:
            words = gettext(
                "Medals by age group: each age group's first three, in finishing order."
            )
            lead.append(paragraph(words, f.content_width, 12 if tight else 14))
        medalled = any(p.medal in MEDALS and not p.withdrawn for p in d.placings)
        if not medalled:
            lead.append(paragraph(gettext("Medals not decided yet."), f.content_width, 17, True))
        elif level != TIGHTEST:
            lead.extend(card_rows(d, f.content_width, level >= TIGHTER))
        size = 15 if tight else 18
        lead.append(Item(size + 10, text_item(gettext("All placings"), size, bold=True)))
        rows = [self._row(p, tight) for p in _ordered(d.placings)]
        if not rows:
            rows = [Item(26, text_item(gettext("Nobody placed yet."), 15), row=True)]
        heads = self._heads(tight)
        first_rows = items_height(rows[:3])
        lead.append(heads)
        # the lead is kept together with the first rows, the last row with the tail
        for i, item in enumerate(lead):
            item.keep_with = items_height(lead[i + 1 :]) + first_rows
        rows[-1].keep_with = items_height(tail)
        self.items = lead + rows + tail
        self.height = items_height(self.items)

    def repeat(self) -> list[Item]:
        items = [self._band(continued(self.heading), self.columns[-1], self.level != ROOMY)]
        return items + ([self._heads(self.level != ROOMY)] if self.in_rows else [])

    def _columns(self, width: float):
        age = any(p.age_group for p in self.d.placings)
        cols = [
            (gettext("Place"), 104.0),
            (gettext("Name"), None),
            (gettext("Round"), 64.0),
            (gettext("Total"), 64.0),
        ]
        if age:
            # wide enough for "55-59: 4th ribbon" on one line, up to a third of the page
            texts = [_age_group_text(p, self.d.feminine) for p in self.d.placings]
            widest = max(fonts.string_width(t, 13) for t in texts) + 12
            cols.append((gettext("Age group"), min(max(96.0, widest), width / 3)))
        cols = [(label, heading_fit(label, w) if w else None) for label, w in cols]
        name_w = width - sum(w for _, w in cols if w)
        return [(label, w or name_w) for label, w in cols] + [width]

    def _band(self, label: str, width: float, tight: bool) -> Item:
        size, lines = wrapping.fit_text(label, width - 12, 15 if tight else 17, 13, True, 2)
        height = len(lines) * size * 1.2 + 12

        def draw(page: Page, x: float, y: float, w: float) -> None:
            page.rect(x, y - height + 4, w, height - 4, width=0, fill_gray=BAND_GREY, stroke=False)
            page.lines(x + 6, y - size - 2, lines, size, size * 1.2, bold=True)

        return Item(height + 6, draw)

    def _heads(self, tight: bool) -> Item:
        h = 20.0 if tight else 22.0
        cols = self.columns[:-1]

        def draw(page: Page, x: float, y: float, w: float) -> None:
            self.in_rows = True
            page.rect(x, y - h, w, h, width=0, fill_gray=BAND_GREY, stroke=False)
            cx = x
            for label, width in cols:
                page.text(cx + 6, y - h + 6, label, 12 if tight else 13, bold=True)
                cx += width
            page.line(x, y - h, x + w, y - h, 1.2)

        return Item(h + 4, draw)

    def _row(self, p: PlacingLine, tight: bool) -> Item:
        d, cols = self.d, self.columns
        age = len(cols) > 5
        bold = p.medal is not None
        name_big, place_big, pad = (NAME_MIN, 13, 5) if tight else (16, 15, 9)
        size, lines = wrapping.fit_text(p.name, cols[1][1] - 12, name_big, NAME_MIN, bold=bold)
        psize, plines = wrapping.fit_text(
            _place_text(p, d.feminine), cols[0][1] - 10, place_big, MIN_SIZE, bold, 2
        )
        asize, alines = (
            wrapping.fit_text(_age_group_text(p, d.feminine), cols[4][1] - 10, 13, 12, False, 3)
            if age and p.age_group
            else (14, [])
        )
        figure = 13 if tight else 14
        h = max(len(lines) * size * 1.2, len(plines) * psize * 1.2, len(alines) * asize * 1.2)
        h = max(h, figure * 1.2) + pad
        xs = [0.0]
        for _, width in cols[:-1]:
            xs.append(xs[-1] + width)

        def draw(page: Page, x: float, y: float, w: float) -> None:
            top = y - pad / 2
            page.lines(x + xs[0] + 6, top - psize, plines, psize, psize * 1.2, bold=bold)
            page.lines(x + xs[1] + 6, top - size, lines, size, size * 1.2, bold=bold)
            page.text(x + xs[2] + 6, top - figure, str(p.round_reached), figure)
            page.text(x + xs[3] + 6, top - figure, p.total or "–", figure)
            if alines:
                page.lines(x + xs[4] + 6, top - asize, alines, asize, asize * 1.2)
            page.line(x, y - h, x + w, y - h, 0.5, gray=0.6)

        return Item(h, draw, row=True)


def text_item(words: str, size: float, bold: bool = False):
    return lambda page, x, y, w: page.text(x, y - size - 2, words, size, bold=bold)


def paragraph(words: str, width: float, size: float, bold: bool = False) -> Item:
    lines = wrapping.wrap_text(words, width, size, bold)
    lead = size * 1.2
    return Item(
        len(lines) * lead + 8,
        lambda page, x, y, w: page.lines(x, y - size, lines, size, lead, bold=bold),
    )
