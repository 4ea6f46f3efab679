"""Template filters for words stored in English in the records and shown in the reader's
language."""

from django import template
from django.utils.translation import gettext

from tournaments.text import AT_TABLE
from tournaments.web import for_people, settings_field

register = template.Library()

COMMAND_LINE = "command line (organizer)"


@register.filter
def who(label: str) -> str:
    """Who made a change, as the records keep it (in English, since other code reads it
    back: the desk finds players' entries by "NAME at the table (code X)"), in the
    reader's language. A scorekeeper's or organizer's user name stays as it is."""
    if label == COMMAND_LINE:
        return gettext("command line (organizer)")
    found = AT_TABLE.match(label or "")
    if found:
        return gettext("%(name)s at the table (code %(code)s)") % found.groupdict()
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
