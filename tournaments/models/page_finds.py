"""The guessing throttle of the ways to one's own page by name and birth year
(find-my-table's "your own page" and the kiosk): the misses, counted in the database so
that the count holds with Redis down and across the web processes."""

from django.db import models
from django.utils import timezone

from .entrants import Entrant
from .events import Event


class PageFindMiss(models.Model):
    """A name and birth year that named somebody of the event but found nobody born that
    year: one row for the address it came from (``entrant`` empty), and one for each player
    the name matched (someone may be trying years for them). Too many of either within the
    window and that address, or any name matching that player, gets no answer for a while
    (``tournaments.selectors.page_find_wait``). Rows older than the window are swept; the
    event's go when it ends (they hold device addresses)."""

    event = models.ForeignKey(Event, on_delete=models.CASCADE, related_name="+")
    address = models.GenericIPAddressField(null=True, blank=True)
    entrant = models.ForeignKey(
        Entrant, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    at_kiosk = models.BooleanField(default=False)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [
            models.Index(fields=["event", "address", "at"], name="page_find_miss_address"),
            models.Index(fields=["entrant", "at"], name="page_find_miss_entrant"),
        ]

    def __str__(self):
        whom = f" for {self.entrant_id}" if self.entrant_id else ""
        return f"{self.address or '-'}{whom} at {self.at:%H:%M:%S}"
