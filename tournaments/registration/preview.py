"""How the file was understood, in words, for the upload page's preview."""

from .headers import FIELD_LABEL
from .rows import ParsedRegistrations

ENCODING_LABEL = {
    "utf-8": "UTF-8",
    "utf-8-sig": "UTF-8 (with byte order mark)",
    "cp1252": "Windows-1252",
}


def preview(parsed: ParsedRegistrations) -> list[str]:
    """Human-readable lines describing how each column was understood."""
    lines: list[str] = []
    for name, header in parsed.columns.items():
        if name == "birth_date":
            formats = ", ".join(parsed.date_formats) or "no dates filled in"
            meaning = f"birth date ({formats})"
        elif name == "full_name":
            meaning = (
                "first and last name (last word is the last name; "
                '"Last, First" if there is a comma)'
            )
        elif name == "age":
            meaning = "age (used only when the birth date is empty)"
        elif name == "gender":
            meaning = "gender (Female/Male → F/M, anything else → X)"
        elif name == "state":
            meaning = "state (private: only on the organizer's qualifiers list)"
        elif name == "accessible":
            meaning = "needs an accessible table (yes/no; blank is no)"
        elif name == "event":
            meaning = "event (rows of other events are skipped)"
        else:
            meaning = FIELD_LABEL[name]
        lines.append(f"'{header}' → {meaning}")
    for header in parsed.ignored_columns:
        lines.append(f"'{header}' → ignored" if header else "(column without a name) → ignored")

    count = len(parsed.rows)
    lines.append(
        f"{count} entrant{'s' if count != 1 else ''} read "
        f"(file encoding: {ENCODING_LABEL.get(parsed.encoding, parsed.encoding)})"
    )
    if parsed.skipped:
        detail = ", ".join(f"{event}: {n}" for event, n in sorted(parsed.skipped_by_event.items()))
        rows = "row" if parsed.skipped == 1 else "rows"
        lines.append(f"{parsed.skipped} {rows} of other events skipped ({detail})")
    return lines
