"""The home page and logging in and out."""

import math

from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import render
from django.utils import timezone
from django.utils.formats import date_format

from . import access
from .models import Event


class LoginView(auth_views.LoginView):
    template_name = "registration/login.html"
    redirect_authenticated_user = True


def lockout_message(username: str, until) -> str:
    """When the person may try again, and whom to ask meanwhile."""
    now = timezone.now()
    minutes = max(1, math.ceil((until - now).total_seconds() / 60)) if until else 15
    at = date_format(timezone.localtime(until or now), "TIME_FORMAT")
    who = f" for {username}" if username else ""
    return (
        f"Too many wrong passwords{who}. Try again at {at} (in {minutes} minute"
        f"{'s' if minutes != 1 else ''}), or ask the organizer at the desk: they can "
        "unlock your account and give you a new password."
    )


def login_locked_out(request, response=None, credentials=None):
    """django-axes' answer to a locked-out login (the sign-in page and the admin's): the
    sign-in page again, its user name kept, saying when to try again and whom to ask."""
    username = access.login_username(request, credentials) or ""
    until = access.lockout_end(username, access.client_address(request))
    form = AuthenticationForm(request, initial={"username": request.POST.get("username", "")})
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
