"""Score sheets: one page per table, filled in by hand at the table."""

from __future__ import annotations

from django.utils.translation import gettext, pgettext

from printing import fonts, wrapping
from printing.data import ScoreSheetsData, TableLines

from .pages import MIN_SIZE, Document, Page, Progress
from .score_sheet_grid import LAYOUTS, Grid, game_words
from .score_sheet_header import sheet_header
from .table_rules import RulesBox
from .words import table_words


def _signature_labels(width: float, players: bool = False) -> list[tuple[float, list[str]]]:
    """The two signature lines; ``players``: the players at the table may enter the scores
    (the sheet has a table code), so the first line names no scorekeeper."""
    labels = (
        (gettext("Entered by (name)"), gettext("Checked by (another player or scorekeeper)"))
        if players
        else (gettext("Scorekeeper (name, signature)"), gettext("Confirmed by (second person)"))
    )
    return [wrapping.fit_text(label, width, 12, MIN_SIZE, max_lines=2) for label in labels]


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
    header_bottom = sheet_header(header_page, doc, t, compact=False)
    for layout in LAYOUTS:
        if layout.compact_rules and header_compact is None:
            header_compact = Page()
            compact_bottom = sheet_header(header_compact, doc, t, compact=True)
        top = compact_bottom if layout.compact_rules else header_bottom
        grid = Grid(doc, t, layout, f.content_width, sabra)
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
    signed = f"signatures-{bool(t.table_code)}"  # the labels differ when players enter
    page.form(doc, signed, lambda p: _signatures(p, left, half, sign_labels), dy=sign_y)
    page.form(doc, f"rules-{layout.short_rules}", lambda p: rules.draw(p, left, bottom + 2))


def _ended(page: Page, left: float, right: float, games: int, game_row: float) -> None:
    """ "How each game ended" with its top at y = 0."""
    y = -16.0
    page.text(left, y, gettext("How each game ended (tick one box per game)"), 13, bold=True)
    y -= 8
    went, pool, tie = gettext("went out"), gettext("pool exhausted"), gettext("winner on a tie:")
    label_w = fonts.string_width(game_words(games), 14, bold=True) + 16
    went_w = fonts.string_width(went, 13)
    pool_w = fonts.string_width(pool, 13)
    tie_w = fonts.string_width(tie, 13)
    box = 13.0
    for g in range(games):
        y -= game_row
        base = y + (game_row - 10) / 2
        page.text(left, base, game_words(g + 1), 14, bold=True)
        x = left + label_w
        page.checkbox(x, base - 2, box)
        page.text(x + box + 6, base, went, 13)
        x += box + 6 + went_w + 22
        page.checkbox(x, base - 2, box)
        page.text(x + box + 6, base, pool, 13)
        x += box + 6 + pool_w + 22
        page.text(x, base, tie, 13)
        page.line(x + tie_w + 6, base - 3, right, base - 3, 1.2)


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
