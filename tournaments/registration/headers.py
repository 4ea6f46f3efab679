"""Which column is which: our own header names and the aliases platforms export."""

import re
import unicodedata

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


def header_key(header: str) -> str:
    """Normalize a header: drop "(...)"/"[...]" notes, case, spaces and punctuation."""
    text = unicodedata.normalize("NFKC", header)
    text = re.sub(r"\([^)]*\)|\[[^\]]*\]", " ", text)
    return "".join(ch for ch in text.casefold() if ch.isalnum())


ALIASES: dict[str, tuple[str, ...]] = {
    "entrant_id": (
        "entrant_id",
        "entrant id",
        "registration id",
        "registration #",
        "registration number",
        "registration no",
        "reg id",
        "reg #",
        "reg no",
        "id",
        "participant id",
        "participant #",
        "athlete id",
        "member id",
        "member #",
        "member number",
        "registrant id",
        "confirmation #",
        "confirmation number",
        "confirmation id",
        "entry id",
        "player id",
    ),
    "first_name": (
        "first_name",
        "first name",
        "first",
        "given name",
        "given names",
        "firstname",
        "fname",
        "forename",
        "participant first name",
    ),
    "last_name": (
        "last_name",
        "last name",
        "last",
        "surname",
        "family name",
        "lastname",
        "lname",
        "participant last name",
    ),
    "full_name": (
        "name",
        "full name",
        "participant name",
        "entrant name",
        "player name",
        "athlete name",
        "registrant name",
    ),
    "birth_date": (
        "birth_date",
        "date of birth",
        "dob",
        "birthdate",
        "birthday",
        "birth date",
        "d.o.b.",
    ),
    "age": ("age", "age on event day", "age as of", "age at event"),
    "gender": ("gender", "sex"),
    "club": (
        "club",
        "club/team",
        "team",
        "club name",
        "team name",
        "organization",
        "organisation",
        "affiliation",
        "senior center",
        "senior centre",
    ),
    "family": ("family", "household", "family group", "household name"),
    "state": (
        "state",
        "home state",
        "state/province",
        "state or province",
        "province",
        "state of residence",
        "residence state",
    ),
    "accessible": (
        "accessible",
        "accessible table",
        "needs accessible table",
        "needs an accessible table",
        "wheelchair",
        "wheelchair access",
        "accessibility",
    ),
    # Private like e-mail and phone; deleted after the event (docs/privacy.md).
    "emergency_contact": (
        "emergency contact",
        "emergency_contact",
        "emergency contact name",
        "emergency contact phone",
        "emergency phone",
        "emergency",
        "in case of emergency",
        "ice contact",
    ),
    "address": (
        "address",
        "street address",
        "mailing address",
        "home address",
        "postal address",
        "address line 1",
    ),
    # The entrant asks to be named by initials on the public pages and the projector.
    "public_opt_out": (
        "public_opt_out",
        "keep off public pages",
        "keep me off public pages",
        "off public pages",
        "hide name",
        "hide my name",
        "private name",
        "no public name",
    ),
    "division": ("division", "age group", "age division", "category", "age category"),
    "event": ("event", "sport", "event name", "competition", "activity"),
    "email": ("email", "e-mail", "email address", "e-mail address"),
    "phone": (
        "phone",
        "phone number",
        "mobile",
        "mobile phone",
        "mobile number",
        "cell",
        "cell phone",
        "telephone",
        "tel",
    ),
}

ALIAS_TO_FIELD: dict[str, str] = {
    header_key(alias): name for name, aliases in ALIASES.items() for alias in aliases
}
# "Age as of 6/1/2026", "Age on 06-01-2026": the date is part of the header.
PREFIX_TO_FIELD = (("ageasof", "age"), ("ageon", "age"), ("ageat", "age"))

FIELD_LABEL = {
    "entrant_id": gettext_lazy("entrant id"),
    "first_name": gettext_lazy("first name"),
    "last_name": gettext_lazy("last name"),
    "full_name": gettext_lazy("full name"),
    "birth_date": gettext_lazy("birth date"),
    "age": gettext_lazy("age"),
    "gender": gettext_lazy("gender"),
    "club": gettext_lazy("club"),
    "family": gettext_lazy("family"),
    "state": gettext_lazy("state"),
    "accessible": gettext_lazy("accessible"),
    "emergency_contact": gettext_lazy("emergency contact"),
    "address": gettext_lazy("address"),
    "public_opt_out": gettext_lazy("keep off public pages"),
    "division": gettext_lazy("division"),
    "event": gettext_lazy("event"),
    "email": gettext_lazy("email"),
    "phone": gettext_lazy("phone"),
}


def field_for_header(header: str) -> str | None:
    key = header_key(header)
    if not key:
        return None
    if key in ALIAS_TO_FIELD:
        return ALIAS_TO_FIELD[key]
    for prefix, name in PREFIX_TO_FIELD:
        if key.startswith(prefix):
            return name
    return None


SECOND_COLUMN_IGNORED = frozenset({"email", "phone", "emergency_contact", "address"})


def map_headers(header: list[str]) -> tuple[dict[str, int], list[str], list[tuple[int, str]]]:
    """Return (field -> column index, ignored headers, file-level problems)."""
    found: dict[str, list[int]] = {}
    for index, text in enumerate(header):
        name = field_for_header(text)
        if name is not None:
            found.setdefault(name, []).append(index)

    problems: list[tuple[int, str]] = []
    for name, indexes in found.items():
        # Exports often carry two phone or e-mail columns (home and mobile), or an emergency
        # contact's name and phone: the first is kept, the other ignored. Two columns for a
        # name or a date are ambiguous.
        if len(indexes) > 1 and name not in SECOND_COLUMN_IGNORED:
            quoted = _(" and ").join(f"'{header[i]}'" for i in indexes)
            problems.append(
                (
                    0,
                    _(
                        "columns %(columns)s both look like the %(field)s column; rename or "
                        "delete one of them"
                    )
                    % {"columns": quoted, "field": FIELD_LABEL[name]},
                )
            )

    if not found:
        shown = ", ".join(f"'{h}'" for h in header[:6] if h)
        return (
            {},
            list(header),
            [
                (
                    0,
                    _(
                        "the first line should hold the column names (first_name, last_name, "
                        "birth_date, gender, club, family, division, ...) but it reads: "
                        "%(shown)s"
                    )
                    % {"shown": shown or _("(nothing)")},
                )
            ],
        )

    mapping = {name: indexes[0] for name, indexes in found.items()}
    has_first, has_last = "first_name" in mapping, "last_name" in mapping
    if has_first and has_last:
        mapping.pop("full_name", None)
    elif "full_name" in mapping:
        mapping.pop("first_name", None)
        mapping.pop("last_name", None)
    else:
        if not has_first and not has_last:
            missing = _("no first name and last name column found (columns are: %(shown)s)")
        elif not has_first:
            missing = _("no first name column found (columns are: %(shown)s)")
        else:
            missing = _("no last name column found (columns are: %(shown)s)")
        shown = ", ".join(f"'{h}'" for h in header if h)
        problems.append(
            (
                0,
                (missing % {"shown": shown})
                + _("; expected e.g. 'first_name' and 'last_name', or one 'Name' column"),
            )
        )

    used = set(mapping.values())
    ignored = [text for index, text in enumerate(header) if index not in used]
    # Keep header order in the mapping.
    mapping = dict(sorted(mapping.items(), key=lambda item: item[1]))
    return mapping, ignored, problems
