"""An entrant removed at the desk before play (a typo, a duplicate, a cancelled entry),
asked first; a seated player is withdrawn on their division page instead."""

from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext

from tournaments import services
from tournaments.models import Entrant
from tournaments.text import isolate
from web.actions import keep_refused, said
from web.decorators import event_role, post_only

from ..forms import RemoveForm
from .confirm import Question, confirm_then_act


def _page(event, entrant_id) -> str:
    return reverse("desk:entrant_edit", args=[event.slug, entrant_id]) + "#remove"


def kept_key(entrant_id) -> str:
    """Where a refused removal's reason is kept for the entrant's page (``remove_form``)."""
    return f"remove:{entrant_id}"


def remove_form(data=None) -> RemoveForm:
    """The entrant page's removal form: its own ids (the erase form has a reason too)."""
    return RemoveForm(data, auto_id="id_remove_%s")


def seated_words(entrant: Entrant) -> str:
    """What the desk says of an entrant who can no longer be removed (the service's
    ``EntrantSeated``)."""
    return gettext(
        "%(name)s is seated in %(division)s: they cannot be removed any more; withdraw "
        "them on the division page instead."
    ) % {"name": isolate(entrant.name), "division": entrant.division.bracket.name}


def _refused(error) -> list[str]:
    if isinstance(error, services.EntrantSeated):
        return [seated_words(error.entrant)]
    return [said(error)]


def _question(event, entrant: Entrant, reason: str) -> Question:
    name = {"name": isolate(entrant.name), "id": entrant.external_id}
    return Question(
        title=gettext("Remove %(name)s (%(id)s)?") % name,
        lines=[
            gettext("Reason: %(reason)s") % {"reason": reason},
            gettext(
                "%(name)s leaves the list of entrants and their division; who removed them, "
                "when and why stay in the event's removals."
            )
            % name,
            gettext("To bring them back, add them again or upload the file again."),
        ],
        yes=gettext("Yes, remove %(name)s") % name,
        back=_page(event, entrant.pk),
        change=gettext("No, go back"),
    )


def _back_to_page(request, entrant_id, reason: str, page: str, problem: str = ""):
    """The entrant's page with the reason as typed and the problem beside it."""
    keep_refused(request, kept_key(entrant_id), {"reason": reason}, problem)
    return redirect(page)


@event_role("organizer")
@post_only(_page)
def entrant_remove(request, event, entrant_id):
    entrant = get_object_or_404(
        Entrant.objects.select_related("division"), pk=entrant_id, event=event
    )
    form = RemoveForm(request.POST)
    reason = form.data.get("reason", "")
    page = _page(event, entrant_id)
    return confirm_then_act(
        request,
        event,
        back=lambda: _back_to_page(request, entrant_id, reason, page),
        check=lambda: None if form.is_valid() else _back_to_page(request, entrant_id, reason, page),
        question=lambda: _question(event, entrant, reason),
        action=lambda: services.entrant_remove(entrant=entrant, reason=reason, user=request.user),
        done=lambda removal: gettext("%(name)s (%(id)s) was removed: %(reason)s")
        % {"name": isolate(removal.name), "id": removal.external_id, "reason": removal.reason},
        refused=_refused,
        to=reverse("desk:entrants", args=[event.slug]),
    )
