"""An e-mail notice in words: its subject and text, in the event's language (whoever's
language the address was left in), with the family's page and the one-click unsubscribe.
"""

from dataclasses import dataclass

from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from tournaments.models import Notice

from .selectors.results import finished_places


@dataclass(frozen=True)
class NoticeMessage:
    subject: str
    body: str
    unsubscribe_url: str


def notice_message(notice: Notice) -> NoticeMessage:
    subscription = notice.subscription
    entrant = subscription.entrant
    event = entrant.event
    with translation.override(event.language or settings.LANGUAGE_CODE):
        context = {
            "notice": notice,
            "facts": notice.facts,
            "entrant": entrant,
            "event": event,
            "division": entrant.division.bracket.shown_name,  # in the notice's language
            # The family's read-only page: a forwarded e-mail checks nobody in.
            "page_url": settings.BASE_URL
            + reverse("player:page", args=[event.slug, entrant.family_code]),
            "unsubscribe_url": settings.BASE_URL
            + reverse("player:unsubscribe", args=[event.slug, subscription.key]),
        }
        if notice.kind == Notice.Kind.FINAL:
            context["final"] = finished_places(event, [entrant]).get(entrant.external_id)
        subject = render_to_string("email/notice_subject.txt", context)
        body = render_to_string("email/notice.txt", context)
    return NoticeMessage(" ".join(subject.split()), body.strip() + "\n", context["unsubscribe_url"])
