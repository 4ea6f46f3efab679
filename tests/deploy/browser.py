"""A small HTTPS client that behaves like a tablet's browser, for the deployment test.

Standard library only (http.client, html.parser): cookies, the CSRF token from the
page's own form, Origin and Referer as a browser sends them, and a chosen source
address on the loopback network (127.0.0.2, 127.0.0.3, ...) so that the client's
address differs from nginx's (127.0.0.1) and the test can tell which one the
application saw.
"""

import http.client
import ssl
import time
from dataclasses import dataclass, field
from html.parser import HTMLParser
from http.cookies import SimpleCookie
from urllib.parse import urlencode, urljoin, urlsplit


@dataclass
class Response:
    status: int
    headers: http.client.HTTPMessage
    body: bytes
    url: str
    seconds: float

    @property
    def text(self) -> str:
        return self.body.decode("utf-8", errors="replace")

    @property
    def location(self) -> str | None:
        return self.headers.get("Location")


@dataclass
class Form:
    action: str
    method: str
    attrs: dict
    fields: dict = field(default_factory=dict)  # name -> value (first of each name)
    names: list = field(default_factory=list)  # field names in page order


class _FormParser(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select: str | None = None
        self._select_first: str | None = None
        self._select_chosen = False
        self.links: list[str] = []
        self.stylesheets: list[str] = []

    def _add(self, name, value):
        if self._form is None or not name:
            return
        if name not in self._form.fields:
            self._form.fields[name] = value
            self._form.names.append(name)

    def handle_starttag(self, tag, attrs):
        a = {k: (v or "") for k, v in attrs}
        if tag == "a" and a.get("href"):
            self.links.append(a["href"])
        elif tag == "link" and a.get("rel") == "stylesheet" and a.get("href"):
            self.stylesheets.append(a["href"])
        elif tag == "form":
            self._form = Form(a.get("action", ""), a.get("method", "get").lower(), a)
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None:
            kind = a.get("type", "text").lower()
            if kind in ("radio", "checkbox"):
                if "checked" in a:
                    self._form.fields[a.get("name", "")] = a.get("value", "on")
                if a.get("name") and a["name"] not in self._form.names:
                    self._form.names.append(a["name"])
                    self._form.fields.setdefault(a["name"], "")
            elif kind not in ("submit", "button", "image", "reset"):
                self._add(a.get("name", ""), a.get("value", ""))
        elif tag == "select" and self._form is not None:
            self._select, self._select_first, self._select_chosen = a.get("name", ""), None, False
        elif tag == "option" and self._select is not None:
            value = a.get("value", "")
            if self._select_first is None:
                self._select_first = value
            if "selected" in a and not self._select_chosen:
                self._select_chosen = True
                self._form.fields[self._select] = value
                if self._select not in self._form.names:
                    self._form.names.append(self._select)
        elif tag == "textarea" and self._form is not None:
            self._add(a.get("name", ""), "")

    def handle_endtag(self, tag):
        if tag == "form":
            self._form = None
        elif tag == "select" and self._select is not None:
            if not self._select_chosen:
                self._add(self._select, self._select_first or "")
            self._select = None


def parse(html: str) -> _FormParser:
    parser = _FormParser()
    parser.feed(html)
    parser.close()
    return parser


class Browser:
    """One person's browser: its own cookies, its own loopback address."""

    def __init__(self, base_url: str, *, cafile: str, source_address: str, timeout=30):
        self.base_url = base_url.rstrip("/")
        parts = urlsplit(self.base_url)
        self.host, self.port = parts.hostname, parts.port or 443
        self.context = ssl.create_default_context(cafile=cafile)
        self.source_address = source_address
        self.timeout = timeout
        self.cookies: dict[str, str] = {}
        self.cookie_flags: dict[str, str] = {}
        self._connection: http.client.HTTPSConnection | None = None

    def _connect(self) -> http.client.HTTPSConnection:
        if self._connection is None:
            self._connection = http.client.HTTPSConnection(
                self.host,
                self.port,
                context=self.context,
                timeout=self.timeout,
                source_address=(self.source_address, 0),
            )
        return self._connection

    def close(self):
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def request(
        self, method: str, path: str, data: dict | None = None, headers: dict | None = None
    ) -> Response:
        url = urljoin(self.base_url + "/", path)
        target = urlsplit(url)
        assert (target.hostname, target.port or 443) == (self.host, self.port), url
        selector = target.path + (f"?{target.query}" if target.query else "")
        body = urlencode(data).encode() if data is not None else None
        sent = {
            "Host": f"{self.host}:{self.port}",
            "User-Agent": "deploy-test",
            "Accept": "text/html,application/json,*/*",
        }
        if self.cookies:
            sent["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        if method == "POST":
            # What a browser sends with a form post (Django checks both on HTTPS).
            sent["Origin"] = self.base_url
            sent["Referer"] = url
            sent["Content-Type"] = "application/x-www-form-urlencoded"
        sent.update(headers or {})
        for attempt in (1, 2):
            reused = self._connection is not None
            connection = self._connect()
            started = time.monotonic()
            try:
                connection.request(method, selector, body=body, headers=sent)
                raw = connection.getresponse()
                content = raw.read()
            except (http.client.RemoteDisconnected, ConnectionResetError, BrokenPipeError):
                self.close()
                # A kept-alive connection closed by nginx between requests: send again
                # on a new one, as browsers do. Anything else is the caller's to see.
                if reused and attempt == 1:
                    continue
                raise
            seconds = time.monotonic() - started
            break
        if raw.getheader("Connection", "").lower() == "close":
            self.close()
        for header in raw.headers.get_all("Set-Cookie") or []:
            cookie = SimpleCookie()
            cookie.load(header)
            for name, morsel in cookie.items():
                self.cookies[name] = morsel.value
                self.cookie_flags[name] = header
        return Response(raw.status, raw.headers, content, url, seconds)

    def get(self, path, **kwargs) -> Response:
        return self.request("GET", path, **kwargs)

    def post(self, path, data, **kwargs) -> Response:
        return self.request("POST", path, data, **kwargs)

    def forms(self, response: Response) -> list[Form]:
        return parse(response.text).forms

    def submit(self, response: Response, form: Form, **values) -> Response:
        """Post a form found on ``response`` with its own fields (CSRF token included)."""
        data = dict(form.fields)
        data.update({k: str(v) for k, v in values.items()})
        return self.post(urljoin(response.url, form.action or response.url), data)

    def login(self, username: str, password: str, *, extra_headers=None) -> Response:
        page = self.get("/login/")
        assert page.status == 200, page.status
        form = next(f for f in self.forms(page) if "password" in f.fields)
        data = dict(form.fields, username=username, password=password)
        return self.post(page.url, data, headers=extra_headers)
