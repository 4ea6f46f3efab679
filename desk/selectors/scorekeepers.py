"""Reads for the scorekeepers section of the desk's settings page."""

from tournaments import access
from tournaments.models import Event


def scorekeepers_listed(event: Event) -> list:
    """The event's scorekeepers by user name, each with ``locked_until``: when a lockout
    after wrong passwords ends (None: not locked out)."""
    scorekeepers = list(event.scorekeepers.order_by("username"))
    locked = {}
    for lockout in access.lockouts([user.username for user in scorekeepers]):
        locked.setdefault(lockout.username, lockout.until)
    for user in scorekeepers:
        user.locked_until = locked.get(user.username.lower())
    return scorekeepers
