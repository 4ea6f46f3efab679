"""Announcements: short messages from the organizer to the hall, until removed."""

from datetime import timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import ANNOUNCEMENT_MAX_LENGTH, Announcement, Event

# The same text by the same person within this long is the same click sent again (Back,
# then the button): shown once.
REPEAT_WINDOW = timedelta(minutes=1)


def announcement_post(*, event: Event, text: str, user=None) -> Announcement:
    """Post a message (shown on the projector and the scorekeepers' pages, newest first).
    The same text posted again by the same user within a minute, while the first is still
    shown, is not posted twice: the one shown comes back with ``repeated`` set."""
    if not isinstance(text, str):
        raise RuleError(gettext("Write the announcement as text."))
    text = " ".join(text.split())  # one line: line breaks and runs of spaces become one space
    if not text:
        raise RuleError(gettext("Write the announcement first: it is empty."))
    if len(text) > ANNOUNCEMENT_MAX_LENGTH:
        raise RuleError(
            gettext(
                "The announcement is %(length)d characters long: at most %(limit)d fit on "
                "the projector. Shorten it."
            )
            % {"length": len(text), "limit": ANNOUNCEMENT_MAX_LENGTH}
        )
    if "\x00" in text:
        raise RuleError(gettext("The announcement holds a character that cannot be shown."))
    with transaction.atomic():
        if getattr(user, "pk", None):
            # One at a time per event, so two identical posts at once find each other.
            Event.objects.select_for_update().filter(pk=event.pk).first()
            shown = (
                Announcement.objects.filter(
                    event=event, text=text, by=user, at__gte=timezone.now() - REPEAT_WINDOW
                )
                .order_by("-at")
                .first()
            )
            if shown is not None:
                shown.repeated = True
                return shown
        return Announcement.objects.create(
            event=event,
            text=text,
            by=user if getattr(user, "pk", None) else None,
            by_label=user.get_username() if getattr(user, "pk", None) else "the command line",
        )


def announcement_remove(*, event: Event, announcement_id: int) -> bool:
    """Remove a message; False when it was already gone (a second click)."""
    with transaction.atomic():
        deleted, _ = Announcement.objects.filter(event=event, pk=announcement_id).delete()
        return bool(deleted)
