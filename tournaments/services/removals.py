"""An entrant removed before play: a typo, a duplicate, a cancelled entry. Once seated, a
player is withdrawn instead (their games stay on the sheets)."""

from django.db import transaction
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, EntrantRemoval, Event
from tournaments.selectors import entrant_seated
from tournaments.text import isolate

from .checkin import by_label


class EntrantSeated(RuleError):
    """The entrant is seated (or their division finished): withdraw them instead. Carries
    the entrant, for a page to offer the way (the division page's withdrawal)."""

    def __init__(self, entrant: Entrant):
        self.entrant = entrant
        super().__init__(
            gettext(
                "%(name)s (%(id)s) is already seated in %(division)s: withdraw them instead "
                "(--withdraw)."
            )
            % {
                "name": isolate(entrant.name),
                "id": entrant.external_id,
                "division": entrant.division.bracket.name,
            }
        )


def entrant_remove(*, entrant: Entrant, reason: str, user=None) -> EntrantRemoval:
    """Remove an entrant who was never seated, with a reason kept in the event's removals.
    A division made for their age group and left empty (never seated) goes too."""
    reason = (reason or "").strip()
    if not reason:
        raise RuleError(gettext("Removing an entrant needs a reason (--reason)."))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=entrant.event_id)
        entrant = (
            Entrant.objects.select_for_update(of=("self",))
            .select_related("division__combined_into")
            .get(pk=entrant.pk, event=event)
        )
        if entrant_seated(entrant):
            raise EntrantSeated(entrant)
        removal = EntrantRemoval.objects.create(
            event=event,
            external_id=entrant.external_id,
            name=entrant.name,
            first_name=entrant.first_name,
            last_name=entrant.last_name,
            birth_date=entrant.birth_date,
            division=entrant.division.name,
            reason=reason,
            by=user if user is not None and user.pk else None,
            by_label=by_label(user),
        )
        division = entrant.division
        entrant.delete()
        if not (
            division.entrants.exists()
            or division.rounds.exists()
            or division.combined_from.exists()
            or division.combined_into_id is not None
            or division.status != Division.Status.REGISTERED
            or (division.min_age is None and division.max_age is None and not division.gender)
        ):
            division.delete()
        return removal
