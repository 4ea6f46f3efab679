"""Removing and restoring events: a restore whose short name is taken
says so and offers a free one; an organizer deletes an event they run after typing its
name, on a page that says what goes; finished and archived events leave the scorekeepers'
and the public's lists. Django's test client, then Chromium for what people see."""

import json
import re

import pytest
from django.core.files.base import ContentFile
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from playwright.sync_api import expect

from printing.models import GeneratedDocument
from scoring import services as scoring
from scoring.backup import event_backup
from scoring.models import Game, RackScore, ScoreChange
from tournaments import services
from tournaments.models import Division, Entrant, Event, Round

from .conftest import (
    CLEAR_GAMES,
    SCREENSHOTS,
    axe_violations,
    build_world,
    import_rows,
    login,
    people_rows,
    play_games,
    simple_people,
)

pytestmark = pytest.mark.django_db


def client_for(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def upload(data: dict, name="county.json") -> SimpleUploadedFile:
    return SimpleUploadedFile(name, json.dumps(data).encode(), content_type="application/json")


# ---------------------------------------------------------------- restore


def test_a_restore_whose_short_name_is_taken_offers_a_free_one(world, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    desk = client_for(world.users["organizer"])
    backup = event_backup(world.event)
    answer = desk.post("/events/restore/", {"file": upload(backup), "slug": ""})
    assert answer.status_code == 409
    text = answer.content.decode()
    assert "uses the short name “county-2026”, and an event here already has it" in text
    assert "County Senior Games (May 14, 2026)" in text
    assert 'value="county-2026-2"' in text
    assert "not a backup" not in text
    token = re.search(r'name="token" value="(\w+)"', text).group(1)
    assert Event.objects.count() == 2
    # The organizer picks another taken name: asked again, the file still kept.
    again = desk.post("/events/restore/", {"token": token, "slug": "city-2026"})
    assert again.status_code == 409
    assert "“city-2026”" in again.content.decode()
    # Then the name offered: restored, and the kept file removed.
    # A free name: the desk asks first, then restores on "yes".
    asked = desk.post("/events/restore/", {"token": token, "slug": "county-2026-2"})
    assert "Restore County Senior Games as a new event?" in asked.content.decode()
    assert not Event.objects.filter(slug="county-2026-2").exists()
    done = desk.post(
        "/events/restore/",
        {"token": token, "slug": "county-2026-2", "confirmed": "yes"},
        follow=True,
    )
    assert "County Senior Games restored as county-2026-2." in done.content.decode()
    copy = Event.objects.get(slug="county-2026-2")
    assert world.users["organizer"] in copy.organizers.all()
    assert list((tmp_path / "restores").iterdir()) == []
    # The same token again: the file is gone, said in words.
    gone = desk.post("/events/restore/", {"token": token, "slug": "x"}, follow=True)
    assert "That file is no longer here: choose the backup again." in gone.content.decode()
    # The next free name skips the one now taken.
    third = desk.post("/events/restore/", {"file": upload(backup), "slug": ""})
    assert 'value="county-2026-3"' in third.content.decode()


def test_an_organizer_restores_from_the_home_page_on_a_machine_with_no_event(
    world, settings, tmp_path
):
    settings.MEDIA_ROOT = str(tmp_path)
    backup = event_backup(world.event)
    # The event is gone (another laptop, say): the home page is the way in.
    scoring.event_delete(event=world.event, typed_name=world.event.name)
    desk = client_for(world.users["organizer"])
    home = desk.get("/").content.decode()
    assert "Restore an event from a backup file" in home
    assert 'action="/events/restore/"' in home and 'name="file"' in home
    asked = desk.post("/events/restore/", {"file": upload(backup), "slug": ""})
    assert "Restore County Senior Games as a new event?" in asked.content.decode()
    token = re.search(r'name="token" value="(\w+)"', asked.content.decode()).group(1)
    done = desk.post(
        "/events/restore/", {"token": token, "slug": "", "confirmed": "yes"}, follow=True
    )
    assert "County Senior Games restored as county-2026." in done.content.decode()
    # A scorekeeper's home page has no restore form.
    assert (
        "Restore an event" not in client_for(world.users["scorekeeper"]).get("/").content.decode()
    )


def test_a_file_that_is_not_a_backup_still_says_so(world, settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)
    desk = client_for(world.users["organizer"])
    answer = desk.post(
        "/events/restore/",
        {"file": SimpleUploadedFile("x.json", b"\xff\xfe not json"), "slug": ""},
        follow=True,
    )
    assert "That file is not a backup made by this program." in answer.content.decode()
    assert Event.objects.count() == 2


# ---------------------------------------------------------------- delete


def played_world(tmp_path):
    """build_world's event with round 1 played, closed and a correction made, a document."""
    world = build_world()
    for table in world.tables:
        play_games(table, CLEAR_GAMES, user=world.users["organizer"])
    scoring.division_advance(division=world.division)
    game = Game.objects.filter(table=world.tables[0]).first()
    scoring.score_correct(
        game=game,
        entrant=game.racks.order_by("rack_total").last().entrant,
        rack_total=29,
        reason="typo",
        user=world.users["organizer"],
    )
    document = GeneratedDocument.objects.create(
        event=world.event, kind="table-list", status="ready", filename="t.pdf"
    )
    document.file.save("t.pdf", ContentFile(b"%PDF-1.4 test"), save=True)
    return world, document


def test_the_organizer_deletes_an_event_after_typing_its_name(settings, tmp_path, db):
    settings.MEDIA_ROOT = str(tmp_path)
    world, document = played_world(tmp_path)
    file_path = tmp_path / document.file.name
    assert file_path.exists()
    event, other = world.event, world.other
    url = f"/e/{event.slug}/desk/delete/"
    desk = client_for(world.users["organizer"])
    page = desk.get(url).content.decode()
    assert "Delete County Senior Games?" in page
    for words in (
        "1 division and 8 entrants",
        "2 rounds with 3 tables, 6 games scored, 0 penalties and 0 tie decisions",
        "the audit trail (7 lines) and 1 printed document",
        "download the backup",
    ):
        assert words in page, words
    # Wrong name: refused beside the field, nothing removed.
    refused = desk.post(url, {"typed_name": "County Games"})
    assert refused.status_code == 200
    assert (
        "To delete it, type the event&#x27;s name as it is shown: County Senior Games"
        in refused.content.decode()
    )
    assert Event.objects.filter(pk=event.pk).exists()
    # Others cannot, whatever they type.
    for role in ("scorekeeper", "other_organizer"):
        assert (
            client_for(world.users[role]).post(url, {"typed_name": event.name}).status_code == 403
        )
    assert Event.objects.filter(pk=event.pk).exists()
    # The right name (case and spaces aside): everything of this event goes, nothing else.
    kept = {
        model: model.objects.count()
        for model in (Entrant, Round, Game, RackScore, ScoreChange, Division)
    }
    mine = {
        Entrant: Entrant.objects.filter(event=event).count(),
        Round: Round.objects.filter(division__event=event).count(),
        Game: Game.objects.filter(table__round__division__event=event).count(),
        RackScore: RackScore.objects.filter(game__table__round__division__event=event).count(),
        ScoreChange: ScoreChange.objects.filter(division__event=event).count(),
        Division: Division.objects.filter(event=event).count(),
    }
    with django_capture_commits():
        done = desk.post(url, {"typed_name": "  county senior  games "}, follow=True)
    assert "County Senior Games was deleted." in done.content.decode()
    assert not Event.objects.filter(pk=event.pk).exists()
    for model, count in kept.items():
        assert model.objects.count() == count - mine[model], model.__name__
    assert not GeneratedDocument.objects.filter(pk=document.pk).exists()
    assert not file_path.exists()
    assert Event.objects.filter(pk=other.pk).exists()
    assert Entrant.objects.filter(event=other).count() == 4


def django_capture_commits():
    """Run on_commit callbacks (the document's file removal) inside a plain django_db test."""
    from django.test import TestCase

    return TestCase.captureOnCommitCallbacks(execute=True)


def test_a_combined_division_and_walkover_delete_too(db):
    world = build_world()
    event = world.event
    for name, first in (("A", "Al"), ("B", "Bo"), ("Solo", "Sol")):
        import_rows(event, people_rows(simple_people([(first, name)]), division=name, prefix=name))
    services.entrants_check_in(event=event)
    combined = services.divisions_combine(event=event, into="AB", names=["A", "B"])
    services.division_seat_first_round(division=combined, seed=1)
    services.division_seat_first_round(division=Division.objects.get(event=event, name="Solo"))
    assert Division.objects.get(event=event, name="Solo").walkover
    scoring.event_delete(event=event, typed_name="County Senior Games")
    assert not Division.objects.filter(event_id=event.pk).exists()
    assert not Entrant.objects.filter(event_id=event.pk).exists()
    assert Event.objects.filter(pk=world.other.pk).exists()


# ---------------------------------------------------------------- lists


def finish(world):
    for table in world.tables:
        play_games(table, CLEAR_GAMES, user=world.users["organizer"])
    scoring.division_advance(division=world.division)
    final = Round.objects.get(division=world.division, number=2).tables.get()
    seats = final.seats.count()
    play_games(final, [[0, 10, 20, 30][:seats]], user=world.users["organizer"])
    scoring.division_advance(division=world.division)
    assert Division.objects.get(pk=world.division.pk).status == "complete"


def home_of(user=None) -> str:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client.get("/").content.decode()


def listed(name: str, page: str) -> bool:
    """The public list names an event as "NAME (its date)" (the name set apart, dir=auto)."""
    return re.search(rf"{re.escape(name)}(</span>)?\s*\(", page) is not None


def test_finished_and_archived_events_leave_the_scorekeepers_and_public_lists(world):
    public = home_of()
    assert listed("County Senior Games", public) and listed("City Senior Games", public)
    finish(world)
    assert not listed("County Senior Games", home_of())
    assert listed("City Senior Games", home_of())
    assert "County Senior Games" not in home_of(world.users["scorekeeper"])
    organizer = home_of(world.users["organizer"])
    assert re.search(
        r"County Senior Games</strong>\s*<span class=\"status\">[^<]*· finished", organizer
    )
    # Archiving the other event, from its desk: it leaves the lists; brought back, it returns.
    desk = client_for(world.users["other_organizer"])
    answer = desk.post(f"/e/{world.other.slug}/desk/archive/", {"archived": "1"}, follow=True)
    assert "City Senior Games is archived" in answer.content.decode()
    assert "City Senior Games" not in home_of()
    assert "City Senior Games" not in home_of(world.users["other_scorekeeper"])
    assert "· archived" in home_of(world.users["other_organizer"])
    desk.post(f"/e/{world.other.slug}/desk/archive/", {"archived": "0"})
    assert listed("City Senior Games", home_of())
    assert "City Senior Games" in home_of(world.users["other_scorekeeper"])
    # Archiving is the organizer's: a scorekeeper is refused.
    refused = client_for(world.users["other_scorekeeper"]).post(
        f"/e/{world.other.slug}/desk/archive/", {"archived": "1"}
    )
    assert refused.status_code == 403
    assert Event.objects.get(pk=world.other.pk).archived_at is None


# ---------------------------------------------------------------- in the browser

VIEWPORTS = [(390, 844), (820, 1180), (1366, 768)]


def check_page(page):
    assert axe_violations(page) == []
    small = page.evaluate(
        """() => [...document.querySelectorAll('main p, main li, main label, main span')]
            .filter(e => e.offsetParent !== null && e.textContent.trim())
            .filter(e => parseFloat(getComputedStyle(e).fontSize) < 18)
            .map(e => e.outerHTML.slice(0, 100))"""
    )
    assert small == []
    for box in page.locator("main button, main input:not([type=hidden]), main a.button").all():
        assert box.bounding_box()["height"] >= 44, box.evaluate("e => e.outerHTML")
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(("width", "height"), VIEWPORTS)
def test_restore_under_a_new_name_and_delete_in_the_browser(
    browser, live_server, settings, tmp_path, width, height
):
    settings.MEDIA_ROOT = str(tmp_path)
    world = build_world()
    backup = tmp_path / "county-2026-backup.json"
    backup.write_text(json.dumps(event_backup(world.event)), encoding="utf-8")
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    base = live_server.url
    login(page, base, "olive")
    page.get_by_text("Restore an event from a backup file").click()
    expect(page.locator("#home_restore_file")).to_be_visible()
    check_page(page)  # the home page with its restore form open
    page.goto(f"{base}/e/{world.event.slug}/desk/backup/")
    check_page(page)  # the restore form, archive and delete on the backup page
    page.set_input_files("#id_file", str(backup))
    # The short name is taken: this page offers a free one, and its button is the
    # organizer's explicit "yes" (no second question).
    page.get_by_role("button", name="Restore…", exact=True).click()
    expect(page.get_by_role("alert")).to_contain_text("an event here already has it")
    expect(page.locator("#id_slug")).to_have_value("county-2026-2")
    check_page(page)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / f"restore-new-name-{width}.png"), full_page=True)
    page.get_by_role("button", name="Restore as a new event").click()
    expect(page.get_by_role("status")).to_contain_text(
        "County Senior Games restored as county-2026-2."
    )

    # Delete the copy: the page says what goes; a wrong name is refused beside the field.
    page.goto(f"{base}/e/county-2026-2/desk/backup/")
    page.get_by_role("link", name="Delete County Senior Games…").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("Delete County Senior Games?")
    expect(page.locator("main")).to_contain_text("8 entrants")
    check_page(page)
    page.fill("#id_typed_name", "County")
    page.get_by_role("button", name="Delete County Senior Games for good").click()
    expect(page.locator(".field-error")).to_contain_text("type the event's name as it is shown")
    expect(page.locator("#id_typed_name")).to_have_value("County")
    check_page(page)
    page.screenshot(path=str(SCREENSHOTS / f"delete-event-{width}.png"), full_page=True)
    page.fill("#id_typed_name", "County Senior Games")
    page.get_by_role("button", name="Delete County Senior Games for good").click()
    expect(page.get_by_role("status")).to_contain_text("County Senior Games was deleted.")
    assert not Event.objects.filter(slug="county-2026-2").exists()
    assert Event.objects.filter(slug="county-2026").exists()
    context.close()
