"""Access checks for views: every page of an event checks the role on the server."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import render
from django.utils.translation import gettext

from .access import event_with_roles
from .models import Event


def event_role(role: str):
    """The view gets the event; anonymous users go to the login page, others get 403."""
    if role not in ("organizer", "scorekeeper"):
        raise ValueError(f"Unknown role {role!r}.")

    def decorator(view):
        @wraps(view)
        def wrapped(request, slug, *args, **kwargs):
            try:
                # The event and the user's roles in it, in one query.
                event = event_with_roles(slug, request.user)
            except Event.DoesNotExist:
                raise Http404("No such event.") from None
            if not request.user.is_authenticated:
                if request.method == "POST":
                    return signed_out(request)
                return redirect_to_login(request.get_full_path())
            # An organizer may do everything a scorekeeper does.
            organizer = event.user_organizes
            if not (organizer or (role == "scorekeeper" and event.user_keeps_scores)):
                refusal = (
                    gettext("You are not an organizer of %(event)s.")
                    if role == "organizer"
                    else gettext("You are not a scorekeeper of %(event)s.")
                )
                raise PermissionDenied(refusal % {"event": event.name})
            request.is_organizer = organizer
            return view(request, event, *args, **kwargs)

        return wrapped

    return decorator


def signed_out(request):
    """A form sent by someone whose sign-in ended: not saved, and said so (401), never a
    quiet redirect that drops what they typed. The sign-in link comes back to this page."""
    response = render(request, "signed_out.html", {"next": request.path}, status=401)
    response["X-Signed-Out"] = "1"
    return response
