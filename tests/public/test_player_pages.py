"""The player's own page, its family copy, find-my-table's way to it, the kiosk and the
desk's part, through Django's test client."""

import datetime

import pytest
from django.test import Client
from django.utils import timezone

from scoring import services as scoring
from scoring.services import division_advance
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, enter, seated
from tests.helpers import organizer_client
from tournaments import services
from tournaments.models import Entrant, Event, NoticeSubscription, page_code_shown
from tournaments.selectors.public_names import public_name as public_name

pytestmark = pytest.mark.django_db


def open_window(event, hours=2):
    now = timezone.now()
    event.checkin_opens_at = now - datetime.timedelta(minutes=5)
    event.checkin_closes_at = now + datetime.timedelta(hours=hours)
    event.save()


def registered(players=5, **event_settings):
    event = EventFactory(**event_settings)
    division = DivisionFactory(event=event, name="70-79")
    entrants = EntrantFactory.create_batch(
        players, division=division, status=Entrant.Status.REGISTERED
    )
    return event, division, entrants


def test_the_page_polls_not_modified_until_the_table_changes():
    event, division, _ = registered(8, confirmation="second-person")
    Entrant.objects.filter(event=event).update(status=Entrant.Status.CHECKED_IN)
    services.division_seat_first_round(division=division, seed=7)
    table = division.rounds.get().tables.order_by("number").first()
    mary = seated(table)[0]
    client = Client()
    page = client.get(f"/p/{mary.event.slug}/me/{mary.family_code}/")
    assert page.status_code == 200
    assert page["Referrer-Policy"] == "same-origin"
    etag = page.context["etag"]
    live = f"/p/{mary.event.slug}/me/{mary.family_code}/live/"
    assert client.get(live, HTTP_IF_NONE_MATCH=etag).status_code == 304
    # A scorekeeper's entry, not an organizer's: it waits for a second person's confirmation.
    scoring.game_record(
        table=table, number=1, racks=dict(zip(seated(table), [0, 10, 20, 30], strict=True))
    )
    changed = client.get(live, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200 and changed["ETag"] != etag
    html = changed.content.decode()
    assert "to confirm" in html
    assert client.get(live, HTTP_IF_NONE_MATCH=changed["ETag"]).status_code == 304


def test_a_replaced_code_opens_nothing():
    _, _, (mary, *_) = registered()
    old = mary.page_code
    family = mary.family_code
    client = organizer_client(mary.event)
    response = client.post(
        f"/e/{mary.event.slug}/desk/entrants/{mary.pk}/page/", {"which": "player"}
    )
    assert response.status_code == 302
    mary.refresh_from_db()
    assert mary.page_code != old and mary.family_code == family
    assert Client().get(f"/p/{mary.event.slug}/me/{old}/").status_code == 404
    assert Client().get(f"/p/{mary.event.slug}/me/{mary.page_code}/").status_code == 200


def test_check_in_from_the_page_within_the_window_only():
    event, _, (mary, *_) = registered()
    client = Client()
    client.post(f"/p/{mary.event.slug}/me/{mary.page_code}/checkin/")
    mary.refresh_from_db()
    assert mary.status == Entrant.Status.REGISTERED
    open_window(event)
    assert client.post(f"/p/{mary.event.slug}/me/{mary.family_code}/checkin/").status_code == 404
    client.post(f"/p/{mary.event.slug}/me/{mary.page_code}/checkin/")
    mary.refresh_from_db()
    assert mary.status == Entrant.Status.CHECKED_IN and mary.self_checked_in_at
    assert not mary.self_checked_in_at_kiosk
    desk = organizer_client(event).get(f"/e/{event.slug}/desk/checkin/")
    assert "by themselves on their page" in desk.content.decode()


def test_find_my_table_opens_the_page_by_name_and_birth_year_or_code():
    event, _, (mary, *_) = registered()
    found = Client().post(
        f"/p/{event.slug}/find/me/", {"name": mary.last_name.lower(), "year": "1950"}
    )
    assert (
        found.status_code == 302
        and found["Location"] == f"/p/{mary.event.slug}/me/{mary.page_code}/"
    )
    wrong = Client().post(f"/p/{event.slug}/find/me/", {"name": mary.last_name, "year": "1951"})
    assert wrong.status_code == 200 and "Nobody of that name" in wrong.content.decode()
    assert f'value="{mary.last_name}"' in wrong.content.decode()  # kept to correct
    by_code = Client().get(
        f"/p/{event.slug}/find/me/", {"code": page_code_shown(mary.family_code).lower()}
    )
    assert by_code["Location"] == f"/p/{mary.event.slug}/me/{mary.family_code}/"


def test_find_my_table_takes_a_name_and_birth_year_only_posted_with_its_token():
    event, _, (mary, *_) = registered()
    find_page = Client().get(f"/p/{event.slug}/find/").content.decode()
    form = find_page[find_page.index('id="own-page-heading"') :]
    assert '<form method="post"' in form and "csrfmiddlewaretoken" in form
    in_address = Client().get(f"/p/{event.slug}/find/me/", {"name": mary.last_name, "year": "1950"})
    assert in_address.status_code == 200 and mary.page_code not in in_address.content.decode()
    guarded = Client(enforce_csrf_checks=True)
    refused = guarded.post(f"/p/{event.slug}/find/me/", {"name": mary.last_name, "year": "1950"})
    assert refused.status_code in (401, 403) and "Location" not in refused


def test_the_kiosk_needs_an_organizer_then_checks_players_in():
    event, division, (mary, bo, *_) = registered()
    division.starts_at, division.place = datetime.time(13, 0), "at the tables by the window"
    division.save()
    tablet = Client()
    assert tablet.get(f"/e/{event.slug}/kiosk/").status_code == 403
    organizer = organizer_client(event)
    organizer.post(f"/e/{event.slug}/kiosk/open/")
    assert "_auth_user_id" not in organizer.session  # signed out: the tablet only checks in
    assert organizer.get(f"/e/{event.slug}/desk/").status_code == 302
    kiosk = f"/e/{event.slug}/kiosk/"
    closed = organizer.post(kiosk, {"name": mary.last_name, "year": "1950"})
    assert "Check-in is at the desk" in closed.content.decode()  # said at once, too
    open_window(event)
    welcome = organizer.post(kiosk, {"name": mary.last_name, "year": "1950"}).content.decode()
    assert f'Welcome, <span dir="auto">{mary.first_name}</span>: you are checked in' in welcome
    assert "Your division starts at 1:00 pm at the tables by the window." in welcome
    scanned = organizer.post(kiosk, {"code": f"http://hall.test/p/{event.slug}/me/{bo.page_code}/"})
    assert "you are checked in" in scanned.content.decode()
    family = organizer.post(kiosk, {"code": bo.family_code}).content.decode()
    assert "This is a family link" in family
    mary.refresh_from_db()
    assert mary.self_checked_in_at_kiosk


def test_a_closed_kiosk_says_so_at_once():
    event, _, (mary, *_) = registered()
    tablet = organizer_client(event)
    tablet.post(f"/e/{event.slug}/kiosk/open/")
    shown = tablet.get(f"/e/{event.slug}/kiosk/").content.decode()
    assert "Check-in is at the desk." in shown and 'name="year"' not in shown
    open_window(event)
    shown = tablet.get(f"/e/{event.slug}/kiosk/").content.decode()
    assert "Check-in is at the desk." not in shown and 'name="year"' in shown


def test_the_kiosk_keeps_a_wrong_birth_year_typed_to_correct_it():
    event, _, (mary, *_) = registered()
    open_window(event)
    tablet = organizer_client(event)
    tablet.post(f"/e/{event.slug}/kiosk/open/")
    wrong = tablet.post(f"/e/{event.slug}/kiosk/", {"name": mary.last_name, "year": "1951"})
    html = wrong.content.decode()
    assert "Nobody of that name was born in that year" in html
    assert f'value="{mary.last_name}"' in html and 'value="1951"' in html


def test_the_kiosk_tells_a_seated_player_their_table():
    event, division, players = registered(8)
    services.entrants_check_in(event=event, present=[p.external_id for p in players])
    services.division_seat_first_round(division=division, seed=1)
    open_window(event)
    tablet = organizer_client(event)
    tablet.post(f"/e/{event.slug}/kiosk/open/")
    table = division.rounds.get().tables.order_by("number").first()
    player = seated(table)[0]
    seat = player.seats.get(table=table).number
    html = tablet.post(f"/e/{event.slug}/kiosk/", {"code": player.page_code}).content.decode()
    assert "you were already checked in" in html
    assert f"Table {table.number}, seat {seat}" in html


def test_the_next_person_at_the_kiosk_meets_the_event_language():
    event, _, _ = registered(language="fr")
    open_window(event)
    tablet = organizer_client(event)
    tablet.post(f"/e/{event.slug}/kiosk/open/")
    tablet.post("/i18n/setlang/", {"language": "es", "next": f"/e/{event.slug}/kiosk/"})
    assert 'lang="es"' in tablet.get(f"/e/{event.slug}/kiosk/").content.decode()
    reset = tablet.get(f"/e/{event.slug}/kiosk/?next=1")
    assert reset.status_code == 302 and reset["Location"] == f"/e/{event.slug}/kiosk/"
    assert 'lang="fr"' in tablet.get(reset["Location"]).content.decode()


def test_nobody_checks_in_at_the_kiosk_once_their_division_is_seated():
    event, division, players = registered(6)
    services.entrants_check_in(event=event, present=[p.external_id for p in players[:5]])
    services.division_seat_first_round(division=division, seed=1)
    open_window(event)
    tablet = organizer_client(event)
    tablet.post(f"/e/{event.slug}/kiosk/open/")
    late = players[5]
    answer = tablet.post(f"/e/{event.slug}/kiosk/", {"code": late.page_code}).content.decode()
    assert "already seated" in answer
    late.refresh_from_db()
    assert late.status == Entrant.Status.REGISTERED


def test_notices_asked_for_and_stopped_on_the_page():
    _, _, (mary, *_) = registered()
    client = Client()
    client.post(f"/p/{mary.event.slug}/me/{mary.family_code}/notices/", {"email": "not an address"})
    assert not NoticeSubscription.objects.exists()
    client.post(
        f"/p/{mary.event.slug}/me/{mary.family_code}/notices/", {"email": "grandson@example.org"}
    )
    subscription = NoticeSubscription.objects.get()
    assert subscription.via == "family"
    # The player's page does not list (nor stop) the family's address.
    player = Client().get(f"/p/{mary.event.slug}/me/{mary.page_code}/").content.decode()
    assert "grandson@example.org" not in player
    stop = f"/p/{mary.event.slug}/me/{mary.page_code}/notices/{subscription.key}/stop/"
    assert client.post(stop).status_code == 404
    client.post(f"/p/{mary.event.slug}/me/{mary.family_code}/notices/{subscription.key}/stop/")
    subscription.refresh_from_db()
    assert subscription.unsubscribed_at is not None


def test_a_family_link_shows_and_stops_only_the_address_this_browser_left():
    _, _, (mary, *_) = registered()
    family_page = f"/p/{mary.event.slug}/me/{mary.family_code}/"
    grandson, daughter = Client(), Client()
    grandson.post(f"{family_page}notices/", {"email": "grandson@example.org"})
    daughter.post(f"{family_page}notices/", {"email": "daughter@example.org"})
    his = NoticeSubscription.objects.get(email="grandson@example.org")
    hers = NoticeSubscription.objects.get(email="daughter@example.org")
    seen = daughter.get(family_page).content.decode()
    assert "daughter@example.org" in seen and hers.key in seen
    assert "grandson@example.org" not in seen and his.key not in seen
    stranger = Client().get(family_page).content.decode()
    assert "@example.org" not in stranger and "its own link to stop them" in stranger
    assert daughter.post(f"{family_page}notices/{his.key}/stop/").status_code == 404
    his.refresh_from_db()
    assert his.unsubscribed_at is None
    # Typing his address does not make it hers to see or stop.
    daughter.post(f"{family_page}notices/", {"email": "grandson@example.org"})
    assert his.key not in daughter.get(family_page).content.decode()
    assert daughter.post(f"{family_page}notices/{his.key}/stop/").status_code == 404
    assert grandson.post(f"{family_page}notices/{his.key}/stop/").status_code == 302
    his.refresh_from_db()
    assert his.unsubscribed_at is not None


def test_a_refused_address_stays_typed_beside_its_error():
    _, _, (mary, *_) = registered()
    family_page = f"/p/{mary.event.slug}/me/{mary.family_code}/"
    client = Client()
    client.post(f"{family_page}notices/", {"email": "grandson@example"})
    page = client.get(family_page).content.decode()
    assert 'value="grandson@example"' in page
    assert 'id="email-error" role="alert">“grandson@example” is not an e-mail' in page
    again = client.get(family_page).content.decode()
    assert 'value="grandson@example"' not in again


def test_the_desk_opens_the_window_and_sets_a_division_start():
    event, division, _ = registered()
    desk = organizer_client(event)
    desk.post(f"/e/{event.slug}/desk/checkin/window/", {"window": "now"})
    event.refresh_from_db()
    assert event.checkin_opens_at <= timezone.now() < event.checkin_closes_at
    desk.post(
        f"/e/{event.slug}/desk/divisions/{division.pk}/day/",
        {f"d{division.pk}-starts_at": "13:00", f"d{division.pk}-place": " in  the back room "},
    )
    division.refresh_from_db()
    assert division.starts_at == datetime.time(13, 0) and division.place == "in the back room"
    desk.post(f"/e/{event.slug}/desk/checkin/window/", {"window": "close"})
    event.refresh_from_db()
    assert event.checkin_opens_at is None


def test_a_player_who_went_on_sees_the_next_table():
    event, division, _ = registered(8)
    Entrant.objects.filter(event=event).update(status=Entrant.Status.CHECKED_IN)
    services.division_seat_first_round(division=division, seed=7)
    for table in division.rounds.get().tables.all():
        for number in (1, 2, 3):
            enter(table, number, [0, 10, 20, 30])
    winner = seated(division.rounds.get().tables.order_by("number").first())[0]
    division_advance(division=division)
    html = Client().get(f"/p/{winner.event.slug}/me/{winner.family_code}/").content.decode()
    assert "went on" in html and "the final" in html


def test_the_page_ends_a_sentence_on_a_time_with_one_period():
    event, _, (mary, *_) = registered()
    open_window(event)
    tomorrow = timezone.localdate() + datetime.timedelta(days=1)
    event.checkin_closes_at = timezone.make_aware(
        datetime.datetime.combine(tomorrow, datetime.time(21, 55))
    )
    event.save()
    html = Client().get(f"/p/{event.slug}/me/{mary.page_code}/").content.decode()
    assert "until 9:55 pm.</p>" in html and "pm.." not in html


def test_the_family_copy_speaks_of_the_player_by_name():
    event, division, _ = registered(8)
    Entrant.objects.filter(event=event).update(status=Entrant.Status.CHECKED_IN)
    services.division_seat_first_round(division=division, seed=7)
    table = division.rounds.get().tables.order_by("number").first()
    enter(table, 1, [0, 10, 20, 30])
    player = seated(table)[0]
    name = public_name(player)
    family = Client().get(f"/p/{event.slug}/me/{player.family_code}/").content.decode()
    assert f"{name}'s games" in family and f"left on {name}'s rack" in family
    assert "Your games" not in family and "your rack" not in family
    own = Client().get(f"/p/{event.slug}/me/{player.page_code}/").content.decode()
    assert "Your games" in own and "left on your rack" in own


def test_find_my_table_says_why_names_are_not_shown():
    event, division, players = registered(6, public_names="none")
    services.entrants_check_in(event=event, present=[p.external_id for p in players])
    services.division_seat_first_round(division=division, seed=1)
    html = Client().get(f"/p/{event.slug}/find/", {"q": players[0].last_name}).content.decode()
    assert "Names are not shown at this event" in html and "code on your slip" in html
    shown = EventFactory(public_names="full")
    plain = Client().get(f"/p/{shown.slug}/find/", {"q": "smith"}).content.decode()
    assert "Names are not shown" not in plain


def test_find_my_table_stops_answering_a_name_after_wrong_years_and_the_slip_still_opens():
    event, _, (mary, *_) = registered()
    find = f"/p/{event.slug}/find/me/"
    for year in ("1947", "1948", "1949"):
        wrong = Client().post(find, {"name": mary.last_name, "year": year}).content.decode()
        assert "Nobody of that name" in wrong
    right = Client().post(find, {"name": mary.last_name, "year": "1950"})
    assert right.status_code == 200 and "Too many wrong birth years" in right.content.decode()
    assert mary.page_code not in right.content.decode()
    by_code = Client().get(find, {"code": page_code_shown(mary.page_code)})
    assert by_code["Location"] == f"/p/{event.slug}/me/{mary.page_code}/"


def test_find_my_table_answers_no_name_that_matches_too_many_players():
    event, _, players = registered(12)
    broad = Client().post(f"/p/{event.slug}/find/me/", {"name": "player", "year": "1950"})
    assert broad.status_code == 200
    assert "type your first and last name" in broad.content.decode()
    assert all(p.page_code not in broad.content.decode() for p in players)


def test_the_kiosk_stops_answering_a_name_after_wrong_years_and_a_scanned_slip_still_works():
    event, _, (mary, *_) = registered()
    open_window(event)
    tablet = organizer_client(event)
    tablet.post(f"/e/{event.slug}/kiosk/open/")
    kiosk = f"/e/{event.slug}/kiosk/"
    for year in ("1947", "1948", "1949"):
        assert (
            "Nobody of that name"
            in tablet.post(kiosk, {"name": mary.last_name, "year": year}).content.decode()
        )
    refused = tablet.post(kiosk, {"name": mary.last_name, "year": "1950"}).content.decode()
    assert "Too many wrong birth years" in refused and "you are checked in" not in refused
    mary.refresh_from_db()
    assert mary.status == Entrant.Status.REGISTERED
    scanned = tablet.post(kiosk, {"code": mary.page_code}).content.decode()
    assert "you are checked in" in scanned
    mary.refresh_from_db()
    assert mary.status == Entrant.Status.CHECKED_IN


def test_the_family_page_shows_nothing_private():
    event, _, (mary, *_) = registered()
    Entrant.objects.filter(pk=mary.pk).update(
        email="mary.private@example.org",
        phone="(770) 555-0100",
        emergency_contact="Tom (770) 555-0101",
        address="12 Elm Street",
        state="GA",
        birth_date=datetime.date(1950, 3, 4),
    )
    mary.refresh_from_db()
    open_window(event)
    player = Client()
    own_page = f"/p/{event.slug}/me/{mary.page_code}/"
    player.post(f"{own_page}notices/", {"email": "mary.notices@example.org"})
    mine = NoticeSubscription.objects.get(entrant=mary)
    family = Client()
    family_page = f"/p/{event.slug}/me/{mary.family_code}/"
    family.post(f"{family_page}notices/", {"email": "grandson@example.org"})
    # The player's own page has what the family's must not (so the test reads real pages).
    own = player.get(own_page).content.decode()
    assert "I am here: check me in" in own and "mary.notices@example.org" in own
    assert page_code_shown(mary.page_code) in own
    for part in ("", "live/"):
        shown = family.get(family_page + part).content.decode()
        for private in (
            "I am here: check me in",
            f"{own_page}checkin/",
            mary.page_code,
            page_code_shown(mary.page_code),
            "mary.private@example.org",
            "mary.notices@example.org",
            mine.key,
            "555-0100",
            "555-0101",
            "Elm Street",
            "1950",
            "03-04",
            "Share with family",
        ):
            assert private not in shown, (part, private)
    page = family.get(family_page).content.decode()
    assert "grandson@example.org" in page and page_code_shown(mary.family_code) in page
    # Nor does the family's code act as the player's.
    assert family.post(f"{family_page}checkin/").status_code == 404
    assert family.post(f"{family_page}notices/{mine.key}/stop/").status_code == 404
    mary.refresh_from_db()
    mine.refresh_from_db()
    assert mary.status == Entrant.Status.REGISTERED and mine.unsubscribed_at is None


def test_a_player_keeps_themselves_off_the_public_pages_from_their_own_page():
    event, division, (mary, *_) = registered()
    Entrant.objects.filter(event=event).update(status=Entrant.Status.CHECKED_IN)
    services.division_seat_first_round(division=division, seed=3)
    player = Client()
    own_page = f"/p/{event.slug}/me/{mary.page_code}/"
    full = f"{mary.first_name} {mary.last_name}"
    initials = f"{mary.first_name[0]}. {mary.last_name[0]}."
    assert "Keep me off the public pages" in player.get(own_page).content.decode()
    # The family's copy can neither see the button nor use it.
    family_page = f"/p/{event.slug}/me/{mary.family_code}/"
    assert "Keep me off the public pages" not in Client().get(family_page).content.decode()
    assert Client().post(f"{family_page}public-name/", {"hidden": "1"}).status_code == 404
    mary.refresh_from_db()
    assert not mary.public_opt_out
    kept_off = player.post(f"{own_page}public-name/", {"hidden": "1"}, follow=True)
    page = kept_off.content.decode()
    assert f"The public pages now show you as {initials}." in page
    assert "Show my name on the public pages again" in page
    found = Client().get(f"/p/{event.slug}/find/", {"q": mary.last_name}).content.decode()
    assert initials in found and full not in found
    shown = player.post(f"{own_page}public-name/", {"hidden": "0"}, follow=True).content.decode()
    assert f"The public pages now show you as {full}." in shown
    mary.refresh_from_db()
    assert not mary.public_opt_out
    assert player.get(f"{own_page}public-name/").status_code == 405


def test_no_address_is_left_on_the_page_once_the_event_is_over():
    event, _, (mary, *_) = registered()
    own_page = f"/p/{event.slug}/me/{mary.page_code}/"
    assert "Send me these e-mails" in Client().get(own_page).content.decode()
    Event.objects.filter(pk=event.pk).update(archived_at=timezone.now())
    page = Client().get(own_page).content.decode()
    assert "Send me these e-mails" not in page
    assert "This event is over: no more e-mails are sent about it." in page
    refused = Client().post(f"{own_page}notices/", {"email": "kim@example.org"}, follow=True)
    assert "This event is over" in refused.content.decode()
    assert not NoticeSubscription.objects.exists()
