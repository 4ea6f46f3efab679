"""Table codes: what a typed code opens (or why it opens nothing), the guessing
throttle, and the codes in play."""

import datetime
from dataclasses import dataclass

from django.conf import settings
from django.db.models import Count
from django.utils import timezone

from tournaments.models import (
    TABLE_CODE_ALPHABET,
    TABLE_CODE_LENGTH,
    Event,
    Round,
    Table,
    TableCode,
    TableCodeAttempt,
    table_code_readings,
)


def table_code_typed(text: str) -> str:
    """A table code as typed (lower case, spaces, a dash) in its stored form, or '' when it
    cannot be one (wrong length, a character the alphabet has not)."""
    code = "".join(str(text or "").split()).replace("-", "").upper()
    if len(code) != TABLE_CODE_LENGTH or any(c not in TABLE_CODE_ALPHABET for c in code):
        return ""
    return code


@dataclass(frozen=True)
class CodeLookup:
    """What a table code opens: its table and round, or why it opens nothing
    (``refusal``: one of ``CODE_REFUSALS``; the table and round are still known for a
    revoked code or a closed round, so the page can say which)."""

    code: str
    table: Table | None = None
    refusal: str = ""

    @property
    def round(self) -> Round | None:
        return self.table.round if self.table is not None else None


CODE_UNKNOWN, CODE_REVOKED, CODE_CLOSED, CODE_OFF = "unknown", "revoked", "closed", "off"
CODE_RETIRED = "retired"
CODE_REFUSALS = (CODE_UNKNOWN, CODE_REVOKED, CODE_RETIRED, CODE_CLOSED, CODE_OFF)


def table_code_find(text: str) -> CodeLookup:
    """The table and round a typed code opens, or the refusal: unknown (never given, or
    mistyped), revoked (the organizer gave the table a new code), retired (its round was
    seated again or taken back: the table is gone), closed (the round is
    over), off (the event's scores are entered by scorekeepers only now)."""
    code = table_code_typed(text)
    rows = (
        list(
            TableCode.objects.filter(code__in=table_code_readings(code)).select_related(
                "table__round__division__event"
            )
        )
        if code
        else []
    )
    # As typed, else the one code it reads as with look-alikes swapped (two older codes
    # that read alike: neither, rather than the wrong table).
    row = next((r for r in rows if r.code == code), rows[0] if len(rows) == 1 else None)
    if row is None:
        return CodeLookup(code, None, CODE_UNKNOWN)
    code = row.code
    table = row.table
    if table is None:
        # Its round was seated again or taken back: an old sheet, not a guess.
        return CodeLookup(code, None, CODE_RETIRED)
    if row.revoked_at is not None:
        return CodeLookup(code, table, CODE_REVOKED)
    if table.round.status == Round.Status.CLOSED:
        return CodeLookup(code, table, CODE_CLOSED)
    if not table.round.division.event.players_enter_scores:
        return CodeLookup(code, table, CODE_OFF)
    return CodeLookup(code, table, "")


def table_code_live(table: Table) -> TableCode | None:
    """The table's code in force (None: it has none)."""
    return TableCode.objects.filter(table=table, revoked_at__isnull=True).first()


def table_code_wait(address: str | None, *, now=None) -> int:
    """Seconds ``address`` must wait before a code is looked up for it again: 0 unless it
    typed ``TABLE_CODE_WRONG_ALLOWED`` wrong codes within ``TABLE_CODE_WINDOW``; then until
    enough of them are older than the window."""
    now = now or timezone.now()
    window, allowed = settings.TABLE_CODE_WINDOW, settings.TABLE_CODE_WRONG_ALLOWED
    recent = list(
        TableCodeAttempt.objects.filter(address=address, at__gt=now - window)
        .order_by("-at")
        .values_list("at", flat=True)[:allowed]
    )
    if len(recent) < allowed:
        return 0
    # The allowed-th newest leaves the window first among those that keep it full.
    return max(1, int((recent[-1] + window - now).total_seconds() + 0.999))


@dataclass(frozen=True)
class CodeGuessing:
    """Wrong table codes typed lately (an unknown code names no event: the server's),
    for the desk: how many in ``GUESSING_SPAN``, from how many addresses, and how many of
    those are held now (their wrong codes answered "wait"; right codes still open)."""

    wrong: int
    addresses: int
    held: int


GUESSING_SPAN = datetime.timedelta(hours=1)


def table_code_guessing(*, now=None) -> CodeGuessing:
    """The wrong table codes of the last hour, as the desk's table codes page says them."""
    now = now or timezone.now()
    window, allowed = settings.TABLE_CODE_WINDOW, settings.TABLE_CODE_WRONG_ALLOWED
    per_address = dict(
        TableCodeAttempt.objects.filter(at__gt=now - GUESSING_SPAN)
        .values_list("address")
        .annotate(n=Count("pk"))
        .values_list("address", "n")
    )
    recent = (
        TableCodeAttempt.objects.filter(at__gt=now - window)
        .values("address")
        .annotate(n=Count("pk"))
        .filter(n__gte=allowed)
        .count()
    )
    return CodeGuessing(sum(per_address.values()), len(per_address), recent)


@dataclass(frozen=True)
class TableCodeLine:
    """A table of a round in play and its code in force ("" when it has none)."""

    division: str
    round: int
    table: int
    code: str


def table_codes_in_play(event: Event) -> list[TableCodeLine]:
    """Each table of the event's rounds not closed, in hall-number order, with its code."""
    live = dict(
        TableCode.objects.filter(
            table__round__division__event=event, revoked_at__isnull=True
        ).values_list("table_id", "code")
    )
    tables = (
        Table.objects.filter(round__division__event=event)
        .exclude(round__status=Round.Status.CLOSED)
        .order_by("number")
        .values_list("pk", "round__division__name", "round__number", "number")
    )
    return [
        TableCodeLine(name, round_, number, live.get(pk, "")) for pk, name, round_, number in tables
    ]
