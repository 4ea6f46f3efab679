"""The qualifiers list, for the organizer: per actual age group and gender, the players who
qualify for the next level in finishing order, with their state (this list is the only
printed document that carries it), the out-of-state finishers skipped, and the divisions
not finished yet."""

from __future__ import annotations

from django.utils.translation import gettext, ngettext

from printing import wrapping
from printing.data import QualifierGroupLines, QualifiersData
from tournaments.text import isolate

from .flow import Flow, heading_fit
from .pages import MIN_SIZE, NAME_MIN, Document, Page, Progress
from .words import continued, ordinal


def _title() -> str:
    return gettext("Qualifiers for the next level")


def _intro(data: QualifiersData) -> list[str]:
    lines = [
        ngettext(
            "Per age group and gender, the first place, in finishing order. Age groups are "
            "five-year bands from each player's birth date on the event's age cut-off, also "
            "inside a combined division.",
            "Per age group and gender, the first %(places)d places, in finishing order. Age "
            "groups are five-year bands from each player's birth date on the event's age "
            "cut-off, also inside a combined division.",
            data.places,
        )
        % {"places": data.places}
    ]
    if data.home_state:
        lines.append(
            gettext(
                "Home state %(state)s: finishers from other states are skipped and the "
                "next in-state finisher qualifies. A player with no state recorded counts as in "
                "state and is marked “state unknown”: check before sending the list."
            )
            % {"state": data.home_state}
        )
    lines.append(gettext("For the organizer only: this list carries each player's state."))
    return lines


def _group(flow: Flow, group: QualifierGroupLines, xs: list[float], widths: list[float]) -> None:
    f = flow.frame
    flow.gap(8)
    hsize, hlines = wrapping.fit_text(group.label, f.content_width, 18, 14, bold=True, max_lines=2)
    flow.item(
        len(hlines) * hsize * 1.2 + 8,
        lambda page, x, y, w: page.lines(x, y - hsize, hlines, hsize, hsize * 1.2, bold=True),
        keep_with=60,
    )

    def heads(page, x, y, w):
        heads = (gettext("Qualifier"), gettext("Name"), gettext("Finished"), gettext("State"))
        for text, left in zip(heads, xs, strict=True):
            page.text(left + 6, y - 15, text, 12, bold=True)
        page.line(x, y - 20, x + w, y - 20, 1.0)

    flow.item(24, heads, keep_with=30)
    if not group.qualifiers:
        flow.item(
            24, lambda page, x, y, w: page.text(x + 6, y - 17, gettext("Nobody qualifies."), 14)
        )
    for q in group.qualifiers:
        size, lines = wrapping.fit_text(q.name, widths[1] - 12, 16, NAME_MIN, bold=True)
        where = gettext("%(ordinal)s of %(division)s") % {
            "ordinal": ordinal(q.place, group.feminine),
            "division": q.division,
        }
        wsize, wlines = wrapping.fit_text(where, widths[2] - 12, 13, MIN_SIZE, max_lines=3)
        state = q.state or "–"
        if q.state_unknown:
            state = gettext("state unknown")
        ssize, slines = wrapping.fit_text(
            state, widths[3] - 12, 13, MIN_SIZE, bold=q.state_unknown, max_lines=2
        )
        h = max(len(lines) * size * 1.2, len(wlines) * wsize * 1.2, len(slines) * ssize * 1.2)
        h = max(h, 20) + 9

        def row(page: Page, x, y, w, q=q, size=size, lines=lines, wsize=wsize, wlines=wlines,
                ssize=ssize, slines=slines, h=h) -> None:  # fmt: skip
            page.text(xs[0] + 6, y - 4 - 16, ordinal(q.rank, group.feminine), 16, bold=True)
            page.lines(xs[1] + 6, y - 4 - size, lines, size, size * 1.2, bold=True)
            page.lines(xs[2] + 6, y - 4 - wsize, wlines, wsize, wsize * 1.2)
            page.lines(xs[3] + 6, y - 4 - ssize, slines, ssize, ssize * 1.2, bold=q.state_unknown)
            page.line(x, y - h, x + w, y - h, 0.5, gray=0.6)

        flow.item(h, row)
    if group.skipped:
        text = (
            gettext("Skipped, from another state:")
            + " "
            + "; ".join(
                f"{isolate(s.name)} ({s.state}, {ordinal(s.place, group.feminine)})"
                for s in group.skipped
            )
        )
        lines = wrapping.wrap_text(text, f.content_width - 6, 12)
        flow.item(
            len(lines) * 14.4 + 6,
            lambda page, x, y, w, lines=lines: page.lines(x + 6, y - 14, lines, 12, 14.4),
        )


def render_qualifiers(data: QualifiersData, *, progress: Progress = None) -> bytes:
    title = _title()
    doc = Document(data.event, title, footer_label=title)
    f = doc.frame
    widths = [
        heading_fit(gettext("Qualifier"), 72.0, 12),
        0.0,
        0.0,
        heading_fit(gettext("State"), 110.0, 12),
    ]
    rest = f.content_width - widths[0] - widths[3]
    widths[1] = rest * 0.55
    widths[2] = rest - widths[1]
    xs = [f.left]
    for width in widths[:-1]:
        xs.append(xs[-1] + width)

    def heading(first: bool) -> str:
        return title if first else continued(title)

    flow = Flow(doc, heading)
    flow.new_page()
    for line in _intro(data):
        wrapped = wrapping.wrap_text(line, f.content_width, 12)
        flow.item(
            len(wrapped) * 14.4 + 4,
            lambda page, x, y, w, wrapped=wrapped: page.lines(x, y - 13, wrapped, 12, 14.4),
        )
    if data.unfinished:
        text = gettext("Not finished yet, so not in this list: %(divisions)s.") % {
            "divisions": ", ".join(data.unfinished)
        }
        wrapped = wrapping.wrap_text(text, f.content_width, 13, bold=True)
        flow.item(
            len(wrapped) * 15.6 + 6,
            lambda page, x, y, w: page.lines(x, y - 14, wrapped, 13, 15.6, bold=True),
        )
    if not data.groups:
        flow.item(24, lambda page, x, y, w: page.text(x, y - 17, gettext("No qualifiers yet."), 14))
    for group in data.groups:
        _group(flow, group, xs, widths)
    return doc.render(progress)
