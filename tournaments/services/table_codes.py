"""Table codes: the short code on a table's score sheet that lets its players enter that
table's scores without an account. Issued when a round is seated while the
event lets players enter scores (and for the rounds in play when the setting is switched
on); revoked and reissued by an organizer; dead while the round is closed."""

import datetime
import logging
import secrets

from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import (
    TABLE_CODE_LENGTH,
    TABLE_CODE_NEW_ALPHABET,
    Event,
    Round,
    Table,
    TableCode,
    TableCodeAttempt,
    table_code_readings,
)

log = logging.getLogger("tournaments.table_codes")

# A clash among 28^6 ≈ 482 million codes is rare; a few tries make it vanishingly so.
_TRIES = 20


def table_code_new() -> str:
    """A random code from the new codes' alphabet, without B, S, Z (``secrets``: not
    guessable)."""
    return "".join(secrets.choice(TABLE_CODE_NEW_ALPHABET) for _ in range(TABLE_CODE_LENGTH))


def _by(user) -> str:
    if user is not None and getattr(user, "pk", None):
        return user.get_username()
    return "command line (organizer)" if user is None else ""


def _free_codes(count: int) -> list[str]:
    """``count`` new codes, different from each other and from every code ever given, also
    when read with look-alikes swapped (a new "2E23X6" is not made while an older
    "ZEZ3X6" exists: a typed code opens one table only)."""
    codes: set[str] = set()
    for _ in range(_TRIES):
        wanted = count - len(codes)
        if wanted <= 0:
            break
        fresh = {table_code_new() for _ in range(wanted)} - codes
        readings = {c: table_code_readings(c) for c in fresh}
        taken = set(
            TableCode.objects.filter(
                code__in=set().union(*readings.values()) if readings else set()
            ).values_list("code", flat=True)
        )
        codes |= {c for c in fresh if not (readings[c] & taken)}
    if len(codes) < count:  # pragma: no cover - 887 million codes
        raise RuleError(gettext("No free table code could be made; try again."))
    return sorted(codes)


# Who gave a code, when no person did it directly.
WITH_SEATING = "with the round's seating"
WITH_SETTING = "when players were allowed to enter scores"


def _create(tables: list[Table], event_id: int, user, label: str = "") -> list[TableCode]:
    """Give each of ``tables`` a new live code (their old one, if any, already revoked)."""
    if not tables:
        return []
    label = label or _by(user)
    who = user if user is not None and getattr(user, "pk", None) else None
    for _ in range(_TRIES):
        try:
            with transaction.atomic():
                return TableCode.objects.bulk_create(
                    [
                        TableCode(
                            table=t,
                            event_id=event_id,
                            code=c,
                            issued_by=who,
                            issued_by_label=label,
                        )
                        for t, c in zip(tables, _free_codes(len(tables)), strict=True)
                    ]
                )
        except IntegrityError:
            # Another request gave the same code (or this table a code) at this moment.
            if TableCode.objects.filter(table__in=tables, revoked_at__isnull=True).exists():
                raise
    raise RuleError(gettext("No free table code could be made; try again."))  # pragma: no cover


def table_codes_issue(*, round_: Round, user=None, label: str = "") -> list[TableCode]:
    """Give every table of ``round_`` that has no live code one; the event must let
    players enter scores. Returns the codes made (none when every table has one).
    ``label`` says who gave them when no person did (``WITH_SEATING``)."""
    with transaction.atomic():
        round_ = Round.objects.select_related("division__event").get(pk=round_.pk)
        if not round_.division.event.players_enter_scores:
            raise RuleError(
                gettext(
                    "This event's scores are entered by scorekeepers only: table codes are "
                    "given once players may enter scores (the setting 'Who enters scores')."
                )
            )
        tables = list(
            Table.objects.select_for_update()
            .filter(round=round_)
            .exclude(
                pk__in=TableCode.objects.filter(
                    revoked_at__isnull=True, table__isnull=False
                ).values("table_id")
            )
            .order_by("number")
        )
        return _create(tables, round_.division.event_id, user, label)


def event_table_codes_issue(*, event: Event, user=None) -> int:
    """Codes for every table of the event's rounds in play that has none (the setting was
    just switched to let players enter scores). Returns how many were made."""
    made = 0
    rounds = Round.objects.filter(division__event=event).exclude(status=Round.Status.CLOSED)
    for round_ in rounds:
        made += len(table_codes_issue(round_=round_, user=user, label=WITH_SETTING))
    return made


def table_code_reissue(
    *, table: Table, user=None, expected_code: str | None = None, reason: str = ""
) -> TableCode:
    """Revoke the table's live code (it stays in the record, naming who, when and why:
    ``reason`` is optional) and give the table a new one: a lost or photographed sheet
    opens nothing any more.
    ``expected_code`` (the desk) is the code the organizer saw: when someone reissued it
    in the meantime, the new code stands and is returned as it is."""
    with transaction.atomic():
        table = (
            Table.objects.select_for_update()
            .select_related("round__division__event")
            .get(pk=table.pk)
        )
        round_ = table.round
        if not round_.division.event.players_enter_scores:
            raise RuleError(
                gettext(
                    "This event's scores are entered by scorekeepers only: its tables have no "
                    "codes."
                )
            )
        if round_.status == Round.Status.CLOSED:
            raise RuleError(
                gettext(
                    "Round %(number)d of %(division)s is over: its table codes open nothing any "
                    "more."
                )
                % {"number": round_.number, "division": round_.division.name}
            )
        live = TableCode.objects.filter(table=table, revoked_at__isnull=True).first()
        if live is not None and expected_code is not None and live.code != expected_code:
            return live
        if live is not None:
            live.revoked_at = timezone.now()
            live.revoked_by = user if user is not None and getattr(user, "pk", None) else None
            live.revoked_by_label = _by(user)
            live.revoked_reason = reason.strip()
            live.save(
                update_fields=["revoked_at", "revoked_by", "revoked_by_label", "revoked_reason"]
            )
        return _create([table], round_.division.event_id, user)[0]


def table_codes_retire(*, round_: Round) -> int:
    """Retire the codes of ``round_``'s tables before the round is seated again or taken
    back (its tables go): they stay, with no table and the time, so a sheet printed for
    them says the code was changed (not a wrong guess) and they are never given again.
    Returns how many."""
    return TableCode.objects.filter(table__round=round_).update(
        table=None, retired_at=timezone.now()
    )


def table_code_wrong(*, address: str | None, typed: str) -> None:
    """Count a wrong code from ``address`` for the guessing throttle, and log it with the
    address. Rows older than a day are swept now and then."""
    now = timezone.now()
    TableCodeAttempt.objects.create(address=address, typed=str(typed)[:20], at=now)
    log.warning("Wrong table code %r from %s", str(typed)[:20], address or "an unknown address")
    if secrets.randbelow(50) == 0:
        TableCodeAttempt.objects.filter(at__lt=now - datetime.timedelta(days=1)).delete()
