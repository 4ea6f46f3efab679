"""A worker killed in the middle of a document: the task comes back and the document
is still made, whole, once (DESIGN.md "Operating choices": task_acks_late,
task_reject_on_worker_lost, the prefork pool, a short visibility timeout in tests,
files written under a temporary name then renamed).

Everything runs in subprocesses on a private Redis and a file SQLite database (WAL),
so the worker and the "web" process really work at the same time.
"""

import os
import signal
import time
from pathlib import Path

import pypdf
import pytest

from .conftest import (
    WebProcess,
    document_row,
    pdf_pages,
    scenario,
    subprocess_env,
    wait_for,
)

pytestmark = pytest.mark.slow

# Score sheets for 1600 entrants (400 tables, one page each) take a few seconds to
# draw: long enough to kill the worker in the middle.
ENTRANTS = 1600
TABLES = ENTRANTS // 4
# Short, so a task whose worker died comes back soon, but longer than the render: a
# task still running when its visibility timeout ends is handed out a second time.
VISIBILITY_TIMEOUT = 15
# A document with no sign of life from its worker for this long is shown as stopped.
STALE_SECONDS = 3


@pytest.fixture
def big_event(tmp_path, fresh_sqlite, private_redis):
    media = tmp_path / "media"
    env = subprocess_env(
        database=fresh_sqlite,
        broker=private_redis.url,
        media=media,
        CELERY_VISIBILITY_TIMEOUT=VISIBILITY_TIMEOUT,
        PRINTING_STALE_SECONDS=STALE_SECONDS,
    )
    made = scenario(env, "make-event", "big-kill", ENTRANTS)
    assert f'"tables": {TABLES}' in made
    web = WebProcess(env, tmp_path / "web.log")
    web("login", slug="big-kill")
    yield env, fresh_sqlite, media, web
    web.close()


def running_mid_render(database: Path, uuid: str) -> dict | None:
    row = document_row(database, uuid)
    return row if row["status"] == "running" and row["progress"] > 0 else None


def assert_made_whole(database: Path, media: Path, uuid: str) -> dict:
    row = wait_for(
        lambda: (r := document_row(database, uuid))["status"] in ("ready", "failed") and r,
        timeout=90,
        interval=0.2,
        what="the document to be made again",
    )
    assert (row["status"], row["error"]) == ("ready", "")
    assert row["progress"] == 100 and len(row["fingerprint"]) == 64
    assert row["attempts"] >= 2
    path = media / row["file"]
    assert row["file"] == f"documents/{uuid}.pdf"
    files = sorted(p.name for p in path.parent.iterdir())
    assert files == [path.name], f"partial files left behind: {files}"
    content = path.read_bytes()
    assert content.startswith(b"%PDF-") and content.rstrip().endswith(b"%%EOF")
    assert pdf_pages(content) == TABLES  # one score sheet per table: complete
    return row


def test_a_killed_pool_child_gives_the_task_back(big_event, workers, tmp_path):
    env, database, media, web = big_event
    first = workers.start(env, tmp_path / "worker-1.log", name="first")
    first.wait_ready()

    answer = web("post", kind="score-sheets")
    assert answer["code"] == 302 and answer["sent_at"] is not None
    uuid = answer["uuid"]
    row = wait_for(
        lambda: running_mid_render(database, uuid),
        timeout=60,
        interval=0.05,
        what="the document to be half made",
    )
    assert row["attempts"] == 1 and 0 < row["progress"] < 100

    children = first.children()
    assert len(children) == 1, children  # --concurrency=1: the child making the document
    os.kill(children[0], signal.SIGKILL)
    wait_for(
        lambda: "WorkerLostError" in first.text() or "SIGKILL" in first.text(),
        timeout=20,
        what="the worker to notice its child died",
    )
    assert document_row(database, uuid)["status"] == "running"  # nobody finished it

    second = workers.start(env, tmp_path / "worker-2.log", name="second")
    second.wait_ready()
    row = assert_made_whole(database, media, uuid)
    # The killed attempt, then one that finished (a third only if the machine is so
    # slow that a render outlasts the visibility timeout: at-least-once, still whole).
    assert row["attempts"] >= 2
    reader = pypdf.PdfReader(media / row["file"])
    first_page, last_page = reader.pages[0].extract_text(), reader.pages[-1].extract_text()
    assert "Table 1" in first_page and f"Table {TABLES}" in last_page
    assert "Player" in first_page and "Player" in last_page


def test_a_worker_killed_outright_comes_back_after_the_visibility_timeout(
    big_event, workers, tmp_path
):
    env, database, media, web = big_event
    first = workers.start(env, tmp_path / "worker-1.log", name="first")
    first.wait_ready()
    posted_at = time.monotonic()  # the worker took the task after this
    uuid = web("post", kind="score-sheets")["uuid"]
    wait_for(
        lambda: running_mid_render(database, uuid),
        timeout=60,
        interval=0.05,
        what="the document to be half made",
    )

    first.kill_all()  # main process and child together: nothing acknowledges or rejects
    killed_at = time.monotonic()
    assert document_row(database, uuid)["status"] == "running"
    # The desk does not say "being made" for ever: after the stale time, "stopped — make
    # it again", on the page and in the poll, and the page stops polling.
    status = wait_for(
        lambda: (s := web("status", uuid=uuid)["json"])["stopped"] and s,
        timeout=VISIBILITY_TIMEOUT,
        interval=0.5,
        what="the document to show as stopped",
    )
    assert time.monotonic() - killed_at < VISIBILITY_TIMEOUT
    assert (status["status"], status["label"], status["ready"]) == (
        "running",
        "Stopped — make it again",
        False,
    )
    page = web("page")["html"]
    assert "Stopped — make it again." in page and f"/print/{uuid}/again/" in page
    assert 'hx-trigger="every 2s"' not in page

    second = workers.start(env, tmp_path / "worker-2.log", name="second")
    second.wait_ready()
    # Redis hands the unacknowledged task out again only after the visibility timeout.
    wait_for(
        lambda: document_row(database, uuid)["attempts"] >= 2,
        timeout=60,
        interval=0.1,
        what="the task to come back",
    )
    assert time.monotonic() - posted_at >= VISIBILITY_TIMEOUT
    assert_made_whole(database, media, uuid)
    # The status page shows it ready, with its download link.
    status = web("status", uuid=uuid)["json"]
    assert status["ready"] is True and status["download"].endswith(f"/{uuid}/download/")
