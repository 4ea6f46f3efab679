"""The organizer's messages to the hall."""

from tournaments.models import Announcement, Event


def announcements(event: Event) -> list[Announcement]:
    """The organizer's messages to the hall, newest first."""
    return list(Announcement.objects.filter(event=event).order_by("-at", "-pk"))
