"""Logging in (django-axes): wrong passwords are counted per user name and address together,
so one person's typos never lock anyone else out; the client's address comes from
X-Real-IP / X-Forwarded-For only through a trusted proxy; an organizer unlocks a
scorekeeper or gives them a new password. Django's test client; no browser."""

import pytest
from axes.models import AccessAttempt, AccessFailureLog, AccessLog
from django.contrib.auth import get_user_model
from django.test import Client, RequestFactory

from tests.factories import EventFactory, UserFactory
from tournaments import access, services
from tournaments.engine import RuleError

pytestmark = pytest.mark.django_db

PASSWORD = "tiles-and-racks-42"
HALL = "10.0.0.5"  # every tablet behind the hall's router


@pytest.fixture(autouse=True)
def _fast_passwords(settings):
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture
def people():
    event = EventFactory()
    organizer = UserFactory(username="olive", is_staff=True)
    sam, sue = UserFactory(username="sam"), UserFactory(username="sue")
    event.organizers.add(organizer)
    event.scorekeepers.add(sam, sue)
    return event, organizer, sam, sue


def sign_in(username, password, *, address=HALL, path="/login/", **headers):
    client = Client(REMOTE_ADDR=address, **headers)
    response = client.post(path, {"username": username, "password": password})
    return client, response


def signed_in(response) -> bool:
    return response.status_code == 302 and "/login/" not in response["Location"]


def locked(response) -> bool:
    return response.status_code == 429 and "Too many wrong passwords" in response.text


def test_five_wrong_passwords_lock_that_user_at_that_address_only(people):
    _, organizer, sam, sue = people
    for n in range(4):
        _, response = sign_in("sam", f"wrong-{n}")
        assert response.status_code == 200
        assert "That user name and password do not go together" in response.text
        left = 4 - n
        tries = f"{left} more wrong password{'s' if left != 1 else ''}"
        assert f"{tries} and “sam” is locked out for 15 minutes from this address" in (
            response.text
        )
    _, fifth = sign_in("sam", "wrong-4")
    assert locked(fifth)
    # Even the right password is refused now, and the page says when and whom to ask.
    _, right = sign_in("sam", PASSWORD)
    assert locked(right)
    assert "Try again at" in right.text and "(in 15 minutes)" in right.text
    assert "ask the organizer at the desk" in right.text
    assert 'value="sam"' in right.text  # the user name stays typed
    # The organizer and the other scorekeeper, from the same address, are not locked.
    assert signed_in(sign_in("olive", PASSWORD)[1])
    assert signed_in(sign_in("sue", PASSWORD)[1])
    # Nor is sam on another device.
    assert signed_in(sign_in("sam", PASSWORD, address="10.0.0.6")[1])
    # Tries while locked do not move the time the page named.
    assert AccessAttempt.objects.get(username="sam", ip_address=HALL).failures_since_start == 5


def test_the_user_name_counts_without_case_or_spaces(people):
    for name in ("sam", "SAM", " Sam", "sAm ", "Sam"):
        sign_in(name, "wrong")
    assert locked(sign_in("sam", PASSWORD)[1])


def test_the_organizer_unlocks_a_scorekeeper(people):
    event, _, sam, _ = people
    for n in range(5):
        sign_in("sam", f"wrong-{n}")
    assert [lockout.username for lockout in access.lockouts(["sam", "sue"])] == ["sam"]
    assert services.scorekeeper_unlock(event=event, user=sam) >= 1
    assert access.lockouts(["sam"]) == []
    assert signed_in(sign_in("sam", PASSWORD)[1])
    # Unlocking someone not locked says so (nothing cleared).
    assert services.scorekeeper_unlock(event=event, user=sam) == 0


def test_the_desk_unlocks_and_gives_a_new_password(people):
    event, organizer, sam, _ = people
    for n in range(5):
        sign_in("sam", f"wrong-{n}")
    desk = Client()
    desk.force_login(organizer)
    page = desk.get(f"/e/{event.slug}/desk/settings/")
    assert "locked out after too many wrong passwords, until" in page.text
    assert "Unlock sam" in page.text and "Unlock sue" not in page.text
    answer = desk.post(f"/e/{event.slug}/desk/scorekeepers/{sam.pk}/unlock/", follow=True)
    assert "sam can sign in again now." in answer.text
    assert "locked out after" not in answer.text
    answer = desk.post(
        f"/e/{event.slug}/desk/scorekeepers/{sam.pk}/password/", {"confirmed": "yes"}, follow=True
    )
    text = answer.text
    assert "sam&#x27;s new password is " in text
    new = text.split("sam&#x27;s new password is ")[1].split(" ")[0]
    assert len(new) == 14 and new.count("-") == 2
    assert not signed_in(sign_in("sam", PASSWORD)[1])
    assert signed_in(sign_in("sam", new)[1])


def test_a_new_password_unlocks_signs_out_and_is_refused_for_organizers(people):
    event, organizer, sam, _ = people
    tablet, _ = sign_in("sam", PASSWORD, address="10.0.0.7")
    assert tablet.get(f"/e/{event.slug}/score/").status_code == 200
    for n in range(5):
        sign_in("sam", f"wrong-{n}")
    password = services.scorekeeper_password_reset(event=event, user=sam)
    assert access.lockouts(["sam"]) == []
    assert signed_in(sign_in("sam", password)[1])
    # The tablet signed in with the old password is signed out.
    assert tablet.get(f"/e/{event.slug}/score/")["Location"].startswith("/login/")
    # An organizer who also keeps scores changes their own password.
    event.scorekeepers.add(organizer)
    with pytest.raises(RuleError, match="olive is an organizer's account"):
        services.scorekeeper_password_reset(event=event, user=organizer)
    other = EventFactory()
    with pytest.raises(RuleError, match="does not keep scores"):
        services.scorekeeper_password_reset(event=other, user=sam)
    with pytest.raises(RuleError, match="does not keep scores"):
        services.scorekeeper_unlock(event=other, user=sam)
    assert get_user_model().objects.get(pk=organizer.pk).check_password(PASSWORD)


def test_the_desk_never_resets_another_events_scorekeeper(people):
    event, _, sam, _ = people
    other = EventFactory()
    stranger = UserFactory(username="oscar", is_staff=True)
    other.organizers.add(stranger)
    desk = Client()
    desk.force_login(stranger)
    for action in ("unlock", "password"):
        url = f"/e/{event.slug}/desk/scorekeepers/{sam.pk}/{action}/"
        assert desk.post(url).status_code == 403
        # Through their own event's desk, someone who keeps no scores there is not found.
        assert desk.post(f"/e/{other.slug}/desk/scorekeepers/{sam.pk}/{action}/").status_code == 404
    assert get_user_model().objects.get(pk=sam.pk).check_password(PASSWORD)


def test_a_forged_forwarded_address_from_an_untrusted_client_is_ignored(people):
    # Each try claims a new address: it is still counted against the real one.
    for n in range(5):
        _, response = sign_in(
            "sam", "wrong", HTTP_X_FORWARDED_FOR=f"203.0.113.{n}", HTTP_X_REAL_IP=f"198.51.100.{n}"
        )
    assert locked(response)
    assert set(AccessFailureLog.objects.values_list("ip_address", flat=True)) == {HALL}
    assert locked(sign_in("sam", PASSWORD, HTTP_X_FORWARDED_FOR="203.0.113.99")[1])


def test_behind_the_trusted_proxy_each_device_has_its_own_address(people, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1", "::1"]
    # nginx on this machine: every request comes from 127.0.0.1 with X-Real-IP.
    for _ in range(5):
        sign_in("sam", "wrong", address="127.0.0.1", HTTP_X_REAL_IP="192.168.1.20")
    assert locked(sign_in("sam", PASSWORD, address="127.0.0.1", HTTP_X_REAL_IP="192.168.1.20")[1])
    assert signed_in(
        sign_in("sam", PASSWORD, address="127.0.0.1", HTTP_X_REAL_IP="192.168.1.21")[1]
    )
    assert AccessLog.objects.get(username="sam").ip_address == "192.168.1.21"


@pytest.mark.parametrize(
    ("peer", "headers", "expected"),
    [
        ("10.9.9.9", {}, "10.9.9.9"),
        ("10.9.9.9", {"HTTP_X_REAL_IP": "1.2.3.4"}, "10.9.9.9"),
        ("10.9.9.9", {"HTTP_X_FORWARDED_FOR": "1.2.3.4, 127.0.0.1"}, "10.9.9.9"),
        ("127.0.0.1", {"HTTP_X_REAL_IP": "192.168.1.20"}, "192.168.1.20"),
        ("::1", {"HTTP_X_REAL_IP": "2001:db8::7"}, "2001:db8::7"),
        # X-Forwarded-For: the nearest entry that is not a trusted proxy, never the
        # left-most one a client could have written.
        ("127.0.0.1", {"HTTP_X_FORWARDED_FOR": "6.6.6.6, 192.168.1.20"}, "192.168.1.20"),
        ("127.0.0.1", {"HTTP_X_FORWARDED_FOR": "6.6.6.6, 192.168.1.20, ::1"}, "192.168.1.20"),
        ("127.0.0.1", {"HTTP_X_FORWARDED_FOR": "6.6.6.6, junk"}, "127.0.0.1"),
        ("127.0.0.1", {"HTTP_X_REAL_IP": "not an address"}, "127.0.0.1"),
        ("127.0.0.1", {}, "127.0.0.1"),
    ],
)
def test_client_address(peer, headers, expected, settings):
    settings.TRUSTED_PROXIES = ["127.0.0.1", "::1"]
    request = RequestFactory().get("/", REMOTE_ADDR=peer, **headers)
    assert access.client_address(request) == expected


def test_client_address_with_nginx_on_another_machine(settings):
    settings.TRUSTED_PROXIES = ["10.0.0.10"]
    factory = RequestFactory()
    via_nginx = factory.get("/", REMOTE_ADDR="10.0.0.10", HTTP_X_REAL_IP="192.168.1.20")
    direct = factory.get("/", REMOTE_ADDR="127.0.0.1", HTTP_X_REAL_IP="192.168.1.20")
    assert access.client_address(via_nginx) == "192.168.1.20"
    assert access.client_address(direct) == "127.0.0.1"


def test_the_admin_sign_in_is_throttled_the_same_way(people):
    UserFactory(username="root", is_staff=True, is_superuser=True)
    for n in range(5):
        _, response = sign_in("root", f"wrong-{n}", path="/admin/login/")
    assert locked(response)
    assert locked(sign_in("root", PASSWORD, path="/admin/login/")[1])
    # The same person's count is shared by both sign-in pages.
    assert locked(sign_in("root", PASSWORD)[1])
    assert signed_in(sign_in("olive", PASSWORD, path="/admin/login/")[1])


def test_a_wrong_password_says_how_many_tries_are_left_for_that_address(people):
    """The refusal is in our words and warns before the lockout; the
    count is per user name and address, so another device starts at 4 left again."""
    sign_in("sam", "wrong-0")
    _, second = sign_in("sam", "wrong-1")
    assert "correct username and password" not in second.text
    assert "3 more wrong passwords and “sam” is locked out" in second.text
    _, elsewhere = sign_in("sam", "wrong-2", address="10.0.0.6")
    assert "4 more wrong passwords and “sam” is locked out" in elsewhere.text
    # An unknown user name gets the same words (nothing tells who has an account).
    _, nobody = sign_in("nobody", "wrong")
    assert "4 more wrong passwords and “nobody” is locked out" in nobody.text
    # After the right password the count starts again.
    sign_in("sam", PASSWORD)
    _, again = sign_in("sam", "wrong-3")
    assert "4 more wrong passwords" in again.text


def test_the_desk_help_says_the_lockout_is_for_that_name_from_that_address(people):
    event, organizer, _, _ = people
    desk = Client()
    desk.force_login(organizer)
    text = desk.get(f"/e/{event.slug}/desk/settings/").text
    assert "on that device" not in text
    assert "that user name from that device's network address" in text
