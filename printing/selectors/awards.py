"""The keepsakes' data: a certificate per medallist, a ribbon card per ribbon."""

from printing import data
from tournaments.engine import RuleError
from tournaments.models import Division
from tournaments.selectors import brackets

from .results import brackets_results, keepsake_name, name_folds, refuse_unfinished
from .shared import division_play, event_info


def certificates_data(event, division=None) -> data.CertificatesData:
    """One certificate per medallist, in the order the desk hands them out: bracket by
    bracket in the desk's order (``brackets``), gold, silver, bronze; with medals by age
    group, each age group's three together, the youngest group first.

    A place is of the whole (combined) bracket, or of the age group when medals go by age
    group: never of the player's own division in a bracket it shares."""
    refuse_unfinished(division, "certificates")
    ages = dict(Division.objects.filter(event=event).values_list("name", "min_age"))
    certificates = []
    for d in brackets_results(event, division):
        medallists = [p for p in d.placings if p.medal]
        if d.medals_by_age_group:
            medallists.sort(
                key=lambda p: (ages.get(p.age_group) or 0, p.age_group, p.group_place or 0)
            )
        for p in medallists:
            if d.medals_by_age_group and p.age_group and p.group_place:
                certificate = data.Certificate(
                    p.keepsake_name or p.name,
                    p.medal,
                    p.age_group,
                    p.group_place,
                    "Age group",
                    p.keepsake_detail,
                )
            else:
                certificate = data.Certificate(
                    p.keepsake_name or p.name,
                    p.medal,
                    d.name,
                    p.place,
                    detail=p.keepsake_detail,
                )
            certificates.append(certificate)
    if not certificates:
        raise RuleError("No medals have been given yet: no certificates to print.")
    return data.CertificatesData(event_info(event), tuple(certificates))


def ribbons_data(event, division=None) -> data.RibbonsData:
    """One card per ribbon: places 4 to the event's ``ribbons_to`` of each finished bracket
    — or, with medals by age group in a combined bracket, of each age group, each card
    naming the player's own age group."""
    if not event.ribbons_to:
        raise RuleError("This event gives no ribbons (ribbons to place 0): nothing to print.")
    refuse_unfinished(division, "ribbons")
    divisions = [division.bracket] if division is not None else list(brackets(event))
    finished = [d for d in divisions if d.status == Division.Status.COMPLETE]
    if not finished:
        raise RuleError("No division has finished yet: no ribbons to print.")
    cards = []
    for bracket in finished:
        state = division_play(bracket)
        folds = name_folds(state)
        ribbons = []
        for placing in state.placings.placings:
            if placing.player not in state.ribbons:
                continue
            name, detail = keepsake_name(state, placing.player, folds)
            if state.medals_by_age_group:
                group = state.entrants[placing.player].division
                card = data.RibbonCard(name, placing.group_place, group.name, "Age group", detail)
                ribbons.append(((group.min_age or 0, group.name, card.place), card))
            else:
                card = data.RibbonCard(name, placing.place, state.bracket_name, detail=detail)
                ribbons.append(((0, "", card.place), card))
        # bracket by bracket in age order; within one, by age group, then place
        cards.extend(card for _key, card in sorted(ribbons, key=lambda pair: pair[0]))
    if not cards:
        raise RuleError(
            f"No player finished in places 4 to {event.ribbons_to}"
            f"{' of ' + finished[0].name if division is not None else ''}: no ribbons to print."
        )
    return data.RibbonsData(event_info(event), tuple(cards))
