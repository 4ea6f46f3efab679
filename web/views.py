"""The home page, logging in and out, and the service worker's script."""

import math

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.staticfiles import finders
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import Http404, HttpResponse
from django.shortcuts import render
from django.urls import Resolver404, resolve
from django.utils import timezone, translation
from django.utils.formats import date_format
from django.utils.translation import gettext_lazy, ngettext
from django.views.decorators.http import require_GET
from django.views.i18n import JavaScriptCatalog

from tournaments import access
from tournaments.models import Event

from .decorators import signed_out


def lockout_minutes() -> int:
    return max(1, math.ceil(settings.AXES_COOLOFF_TIME.total_seconds() / 60))


class SignInForm(AuthenticationForm):
    """Django's sign-in form with its refusal in our words."""

    error_messages = {
        **AuthenticationForm.error_messages,
        "invalid_login": gettext_lazy(
            "That user name and password do not go together. Check both "
            "(capital letters count) and try again."
        ),
    }


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True
    authentication_form = SignInForm

    def form_invalid(self, form):
        """The refusal, and how many tries are left before this user name is locked out
        from this address (django-axes has counted this one already)."""
        username = access.login_username(self.request, None)
        if username and form.has_error(NON_FIELD_ERRORS, "invalid_login"):
            left = access.tries_left(username, access.client_address(self.request))
            if left:
                form.add_error(
                    None,
                    ngettext(
                        "%(left)d more wrong password and “%(username)s” is locked out for "
                        "%(minutes)d minutes from this address (this device and others on "
                        "the same Wi-Fi).",
                        "%(left)d more wrong passwords and “%(username)s” is locked out for "
                        "%(minutes)d minutes from this address (this device and others on "
                        "the same Wi-Fi).",
                        left,
                    )
                    % {"left": left, "username": username, "minutes": lockout_minutes()},
                )
        return super().form_invalid(form)


def lockout_message(username: str, until) -> str:
    """When the person may try again, and whom to ask meanwhile."""
    now = timezone.now()
    minutes = max(1, math.ceil((until - now).total_seconds() / 60)) if until else 15
    at = date_format(timezone.localtime(until or now), "TIME_FORMAT")
    words = {"username": username, "at": at, "minutes": minutes}
    if username:
        return (
            ngettext(
                "Too many wrong passwords for %(username)s. Try again at %(at)s (in %(minutes)d "
                "minute), or ask the organizer at the desk: they can unlock your account and give "
                "you a new password.",
                "Too many wrong passwords for %(username)s. Try again at %(at)s (in %(minutes)d "
                "minutes), or ask the organizer at the desk: they can unlock your account and "
                "give you a new password.",
                minutes,
            )
            % words
        )
    return (
        ngettext(
            "Too many wrong passwords. Try again at %(at)s (in %(minutes)d minute), or ask the "
            "organizer at the desk: they can unlock your account and give you a new password.",
            "Too many wrong passwords. Try again at %(at)s (in %(minutes)d minutes), or ask the "
            "organizer at the desk: they can unlock your account and give you a new password.",
            minutes,
        )
        % words
    )


def login_locked_out(request, response=None, credentials=None):
    """django-axes' answer to a locked-out login (the sign-in page and the admin's): the
    sign-in page again, its user name kept, saying when to try again and whom to ask."""
    username = access.login_username(request, credentials) or ""
    until = access.lockout_end(username, access.client_address(request))
    form = SignInForm(request, initial={"username": request.POST.get("username", "")})
    return render(
        request,
        "registration/login.html",
        {
            "form": form,
            "lockout": lockout_message(username, until),
            "next": request.POST.get("next", ""),
        },
        status=429,
    )


def home(request):
    """Scorekeepers and the public see the events still going on; an organizer sees every
    event they run, finished and archived ones marked."""
    theirs = access.events_for(request.user).reachable()
    listed = set(theirs.listed().values_list("pk", flat=True))
    finished = set(theirs.finished().values_list("pk", flat=True))
    mine = []
    for event in theirs.order_by("-date"):
        event.is_mine_to_run = access.is_organizer(request.user, event)
        event.is_finished = event.pk in finished
        if event.is_mine_to_run or event.pk in listed:
            mine.append(event)
    return render(
        request,
        "home.html",
        {"my_events": mine, "events": Event.objects.listed().reachable().order_by("-date")[:50]},
    )


def javascript_catalog(request, language):
    """The scripts' words (``gettext``, ``ngettext``, ``interpolate``) in ``language``: the
    page's language is in the address, so a projector in the event's language gets that
    language's words whatever its browser says (static/js/clock.js). A script file loaded
    by a script tag: nothing inline, under the Content-Security-Policy."""
    if language not in dict(settings.LANGUAGES):
        raise Http404("No such language.")
    with translation.override(language):
        view = JavaScriptCatalog.as_view(packages=["tournaments", "scoring"])
        response = view(request)
    # The same words until the next deployment: an hour spares a request per page (not
    # while developing, where a translation just written must show at the next reload).
    if not settings.DEBUG:
        response["Cache-Control"] = "public, max-age=3600"
    return response


def csrf_failure(request, reason=""):
    """A form refused for its security token. Signed out meanwhile (the usual cause: the
    sign-in ended and its cookies went with it): say that, as for any signed-out form.
    Otherwise the page was opened before the last sign-in: send it again."""
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        # A table's form (a game, a correction, penalty points) shows back what it typed,
        # as it does when it reaches its view signed out (``event_table_role``).
        try:
            match = resolve(request.path_info)
        except Resolver404:
            return signed_out(request)
        answer = getattr(match.func, "signed_out", None)
        if answer is None:
            return signed_out(request)
        return answer(request, *match.args, **match.kwargs)
    response = render(request, "403_csrf.html", status=403)
    response["X-Stale-Page"] = "1"
    return response


def _service_worker_source() -> bytes:
    with open(finders.find("js/sw.js"), "rb") as script:
        return script.read()


@require_GET
def service_worker(request):
    """static/js/sw.js at the site's root, so that its scope covers the table pages (a
    worker's scope is the folder it is served from). Browsers ask for it again on every
    visit (no-cache), so a new version reaches the tablets with the next deployment."""
    return HttpResponse(
        _service_worker_source(),
        content_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "no-cache", "Service-Worker-Allowed": "/"},
    )
