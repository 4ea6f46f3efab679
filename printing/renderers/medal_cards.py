"""The medallists at the top of a division's results: a card each, gold, silver and bronze
side by side, a row per age group when medals go by age group."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from printing import fonts, wrapping
from printing.data import DivisionResults, PlacingLine
from tournaments.vocabulary import medal_title

from .flow import Item
from .pages import MIN_SIZE, NAME_MIN, Page
from .words import ordinal, place_words

MEDAL_ORDER = {"gold": 0, "silver": 1, "bronze": 2}
MEDAL_FILL = {"gold": 0.82, "silver": 0.93, "bronze": 0.7}  # a secondary cue only
GUTTER = 12.0
PAD = 8.0


class MedalCard:
    """One medallist: a disc with the place, the medal in words, the place it is for,
    the name large, then the total and round. ``tight``: smaller type, for a division
    that would not fit its page otherwise."""

    def __init__(self, p: PlacingLine, width: float, feminine: bool, tight: bool):
        self.p = p
        self.width = width
        self.radius = 12.0 if tight else 15.0
        self.text_x = PAD + 2 * self.radius + 8
        head_w = width - self.text_x - PAD
        inner = width - 2 * PAD
        self.number = p.group_place if p.group_place is not None else p.place
        self.title = wrapping.fit_text(
            medal_title(p.medal), head_w, 13 if tight else 15, MIN_SIZE, bold=True, max_lines=2
        )
        if p.group_place is not None:
            place = gettext("%(ordinal)s in age group %(group)s") % {
                "ordinal": ordinal(p.group_place, feminine),
                "group": p.age_group,
            }
        else:
            place = place_words(p.place) if p.place else ""
        self.place = wrapping.fit_text(place, inner, 12, MIN_SIZE, max_lines=2)
        self.name = _name_fit(p.name, inner, 18 if tight else 24, 14 if tight else 20)
        details = []
        if p.total:
            details.append(gettext("total %(total)s") % {"total": p.total})
        if p.round_reached:
            details.append(pgettext("lower case", "round %(number)d") % {"number": p.round_reached})
        if p.group_place is not None:
            details.append(gettext("%(place)s overall") % {"place": place_words(p.place)})
        elif p.age_group:
            details.append(gettext("age group %(group)s") % {"group": p.age_group})
        self.details = wrapping.fit_text(" · ".join(details), inner, 12, MIN_SIZE, max_lines=3)
        self.head_h = max(2 * self.radius, len(self.title[1]) * self.title[0] * 1.15)
        self.height = (
            PAD
            + self.head_h
            + len(self.place[1]) * self.place[0] * 1.25
            + 4
            + len(self.name[1]) * self.name[0] * 1.15
            + (len(self.details[1]) * self.details[0] * 1.25 if details else 0)
            + PAD
        )

    def draw(self, page: Page, x: float, top: float, height: float) -> None:
        page.rect(x, top - height, self.width, height, width=2.0)
        cx, cy, r = x + PAD + self.radius, top - PAD - self.radius, self.radius
        fill = MEDAL_FILL.get(self.p.medal, 1.0)

        def disc(c, cx=cx, cy=cy, r=r, fill=fill):
            c.setLineWidth(2.0)
            c.setFillGray(fill)
            c.circle(cx, cy, r, stroke=1, fill=1)
            c.setFillGray(0)

        page.add(disc)
        size = 16 if r < 15 else 20
        page.text(cx, cy - size * 0.35, str(self.number or ""), size, bold=True, align="center")
        y = top - PAD - (self.head_h - len(self.title[1]) * self.title[0] * 1.15) / 2
        tsize, tlines = self.title
        for line in tlines:
            y -= tsize * 1.15
            page.text(x + self.text_x, y + tsize * 0.2, line, tsize, bold=True)
        y = top - PAD - self.head_h
        psize, plines = self.place
        for line in plines:
            y -= psize * 1.25
            page.text(x + PAD, y + psize * 0.25, line, psize)
        y -= 4
        nsize, nlines = self.name
        for line in nlines:
            y -= nsize * 1.15
            page.text(x + PAD, y + nsize * 0.2, line, nsize, bold=True)
        dsize, dlines = self.details
        for line in dlines if dlines != [""] else ():
            y -= dsize * 1.25
            page.text(x + PAD, y + dsize * 0.25, line, dsize)


def _name_fit(name: str, width: float, big: float, small: float) -> tuple[float, list[str]]:
    """The name as large as fits in three lines, never larger than its longest word allows
    (a word broken in two reads badly), and never under 14 pt."""
    longest = max((fonts.string_width(word, 1.0, bold=True) for word in name.split()), default=0)
    if longest:
        big = max(NAME_MIN, min(big, int(width / longest * 2) / 2))
        small = min(small, big)
    size, lines = wrapping.fit_text(name, width, big, small, bold=True, max_lines=3)
    if len(lines) > 3:
        size, lines = wrapping.fit_text(name, width, small, NAME_MIN, bold=True, max_lines=5)
    return size, lines


def medallists(d: DivisionResults) -> list[list[PlacingLine]]:
    """The division's medallists in rows of cards: one row, or one per age group (the
    youngest first) when medals go by age group; gold, silver, bronze in each."""
    medalled = sorted(
        (p for p in d.placings if p.medal in MEDAL_ORDER and not p.withdrawn),
        key=lambda p: (
            p.age_group if d.medals_by_age_group else "",
            MEDAL_ORDER[p.medal],
            p.place or 0,
        ),
    )
    rows: dict[str, list[PlacingLine]] = {}
    for p in medalled:
        rows.setdefault(p.age_group if d.medals_by_age_group else "", []).append(p)
    return [row[i : i + 3] for row in rows.values() for i in range(0, len(row), 3)]


def card_rows(d: DivisionResults, width: float, tight: bool) -> list[Item]:
    """Each row of medal cards as one item of the division's section."""
    card_w = (width - 2 * GUTTER) / 3
    items = []
    for row in medallists(d):
        cards = [MedalCard(p, card_w, d.feminine, tight) for p in row]
        height = max(card.height for card in cards)

        def draw(page, x, y, w, cards=cards, height=height):
            for i, card in enumerate(cards):
                card.draw(page, x + i * (card_w + GUTTER), y, height)

        items.append(Item(height + 8, draw))
    return items
