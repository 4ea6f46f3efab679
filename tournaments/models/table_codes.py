"""Table codes: what lets the players at a table enter its scores without an account,
and the wrong codes typed, which the guessing throttle counts."""

from django.conf import settings
from django.core.validators import RegexValidator
from django.db import models
from django.db.models import Q
from django.utils import timezone

from .bracket import Table
from .events import Event

# A table code: 6 characters from an alphabet without the look-alikes 0/O, 1/I/L, so that
# a player reads it off the score sheet and types it without a mistake (docs/decisions.md).
# TABLE_CODE_ALPHABET is what a stored code may hold (codes given before B, S and Z were
# dropped stay valid); new codes come from TABLE_CODE_NEW_ALPHABET, which keeps only the
# digit of each look-alike pair B/8, S/5, Z/2. A typed code is also read with each of
# those characters swapped for its pair (TABLE_CODE_LOOK_ALIKES), so "2EZ3X6" opens
# "ZEZ3X6" and "ZE53X6" opens "2E53X6".
TABLE_CODE_ALPHABET = "23456789ABCDEFGHJKMNPQRSTUVWXYZ"
TABLE_CODE_LOOK_ALIKES = {"B": "8", "8": "B", "S": "5", "5": "S", "Z": "2", "2": "Z"}
TABLE_CODE_NEW_ALPHABET = "".join(c for c in TABLE_CODE_ALPHABET if c not in "BSZ")


def table_code_readings(code: str) -> set[str]:
    """Every way ``code`` may have been meant, each look-alike (B/8, S/5, Z/2) read either
    way: ``code`` itself and at most 63 others."""
    readings = {""}
    for ch in code:
        options = {ch, TABLE_CODE_LOOK_ALIKES[ch]} if ch in TABLE_CODE_LOOK_ALIKES else {ch}
        readings = {r + o for r in readings for o in options}
    return readings


TABLE_CODE_LENGTH = 6
TABLE_CODE_VALIDATOR = RegexValidator(
    rf"\A[{TABLE_CODE_ALPHABET}]{{{TABLE_CODE_LENGTH}}}\Z",
    f"A table code is {TABLE_CODE_LENGTH} characters from {TABLE_CODE_ALPHABET}.",
)


class TableCode(models.Model):
    """The code that lets the players at one table of one round enter that table's scores
    without an account (the event's ``score_entry`` allows players). One live code per
    table; a revoked code stays here (who revoked it, when) and a new one replaces it. A
    code opens nothing while its round is closed. Codes are never given twice, so an old
    sheet never opens another table."""

    # A round seated again (or taken back) takes its tables away: their codes stay, retired
    # (no table, ``retired_at``), so a sheet printed for them is answered plainly rather
    # than counted as a guess, and no code is ever given twice.
    table = models.ForeignKey(
        Table, null=True, blank=True, on_delete=models.SET_NULL, related_name="codes"
    )
    event = models.ForeignKey(
        Event, null=True, blank=True, on_delete=models.CASCADE, related_name="+"
    )
    code = models.CharField(max_length=TABLE_CODE_LENGTH, validators=[TABLE_CODE_VALIDATOR])
    issued_at = models.DateTimeField(default=timezone.now)
    issued_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    issued_by_label = models.CharField(max_length=150, blank=True)
    revoked_at = models.DateTimeField(null=True, blank=True)
    revoked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    revoked_by_label = models.CharField(max_length=150, blank=True)
    revoked_reason = models.TextField(blank=True)  # the organizer's words, optional
    retired_at = models.DateTimeField(null=True, blank=True)  # its table went with its round

    class Meta:
        ordering = ["table", "issued_at", "pk"]
        constraints = [
            models.UniqueConstraint(fields=["code"], name="table_code_unique"),
            models.UniqueConstraint(
                fields=["table"],
                condition=Q(revoked_at__isnull=True),
                name="table_code_one_live",
            ),
            models.CheckConstraint(
                condition=Q(code__regex=rf"^[{TABLE_CODE_ALPHABET}]{{{TABLE_CODE_LENGTH}}}$"),
                name="table_code_alphabet",
            ),
        ]

    def __str__(self):
        state = " (retired)" if self.table_id is None else " (revoked)" if self.revoked_at else ""
        return f"{self.table or 'no table'}: {self.code}{state}"

    @property
    def live(self) -> bool:
        return self.revoked_at is None and self.table_id is not None


class TableCodeAttempt(models.Model):
    """A wrong table code typed from a device's address: the guessing throttle counts them
    in the database (so it holds with Redis down and across the web processes)."""

    address = models.GenericIPAddressField(null=True, blank=True)
    typed = models.CharField(max_length=20, blank=True)
    at = models.DateTimeField(default=timezone.now)

    class Meta:
        indexes = [models.Index(fields=["address", "at"])]

    def __str__(self):
        return f"{self.address} {self.typed!r} at {self.at:%H:%M:%S}"
