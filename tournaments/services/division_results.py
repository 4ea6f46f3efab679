"""A division finished: its placings recorded, and its medals confirmed."""

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import Division, DivisionResults


def division_finish(*, division: Division, results: list | None = None) -> Division:
    """Mark a division finished, recording its placings as they stand."""
    division.status = Division.Status.COMPLETE
    division.save(update_fields=["status"])
    division_record_results(division=division, results=results)
    return division


def division_record_results(*, division: Division, results: list | None) -> Division:
    """Record a division's placings (None: none recorded), in their own row."""
    if results is None:
        DivisionResults.objects.filter(division=division).delete()
        Division.recorded_results.related.delete_cached_value(division)
    else:
        division.recorded_results, _ = DivisionResults.objects.update_or_create(
            division=division, defaults={"placings": results}
        )
    return division


def medals_confirm(*, division: Division) -> Division:
    """The organizer confirms the medals of a finished division (for the public pages)."""
    with transaction.atomic():
        division = Division.objects.select_for_update().get(pk=division.pk)
        if division.status != Division.Status.COMPLETE:
            raise RuleError(
                gettext("%(division)s is not finished yet.") % {"division": division.name}
            )
        if division.medals_confirmed_at is None:
            division.medals_confirmed_at = timezone.now()
            division.save(update_fields=["medals_confirmed_at"])
        return division
