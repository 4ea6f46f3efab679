"""The player slips' data: one slip per entrant in play, with their page's address (the QR
code), its code, their division and, once seated, the first round's table and seat."""

from django.conf import settings
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext

from printing import data
from tournaments.engine import RuleError
from tournaments.models import Entrant, Seat, page_code_shown
from tournaments.selectors import bracket_division_ids, clock_time, day_clock_time
from tournaments.text import fold

from .shared import event_info

OUT = (Entrant.Status.WITHDRAWN, Entrant.Status.DISQUALIFIED, Entrant.Status.ABSENT)


def player_slips_data(event, division=None, round_number=None) -> data.PlayerSlipsData:
    """Every entrant's slip (a division's bracket only, with ``division``), by division then
    name, as a desk hands them out."""
    entrants = Entrant.objects.filter(event=event).exclude(status__in=OUT)
    if division is not None:
        entrants = entrants.filter(division__in=bracket_division_ids(division.bracket))
    entrants = list(entrants.select_related("division", "division__combined_into"))
    if not entrants:
        raise RuleError(gettext("No entrant to print a slip for."))
    # The first round's seats of the whole event, read as values (no list of ids in the
    # query, whatever the field).
    first = {
        entrant_id: (table, seat)
        for entrant_id, table, seat in Seat.objects.filter(
            round__number=1, round__division__event=event
        ).values_list("entrant_id", "table__number", "number")
    }
    base = settings.BASE_URL
    entrants.sort(
        key=lambda e: (
            e.division.bracket.min_age or 0,
            e.division.bracket.name,
            fold(e.last_name),
            fold(e.first_name),
        )
    )
    slips = tuple(
        data.PlayerSlip(
            name=e.name,
            division=e.division.bracket.shown_name,
            entrant_id=e.external_id,
            url=base + reverse("player:page", args=[event.slug, e.page_code]),
            code=page_code_shown(e.page_code),
            table=first.get(e.pk, (None, None))[0],
            seat=first.get(e.pk, (None, None))[1],
        )
        for e in entrants
    )
    address = base.split("://", 1)[-1] + reverse("public:find", args=[event.slug])
    return data.PlayerSlipsData(event_info(event), address, slips, _checkin_words(event))


def _checkin_words(event) -> str:
    """When players may check themselves in on their page, in the event's time zone."""
    opens, closes = event.checkin_opens_at, event.checkin_closes_at
    if opens is None or closes is None:
        return ""
    same_day = timezone.localtime(opens).date() == timezone.localtime(closes).date()
    return gettext("Check yourself in on your page from %(start)s until %(end)s.") % {
        "start": clock_time(opens) if same_day else day_clock_time(opens),
        "end": clock_time(closes) if same_day else day_clock_time(closes),
    }
