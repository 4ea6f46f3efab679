"""Redis goes down: a click on the printing page still answers at once, the row waits
"queued" and says so, and once Redis is back the document is sent by the sweeper and
made. The printing page and its poll never call the broker: a dead
or frozen Redis must not hold a web worker that scorekeepers need. DESIGN.md "Operating
choices": the queued row, the sweeper, short publish timeouts.

The web side is a long-lived Django process (tests/worker/scenario.py serve) whose
broker is a private Redis, stopped and started again on the same port; the worker is
a real `celery -A config worker` subprocess. The pytest process never changes its
own broker (STACK-NOTES).
"""

import json
import signal
import time

import pytest

from .conftest import WebProcess, document_row, pdf_text, scenario, subprocess_env, wait_for

pytestmark = pytest.mark.slow

ANSWER_AT_ONCE = 3.0  # seconds
WAITING = "Waiting: the document service is not reachable yet"


def test_a_click_while_redis_is_down_is_made_once_redis_is_back(
    tmp_path, fresh_sqlite, private_redis, workers
):
    media = tmp_path / "media"
    env = subprocess_env(database=fresh_sqlite, broker=private_redis.url, media=media)
    made = json.loads(scenario(env, "make-event", "redis-down", 12))
    web = WebProcess(env, tmp_path / "web.log")
    try:
        web("login", slug="redis-down")

        # Redis up, no worker yet: the task reaches the broker, the row is queued and sent.
        before = web("post", kind="table-list")
        assert (before["code"], before["status"]) == (302, "queued")
        assert before["sent_at"] is not None

        # Redis stops (no persistence: the message sent above is lost with it).
        private_redis.stop()
        down = web("post", kind="score-sheets")
        assert down["code"] == 302
        assert down["elapsed"] < ANSWER_AT_ONCE, f"the click took {down['elapsed']:.1f} s"
        assert (down["status"], down["sent_at"]) == ("queued", None)
        other = web("post", kind="bracket", division=str(made["division"]))
        assert other["elapsed"] < ANSWER_AT_ONCE and other["sent_at"] is None

        page = web("page")  # no broker call: at once
        assert page["code"] == 200 and page["elapsed"] < ANSWER_AT_ONCE
        assert page["html"].count(WAITING) == 2  # the two unsent ones
        assert "Waiting for a worker" in page["html"]  # the one sent before the outage
        status = web("status", uuid=down["uuid"])
        assert status["elapsed"] < ANSWER_AT_ONCE
        assert status["json"] == {
            "status": "queued",
            "label": "Waiting for a worker",
            "stopped": False,
            "ready": False,
            "percentage": 0,
            "error": "",
            "download": None,
        }
        swept = web("sweep")
        assert swept["sent"] == 0 and swept["elapsed"] < ANSWER_AT_ONCE
        assert web("row", uuid=down["uuid"])["sent_at"] is None

        # Redis is back on the same port; the web process reconnects by itself.
        private_redis.start()
        time.sleep(1.1)  # the sweeper leaves rows younger than a second to their own send
        polled = web("status", uuid=other["uuid"])  # a poll sends nothing
        assert polled["json"]["status"] == "queued"
        assert web("row", uuid=other["uuid"])["sent_at"] is None
        assert web("page")["html"].count(WAITING) == 2
        assert web("sweep")["sent"] == 2  # the sweeper (beat, every 30 s) sends both
        assert web("row", uuid=down["uuid"])["sent_at"] is not None
        assert web("row", uuid=other["uuid"])["sent_at"] is not None
        assert web("sweep")["sent"] == 0
        # The message lost with Redis: sent again once it has waited too long (10 min).
        web("age", uuid=before["uuid"], minutes=9)
        assert web("sweep")["sent"] == 0
        web("age", uuid=before["uuid"], minutes=2)
        assert web("sweep")["sent"] == 1

        worker = workers.start(env, tmp_path / "worker.log", name="after-outage")
        worker.wait_ready()
        for document in (before, down, other):
            row = wait_for(
                lambda uuid=document["uuid"]: (r := document_row(fresh_sqlite, uuid))["status"]
                in ("ready", "failed")
                and r,
                timeout=60,
                interval=0.2,
                what=f"{document['uuid']} to be made",
            )
            assert (row["status"], row["error"], row["progress"]) == ("ready", "", 100)
            assert row["attempts"] == 1  # each made once: nothing ran twice
            content = (media / row["file"]).read_bytes()
            assert content.startswith(b"%PDF-")
            assert "Player00001 Tester01" in pdf_text(content)

        page = web("page")
        assert WAITING not in page["html"] and "Waiting for a worker" not in page["html"]
        assert page["html"].count("/download/") == 3
    finally:
        web.close()


def test_a_frozen_redis_does_not_hang_the_click(tmp_path, fresh_sqlite, private_redis):
    """Redis stops answering on open connections (a frozen host): the click still ends,
    after the broker's socket timeout, instead of waiting for Redis forever."""
    media = tmp_path / "media"
    env = subprocess_env(database=fresh_sqlite, broker=private_redis.url, media=media)
    scenario(env, "make-event", "redis-frozen", 8)
    web = WebProcess(env, tmp_path / "web.log")
    try:
        web("login", slug="redis-frozen")
        assert web("post", kind="table-list")["sent_at"] is not None  # pooled connection
        private_redis.process.send_signal(signal.SIGSTOP)
        try:
            frozen = web("post", kind="score-sheets", timeout=20)
            # A few tries of CELERY_BROKER_SOCKET_TIMEOUT (2 s) each: bounded, not forever.
            assert frozen["code"] == 302 and frozen["elapsed"] < 10, frozen["elapsed"]
            assert (frozen["status"], frozen["sent_at"]) == ("queued", None)
            also = web("post", kind="table-list", timeout=20)
            assert also["elapsed"] < 10 and also["sent_at"] is None
            # The page and its poll never call the broker: at once, however frozen.
            page = web("page", timeout=20)
            assert page["code"] == 200
            assert page["elapsed"] < ANSWER_AT_ONCE, page["elapsed"]
            assert page["html"].count(WAITING) == 2
            status = web("status", uuid=frozen["uuid"], timeout=20)
            assert status["elapsed"] < ANSWER_AT_ONCE and status["json"]["status"] == "queued"
        finally:
            private_redis.process.send_signal(signal.SIGCONT)
        # Redis answers again: the sweeper sends both, from the same process.
        time.sleep(1.1)
        assert web("sweep")["sent"] == 2
        page = web("page")
        assert page["elapsed"] < ANSWER_AT_ONCE and WAITING not in page["html"]
        assert web("row", uuid=frozen["uuid"])["sent_at"] is not None
        after = web("post", kind="table-list")
        assert after["sent_at"] is not None and after["elapsed"] < ANSWER_AT_ONCE
    finally:
        web.close()
