"""What an organizer's decision about a flagged correction did, stored as what it is and
put into words when shown (``CorrectionDecision.note``): the reader's language on a page,
English on the command line.

A decision's steps are a list of plain JSON records, each with its kind and numbers:
``{"kind": "stands", "round": 2}`` (the next round had started: it stands),
``{"kind": "seated", "round": 2}`` (seated again with the right players),
``{"kind": "placed"}`` (placings recomputed, medals to confirm again),
``{"kind": "settled"}`` (a later change left the results as recorded),
``{"kind": "reopened", "removed": 3, "reopened": 2, "reason": "..."}`` (a round taken back;
the reason as the organizer typed it). ``{"text": "..."}`` is a note stored as English words
before (migration scoring/0007, old backups), shown as it was written.
"""

import re
from collections.abc import Iterable, Mapping
from enum import StrEnum

from django.utils.translation import gettext


class Step(StrEnum):
    STANDS = "stands"
    SEATED = "seated"
    PLACED = "placed"
    SETTLED = "settled"
    REOPENED = "reopened"


# The numbers each kind carries (whole numbers, at least 1); REOPENED also its reason.
NUMBERS = {
    Step.STANDS: ("round",),
    Step.SEATED: ("round",),
    Step.PLACED: (),
    Step.SETTLED: (),
    Step.REOPENED: ("removed", "reopened"),
}


def step_words(step: Mapping) -> str:
    """One step in words, in the active language."""
    if "kind" not in step:
        return str(step.get("text", ""))
    kind = Step(step["kind"])
    if kind == Step.STANDS:
        return gettext("Round %(round)s had started: it stands.") % step
    if kind == Step.SEATED:
        return gettext("Round %(round)s was seated again.") % step
    if kind == Step.PLACED:
        return gettext("Placings recomputed; the medals are to be confirmed again.")
    if kind == Step.SETTLED:
        return gettext("A later change left the results as recorded.")
    return gettext(
        "Round %(removed)s was taken back and round %(reopened)s reopened (%(reason)s): "
        "closing it seats round %(removed)s from the scores as they are."
    ) % {**step, "reason": str(step.get("reason", "")).strip()}


def decision_words(steps: Iterable[Mapping] | None) -> str:
    """A decision's stored steps in words, in the active language ("" for none)."""
    return " ".join(filter(None, (step_words(step) for step in steps or ())))


def round_stood(steps: Iterable[Mapping] | None) -> bool:
    """Whether the decision let a round that had started stand. A note stored as English
    words before says so in the words it always used."""
    return any(
        step.get("kind") == Step.STANDS
        or ("kind" not in step and "had started: it stands" in str(step.get("text", "")))
        for step in steps or ()
    )


def _whole(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 1


def is_step(step) -> bool:
    """Whether ``step`` (read from a backup) is one this site can put into words."""
    if not isinstance(step, dict):
        return False
    if set(step) == {"text"}:
        return isinstance(step["text"], str) and bool(step["text"].strip())
    kinds = {str(kind) for kind in Step}
    if step.get("kind") not in kinds:
        return False
    kind = Step(step["kind"])
    allowed = {"kind", *NUMBERS[kind], *(("reason",) if kind == Step.REOPENED else ())}
    return (
        set(step) <= allowed
        and all(_whole(step.get(name)) for name in NUMBERS[kind])
        and isinstance(step.get("reason", ""), str)
    )


def are_steps(steps) -> bool:
    """Whether ``steps`` (read from a backup) is a decision's steps this site can read."""
    return isinstance(steps, list) and all(is_step(step) for step in steps)


# How an undo's reason was stored before ScoreChange.undo (always these English words).
UNDO_WORDS = re.compile(r"\AUndo of the (?P<what>correction|penalty) “(?P<reason>.*)”\Z", re.S)


def undo_words(action: str, reason: str) -> str:
    """An undo's reason in words, in the active language: ``action`` is the undo's
    ScoreChange action ("penalty" for a late penalty taken back), ``reason`` the reason of
    the change undone, as typed."""
    if action == "penalty":
        return gettext("Undo of the penalty “%(reason)s”") % {"reason": reason}
    return gettext("Undo of the correction “%(reason)s”") % {"reason": reason}


def undo_reason(stored: str) -> str | None:
    """The reason of the change undone, from an undo's reason stored as English words
    before ScoreChange.undo (None when ``stored`` is not such words)."""
    found = UNDO_WORDS.match(stored or "")
    return found.group("reason") if found else None
