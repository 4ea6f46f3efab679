"""The home page, the installation's first-run page, logging in and out, and the service
worker's script."""

import math

from django import forms
from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.contrib.staticfiles import finders
from django.core.exceptions import NON_FIELD_ERRORS
from django.http import Http404, HttpResponse
from django.shortcuts import redirect, render
from django.urls import Resolver404, resolve
from django.utils import timezone, translation
from django.utils.translation import gettext, gettext_lazy, ngettext
from django.views.decorators.http import require_GET, require_http_methods
from django.views.i18n import JavaScriptCatalog

from tournaments import access, services
from tournaments.engine import RuleError
from tournaments.models import Event
from tournaments.selectors import clock_time

from .actions import said
from .addresses import from_this_computer, this_computers_address
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
    at = clock_time(until or now)
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


class DirectorForm(forms.Form):
    """The director's own account, asked for on the installation's first page."""

    username = forms.CharField(
        label=gettext_lazy("Your user name"),
        max_length=150,
        help_text=gettext_lazy("Letters, digits and @ . + - _ only, no spaces."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    password = forms.CharField(
        label=gettext_lazy("Your password"),
        strip=False,
        help_text=gettext_lazy("At least 8 characters, not only digits, not a common one."),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    again = forms.CharField(
        label=gettext_lazy("The same password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean(self):
        data = super().clean()
        if data.get("password") and data.get("again") and data["password"] != data["again"]:
            self.add_error("again", gettext("The two passwords differ: type the same twice."))
        return data


def first_run_here(request) -> bool:
    """The first-run page answers while the installation has no organizer of its own, and
    only on the computer that runs it (``from_this_computer``): nobody on the hall's wifi or
    the internet can make themselves its director before the director does."""
    return access.first_run_open() and from_this_computer(request)


@require_http_methods(["GET", "POST"])
def first_run(request):
    """The director's own account: a user name and a password, made once; then this page
    is gone (404) and the home page leads to the events."""
    if not first_run_here(request):
        raise Http404("This installation has its organizer already.")
    form = DirectorForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = services.director_create(
                username=form.cleaned_data["username"], password=form.cleaned_data["password"]
            )
        except RuleError as error:
            form.add_error(None, said(error))
        else:
            login(request, user, backend="django.contrib.auth.backends.ModelBackend")
            messages.success(
                request,
                gettext(
                    "Welcome, %(name)s: this is your organizer account. Next: a new event, "
                    "or restore one from a backup."
                )
                % {"name": user.get_username()},
            )
            return redirect("home")
    return render(request, "registration/first_run.html", {"form": form})


def home(request):
    """Scorekeepers and the public see the events still going on; an organizer sees every
    event they run, finished and archived ones marked. While the installation has no
    organizer of its own, it first asks for the director's account (on this computer) or
    says where to make it (anywhere else)."""
    first_run = access.first_run_open()
    here = first_run and from_this_computer(request)
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
        {
            "my_events": mine,
            "events": Event.objects.listed().reachable().order_by("-date")[:50],
            "first_run_form": DirectorForm() if here else None,
            # Where the director makes it: this server on the computer itself.
            "first_run_elsewhere": this_computers_address(request)
            if first_run and not here
            else "",
        },
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
