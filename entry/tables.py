"""django-tables2 tables of the standings pages."""

import django_tables2 as tables
from django.utils.functional import lazy
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext, pgettext
from django.utils.translation import gettext_lazy as _


def short_heading(full: str, short: str) -> str:
    """A column heading short enough for a phone ("Pen."), the whole word in its
    abbreviation's title; the whole word alone when the language's short form is the word
    itself (English "Penalty")."""
    if short == full:
        return full
    return format_html('<abbr title="{}">{}</abbr>', full, short)


def phone_heading(full: str, short: str) -> str:
    """A column heading shown whole on a tablet and short on a phone ("Place at table",
    "Place"), the whole words still read out there (static/css/site.css: .wide-only)."""
    return format_html(
        '<span class="wide-only">{}</span><span class="narrow-only" aria-hidden="true">{}</span>',
        full,
        short,
    )


place_heading = lazy(
    lambda: phone_heading(gettext("Place at table"), pgettext("short column heading", "Place")),
    SafeString,
)


# A short heading: Spanish "Penalización" in full made the standings 575 px wide on a phone.
penalty_heading = lazy(
    lambda: short_heading(gettext("Penalty"), pgettext("short column heading", "Penalty")),
    SafeString,
)


class GameColumn(tables.Column):
    def __init__(self, number, **kwargs):
        self.number = number
        super().__init__(
            verbose_name=gettext("Game %(number)d") % {"number": number},
            accessor=tables.A("points"),
            attrs={"td": {"class": "num"}, "th": {"class": "num"}},
            orderable=False,
            **kwargs,
        )

    def render(self, value):
        points = value[self.number - 1] if len(value) >= self.number else None
        return "–" if points is None else points


class StandingsTable(tables.Table):
    table = tables.Column(
        verbose_name=_("Table"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    seat = tables.Column(
        verbose_name=_("Seat"), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    name = tables.Column(verbose_name=_("Player"), attrs={"td": {"dir": "auto"}})
    penalty = tables.Column(
        verbose_name=penalty_heading(), attrs={"td": {"class": "num"}, "th": {"class": "num"}}
    )
    total = tables.Column(
        verbose_name=_("Total"),
        attrs={"td": {"class": "num total"}, "th": {"class": "num"}},
        order_by=("sort_total",),
    )
    position = tables.Column(
        verbose_name=place_heading(),
        attrs={"td": {"class": "num"}, "th": {"class": "num"}},
        order_by=("sort_position",),
    )
    advancing = tables.BooleanColumn(verbose_name=_("Goes on"), yesno=(_("yes"), ""))

    class Meta:
        attrs = {"class": "standings"}
        template_name = "django_tables2/table.html"
        row_attrs = {"class": lambda record: "withdrawn" if record["withdrawn"] else ""}
        order_by = ("table", "position")

    def __init__(self, data, *, games: int, table_column: bool = True, **kwargs):
        extra = [(f"game_{n}", GameColumn(n)) for n in range(1, games + 1)]
        super().__init__(data, extra_columns=extra, **kwargs)
        # What a player looks for first (their total, place and whether they go on) right
        # after the name, the games after: on a 390 px phone those five columns are on the
        # screen and the games a swipe away (with the games first, they were off the screen).
        first = ["table", "name", "total", "position", "advancing"]
        self.sequence = first + [f"game_{n}" for n in range(1, games + 1)] + ["penalty", "seat"]
        if not table_column:
            self.columns.hide("table")

    def render_penalty(self, value):
        return value or ""

    def render_total(self, value, record):
        if value is None:
            return "–"
        if record.get("to_confirm"):
            return format_html(
                '<span class="to-confirm-total">{}</span>',
                gettext("%(total)s (to confirm)") % {"total": value},
            )
        return value

    def render_name(self, value, record):
        return f"{value} ({record['status']})" if record.get("status") else value

    def render_position(self, value, record):
        # A place settled by a recorded playoff or tile draw says so.
        if record.get("decided"):
            return gettext("%(place)s (draw)") % {"place": value}
        return value
