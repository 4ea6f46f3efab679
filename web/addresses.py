"""The site's addresses as phones and this computer see them: whether the address printed
on sheets, QR codes and the projector (``BASE_URL``) is one no phone can open, and whether
a request comes from the computer that runs the server."""

import ipaddress
from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port

from tournaments.access import client_address


def _loopback_host(host: str | None) -> bool:
    """``localhost`` (and its subdomains), 127.0.0.0/8, ::1 and the unspecified address:
    names that lead each device to itself, never to this server."""
    host = (host or "").strip("[]").rstrip(".").lower()
    if not host:
        return False
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return False
    return address.is_loopback or address.is_unspecified


def printed_address() -> str:
    """The address printed for phones (``BASE_URL``) without its scheme, as the sheets and
    the projector show it."""
    return settings.BASE_URL.split("://", 1)[-1].rstrip("/")


def printed_address_is_loopback() -> bool:
    """Whether the address printed for phones leads each phone to itself (``BASE_URL`` is
    127.0.0.1 or localhost, as ``make run`` has it): the sheets, the QR codes and the
    projector then send no one anywhere. ``make venue``, or ``BASE_URL`` set to the address
    the hall's wifi reaches, mends it."""
    return _loopback_host(urlsplit(settings.BASE_URL).hostname)


def from_this_computer(request) -> bool:
    """Whether the request comes from the computer that runs the server, opened there by a
    loopback name: the device's address is loopback (through a proxy, the address it
    forwards: ``client_address``) and so is the name in the address bar, so that no other
    site a browser here visits can borrow it (a name that resolves to 127.0.0.1)."""
    host, _port = split_domain_port(request.get_host())
    return _loopback_host(client_address(request)) and _loopback_host(host)


def this_computers_address(request) -> str:
    """This server's address on the computer that runs it (the first-run page's): the port
    the visitor's address bar names."""
    _host, port = split_domain_port(request.get_host())
    port = port or request.get_port()
    return f"http://127.0.0.1{'' if port in ('', '80') else f':{port}'}/"
