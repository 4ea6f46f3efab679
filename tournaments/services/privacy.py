"""Personal data (docs/privacy.md): who is kept off the public pages, the contact details and
exact birth dates deleted after the event, and one person's data erased at their request.

The scores and the audit trail of an erased person live in ``scoring``, which wraps
``entrant_erase_personal`` (``scoring.services.entrant_erase``) so that both go in one
transaction."""

import datetime
from dataclasses import dataclass

from django.db import transaction
from django.db.models import Q
from django.utils import timezone, translation
from django.utils.translation import gettext

from tournaments import engine
from tournaments.engine import RuleError
from tournaments.engine.notes import ACCESSIBLE
from tournaments.models import (
    MAX_PERSONAL_DATA_DAYS,
    Announcement,
    Bye,
    Division,
    Entrant,
    EntrantRemoval,
    EntrantStatusChange,
    Erasure,
    Event,
    NoticeSubscription,
    PageFindMiss,
    Round,
    RoundChange,
    Seat,
    TableCode,
    new_page_code,
)
from tournaments.selectors import event_over, events_ended_waiting, with_shown_name
from tournaments.signals import ENDED, ERASE, PURGE, personal_data_removed
from tournaments.text import names_replaced

from .checkin import by_label, status_record

# What a purge deletes of every entrant: the contact details, and what only the seating of
# the day needed (the household kept apart, the accessible table). The birth date goes too,
# its age on the event's cut-off kept (``stated_age``), which is all the age group needs.
PURGED = {
    "email": "",
    "phone": "",
    "emergency_contact": "",
    "address": "",
    "state": "",
    "family": "",
    "accessible": False,
    "birth_date": None,
}
_ONE_DAY = datetime.timedelta(days=1)
# What an erasure deletes besides: the club, which with the entry number could name them.
ERASED = {**PURGED, "club": "", "public_opt_out": False}


def entrant_public_name_set(*, entrant: Entrant, hidden: bool) -> Entrant:
    """Keep an entrant off the public pages (``hidden``): the projector, find-my-table, the
    public results and their own page's family link show them by initials, "M. S."; or show
    them as the event shows everyone again. The desk and the printed sheets always name
    them in full. Asked at the desk, in the registration file or on the player's page."""
    with transaction.atomic():
        entrant = Entrant.objects.select_for_update().get(pk=entrant.pk)
        if entrant.public_opt_out != bool(hidden):
            entrant.public_opt_out = bool(hidden)
            entrant.save(update_fields=["public_opt_out"])
        return entrant


# ---------------------------------------------------------------- the purge after the event


@dataclass(frozen=True)
class PurgeReport:
    """What ``event_personal_purge`` did: ``done`` is False when the day has not come
    (``deleted_on``: when it will); ``entrants``: how many had something deleted."""

    event: Event
    done: bool
    deleted_on: datetime.date
    entrants: int = 0
    notes: int = 0


def check_personal_days(days: int) -> None:
    """The days personal data are kept after the event: 0 to MAX_PERSONAL_DATA_DAYS."""
    if not 0 <= days <= MAX_PERSONAL_DATA_DAYS:
        raise RuleError(
            gettext("The days to keep personal data go from 0 to %(most)s, not %(days)s.")
            % {"most": MAX_PERSONAL_DATA_DAYS, "days": days}
        )


def _age_kept(entrant: Entrant, cutoff: datetime.date) -> int | None:
    """The age on the event's cut-off that the birth date gave (what places them in an age
    group, their qualifier group included), kept when the birth date goes."""
    if entrant.birth_date is None:
        return entrant.stated_age
    return engine.age_on(entrant.birth_date, cutoff)


def _forget(entrant: Entrant, cutoff: datetime.date, values: dict) -> bool:
    """Set ``values`` on the entrant (the birth date's age kept); whether anything changed."""
    changed = False
    age = _age_kept(entrant, cutoff)
    if age != entrant.stated_age:
        entrant.stated_age, changed = age, True
    for name, value in values.items():
        if getattr(entrant, name) != value:
            setattr(entrant, name, value)
            changed = True
    return changed


def _accessible_notes_dropped(event: Event) -> int:
    """The seating notes that said who needed an accessible table (a health matter) go with
    the flag; the other notes stay with their round."""
    dropped = 0
    for round_ in Round.objects.filter(division__event=event).exclude(seating_notes=[]):
        kept = [n for n in round_.seating_notes if n.get("kind") != ACCESSIBLE]
        if len(kept) != len(round_.seating_notes):
            dropped += len(round_.seating_notes) - len(kept)
            round_.seating_notes = kept
            round_.save(update_fields=["seating_notes"])
    return dropped


def event_personal_purge(
    *, event: Event, days: int | None = None, today: datetime.date | None = None
) -> PurgeReport:
    """Delete every entrant's contact details (e-mail, phone, emergency contact, address,
    state), exact birth date (the age on the cut-off kept: the age group never needs more),
    household and accessible-table need, ``days`` after the event (the event's
    ``personal_data_days`` by default). Names, clubs, age groups, scores and results stay.
    Before the day, nothing is deleted (``done`` False). Run again, it deletes what came
    back since (a restore), and nothing else."""
    days = event.personal_data_days if days is None else days
    check_personal_days(days)
    today = today or timezone.localdate()
    deleted_on = event.date + datetime.timedelta(days=days)
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        if today < deleted_on or not event_over(event, today):
            return PurgeReport(event, False, max(deleted_on, event.date + _ONE_DAY))
        cutoff = event.age_cutoff
        changed = []
        for entrant in Entrant.objects.filter(event=event).exclude(
            **{name: value for name, value in PURGED.items() if value is not None},
            birth_date__isnull=True,
        ):
            if _forget(entrant, cutoff, PURGED):
                changed.append(entrant)
        Entrant.objects.bulk_update(changed, ["stated_age", *PURGED], batch_size=500)
        # A removed entrant's birth date (kept to recognise them on an upload) goes too.
        EntrantRemoval.objects.filter(event=event).update(birth_date=None)
        notes = _accessible_notes_dropped(event)
        event.personal_purged_at = timezone.now()
        event.save(update_fields=["personal_purged_at"])
        _removed(event, PURGE)
        return PurgeReport(event, True, deleted_on, len(changed), notes)


def events_ended_forget(*, still_sending=frozenset()) -> list[Event]:
    """Every event that ended (each division with players finished, or the event archived)
    since the last run: what is kept only while it runs is deleted, the addresses left for
    e-mail notices (``notice_addresses_forget``) and the misses counted against guessing
    at find-my-table and the kiosk; ``personal_data_removed`` is sent with ``kind="ended"``.
    The events whose ids are in ``still_sending`` (their last notices are still going out:
    ``scoring.services.events_ended_forget`` says which) are left for a later run."""
    ended = []
    for event in events_ended_waiting().exclude(pk__in=list(still_sending)):
        with transaction.atomic():
            event = Event.objects.select_for_update().get(pk=event.pk)
            if event.ended_forgotten_at is None:
                notice_addresses_forget(NoticeSubscription.objects.filter(entrant__event=event))
                PageFindMiss.objects.filter(event=event).delete()
                event.ended_forgotten_at = timezone.now()
                event.save(update_fields=["ended_forgotten_at"])
                _removed(event, ENDED)
                ended.append(event)
    return ended


def notice_addresses_forget(subscriptions) -> int:
    """Stop the e-mail notices of ``subscriptions`` (a QuerySet) and forget their addresses,
    as an unsubscribe does: the rows stay (what was sent stays recorded), the addresses go.
    Returns how many addresses were forgotten."""
    return subscriptions.filter(unsubscribed_at__isnull=True).update(
        email="", unsubscribed_at=timezone.now()
    )


def _removed(event: Event, kind: str, entrants=()) -> None:
    entrants = tuple(entrants)
    transaction.on_commit(
        lambda: personal_data_removed.send(sender=Event, event=event, kind=kind, entrants=entrants)
    )


# ---------------------------------------------------------------- one person erased


@dataclass(frozen=True)
class ErasedEntrant:
    """An entrant whose personal data were erased: the row (named by ``words`` now), the
    audit line, and the names that were replaced by ``words`` wherever a note or a reason
    said them (the scores' audit trail is ``scoring``'s to rewrite)."""

    entrant: Entrant
    erasure: Erasure
    names: tuple[str, ...]
    words: str


def erased_words(event: Event, external_id: str) -> tuple[str, str]:
    """What an erased entrant is named by, as first and last name, in the event's language:
    "Withdrawn entrant", "#57"."""
    with translation.override(event.language):
        return gettext("Withdrawn entrant"), f"#{external_id}"


def _playing(entrant: Entrant) -> Round | None:
    """The round an entrant in play sits at a table of right now (not closed), else None."""
    if entrant.out_of_play:
        return None
    return (
        Round.objects.filter(seats__entrant=entrant)
        .exclude(status=Round.Status.CLOSED)
        .select_related("division")
        .first()
    )


def _played(entrant: Entrant) -> bool:
    """Seated, given a bye, or placed in a finished bracket (a walkover's gold)."""
    return (
        entrant.division.bracket.status == Division.Status.COMPLETE
        or Seat.objects.filter(entrant=entrant).exists()
        or Bye.objects.filter(entrant=entrant).exists()
    )


def _note_rewritten(note: dict, names, words: str) -> dict:
    """A stored seating note naming ``words`` instead: its words and its parts (the names
    it is said again from in the reader's language)."""
    rewritten = {**note, "text": names_replaced(note.get("text") or "", names, words)}
    parts = note.get("parts")
    if isinstance(parts, dict) and isinstance(parts.get("who"), list):
        who = [names_replaced(w, names, words) if isinstance(w, str) else w for w in parts["who"]]
        rewritten["parts"] = {**parts, "who": who}
    return rewritten


def _texts_rewritten(event: Event, names, words: str) -> None:
    """Every note and reason of the event that names the person names ``words`` instead:
    the seating notes, the rounds seated again or taken back, the withdrawals of others,
    the announcements and the table codes' reasons."""
    for round_ in Round.objects.filter(division__event=event).exclude(seating_notes=[]):
        notes = [_note_rewritten(n, names, words) for n in round_.seating_notes]
        if notes != round_.seating_notes:
            round_.seating_notes = notes
            round_.save(update_fields=["seating_notes"])
    for change in RoundChange.objects.filter(division__event=event):
        notes = [names_replaced(n, names, words) if isinstance(n, str) else n for n in change.notes]
        reason = names_replaced(change.reason, names, words)
        if notes != change.notes or reason != change.reason:
            change.notes, change.reason = notes, reason
            change.save(update_fields=["notes", "reason"])
    for model, field, scope in (
        (EntrantStatusChange, "reason", {"entrant__event": event}),
        (Announcement, "text", {"event": event}),
        (TableCode, "revoked_reason", {"event": event}),
    ):
        named = Q()
        for name in names:
            named |= Q(**{f"{field}__contains": name})
        for row in model.objects.filter(named, **scope):
            setattr(row, field, names_replaced(getattr(row, field), names, words))
            row.save(update_fields=[field])


def entrant_erase_personal(
    *, event: Event, external_id: str, reason: str, user=None, even_in_play: bool = False
) -> ErasedEntrant:
    """Erase one person's personal data at their request: their names become "Withdrawn
    entrant #57" (their entry number), and their birth date (its age on the cut-off kept,
    for their age group), contact details, club, household, needs and the reasons given for
    their withdrawal are deleted; every note or reason naming them names those words instead.
    Their games, places and medals stay, so nobody else's place changes; not yet seated,
    they are withdrawn. Who erased them, when and why is kept (``Erasure``). Refused for a
    player at a table of a round in play (unless ``even_in_play``: an erasure applied again
    to a restored copy), an unknown id, one erased already, or without a reason. Call
    ``scoring.services.entrant_erase``, which also rewrites the scores' audit trail in the
    same transaction."""
    reason = (reason or "").strip()
    if not reason:
        raise RuleError(gettext("Say why this person's data are erased (a reason is needed)."))
    with transaction.atomic():
        event = Event.objects.select_for_update().get(pk=event.pk)
        entrant = (
            Entrant.objects.select_for_update()
            .filter(event=event, external_id=(external_id or "").strip())
            .first()
        )
        if entrant is None:
            raise RuleError(
                gettext("There is no entrant with id '%(id)s' in %(event)s.")
                % {"id": external_id, "event": event.name}
            )
        if entrant.erased_at is not None:
            raise RuleError(
                gettext("Entrant %(id)s's personal data were erased already, on %(day)s.")
                % {"id": entrant.external_id, "day": entrant.erased_at.date().isoformat()}
            )
        playing = None if even_in_play else _playing(entrant)
        if playing is not None:
            raise RuleError(
                gettext(
                    "%(name)s (%(id)s) is playing in %(division)s, round %(round)s: erase "
                    "their personal data once that round is closed, or withdraw them first."
                )
                % {
                    "name": entrant.name,
                    "id": entrant.external_id,
                    "division": playing.division.name,
                    "round": playing.number,
                }
            )
        names = (entrant.name, with_shown_name(entrant).shown_name)
        first, last = erased_words(event, entrant.external_id)
        words = f"{first} {last}"
        # The reasons given for their withdrawal may say why they left (their health).
        EntrantStatusChange.objects.filter(entrant=entrant).update(reason="")
        if not _played(entrant) and not entrant.out_of_play:
            with translation.override(event.language):
                why = gettext("personal data erased")
            status_record(entrant=entrant, after=Entrant.Status.WITHDRAWN, reason=why, user=user)
            entrant.status = Entrant.Status.WITHDRAWN
        _forget(entrant, event.age_cutoff, ERASED)
        entrant.first_name, entrant.last_name = first, last
        entrant.erased_at = timezone.now()
        # Their page and its family copy open nothing any more (old links, printed slips).
        entrant.page_code, entrant.family_code = new_page_code(), new_page_code()
        entrant.save()
        notice_addresses_forget(NoticeSubscription.objects.filter(entrant=entrant))
        _texts_rewritten(event, names, words)
        erasure = Erasure.objects.create(
            event=event,
            event_created_at=event.created_at,
            event_slug=event.slug,
            external_id=entrant.external_id,
            reason=reason,
            by=user if user is not None and user.pk else None,
            by_label=by_label(user),
        )
        _removed(event, ERASE, [entrant.external_id])
        return ErasedEntrant(entrant, erasure, names, words)
