"""What every face's views share: running one service call and telling the person how it went.

Not a face itself: desk, public pages, score entry and printing all use it.
"""

import re
from collections.abc import Callable, Iterable

from django.conf import settings
from django.contrib import messages
from django.shortcuts import redirect
from django.utils import translation
from django.utils.translation import gettext, gettext_noop

from tournaments.engine import RuleError

# The services speak to commands and pages alike; a few refusals name a command's option.
# On a page they say what to do there instead (no command-line flags on pages). Every entry
# is marked with gettext_noop and replaced as English says it and as the page's language
# says it (a refusal comes in the visitor's language, its option inside): the French and
# Spanish of each refusal carry the French and Spanish of its option's words as they are
# (tests/i18n/test_option_words.py holds them to it).
FLAG_WORDS = (
    (
        gettext_noop("use --update to change their details"),
        gettext_noop("tick “Update entrants already registered” to change their details"),
    ),
    (
        gettext_noop("withdraw them instead (--withdraw)"),
        gettext_noop("withdraw them on the division page instead"),
    ),
    (
        gettext_noop("(use --replace to replace them)"),
        gettext_noop("(open the game to change it)"),
    ),
    (gettext_noop("needs a reason (--reason)"), gettext_noop("needs a reason")),
    (gettext_noop("needs --date YYYY-MM-DD"), gettext_noop("needs a date")),
    (
        gettext_noop("restore under another name with --as SLUG"),
        gettext_noop("restore it under another short name"),
    ),
    (
        gettext_noop("give the hall more tables (configure_event --hall-tables)"),
        gettext_noop("give the hall more tables on the settings page"),
    ),
    (
        gettext_noop("has no accessible tables (configure_event --accessible)"),
        gettext_noop(
            "has no accessible tables (say which tables are accessible on the settings page)"
        ),
    ),
)
# A refusal whose remedy is on the settings page gets a link to it (see _messages.html).
# Known by the command-line option it carries, never translated, so it holds whatever
# language the refusal was said in and the page is shown in.
SETTINGS_OPTIONS = ("--hall-tables",)
# A seating note whose remedy is on the settings page: the field it opens, by its option.
SETTINGS_FIELDS = {"--hall-tables": "id_hall_tables", "--accessible": "id_accessible_tables"}
LEFTOVER_FLAG = re.compile(r"\s*\(?(?:use )?--[a-z][a-z-]*(?: [A-Z]+)?\)?")


def for_people(text: str) -> str:
    """A service's message as a page shows it: no command-line options. A refusal comes in
    the page's language; a stored note (a round's seating notes) in the event's, which may
    be another: each option's words are replaced in the language they are written in."""
    for flag, words in FLAG_WORDS:
        text = text.replace(flag, words).replace(gettext(flag), gettext(words))
    if "--" in text:
        for language, _name in settings.LANGUAGES:
            with translation.override(language):
                for flag, words in FLAG_WORDS:
                    text = text.replace(gettext(flag), gettext(words))
    return LEFTOVER_FLAG.sub("", text)


def settings_field(text: str) -> str:
    """The settings page's field a note's remedy is in ("" for none): known by the
    command-line option the note carries, whatever its language."""
    return next((field for option, field in SETTINGS_FIELDS.items() if option in text), "")


def said(error: Exception) -> str:
    """A refusal's text for a page."""
    return for_people(str(error))


def refusal_lines(error: RuleError) -> Iterable[str]:
    """A refusal as the page shows it: one message, its lines kept (the page breaks them)."""
    text = said(error)
    return ["\n".join(line.strip() for line in text.splitlines() if line.strip()) or text]


def act(
    request,
    action: Callable[[], object],
    *,
    done: str | Callable[[object], str | None],
    to,
    refused: Callable[[RuleError], Iterable[str]] = lambda error: [said(error)],
    keep: Callable[[str], None] | None = None,
):
    """Run ``action`` (one service call); its refusal (a RuleError) or ``done`` goes to the
    page as a message, then the browser goes to ``to`` (a URL, or a view name and its
    arguments as a tuple). ``done`` may be a function of the action's result. With
    ``keep``, a refusal is handed to it instead (in words), to be shown in its form beside
    what was typed (``keep_refused``)."""
    try:
        result = action()
    except RuleError as error:
        if keep is not None:
            keep("\n".join(refused(error)))
            return redirect(*to) if isinstance(to, tuple) else redirect(to)
        to_settings = any(option in str(error) for option in SETTINGS_OPTIONS)
        for line in refused(error):
            messages.error(request, line, extra_tags="to-settings" if to_settings else "")
    else:
        text = done(result) if callable(done) else done
        if text:
            messages.success(request, text)
    return redirect(*to) if isinstance(to, tuple) else redirect(to)


def form_errors_to_messages(request, form, *, labels: bool = True) -> None:
    """A form's errors as messages (for forms posted from a page that shows no form)."""
    for field, errors in form.errors.items():
        label = form.fields[field].label if labels and field in form.fields else ""
        for error in errors:
            messages.error(request, f"{label}: {error}" if label else error)


# What a refused form held, kept in the session across the redirect back to its page, so
# that nothing typed is lost and the page's address stays the page's (its links, its
# language switch and a reload work as before). Read once.
KEPT_FORMS = "kept_forms"


def keep_refused(request, key: str, data: dict, problem: str = "") -> None:
    """Keep what was typed in a refused form (``data``: field name to text) and the
    refusal's words if a service said it (``problem``), for the page ``kept`` reads."""
    kept = dict(request.session.get(KEPT_FORMS) or {})
    kept[key] = {"data": {name: str(value) for name, value in data.items()}, "problem": problem}
    request.session[KEPT_FORMS] = kept


def kept(request, key: str) -> dict | None:
    """What ``keep_refused`` kept under ``key`` ({"data", "problem"}), once; None if none."""
    stored = request.session.get(KEPT_FORMS)
    if not stored or key not in stored:
        return None
    stored = dict(stored)
    value = stored.pop(key)
    request.session[KEPT_FORMS] = stored
    return value if isinstance(value, dict) and isinstance(value.get("data"), dict) else None
