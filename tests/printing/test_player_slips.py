"""`print_documents --kind player-slips`: one slip per entrant in play, each with their
page's QR code and code, their division, and the first table once seated; in the event's
language; a division's alone; the printing page offers it."""

import shutil
import subprocess

import pytest
import segno

from printing.models import GeneratedDocument
from printing.renderers.qr import qr_rows
from printing.selectors import player_slips_data
from tests.factories import DivisionFactory, EntrantFactory, EventFactory
from tests.helpers import organizer_client, run, unavailable
from tests.printing.pdfcheck import page_texts, text
from tournaments import services
from tournaments.models import Entrant, page_code_shown

pytestmark = pytest.mark.django_db


def event_with_players():
    event = EventFactory(slug="slips", language="fr")
    seniors = DivisionFactory(event=event, name="70-79")
    EntrantFactory.create_batch(5, division=seniors)
    later = DivisionFactory(event=event, name="80+")
    EntrantFactory.create_batch(2, division=later, status=Entrant.Status.REGISTERED)
    EntrantFactory(division=later, status=Entrant.Status.WITHDRAWN, last_name="Gone")
    services.division_seat_first_round(division=seniors, seed=2)
    return event, seniors


def test_the_command_prints_a_slip_per_player_in_play(tmp_path):
    event, seniors = event_with_players()
    out = tmp_path / "slips.pdf"
    run("print_documents", "slips", "--kind", "player-slips", "--out", out)
    pdf = out.read_bytes()
    printed = text(pdf)
    in_play = Entrant.objects.filter(event=event).exclude(status="withdrawn")
    for entrant in in_play:
        assert entrant.name in printed
        assert page_code_shown(entrant.page_code) in printed
    assert "Gone" not in printed
    assert len(page_texts(pdf)) == 3  # 7 slips, three to a page
    # French, as the event; seated players' first table, the others' none.
    assert "Manche 1 : table" in printed.replace("\u202f", " ")
    # An independent decoder (zbar) reads the printed codes: each is a player's page.
    if shutil.which("zbarimg") is None or shutil.which("pdftoppm") is None:
        unavailable("zbarimg and pdftoppm are needed to read the printed QR codes back")
    subprocess.run(["pdftoppm", "-png", "-r", "60", str(out), str(tmp_path / "p")], check=True)
    scanned = set()
    for image in sorted(tmp_path.glob("p-*.png")):
        found = subprocess.run(["zbarimg", "-q", str(image)], capture_output=True, text=True)
        scanned |= {line.removeprefix("QR-Code:") for line in found.stdout.split()}
    assert {u.rsplit("/", 2)[-2] for u in scanned} == {e.page_code for e in in_play}
    seated_count = sum(1 for e in in_play if e.seats.exists())
    assert printed.replace("\u202f", " ").count("Manche 1 : table") == seated_count == 5


def test_each_qr_code_is_the_players_page():
    event, seniors = event_with_players()
    slips = player_slips_data(event, seniors)
    assert len(slips.slips) == 5
    for slip in slips.slips:
        entrant = Entrant.objects.get(external_id=slip.entrant_id, event=event)
        assert slip.url.endswith(f"/p/slips/me/{entrant.page_code}/")
        assert qr_rows(slip.url) == tuple(
            bytes(r) for r in segno.make_qr(slip.url, error="m").matrix
        )


def test_the_printing_page_offers_player_slips():
    event, _ = event_with_players()
    page = organizer_client(event).get(f"/e/{event.slug}/print/")
    assert "player-slips" in page.content.decode()
    assert GeneratedDocument.Kind.PLAYER_SLIPS == "player-slips"
