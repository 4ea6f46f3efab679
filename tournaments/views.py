"""The home page and logging in and out."""

from django import forms
from django.contrib.auth import views as auth_views
from django.contrib.auth.forms import AuthenticationForm
from django.shortcuts import render

from . import access
from .models import Event


class ThrottledLoginForm(AuthenticationForm):
    """Django's login form, refusing further attempts after repeated failures."""

    def clean(self):
        username = self.cleaned_data.get("username") or ""
        address = self.request.META.get("REMOTE_ADDR") if self.request else None
        wait = access.login_wait_seconds(username, address)
        if wait:
            minutes = max(1, round(wait / 60))
            raise forms.ValidationError(
                f"Too many failed attempts. Please wait {minutes} minute"
                f"{'s' if minutes > 1 else ''} and try again, or ask the organizer.",
                code="throttled",
            )
        try:
            data = super().clean()
        except forms.ValidationError:
            access.login_record(username, address, succeeded=False)
            raise
        access.login_record(username, address, succeeded=True)
        return data


class LoginView(auth_views.LoginView):
    form_class = ThrottledLoginForm
    template_name = "registration/login.html"
    redirect_authenticated_user = True


def home(request):
    mine = list(access.events_for(request.user).order_by("-date"))
    for event in mine:
        event.is_mine_to_run = access.is_organizer(request.user, event)
    return render(
        request,
        "home.html",
        {"my_events": mine, "events": Event.objects.order_by("-date")[:50]},
    )
