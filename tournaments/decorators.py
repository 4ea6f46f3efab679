"""Access checks for views: every page of an event checks the role on the server."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404, render

from .access import is_organizer, is_scorekeeper
from .models import Event

CHECKS = {"organizer": is_organizer, "scorekeeper": is_scorekeeper}


def event_role(role: str):
    """The view gets the event; anonymous users go to the login page, others get 403."""
    check = CHECKS[role]

    def decorator(view):
        @wraps(view)
        def wrapped(request, slug, *args, **kwargs):
            event = get_object_or_404(Event, slug=slug)
            if not request.user.is_authenticated:
                if request.method == "POST":
                    return signed_out(request)
                return redirect_to_login(request.get_full_path())
            if not check(request.user, event):
                article = "an" if role[0] in "aeiou" else "a"
                raise PermissionDenied(f"You are not {article} {role} of {event.name}.")
            request.is_organizer = is_organizer(request.user, event)
            return view(request, event, *args, **kwargs)

        return wrapped

    return decorator


def signed_out(request):
    """A form sent by someone whose sign-in ended: not saved, and said so (401), never a
    quiet redirect that drops what they typed. The sign-in link comes back to this page."""
    response = render(request, "signed_out.html", {"next": request.path}, status=401)
    response["X-Signed-Out"] = "1"
    return response
