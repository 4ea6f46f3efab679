"""An entrant's privacy at the desk (docs/privacy.md): kept off the public pages or shown
again, everything held about them downloaded as JSON, and their personal data erased at
their request (asked first)."""

import json

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext

from scoring import services as scoring_services
from scoring.selectors import person_record
from tournaments import services
from tournaments.models import Entrant
from tournaments.text import isolate
from web.actions import act, form_errors_to_messages
from web.decorators import event_role, post_only

from ..forms import EraseForm
from .confirm import Question, confirm_then_act


def _entrant(event, entrant_id) -> Entrant:
    return get_object_or_404(Entrant, pk=entrant_id, event=event)


def _page(event, entrant_id) -> str:
    return reverse("desk:entrant_edit", args=[event.slug, entrant_id])


@event_role("organizer")
@post_only(_page)
def entrant_public_name(request, event, entrant_id):
    """Keep the entrant off the public pages (``hidden=1``), or show them again."""
    entrant = _entrant(event, entrant_id)
    hidden = request.POST.get("hidden") == "1"
    name = {"name": isolate(entrant.name)}
    return act(
        request,
        lambda: services.entrant_public_name_set(entrant=entrant, hidden=hidden),
        done=gettext("%(name)s is kept off the public pages: shown by initials there.") % name
        if hidden
        else gettext("%(name)s is shown on the public pages as everyone is.") % name,
        to=_page(event, entrant_id),
    )


@event_role("organizer")
def entrant_export(request, event, entrant_id):
    """Everything held about the entrant, as a JSON file to hand to them."""
    entrant = _entrant(event, entrant_id)
    response = HttpResponse(
        json.dumps(person_record(event, entrant.external_id), ensure_ascii=False, indent=1),
        content_type="application/json; charset=utf-8",
    )
    filename = f"{event.slug}-entrant-{entrant.pk}.json"
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "no-store"
    return response


def _erase_question(event, entrant: Entrant, reason: str) -> Question:
    name = {"name": isolate(entrant.name), "number": entrant.external_id}
    return Question(
        title=gettext("Erase the personal data of %(name)s?") % name,
        lines=[
            gettext("Reason: %(reason)s") % {"reason": reason},
            gettext(
                "Their name, birth date, contact details, club and household are deleted "
                "for good; the reasons given for their withdrawal too."
            ),
            gettext(
                "Their games, place and medal stay under “%(words)s”: nobody else's place "
                "changes."
            )
            % {"words": " ".join(services.erased_words(event, entrant.external_id))},
            gettext("Download what is held about them first if they asked for a copy."),
        ],
        yes=gettext("Yes, erase the personal data of %(name)s") % name,
        back=_page(event, entrant.pk),
        change=gettext("No, go back"),
    )


@event_role("organizer")
@post_only(_page)
def entrant_erase(request, event, entrant_id):
    entrant = _entrant(event, entrant_id)
    form = EraseForm(request.POST)
    reason = form.data.get("reason", "")
    page = _page(event, entrant_id)
    return confirm_then_act(
        request,
        event,
        back=lambda: redirect(page),
        check=lambda: None if form.is_valid() else _refused(request, form, page),
        question=lambda: _erase_question(event, entrant, reason),
        action=lambda: scoring_services.entrant_erase(
            event=event, external_id=entrant.external_id, reason=reason, user=request.user
        ),
        done=lambda erased: gettext(
            "The personal data of entrant %(number)s were erased: they are now “%(words)s”."
        )
        % {"number": erased.entrant.external_id, "words": erased.words},
        to=page,
    )


def _refused(request, form: EraseForm, page: str):
    """No reason given: said at the top of the entrant's page, and nothing is asked."""
    form_errors_to_messages(request, form, labels=False)
    return redirect(page)
