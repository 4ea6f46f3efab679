"""Personal data (docs/privacy.md): deleted after the event (the purge), erased for one
person at their request (their results kept under "Withdrawn entrant #57"), exported for
them, and never brought back by a backup. Run on SQLite and PostgreSQL."""

import datetime
import json
import random

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from printing.models import GeneratedDocument
from scoring import services as scoring
from scoring.backup import event_backup, event_restore
from scoring.models import Penalty, ScoreChange
from scoring.selectors import event_qualifiers, person_record, public_results
from scoring.services.notices import notice_deliver
from scoring.simulation import SimulationReport, finish_division, play_round
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, enter, seated
from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import (
    Announcement,
    Entrant,
    EntrantStatusChange,
    Erasure,
    Event,
    Notice,
    NoticeSubscription,
    Round,
    Table,
)
from tournaments.registration import read_registrations
from tournaments.selectors import public_names, table_code_live
from tournaments.selectors.player_pages import page_opened
from tournaments.services.player_pages import notice_subscribe
from tournaments.services.self_checkin import entrant_check_in_self
from tournaments.signals import personal_data_removed
from web.tasks import purge_personal_data

pytestmark = pytest.mark.django_db

# The event's date is 2026-05-14 (tests/factories.py): 90 days later is 2026-08-12.
DUE = datetime.date(2026, 8, 12)
MARY = {
    "first_name": "Mary",
    "last_name": "Smith",
    "club": "Sunrise Club",
    "email": "mary.smith@example.org",
    "phone": "(770) 555-0100",
    "emergency_contact": "Tom Smith (770) 555-0101",
    "address": "12 Elm Street, Suwanee",
    "state": "GA",
    "family": "Smith household",
    "accessible": True,
    "birth_date": datetime.date(1950, 3, 4),
}
# What nothing may hold once Mary is erased: every piece of her personal data.
MARY_TRACES = ("Mary", "Smith", "mary.smith", "555-0100", "555-0101", "Elm Street", "1950-03-04")


def _with_mary(**settings) -> tuple[Event, Entrant]:
    event = EventFactory(score_entry="players", ribbons_to=20, **settings)
    division = DivisionFactory(event=event, name="70-74")
    mary = EntrantFactory(division=division, external_id="57", **MARY)
    for n in range(7):
        EntrantFactory(division=division, email=f"p{n}@example.org", phone=f"555-02{n:02d}",
                       state="FL", birth_date=datetime.date(1940 + n, 6, 1))  # fmt: skip
    services.division_seat_first_round(division=division, seed=3)
    return event, mary


def _played(**settings) -> tuple[Event, Entrant]:
    """Mary's event played to its medals: Mary entered a game at her table with its code,
    an organizer corrected a score and gave a penalty with reasons that name her, and
    another player's withdrawal and an announcement name her too."""
    event, mary = _with_mary(**settings)
    division = mary.division
    first = division.rounds.get()
    table = Table.objects.get(round=first, seats__entrant=mary)
    rng = random.Random(5)
    play_round(first, rng, tables=lambda ids: [i for i in ids if i != table.pk])
    players = seated(table)
    values = [0, 12, 25, 7][: len(players)]
    code = table_code_live(table).code
    scoring.game_record(
        table=table,
        number=1,
        racks=dict(zip(players, values, strict=True)),
        at_table=scoring.AtTable(player=mary, code=code, address="192.0.2.7"),
        expected_version=0,
    )
    for number in range(2, first.games + 1):
        enter(table, number, values)
    other = next(p for p in players if p != mary)
    game = table.games.get(number=1)
    scoring.score_correct(game=game, entrant=other, rack_total=13, reason="Mary Smith said 13")
    scoring.penalty_add(round_=first, entrant=other, points=2, reason="Mary Smith saw it")
    services.status_record(entrant=mary, after=mary.status, reason="Mary has a bad hip")
    services.status_record(entrant=other, after=other.status, reason="Sat by Mary Smith")
    services.announcement_post(event=event, text="Mary Smith's car lights are on")
    finish_division(division, rng, SimulationReport(event))
    services.medals_confirm(division=division)
    mary.refresh_from_db()
    return event, mary


def _places(event: Event) -> dict:
    return {
        r["entrant_id"]: (r["place"], r["medal"]) for d in public_results(event) for r in d["rows"]
    }


# --------------------------------------------------------------- the purge after the event


def test_the_purge_waits_for_its_day_then_deletes_contacts_and_birth_dates_only():
    event, mary = _with_mary()
    before = {e.pk: (e.name, e.club, e.division_id, e.gender) for e in event.entrants.all()}
    early = scoring.event_personal_purge(event=event, today=DUE - datetime.timedelta(days=1))
    assert not early.done and early.deleted_on == DUE
    mary.refresh_from_db()
    assert mary.email == MARY["email"] and mary.birth_date == MARY["birth_date"]
    report = scoring.event_personal_purge(event=event, today=DUE)
    assert report.done and report.entrants == 8
    mary.refresh_from_db()
    for field in ("email", "phone", "emergency_contact", "address", "state", "family"):
        assert getattr(mary, field) == "", field
    assert mary.birth_date is None and not mary.accessible
    assert mary.stated_age == 76  # on 31 December 2026: what places her in an age group
    after = {e.pk: (e.name, e.club, e.division_id, e.gender) for e in event.entrants.all()}
    assert after == before
    event.refresh_from_db()
    assert event.personal_purged_at is not None


def test_the_purge_keeps_results_and_qualifier_groups():
    event, _mary = _played()
    places = _places(event)
    groups = [
        (g.label, [q.entrant_id for q in g.qualifiers]) for g in event_qualifiers(event).groups
    ]
    assert scoring.event_personal_purge(event=event, days=0, today=event.date).done
    assert _places(event) == places
    after = [
        (g.label, [q.entrant_id for q in g.qualifiers]) for g in event_qualifiers(event).groups
    ]
    assert after == groups
    # The device a player entered scores from at the table is forgotten too.
    assert not ScoreChange.objects.filter(division__event=event, address__isnull=False).exists()


def test_days_zero_waits_for_the_event_to_be_over():
    event, _mary = _with_mary()
    assert not scoring.event_personal_purge(event=event, days=0, today=event.date).done
    assert scoring.event_personal_purge(
        event=event, days=0, today=event.date + datetime.timedelta(days=1)
    ).done


@pytest.mark.parametrize("days", [-1, 3651])
def test_days_out_of_range_are_refused(days):
    event, mary = _with_mary()
    with pytest.raises(RuleError, match="from 0 to 3650"):
        scoring.event_personal_purge(event=event, days=days, today=DUE)
    mary.refresh_from_db()
    assert mary.email == MARY["email"]


def test_the_seating_notes_of_accessible_needs_go_and_the_others_stay():
    event, mary = _with_mary()
    first = mary.division.rounds.get()
    first.seating_notes = [
        {"kind": "accessible", "table": 1, "players": ["57"], "text": "Mary Smith needs…"},
        {"kind": "club", "table": 2, "players": [], "text": "Two of Club 1 share a table."},
    ]
    first.save(update_fields=["seating_notes"])
    assert scoring.event_personal_purge(event=event, today=DUE).notes == 1
    first.refresh_from_db()
    assert [n["kind"] for n in first.seating_notes] == ["club"]


def test_nothing_purged_comes_back_by_import_or_by_hand():
    event, mary = _with_mary()
    scoring.event_personal_purge(event=event, today=DUE)
    event.refresh_from_db()
    mary.refresh_from_db()
    data = b"entrant_id,first_name,last_name,email\n57,Mary,Smith,m@example.org\n"
    with pytest.raises(RuleError, match="were deleted on"):
        services.entrants_import(event=event, parsed=read_registrations(data), update=True)
    with pytest.raises(RuleError, match="were deleted on"):
        services.entrant_save(
            event=event, entrant=mary, first_name="Mary", last_name="Smith", phone="555"
        )
    saved = services.entrant_save(
        event=event, entrant=mary, division_name="70-74", first_name="Mary", last_name="Smyth"
    )
    assert saved.name == "Mary Smyth" and saved.phone == ""


def test_the_beat_task_purges_each_due_event_once():
    due, _ = _with_mary()
    later = EventFactory(date=DUE)
    EntrantFactory(division=DivisionFactory(event=later), email="x@example.org")
    assert [r.event for r in scoring.events_personal_purge_due(today=DUE)] == [due]
    assert scoring.events_personal_purge_due(today=DUE) == []


def test_an_ended_event_says_so_once_and_the_qualifiers_documents_go_with_the_purge(
    django_capture_on_commit_callbacks,
):
    event, _mary = _played()
    heard = []

    def listener(sender, event, kind, **kwargs):
        heard.append((event.slug, kind))

    personal_data_removed.connect(listener)
    try:
        with django_capture_on_commit_callbacks(execute=True):
            assert services.events_ended_forget() == [event]
            assert services.events_ended_forget() == []
            for kind in ("qualifiers", "results"):
                GeneratedDocument.objects.create(event=event, kind=kind)
            scoring.event_personal_purge(event=event, today=DUE)
    finally:
        personal_data_removed.disconnect(listener)
    assert heard == [(event.slug, "ended"), (event.slug, "purge")]
    assert list(GeneratedDocument.objects.filter(event=event).values_list("kind", flat=True)) == [
        "results"
    ]


def _left_earlier(entrant: Entrant, email: str) -> NoticeSubscription:
    """An address left on the page the day before (while the event ran: now refused)."""
    earlier = timezone.now() - datetime.timedelta(days=1)
    return NoticeSubscription.objects.create(
        entrant=entrant, email=email, via="family", created_at=earlier
    )


def test_an_ended_event_s_notice_addresses_go_once_its_last_notices_went(mailoutbox):
    event, mary = _played()
    kim = _left_earlier(mary, "kim@example.org")
    other = Entrant.objects.filter(event=event).exclude(pk=mary.pk).first()
    stopped = _left_earlier(other, "lee@example.org")
    stopped.unsubscribed_at, stopped.email = timezone.now(), ""
    stopped.save()
    now = timezone.now()
    # The final place is recorded first, and the address waits for it to go.
    assert scoring.events_ended_forget(now=now) == []
    final = Notice.objects.get(subscription=kim, kind="final")
    assert final.sent_at is None
    kim.refresh_from_db()
    assert kim.email == "kim@example.org" and kim.unsubscribed_at is None
    for notice in Notice.objects.filter(sent_at=None):
        assert notice_deliver(notice.pk).sent
    assert {tuple(m.to) for m in mailoutbox} == {(kim.email,)}
    # The beat's hourly task: the event's retention ran out long ago, and it ended.
    assert purge_personal_data() == 2
    kim.refresh_from_db()
    assert kim.email == "" and kim.unsubscribed_at is not None
    assert Notice.objects.filter(subscription=kim, sent_at__isnull=False).exists()
    assert scoring.events_ended_forget(now=now) == []
    # Nobody leaves an address once the event is over: it would outlive the event.
    with pytest.raises(RuleError, match="This event is over"):
        notice_subscribe(entrant=mary, email="kim@example.org", family=True)
    assert not NoticeSubscription.objects.filter(entrant=mary, unsubscribed_at=None).exists()


def test_a_notice_never_sent_keeps_its_address_no_longer_than_its_retries():
    event, mary = _played()
    kim = _left_earlier(mary, "kim@example.org")
    now = timezone.now()
    assert scoring.events_ended_forget(now=now) == []
    assert Notice.objects.filter(subscription=kim, sent_at=None).exists()
    later = now + scoring.privacy.NOTICE_GIVEN_UP_AFTER + datetime.timedelta(minutes=1)
    assert scoring.events_ended_forget(now=later) == [event]
    kim.refresh_from_db()
    assert kim.email == ""
    # The notice left behind is never sent: its address is gone.
    assert notice_deliver(Notice.objects.get(subscription=kim, kind="final").pk).sent is False


def test_addresses_wait_for_the_medals_to_be_confirmed_until_the_day_after():
    event, mary = _played()
    mary.division.medals_confirmed_at = None
    mary.division.save(update_fields=["medals_confirmed_at"])
    kim = NoticeSubscription.objects.create(entrant=mary, email="kim@example.org", via="family")
    noon = timezone.make_aware(datetime.datetime.combine(event.date, datetime.time(12)))
    assert scoring.events_ended_forget(now=noon) == []
    two_days_later = noon + datetime.timedelta(days=2)
    assert scoring.events_ended_forget(now=two_days_later) == [event]
    kim.refresh_from_db()
    assert kim.email == ""


def test_an_archived_event_waits_for_no_medals():
    event, mary = _played()
    mary.division.medals_confirmed_at = None
    mary.division.save(update_fields=["medals_confirmed_at"])
    kim = NoticeSubscription.objects.create(entrant=mary, email="kim@example.org", via="family")
    Event.objects.filter(pk=event.pk).update(archived_at=timezone.now())
    noon = timezone.make_aware(datetime.datetime.combine(event.date, datetime.time(12)))
    assert scoring.events_ended_forget(now=noon) == [event]
    kim.refresh_from_db()
    assert kim.email == ""


def test_a_running_event_keeps_its_addresses():
    event, mary = _with_mary()
    kim = notice_subscribe(entrant=mary, email="kim@example.org", family=True)
    assert scoring.events_ended_forget() == []
    kim.refresh_from_db()
    assert kim.email == "kim@example.org"


# --------------------------------------------------------------- one person erased


def _registered_mary() -> tuple[Event, Entrant, Entrant]:
    event = EventFactory()
    division = DivisionFactory(event=event, name="70-74")
    mary = EntrantFactory(division=division, external_id="57", status="registered", **MARY)
    other = EntrantFactory(division=division, external_id="58", status="registered")
    return event, mary, other


def test_an_erasure_voids_their_page_codes_and_forgets_their_notice_addresses():
    event, mary, other = _registered_mary()
    page, family = mary.page_code, mary.family_code
    kim = notice_subscribe(entrant=mary, email="kim@example.org", family=True)
    own = notice_subscribe(entrant=mary, email=MARY["email"], family=False)
    kept = notice_subscribe(entrant=other, email="lee@example.org", family=True)
    client = Client()
    assert client.get(f"/p/{event.slug}/me/{family}/").status_code == 200
    scoring.entrant_erase(event=event, external_id="57", reason="Her request")
    mary.refresh_from_db()
    assert {mary.page_code, mary.family_code}.isdisjoint({page, family})
    assert page_opened(event, page) is None and page_opened(event, family) is None
    for code in (page, family):
        assert client.get(f"/p/{event.slug}/me/{code}/").status_code == 404
        assert (
            b"No page has this code"
            in client.get(reverse("public:find_me", args=[event.slug]), {"code": code}).content
        )
    for subscription in (kim, own):
        subscription.refresh_from_db()
        assert subscription.email == "" and subscription.unsubscribed_at is not None
    kept.refresh_from_db()
    assert kept.email == "lee@example.org" and kept.unsubscribed_at is None
    record = json.dumps(person_record(event, "57"), ensure_ascii=False)
    assert "kim@example.org" not in record and [t for t in MARY_TRACES if t in record] == []


def test_a_refused_erasure_leaves_their_page_and_notices_as_they_were():
    event, mary, _other = _registered_mary()
    kim = notice_subscribe(entrant=mary, email="kim@example.org", family=True)
    with pytest.raises(RuleError, match="a reason is needed"):
        scoring.entrant_erase(event=event, external_id="57", reason="  ")
    fresh = Entrant.objects.get(pk=mary.pk)
    assert (fresh.page_code, fresh.family_code) == (mary.page_code, mary.family_code)
    kim.refresh_from_db()
    assert kim.email == "kim@example.org"


def test_an_erased_person_s_results_stay_and_nobody_else_s_place_changes(
    django_capture_on_commit_callbacks,
):
    event, mary = _played()
    places = _places(event)
    GeneratedDocument.objects.create(event=event, kind="results")
    with django_capture_on_commit_callbacks(execute=True):
        erased = scoring.entrant_erase(event=event, external_id="57", reason="Her request")
    assert erased.words == "Withdrawn entrant #57"
    assert _places(event) == places
    mary.refresh_from_db()
    assert mary.name == "Withdrawn entrant #57" and mary.erased_at is not None
    for field in ("club", "email", "phone", "emergency_contact", "address", "state", "family"):
        assert getattr(mary, field) == "", field
    assert mary.birth_date is None and mary.stated_age == 76
    assert mary.division.name == "70-74" and mary.status == Entrant.Status.CHECKED_IN
    assert public_names(event, among=[mary]) == {"57": "Withdrawn entrant #57"}
    erasure = Erasure.objects.get(event=event)
    assert (erasure.external_id, erasure.reason, erasure.by_label) == (
        "57",
        "Her request",
        "command line (organizer)",
    )
    assert not GeneratedDocument.objects.filter(event=event).exists()


def test_an_erasure_rewrites_every_note_and_reason_that_named_them():
    event, mary = _played()
    scoring.entrant_erase(event=event, external_id="57", reason="Asked by e-mail")
    lines = ScoreChange.objects.filter(division__event=event)
    at_table = lines.get(at_table_player=mary, action="entered")
    assert at_table.actor_label.startswith("Withdrawn entrant #57 at the table")
    assert at_table.address is None
    assert lines.get(action="corrected").reason == "Withdrawn entrant #57 said 13"
    assert Penalty.objects.get(round__division__event=event).reason == (
        "Withdrawn entrant #57 saw it"
    )
    assert EntrantStatusChange.objects.get(entrant=mary).reason == ""
    reasons = EntrantStatusChange.objects.filter(entrant__event=event).values_list(
        "reason", flat=True
    )
    assert "Sat by Withdrawn entrant #57" in reasons
    assert Announcement.objects.get(event=event).text == (
        "Withdrawn entrant #57's car lights are on"
    )
    held = json.dumps(event_backup(event), ensure_ascii=False)
    assert [t for t in MARY_TRACES if t in held] == []


def test_an_erased_person_not_yet_seated_is_withdrawn_in_the_event_s_language():
    event = EventFactory(language="fr")
    late = EntrantFactory(division=DivisionFactory(event=event), external_id="90", **MARY)
    scoring.entrant_erase(event=event, external_id="90", reason="Demande écrite")
    late.refresh_from_db()
    assert late.name == "Joueur retiré #90"
    assert late.status == Entrant.Status.WITHDRAWN
    assert late.status_changes.get().reason == "données personnelles effacées"


@pytest.mark.parametrize(
    ("external_id", "reason", "refusal"),
    [
        ("999", "Asked", "There is no entrant with id '999'"),
        ("57", "  ", "a reason is needed"),
    ],
)
def test_an_erasure_of_no_one_or_without_a_reason_is_refused(external_id, reason, refusal):
    event, mary = _with_mary()
    with pytest.raises(RuleError, match=refusal):
        scoring.entrant_erase(event=event, external_id=external_id, reason=reason)
    mary.refresh_from_db()
    assert mary.name == "Mary Smith" and not Erasure.objects.exists()


def test_a_player_at_a_table_in_play_or_erased_already_is_refused():
    event, mary = _with_mary()
    with pytest.raises(RuleError, match="is playing in 70-74, round 1"):
        scoring.entrant_erase(event=event, external_id="57", reason="Asked")
    mary.refresh_from_db()
    assert mary.email == MARY["email"]
    services.entrants_withdraw(event=event, ids=["57"], reason="Left")
    scoring.entrant_erase(event=event, external_id="57", reason="Asked")
    with pytest.raises(RuleError, match="erased already"):
        scoring.entrant_erase(event=event, external_id="57", reason="Asked again")
    assert Erasure.objects.count() == 1


def test_an_erased_person_is_never_imported_again():
    event, _mary = _played()
    scoring.entrant_erase(event=event, external_id="57", reason="Asked")
    data = b"entrant_id,first_name,last_name,email\n57,Mary,Smith,m@example.org\n"
    with pytest.raises(RuleError, match="erased at their request"):
        services.entrants_import(event=event, parsed=read_registrations(data), update=True)


def test_the_public_pages_show_the_withdrawn_entrant_with_their_place():
    event, _mary = _played()
    scoring.entrant_erase(event=event, external_id="57", reason="Asked")
    page = Client().get(f"/p/{event.slug}/results/").content.decode()
    assert "Withdrawn entrant #57" in page and "Mary" not in page


# --------------------------------------------------------------- backups after an erasure


def _comparable(data: dict) -> dict:
    """A backup without its short name and table codes (a copy restored beside its
    original gets codes of its own): everything else comes back as it was."""
    data = json.loads(json.dumps(data))
    data["event"].pop("slug")
    for round_ in data["rounds"]:
        for table in round_["tables"]:
            table.pop("codes")
    return data


def test_a_backup_after_an_erasure_restores_nothing_erased():
    event, _mary = _played()
    scoring.entrant_erase(event=event, external_id="57", reason="Asked")
    data = event_backup(event)
    copy = event_restore(json.loads(json.dumps(data)), slug="copy")
    again = event_backup(copy)
    held = json.dumps(again, ensure_ascii=False)
    assert [t for t in MARY_TRACES if t in held] == []
    assert _comparable(again) == _comparable(data)
    restored = copy.entrants.get(external_id="57")
    assert restored.erased_at is not None and restored.name == "Withdrawn entrant #57"
    assert _places(copy) == _places(event)


def test_a_backup_made_before_an_erasure_restores_the_person_erased():
    event, _mary = _played()
    before = json.loads(json.dumps(event_backup(event)))
    scoring.entrant_erase(event=event, external_id="57", reason="Asked")
    copy = event_restore(before, slug="older-copy")
    held = json.dumps(event_backup(copy), ensure_ascii=False)
    assert [t for t in MARY_TRACES if t in held] == []
    assert copy.entrants.get(external_id="57").name == "Withdrawn entrant #57"
    assert Erasure.objects.filter(event=copy).get().reason == scoring.privacy.RESTORED_BY
    assert _places(copy) == _places(event)


def test_an_erasure_reaches_every_copy_of_the_event_restored_here():
    event, _mary = _played()
    copy = event_restore(json.loads(json.dumps(event_backup(event))), slug="copy")
    scoring.entrant_erase(event=event, external_id="57", reason="Asked")
    held = json.dumps(event_backup(copy), ensure_ascii=False)
    assert [t for t in MARY_TRACES if t in held] == []
    assert Erasure.objects.filter(event=copy, reason="Asked").exists()


def test_an_old_backup_without_the_privacy_fields_still_restores():
    event, _mary = _with_mary()
    data = json.loads(json.dumps(event_backup(event)))
    del data["erasures"]
    for key in ("public_names", "personal_data_days", "personal_purged_at", "ended_forgotten_at"):
        del data["event"][key]
    for entrant in data["entrants"]:
        for key in ("emergency_contact", "address", "public_opt_out", "erased_at"):
            del entrant[key]
    copy = event_restore(data, slug="old-copy")
    assert (copy.public_names, copy.personal_data_days) == ("full", 90)
    assert copy.entrants.get(external_id="57").email == MARY["email"]


# --------------------------------------------------------------- everything held about one


def test_export_gives_everything_held_about_one_person():
    event, mary = _played()
    record = person_record(event, "57")
    assert record["entrant"]["email"] == MARY["email"]
    assert record["entrant"]["birth_date"] == "1950-03-04"
    assert record["entrant"]["division"] == "70-74"
    assert record["public_name"] == "Mary Smith"
    assert record["personal_data"]["deleted_on"] == DUE.isoformat()
    assert record["seats"] and record["rack_totals"] and record["placing"]["place"]
    assert any(line["made_by_them_at_the_table"] for line in record["audit"])
    assert [c["reason"] for c in record["status_changes"] if c["reason"]] == ["Mary has a bad hip"]
    assert record["erasure"] is None
    assert record["player_page"]["notices"] == []
    json.dumps(record)  # plain data
    scoring.entrant_erase(event=event, external_id="57", reason="Asked")
    after = person_record(event, "57")
    assert after["erasure"]["reason"] == "Asked"
    assert [t for t in MARY_TRACES if t in json.dumps(after, ensure_ascii=False)] == []
    with pytest.raises(RuleError, match="There is no entrant with id 'nobody'"):
        person_record(event, "nobody")


def test_export_holds_every_check_in_and_the_games_others_entered_at_their_table():
    event = EventFactory(date=timezone.localdate())
    division = DivisionFactory(event=event, name="70-74")
    mary = EntrantFactory(division=division, external_id="57", status=Entrant.Status.REGISTERED)
    others = EntrantFactory.create_batch(7, division=division, status=Entrant.Status.REGISTERED)
    now = timezone.now()
    event.checkin_opens_at = now - datetime.timedelta(minutes=5)
    event.checkin_closes_at = now + datetime.timedelta(hours=1)
    event.save()
    services.entrant_set_status(entrant=mary, status=Entrant.Status.ABSENT)
    services.entrant_set_status(entrant=mary, status=Entrant.Status.REGISTERED)
    entrant_check_in_self(entrant=mary, at_kiosk=True)
    services.entrants_check_in(event=event, present=[o.external_id for o in others])
    record = person_record(event, "57")
    assert [(c["before"], c["after"]) for c in record["status_changes"]] == [
        ("registered", "absent"),
        ("absent", "registered"),
        ("registered", "checked_in"),
    ]
    assert record["status_changes"][-1]["by"] == "the player, at the kiosk"
    assert person_record(event, others[0].external_id)["status_changes"][0]["after"] == (
        "checked_in"
    )
    services.division_seat_first_round(division=division, seed=3)
    table = Table.objects.get(round=division.rounds.get(), seats__entrant=mary)
    enter(table, 1, [0, 12, 25, 7][: len(seated(table))])
    audit = person_record(event, "57")["audit"]
    assert {line["action"] for line in audit} == {"entered"}, audit
    assert all(line["table"] == table.number for line in audit)
    assert not any(line["made_by_them_at_the_table"] for line in audit)


def test_export_says_when_personal_data_go_never_a_day_past_while_they_are_held():
    today = timezone.localdate()
    event = EventFactory(date=today, personal_data_days=0)
    division = DivisionFactory(event=event)
    EntrantFactory(division=division, external_id="57")
    EntrantFactory(division=division)
    record = person_record(event, "57")["personal_data"]
    assert record["deleted_on"] is None  # still being played: they go once it ends
    assert record["days_after_the_event"] == 0
    later = EventFactory(date=today + datetime.timedelta(days=3), personal_data_days=90)
    EntrantFactory(division=DivisionFactory(event=later), external_id="58")
    due = person_record(later, "58")["personal_data"]["deleted_on"]
    assert due == (today + datetime.timedelta(days=93)).isoformat()


def test_keeping_off_the_public_pages_is_asked_and_undone():
    event, mary = _with_mary()
    hidden = services.entrant_public_name_set(entrant=mary, hidden=True)
    assert hidden.public_opt_out and public_names(event, among=[hidden]) == {"57": "M. S."}
    shown = services.entrant_public_name_set(entrant=mary, hidden=False)
    assert public_names(event, among=[shown]) == {"57": "Mary Smith"}


def test_the_scheduled_task_deletes_what_is_due(settings):
    from web.tasks import purge_personal_data

    schedule = settings.CELERY_BEAT_SCHEDULE["purge-personal-data"]
    assert schedule["task"] == purge_personal_data.name
    long_ago = timezone.localdate() - datetime.timedelta(days=200)
    event = EventFactory(date=long_ago)
    old = EntrantFactory(division=DivisionFactory(event=event), email="old@example.org")
    EventFactory(date=timezone.localdate())  # today's: kept
    assert purge_personal_data() == 1  # purged (not ended: its division never finished)
    old.refresh_from_db()
    assert old.email == "" and old.birth_date is None
    assert purge_personal_data() == 0


def test_an_erasure_rewrites_the_names_a_seating_note_is_said_again_from():
    division = DivisionFactory(event=EventFactory())
    EntrantFactory.create_batch(7, division=division, club=MARY["club"])
    EntrantFactory(division=division, external_id="57", **MARY)
    services.division_seat_first_round(division=division, seed=1)
    notes = Round.objects.get(division=division).seating_notes
    assert any(
        "Mary Smith" in n.get("parts", {}).get("who", []) for n in notes
    )  # the note names her
    services.entrants_withdraw(event=division.event, ids=["57"], reason="Went home")
    scoring.entrant_erase(event=division.event, external_id="57", reason="Asked by e-mail")
    notes = Round.objects.get(division=division).seating_notes
    assert "Mary" not in json.dumps(notes)
    assert any("Withdrawn entrant #57" in w for w in Round.objects.get(division=division).warnings)
