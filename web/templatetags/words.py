"""Template filters for words stored in English in the records and shown in the reader's
language."""

from django import template
from django.utils.translation import gettext

from tournaments.selectors import clock_time, day_clock_time
from tournaments.text import one_period as _one_period
from tournaments.vocabulary import kind_word
from web.actions import for_people, settings_field

register = template.Library()

COMMAND_LINE = "command line (organizer)"


@register.filter
def who(made_by) -> str:
    """Who made a change, in the reader's language: a score change (its player at the table
    and the code they used, as stored: "NAME at the table (code X)"), or a record's label
    (the command line, kept in English; a scorekeeper's or organizer's user name stays as
    it is)."""
    at_table = getattr(made_by, "at_table", None)
    if at_table:
        return gettext("%(name)s at the table (code %(code)s)") % at_table
    label = getattr(made_by, "actor_label", made_by)
    if label == COMMAND_LINE:
        return gettext("command line (organizer)")
    return label


@register.filter
def on_page(note: str) -> str:
    """A note the services wrote for commands and pages alike (a seating note), as a page
    shows it: what to do there instead of a command-line option."""
    return for_people(note)


@register.filter
def settings_anchor(note: str) -> str:
    """The settings page's field a note's remedy is in ("" for none)."""
    return settings_field(note)


@register.filter(is_safe=True)
def one_period(sentence: str) -> str:
    """A sentence ending on a time that ends in a period ("9:55 p.m.") ended once (used as
    ``{% filter one_period %}…{% endfilter %}``)."""
    return _one_period(sentence)


@register.filter
def clock(moment) -> str:
    """A time of day in the event's time zone and the reader's language's one format
    ("2:01 pm", "14 h 01", "14:01"): every time a page shows (``clock_time``)."""
    return clock_time(moment)


@register.filter
def division_shown(division) -> str:
    """A division's name in the reader's language when the product made it ("Femmes
    70-74"), as typed otherwise (``Division.shown_name``)."""
    shown = getattr(division, "shown_name", None)
    return shown if shown is not None else getattr(division, "name", division)


@register.filter
def day_clock(moment) -> str:
    """A day and a time of day, in the event's time zone: "12/07/2026 2:01 pm"."""
    return day_clock_time(moment)


@register.filter
def round_kind(kind: str) -> str:
    """A round's kind in words (qualifying, intermediate, final): tournaments.vocabulary."""
    return kind_word(kind)
