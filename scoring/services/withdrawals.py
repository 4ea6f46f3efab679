"""Undoing a withdrawal or a disqualification marked by mistake, with a reason."""

from django.db import transaction
from django.utils.translation import gettext as _

from tournaments import services as bracket_services
from tournaments.engine import RuleError
from tournaments.models import Entrant, Event

from ..selectors.withdrawals import undo_refusal


def entrant_reinstate(*, entrant: Entrant, reason: str, user=None) -> Entrant:
    """Put a withdrawn or disqualified player back in play, while that has not changed any
    result: no game of their table recorded without them, no round closed since."""
    reason = (reason or "").strip()
    if not reason:
        raise RuleError(_("Say why the withdrawal is undone (for the record)."))
    with transaction.atomic():
        Event.objects.select_for_update().get(pk=entrant.event_id)
        entrant = Entrant.objects.select_related("division", "division__combined_into").get(
            pk=entrant.pk
        )
        refusal = undo_refusal(entrant)
        if refusal:
            raise RuleError(refusal)
        return bracket_services.entrant_reinstate_status(entrant=entrant, reason=reason, user=user)
