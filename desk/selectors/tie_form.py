"""The desk's form for a tie to settle by a playoff or tile draw: what the tie decides, as
a question ("Tied for bronze (3rd): who placed 3rd, who 4th?"), and what each box means
("3rd: Bronze", "4th"; "2nd at the table: goes on"), from the engine's tie (the places it
settles and how many of its players get what it decides). No box is chosen in advance."""

from dataclasses import dataclass

from django.utils.translation import gettext, ngettext, pgettext

from scoring.selectors import place_word
from tournaments.engine import MEDALS
from tournaments.engine.ties import Tie

_MEDAL_TIED = {
    "gold": lambda: pgettext("tied for", "gold (%(place)s)"),
    "silver": lambda: pgettext("tied for", "silver (%(place)s)"),
    "bronze": lambda: pgettext("tied for", "bronze (%(place)s)"),
}
_MEDAL_BOX = {
    "gold": lambda: gettext("%(place)s: gold"),
    "silver": lambda: gettext("%(place)s: silver"),
    "bronze": lambda: gettext("%(place)s: bronze"),
}


@dataclass(frozen=True)
class TieForm:
    """The question a tie asks, and each box's label, best place first."""

    question: str
    boxes: tuple[str, ...]


def _who_placed(places: tuple[int, ...]) -> str:
    """ "who placed 3rd, who 4th" """
    first, *rest = places
    parts = [gettext("who placed %(place)s") % {"place": place_word(first)}]
    parts += [gettext("who %(place)s") % {"place": place_word(p)} for p in rest]
    return ", ".join(parts)


def _medal_form(tie: Tie) -> TieForm:
    places = tie.places
    medal = MEDALS[tie.place - 1]
    what = _MEDAL_TIED[medal]() % {"place": place_word(tie.place)}
    if tie.medal_group:
        what = gettext("%(medal)s in %(group)s") % {"medal": what, "group": tie.medal_group}
    question = gettext("Tied for %(what)s: %(who)s?") % {"what": what, "who": _who_placed(places)}
    boxes = tuple(
        _MEDAL_BOX[MEDALS[p - 1]]() % {"place": place_word(p)}
        if p <= len(MEDALS)
        else place_word(p)
        for p in places
    )
    return TieForm(question, boxes)


def _going_on_form(tie: Tie) -> TieForm:
    winners = min(tie.winners or 1, len(tie.players) - 1)
    values = {"n": winners, "next": tie.next_round}
    question = (
        ngettext(
            "Tied for the place that goes on to round %(next)d: who goes on?",
            "Tied for the %(n)d places that go on to round %(next)d: who goes on?",
            winners,
        )
        % values
    )
    boxes = []
    for count, place in enumerate(tie.places):
        where = {"place": place_word(place)}
        if tie.table is None:
            label = gettext("%(place)s: goes on") if count < winners else gettext("%(place)s: out")
        elif count < winners:
            label = gettext("%(place)s at the table: goes on")
        else:
            label = gettext("%(place)s at the table: out")
        boxes.append(label % where)
    return TieForm(question, tuple(boxes))


def _bye_form(tie: Tie) -> TieForm:
    winners = min(tie.winners or 1, len(tie.players) - 1)
    values = {"n": winners, "next": tie.next_round}
    question = (
        ngettext(
            "Tied for the bye in round %(next)d: who has it?",
            "Tied for %(n)d byes in round %(next)d: who has them?",
            winners,
        )
        % values
    )
    boxes = tuple(
        (gettext("%(place)s: has the bye") if count < winners else gettext("%(place)s: plays"))
        % {"place": place_word(place)}
        for count, place in enumerate(tie.places)
    )
    return TieForm(question, boxes)


def tie_form(tie: Tie) -> TieForm:
    """What the tie's form asks and what each of its boxes means, in the active language."""
    if tie.place is None:  # not known: the boxes are places within the group
        boxes = tuple(place_word(n) for n in range(1, len(tie.players) + 1))
        return TieForm(gettext("Tied: choose who finished first, second, …"), boxes)
    if tie.for_a_medal and tie.place <= len(MEDALS):
        return _medal_form(tie)
    if tie.for_a_bye:
        return _bye_form(tie)
    return _going_on_form(tie)
