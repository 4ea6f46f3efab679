"""How the file was understood, in words, for the upload page's preview."""

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, ngettext

from .headers import FIELD_LABEL
from .rows import ParsedRegistrations

ENCODING_LABEL = {
    "utf-8": "UTF-8",
    "utf-8-sig": gettext_lazy("UTF-8 (with byte order mark)"),
    "cp1252": "Windows-1252",
}


def preview(parsed: ParsedRegistrations) -> list[str]:
    """Human-readable lines describing how each column was understood."""
    lines: list[str] = []
    for name, header in parsed.columns.items():
        if name == "birth_date":
            formats = ", ".join(parsed.date_formats) or _("no dates filled in")
            meaning = _("birth date (%(formats)s)") % {"formats": formats}
        elif name == "full_name":
            meaning = _(
                "first and last name (last word is the last name; "
                '"Last, First" if there is a comma)'
            )
        elif name == "age":
            meaning = _("age (used only when the birth date is empty)")
        elif name == "gender":
            meaning = _("gender (Female/Male → F/M, anything else → X)")
        elif name == "state":
            meaning = _("state (private: only on the organizer's qualifiers list)")
        elif name == "accessible":
            meaning = _("needs an accessible table (yes/no; blank is no)")
        elif name in ("emergency_contact", "address"):
            meaning = _("%(field)s (private: never shown or printed, deleted after the event)") % {
                "field": FIELD_LABEL[name]
            }
        elif name == "public_opt_out":
            meaning = _(
                "keep off public pages (yes/no; blank is no): shown by initials on the "
                "projector and the public pages"
            )
        elif name == "event":
            meaning = _("event (rows of other events are skipped)")
        else:
            meaning = FIELD_LABEL[name]
        lines.append(f"'{header}' → {meaning}")
    for header in parsed.ignored_columns:
        lines.append(
            _("'%(header)s' → ignored") % {"header": header}
            if header
            else _("(column without a name) → ignored")
        )

    count = len(parsed.rows)
    encoding = ENCODING_LABEL.get(parsed.encoding, parsed.encoding)
    unread = len({line for line, _problem in parsed.row_problems})
    if unread:
        # Some rows could not be read: the rows (as the preview's table counts them) and
        # the people among them.
        rows = ngettext("%(n)d row read", "%(n)d rows read", count + unread) % {"n": count + unread}
        people = ngettext(
            "%(people)d person (file encoding: %(encoding)s)",
            "%(people)d people (file encoding: %(encoding)s)",
            count,
        ) % {"people": count, "encoding": encoding}
        lines.append(f"{rows}, {people}")
    else:
        lines.append(
            ngettext(
                "%(n)d entrant read (file encoding: %(encoding)s)",
                "%(n)d entrants read (file encoding: %(encoding)s)",
                count,
            )
            % {"n": count, "encoding": encoding}
        )
    if parsed.skipped:
        detail = ", ".join(f"{event}: {n}" for event, n in sorted(parsed.skipped_by_event.items()))
        lines.append(
            ngettext(
                "%(n)d row of other events skipped (%(detail)s)",
                "%(n)d rows of other events skipped (%(detail)s)",
                parsed.skipped,
            )
            % {"n": parsed.skipped, "detail": detail}
        )
    return lines
