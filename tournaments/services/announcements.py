"""Announcements: short messages from the organizer to the hall, until removed."""

from django.db import transaction

from tournaments.engine import RuleError
from tournaments.models import ANNOUNCEMENT_MAX_LENGTH, Announcement, Event


def announcement_post(*, event: Event, text: str, user=None) -> Announcement:
    """Post a message (shown on the projector and the scorekeepers' pages, newest first)."""
    if not isinstance(text, str):
        raise RuleError("Write the announcement as text.")
    text = " ".join(text.split())  # one line: line breaks and runs of spaces become one space
    if not text:
        raise RuleError("Write the announcement first: it is empty.")
    if len(text) > ANNOUNCEMENT_MAX_LENGTH:
        raise RuleError(
            f"The announcement is {len(text)} characters long: at most "
            f"{ANNOUNCEMENT_MAX_LENGTH} fit on the projector. Shorten it."
        )
    if "\x00" in text:
        raise RuleError("The announcement holds a character that cannot be shown.")
    with transaction.atomic():
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
