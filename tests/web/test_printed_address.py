"""Whether the address printed for phones (BASE_URL) is one no phone opens."""

import pytest

from web.addresses import printed_address, printed_address_is_loopback


@pytest.mark.parametrize(
    ("base", "loopback"),
    [
        ("http://127.0.0.1:8000", True),
        ("http://127.0.1.1:8765", True),
        ("http://localhost:8000", True),
        ("http://LOCALHOST.", True),
        ("http://tablet.localhost", True),
        ("http://[::1]:8000", True),
        ("http://0.0.0.0:8000", True),
        ("http://192.168.1.20:8000", False),
        ("http://10.0.0.5", False),
        ("https://rummikub.example.org", False),
        ("http://localhost-laptop.lan:8000", False),
        ("http://[fe80::1]:8000", False),
    ],
)
def test_loopback_addresses(settings, base, loopback):
    settings.BASE_URL = base
    assert printed_address_is_loopback() is loopback


def test_the_printed_address_has_no_scheme(settings):
    settings.BASE_URL = "http://192.168.1.20:8000"
    assert printed_address() == "192.168.1.20:8000"
