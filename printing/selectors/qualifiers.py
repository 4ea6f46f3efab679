"""The qualifiers list's data: per age group and gender, who goes on to the next level."""

from collections import Counter

from django.utils.translation import gettext

from printing import data
from scoring.selectors import event_qualifiers
from tournaments.engine import RuleError
from tournaments.selectors import namesakes

from .shared import event_info, printed


def _qualifier_label(group, split: bool) -> str:
    """ "Women 70-74" in the active language; "(in BRACKET)" when the group's players
    finished in more than one bracket (each is listed on its own)."""
    gender = {"F": gettext("Women"), "M": gettext("Men")}.get(group.gender, gettext("Open"))
    age = group.age_group
    if age == "age unknown":
        age = gettext("age unknown")
    elif age.startswith("Under "):
        age = gettext("Under %(age)s") % {"age": age.removeprefix("Under ")}
    label = f"{gender} {age}"
    if split:
        label = gettext("%(group)s (in %(division)s)") % {
            "group": label,
            "division": ", ".join(group.divisions),
        }
    return label


def qualifiers_data(event, division=None) -> data.QualifiersData:
    """The qualifiers list (the organizer's: it carries each player's state)."""
    report = event_qualifiers(event, division)
    if not report.groups and not report.unfinished:
        raise RuleError("Nobody has played yet: no qualifiers to list.")
    if not report.groups:
        raise RuleError(
            "No division has finished yet: no qualifiers to list "
            f"(not finished: {', '.join(report.unfinished)})."
        )

    shown = namesakes(event)  # two qualifiers of one name: with their club or number

    def line(row) -> data.QualifierLine:
        return data.QualifierLine(
            row.rank,
            row.place,
            shown.get(row.entrant_id, row.name),
            row.entrant_id,
            row.state,
            row.division,
            row.state_unknown,
        )

    shared = Counter((g.age_group, g.gender) for g in report.groups)
    with printed(event):
        groups = tuple(
            data.QualifierGroupLines(
                _qualifier_label(g, shared[(g.age_group, g.gender)] > 1),
                tuple(line(q) for q in g.qualifiers),
                tuple(line(s) for s in g.skipped),
                feminine=g.gender == "F",
            )
            for g in report.groups
        )
    return data.QualifiersData(
        event_info(event), report.places, report.home_state, groups, report.unfinished
    )
