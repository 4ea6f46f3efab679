"""The desk's upload preview: every row with the division it lands in, what changes (old →
new), who the file no longer holds, every refusal and warning before the one button, which
says what it does and does it in one transaction; next week's export merges."""

import csv
import io
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from tests.factories import EventFactory
from tests.helpers import FIXTURES, organizer_client, snapshot
from tournaments.models import Division, Entrant

pytestmark = pytest.mark.django_db

SAMPLE = FIXTURES / "registrations-demo.csv"


@pytest.fixture(autouse=True)
def media(settings, tmp_path):
    settings.MEDIA_ROOT = str(tmp_path)


def without_ids() -> tuple[list[str], list[list[str]]]:
    rows = list(csv.reader(io.StringIO(SAMPLE.read_bytes().decode("utf-8"), newline="")))
    keep = [i for i, name in enumerate(rows[0]) if name != "Registration ID"]
    return [rows[0][i] for i in keep], [[row[i] for i in keep] for row in rows[1:]]


def as_file(header, body) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows([header, *body])
    return buffer.getvalue().encode("utf-8")


def upload(client, event, data: bytes):
    file = SimpleUploadedFile("export.csv", data, content_type="text/csv")
    page = client.post(f"/e/{event.slug}/desk/import/", {"file": file}, follow=True)
    assert page.status_code == 200
    return page


def form_of(page) -> dict:
    text = page.content.decode()
    return {
        name: re.search(rf'name="{name}" value="([^"]*)"', text).group(1)
        for name in ("token", "day_first", "shown")
    }


def button(page) -> str | None:
    found = re.search(
        r'<button type="submit" id="import-button">([^<]*)</button>', page.content.decode()
    )
    return found.group(1) if found else None


def press(client, event, page, **choices):
    data = {**form_of(page), **choices}
    return client.post(f"/e/{event.slug}/desk/import/preview/", data, follow=True)


def test_next_weeks_export_merges_and_offers_to_mark_the_missing_absent():
    event = EventFactory(date="2026-05-16")
    client = organizer_client(event)
    header, body = without_ids()
    first = upload(client, event, as_file(header, body))
    assert button(first) == "Register 46"
    assert "Registered 46 entrants." in press(client, event, first).content.decode()
    made_up = dict(Entrant.objects.values_list("pk", "external_id"))
    # A week later: one added, one club changed, one gone.
    club = header.index("Club/Team")
    changed = list(body[1])
    changed[club] = "Week Two Tiles"
    added = list(body[0])
    added[header.index("First Name")], added[header.index("Last Name")] = "Nora", "Newcomer"
    gone = body[3]
    before = snapshot()
    second = upload(client, event, as_file(header, [body[0], changed, body[2], *body[4:], added]))
    assert snapshot() == before  # a preview saves nothing
    text = second.content.decode()
    assert "1 new entrant" in text and "1 registered entrant changed" in text
    assert "44 registered entrants unchanged" in text
    assert "<del>—</del> → <ins>Week Two Tiles</ins>" in text
    assert "already registered" not in text
    missing = Entrant.objects.get(first_name=gone[header.index("First Name")],
                                  last_name=gone[header.index("Last Name")])  # fmt: skip
    assert f'name="absent" value="{missing.external_id}"' in text
    assert button(second) == "Register 1, update 1"
    # Ticked, the preview is shown again with the button saying so; then pressed.
    again = press(client, event, second, absent=missing.external_id, recheck="1")
    assert button(again) == "Register 1, update 1, mark 1 absent"
    done = press(client, event, again, absent=missing.external_id)
    assert "Registered 1 entrant; updated 1; marked 1 absent." in done.content.decode()
    assert Entrant.objects.count() == 47
    assert {
        pk: e for pk, e in Entrant.objects.values_list("pk", "external_id") if pk in made_up
    } == made_up
    missing.refresh_from_db()
    assert missing.status == Entrant.Status.ABSENT  # kept, never deleted


def test_every_problem_is_shown_before_the_button_which_says_what_it_skips():
    event = EventFactory(date="2026-05-16")
    client = organizer_client(event)
    data = (
        "first_name,last_name,birth_date,gender\n"
        "Ann,Able,1950-02-03,F\n"
        "Bo,Bell,1948-07-01,M\n"
        "Cy,Cole,,M\n"
        "ann,ÀBLE,1950-02-03,F\n"
        "Dee,Dunn,1952-13-40,F\n"
    ).encode()
    before = snapshot()
    page = upload(client, event, data)
    assert snapshot() == before
    text = page.content.decode()
    assert "Cy Cole needs a birth date, an age or a division" in text
    assert "ann ÀBLE (born Feb. 3, 1950) is also on line 2" in text
    assert "birth date &#x27;1952-13-40&#x27;" in text
    assert text.count('data-label="Division">75-79</td>') == 2  # where each good row lands
    assert button(page) == "Register 2, skip 3 with problems"
    done = press(client, event, page)
    assert "Registered 2 entrants; skipped 3 rows with problems." in done.content.decode()
    assert sorted(Entrant.objects.values_list("first_name", flat=True)) == ["Ann", "Bo"]


def test_a_file_with_nothing_but_problems_has_no_button():
    event = EventFactory(date="2026-05-16")
    client = organizer_client(event)
    page = upload(client, event, b"first_name,last_name,birth_date\nCy,Cole,\n")
    assert button(page) is None
    assert "Nothing can be registered until the problems above are fixed." in page.content.decode()
    press(client, event, page)
    assert not Entrant.objects.exists()


def test_an_entrant_outside_the_ages_is_registered_only_when_accepted():
    event = EventFactory(date="2026-05-16", min_age=50, by_gender=True)
    client = organizer_client(event)
    data = b"first_name,last_name,birth_date,gender\nSam,Young,1981-06-01,M\nAl,Old,1950-01-01,M\n"
    page = upload(client, event, data)
    text = page.content.decode()
    assert "Sam Young is 45 on Dec. 31, 2026, outside the event&#x27;s ages (50 and older)" in text
    assert 'name="accept" value="2"' in text
    assert button(page) == "Register 1, skip 1 with problems"
    # Ticked and pressed without looking again: the button no longer says what it would do.
    stale = press(client, event, page, accept="2")
    assert "What the button does changed since the preview was shown" in stale.content.decode()
    assert not Entrant.objects.exists()
    assert button(stale) == "Register 2"
    press(client, event, stale, accept="2")
    sam = Entrant.objects.get(last_name="Young")
    assert sam.division.name == "Men 50-54"
    assert not Division.objects.filter(name__contains="Under").exists()


def test_an_entrant_removed_before_play_is_not_registered_again_unless_ticked():
    from tournaments import services

    event = EventFactory(date="2026-05-16")
    client = organizer_client(event)
    data = b"first_name,last_name,birth_date\nAnn,Able,1950-02-03\nBea,Best,1951-04-05\n"
    press(client, event, upload(client, event, data))
    services.entrant_remove(entrant=Entrant.objects.get(first_name="Bea"), reason="entered twice")
    page = upload(client, event, data)
    text = page.content.decode()
    assert "Removed before play on" in text and "(entered twice)" in text
    assert 'name="again" value="3"' in text and "Register them again" in text
    assert button(page) is None  # nothing else to do: Bea is not registered by default
    assert "Nothing to do unless you tick “Register them again” above" in text
    again = press(client, event, page, again="3", recheck="1")
    assert button(again) == "Register 1"
    done = press(client, event, again, again="3")
    assert "Registered 1 entrant." in done.content.decode()
    assert Entrant.objects.filter(first_name="Bea").exists()


def test_a_refused_row_of_a_registered_entrant_says_not_changed():
    from tests.factories import seated_division

    division = seated_division(5)
    entrant = division.entrants.order_by("pk").first()
    client = organizer_client(division.event)
    data = (
        "entrant_id,first_name,last_name,gender\n"
        f"{entrant.external_id},{entrant.first_name},{entrant.last_name},"
        f"{'F' if entrant.gender == 'M' else 'M'}\n"
    ).encode()
    text = upload(client, division.event, data).content.decode()
    row = re.search(r'<tr id="line-2".*?</tr>', text, re.S).group(0)
    assert "Not changed" in row and "Not registered" not in row
    assert "is already seated in" in row and "not changed by a file" in row


def test_a_new_entrant_of_a_division_in_play_is_warned_of_and_registered_unless_left_out():
    from tests.factories import seated_division

    division = seated_division(5)
    event = division.event
    client = organizer_client(event)
    data = (
        f"first_name,last_name,division\nLate,Comer,{division.name}\nLater,Still,{division.name}\n"
    )
    page = upload(client, event, data.encode())
    text = page.content.decode()
    assert f"{division.name} is already being played: they cannot be seated in it" in text
    assert 'name="leave" value="2"' in text and button(page) == "Register 2"
    again = press(client, event, page, leave="3", recheck="1")
    assert button(again) == "Register 1, leave out 1"
    done = press(client, event, again, leave="3")
    assert "Registered 1 entrant." in done.content.decode()
    assert Entrant.objects.filter(first_name="Late").exists()
    assert not Entrant.objects.filter(first_name="Later").exists()


def test_a_repeated_line_shows_its_name_and_the_counts_agree():
    event = EventFactory(date="2026-05-16")
    client = organizer_client(event)
    data = (
        b"entrant_id,first_name,last_name,birth_date\n"
        b"E1,Ann,Able,1950-02-03\n"
        b"E2,Bo,Bell,1948-07-01\n"
        b"E1,Ann,Able,1950-02-03\n"
        b"E3,Ann,Able,1950-02-03\n"
    )
    text = upload(client, event, data).content.decode()
    row = re.search(r'<tr id="line-4".*?</tr>', text, re.S).group(0)
    assert "Ann Able" in row and "repeats line 2" in row and "(made up)" not in row
    assert 'data-label="Id">E1</td>' in row
    # Read: 4 rows, 3 people; the table lists the 4 rows.
    assert "4 rows read, 3 people (file encoding: UTF-8)" in text
    assert re.search(r'<h2 id="rows-heading">\s*4 rows\s*</h2>', text)
    # The same name and birth date under another id: a warning, not a refusal.
    other = re.search(r'<tr id="line-5".*?</tr>', text, re.S).group(0)
    assert "possibly the same person as line 2 (id E1)" in other and "New" in other
    # Ages and birth dates in one format.
    assert "Feb. 3, 1950" in text and "1950-02-03" not in text
