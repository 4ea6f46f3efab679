"""gunicorn settings for a web machine behind nginx (deploy/gunicorn.service runs
``gunicorn -c deploy/gunicorn.conf.py config.wsgi``).

Environment (all optional):
  GUNICORN_BIND        address:port nginx reaches this machine on (127.0.0.1:8000)
  GUNICORN_WORKERS     sync worker processes (3; about 2 x cores)
  FORWARDED_ALLOW_IPS  the proxies trusted for X-Forwarded-Proto and X-Real-IP
                       (gunicorn's own setting; default 127.0.0.1,::1, i.e. nginx on
                       this machine: list nginx's address when it runs elsewhere)

The client's address: nginx sends X-Real-IP ($remote_addr). Django only sees
REMOTE_ADDR, which behind a proxy is the proxy's address, so every tablet would
share one login-throttling bucket and every login record would name the proxy.
When a request comes from a trusted proxy, REMOTE_ADDR becomes X-Real-IP; from
anyone else the header is ignored (it cannot be forged past nginx, which sets it).
"""

import ipaddress
import os

bind = os.environ.get("GUNICORN_BIND", "127.0.0.1:8000")
workers = int(os.environ.get("GUNICORN_WORKERS", "3"))
timeout = 60
accesslog = "-"
errorlog = "-"
# %(h)s is the client's address (after the X-Real-IP step below); %(M)s milliseconds.
access_log_format = '%(h)s %(t)s "%(r)s" %(s)s %(b)s %(M)sms "%(a)s"'


def _trusted(cfg):
    allowed = cfg.forwarded_allow_ips
    if isinstance(allowed, str):
        allowed = [a.strip() for a in allowed.split(",") if a.strip()]
    if "*" in allowed:
        return None  # everyone
    networks = []
    for item in allowed:
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            pass  # unix socket paths and the like
    return networks


class RealClientAddress:
    """WSGI wrapper: REMOTE_ADDR from X-Real-IP when the peer is a trusted proxy."""

    def __init__(self, app, networks):
        self.app = app
        self.networks = networks

    def _from_proxy(self, peer: str) -> bool:
        if self.networks is None:
            return True
        try:
            address = ipaddress.ip_address(peer)
        except ValueError:
            return False
        return any(address in network for network in self.networks)

    def __call__(self, environ, start_response):
        real = environ.get("HTTP_X_REAL_IP", "").strip()
        if real and self._from_proxy(environ.get("REMOTE_ADDR", "")):
            try:
                environ["REMOTE_ADDR"] = str(ipaddress.ip_address(real))
            except ValueError:
                pass
        return self.app(environ, start_response)


def post_worker_init(worker):
    worker.wsgi = RealClientAddress(worker.wsgi, _trusted(worker.cfg))
