"""Access checks for views: every page of an event checks the role on the server."""

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponseNotAllowed
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from tournaments.access import event_with_roles, table_with_roles
from tournaments.models import Event

from .event_zone import event_zone_known


def event_role(role: str):
    """The view gets the event; anonymous users go to the login page, others get 403."""
    _known(role)

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
            _allow(request, event, role)
            event_zone_known(event)
            return view(request, event, *args, **kwargs)

        return wrapped

    return decorator


def event_table_role(role: str, *, refused=None, typed_when_signed_out=None):
    """``event_role`` for the pages of one table (``table_id`` in the address): the view
    gets the event and the table, with its round and division, read with the user's roles
    in one query (a score save and the page after it start with it). Refused as
    ``event_role`` refuses; a table of another event, or none, is a 404. With
    ``refused(request, event, table, refusal)``, a signed-in user without the role (taken
    away while they typed) gets that answer instead of the 403 page: what they sent can
    be shown back to them. With ``typed_when_signed_out(request, table, ...)`` (given the
    view's other address values too, as a game's number), a form sent here after the
    sign-in ended shows back what that function returns (the context of
    ``scoring/_not_saved.html`` or ``scoring/_not_sent.html``, or None) beside the
    sign-in link: Back does not bring typed numbers back once the page itself asks for a
    sign-in."""
    _known(role)

    def decorator(view):
        @event_role(role)
        def no_table(request, event, table_id, *args, **kwargs):
            # The event exists and this user may open it: it has no such table.
            raise Http404("No such table in this event.")

        @wraps(view)
        def wrapped(request, slug, table_id, *args, **kwargs):
            table = None
            signed_in = request.user.is_authenticated
            if signed_in or (request.method == "POST" and typed_when_signed_out):
                table = table_with_roles(slug, table_id, request.user)
            if table is not None and not signed_in:
                return signed_out(request, typed_when_signed_out(request, table, *args, **kwargs))
            if table is None:  # said as event_role says it: no event, sign in, 403, 404
                return no_table(request, slug, table_id, *args, **kwargs)
            event = table.round.division.event
            event_zone_known(event)
            try:
                _allow(request, event, role)
            except PermissionDenied as refusal:
                if refused is None:
                    raise
                return refused(request, event, table, refusal)
            return view(request, event, table, *args, **kwargs)

        def signed_out_here(request, slug, table_id, *args, **kwargs):
            """The signed-out answer to a form sent here, with what it typed, for a form
            refused for its security token before reaching the view (``csrf_failure``:
            cleared cookies take the token with the sign-in)."""
            typed = None
            if request.method == "POST" and typed_when_signed_out:
                table = table_with_roles(slug, table_id, request.user)
                if table is not None:
                    typed = typed_when_signed_out(request, table, *args, **kwargs)
            return signed_out(request, typed)

        wrapped.signed_out = signed_out_here
        return wrapped

    return decorator


def _known(role: str) -> None:
    if role not in ("organizer", "scorekeeper"):
        raise ValueError(f"Unknown role {role!r}.")


def _allow(request, event, role: str) -> None:
    """403 unless the signed-in user has ``role`` in the event (an organizer may do
    everything a scorekeeper does); else ``request.is_organizer`` says whether they organize."""
    organizer = event.user_organizes
    if not (organizer or (role == "scorekeeper" and event.user_keeps_scores)):
        refusal = (
            gettext("You are not an organizer of %(event)s.")
            if role == "organizer"
            else gettext("You are not a scorekeeper of %(event)s.")
        )
        raise PermissionDenied(refusal % {"event": event.name})
    request.is_organizer = organizer


def signed_out(request, typed: dict | None = None):
    """A form sent by someone whose sign-in ended: not saved, and said so (401), never a
    quiet redirect that drops what they typed. The sign-in link comes back to this page;
    ``typed`` (``event_table_role``) shows the numbers sent back to copy onto paper."""
    context = {"next": request.path, **(typed or {})}
    response = render(request, "signed_out.html", context, status=401)
    response["X-Signed-Out"] = "1"
    return response


def post_only(back, *, question=None):
    """For an action that only a form may do (under ``event_role`` or ``event_table_role``,
    whose event, table and address values ``back`` and ``question`` get as the view does).
    A GET never does it: it arrives after signing in again from the signed-out page (whose
    link comes back to the address the form was sent to), or from a bookmark. With
    ``question``, that GET shows the action's confirm page again (``question`` takes the
    view's arguments and answers that page, or None when there is no question to ask
    now); otherwise, or then, it goes to ``back(event, ...)``, the page the action belongs
    to, never to a bare 405."""

    def decorator(view):
        @wraps(view)
        def wrapped(request, *args, **kwargs):
            if request.method == "POST":
                return view(request, *args, **kwargs)
            if request.method not in ("GET", "HEAD"):
                return HttpResponseNotAllowed(["POST"])
            if question is not None:
                asked = question(request, *args, **kwargs)
                if asked is not None:
                    return asked
            return redirect(back(*args, **kwargs))

        wrapped.post_only = True  # carried up by ``wraps``: tests find every such action
        return wrapped

    return decorator
