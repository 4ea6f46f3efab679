"""deploy/gunicorn.conf.py: the client's address is taken from X-Real-IP only when the
request comes from a trusted proxy (FORWARDED_ALLOW_IPS). No services needed."""

import runpy
from types import SimpleNamespace

from .stack import DEPLOY


def wrapped(allowed):
    config = runpy.run_path(str(DEPLOY / "gunicorn.conf.py"))
    seen = {}

    def app(environ, start_response):
        seen["address"] = environ["REMOTE_ADDR"]
        return [b""]

    worker = SimpleNamespace(wsgi=app, cfg=SimpleNamespace(forwarded_allow_ips=allowed))
    config["post_worker_init"](worker)

    def address(peer, **headers):
        worker.wsgi({"REMOTE_ADDR": peer, **headers}, None)
        return seen["address"]

    return address


def test_x_real_ip_from_the_proxy_only():
    address = wrapped(["127.0.0.1", "::1"])
    assert address("127.0.0.1", HTTP_X_REAL_IP="10.1.2.3") == "10.1.2.3"
    assert address("::1", HTTP_X_REAL_IP="2001:db8::7") == "2001:db8::7"
    # Anyone else cannot choose their address (the throttling would be bypassed).
    assert address("10.9.9.9", HTTP_X_REAL_IP="10.1.2.3") == "10.9.9.9"
    # Nothing to take, or nothing sensible.
    assert address("127.0.0.1") == "127.0.0.1"
    assert address("127.0.0.1", HTTP_X_REAL_IP="not an address") == "127.0.0.1"


def test_networks_and_everyone():
    assert wrapped(["10.0.0.0/24"])("10.0.0.10", HTTP_X_REAL_IP="192.0.2.1") == "192.0.2.1"
    assert wrapped("10.0.0.10,10.0.0.11")("10.0.0.11", HTTP_X_REAL_IP="192.0.2.1") == "192.0.2.1"
    assert wrapped(["*"])("192.0.2.200", HTTP_X_REAL_IP="192.0.2.1") == "192.0.2.1"
