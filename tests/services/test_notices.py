"""The e-mail notices of the players' pages, sent to a real SMTP server on loopback
(aiosmtpd, in a process of its own that files what it receives in a maildir): each notice
once, in the event's language, with a one-click unsubscribe that is honoured; a send the
server refuses is retried by the task's policy.

aiosmtpd runs outside this process: it imports the ``public`` package of atpublic, whose
name this project's public pages take."""

import mailbox
import os
import socket
import subprocess
import sys
import time
from email import message_from_bytes, policy

import pytest
from django.test import Client

from scoring.services import division_advance
from scoring.services.notices import notice_deliver, notices_sweep
from scoring.tasks import RETRIES, notice_send
from tests.factories import DivisionFactory, EntrantFactory, EventFactory, enter, seated
from tournaments import services
from tournaments.models import Notice, NoticeSubscription
from tournaments.services.player_pages import notice_subscribe

pytestmark = pytest.mark.django_db


class Inbox:
    """The messages the loopback SMTP server filed, oldest first, parsed."""

    def __init__(self, folder):
        self.folder = folder

    @property
    def messages(self) -> list:
        if not self.folder.exists():
            return []
        box = mailbox.Maildir(self.folder, create=False)
        # A maildir name starts with when it arrived: "1796679306.M502500P1120Q1.host".
        keys = sorted(box.iterkeys(), key=lambda k: (int(k.split(".")[0]), k.split(".")[1]))
        return [message_from_bytes(box.get_bytes(k), policy=policy.default) for k in keys]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _listening(port: int) -> bool:
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


@pytest.fixture
def smtp(settings, tmp_path):
    folder, port = tmp_path / "maildir", free_port()
    environment = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    server = subprocess.Popen(
        [sys.executable, "-m", "aiosmtpd", "-n", "-l", f"127.0.0.1:{port}"]
        + ["-c", "aiosmtpd.handlers.Mailbox", str(folder)],
        cwd=tmp_path,
        env=environment,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 20
    while not _listening(port):
        if server.poll() is not None or time.monotonic() > deadline:
            server.kill()
            pytest.fail(f"aiosmtpd did not start: {server.stderr.read().decode()[-500:]}")
        time.sleep(0.1)
    settings.EMAIL_BACKEND = "django.core.mail.backends.smtp.EmailBackend"
    settings.EMAIL_HOST, settings.EMAIL_PORT = "127.0.0.1", port
    settings.EMAIL_TIMEOUT = 5
    yield Inbox(folder)
    server.terminate()
    server.wait(timeout=10)


def play_round(division) -> None:
    round_ = division.rounds.order_by("-number").first()
    for table in round_.tables.order_by("number"):
        players = seated(table)
        for number in range(1, round_.games + 1):
            enter(table, number, [0, 10, 20, 30][: len(players)])
    division_advance(division=division)


def send_all() -> list[int]:
    ids = notices_sweep()
    for notice_id in ids:
        notice_send.apply(args=[notice_id])
    return ids


def text_of(message) -> str:
    return message.get_body(preferencelist=("plain",)).get_content()


def test_each_notice_once_in_french_and_unsubscribe_honoured(smtp):
    event = EventFactory(language="fr", name="Jeux des aînés")
    division = DivisionFactory(event=event, name="70-79")
    EntrantFactory.create_batch(8, division=division)
    mary = EntrantFactory(division=division, first_name="Marie", last_name="Dupont")
    notice_subscribe(entrant=mary, email="famille@example.org", family=True)
    services.division_seat_first_round(division=division, seed=7)

    assert len(send_all()) == 1
    assert send_all() == []  # recorded once: the next sweep finds nothing new
    assert len(smtp.messages) == 1
    seated_mail = smtp.messages[0]
    assert seated_mail["To"] == "famille@example.org"
    assert "Marie" in seated_mail["Subject"] and "table" in seated_mail["Subject"]
    assert "est placée" in text_of(seated_mail) or "est placé" in text_of(seated_mail)
    assert "Arrêter ces e-mails" in text_of(seated_mail)
    unsubscribe = str(seated_mail["List-Unsubscribe"]).strip().strip("<>")
    assert seated_mail["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"

    # The same notice sent again (a task delivered twice) is not mailed again.
    notice = Notice.objects.get()
    assert notice_deliver(notice.pk).sent is False
    assert len(smtp.messages) == 1

    play_round(division)
    send_all()
    assert len(smtp.messages) == 2
    closed_mail = smtp.messages[1]
    assert "La manche 1 de 70-79 est finie" in text_of(closed_mail)

    # One click from the mail program (RFC 8058): a POST to the link, no token.
    response = Client(enforce_csrf_checks=True).post(
        unsubscribe.removeprefix("http://127.0.0.1:8000"), {"List-Unsubscribe": "One-Click"}
    )
    assert response.status_code == 200, unsubscribe
    subscription = NoticeSubscription.objects.get()
    assert subscription.unsubscribed_at is not None and subscription.email == ""

    while division.rounds.filter(status="closed").count() < division.rounds.count():
        play_round(division)
    division.refresh_from_db()
    services.medals_confirm(division=division)
    assert send_all() == []
    assert len(smtp.messages) == 2


def test_a_refused_send_is_retried_then_sent(smtp, settings):
    division = DivisionFactory(event=EventFactory(language="en"))
    players = EntrantFactory.create_batch(4, division=division)
    notice_subscribe(entrant=players[0], email="me@example.org", family=False)
    services.division_seat_first_round(division=division, seed=3)
    port = settings.EMAIL_PORT
    settings.EMAIL_PORT = free_port()  # nobody listens there: the connection is refused

    (notice_id,) = notices_sweep()
    result = notice_send.apply(args=[notice_id])
    assert result.failed()
    notice = Notice.objects.get(pk=notice_id)
    assert notice.sent_at is None and notice.attempts == RETRIES + 1 and notice.error
    assert smtp.messages == []

    settings.EMAIL_PORT = port
    assert notice_send.apply(args=[notice_id]).get() is True
    assert len(smtp.messages) == 1
    assert "Table" in text_of(smtp.messages[0]) or "table" in text_of(smtp.messages[0])
