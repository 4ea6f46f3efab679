"""The "are you sure?" step before anything that cannot simply be taken back.

A form posts as usual; without ``confirmed=yes`` the view answers with a page that names
what will happen and posts the same fields again with ``confirmed=yes``. No JavaScript
is needed, and nothing the organizer typed is lost on the way.
"""

from collections.abc import Sequence

from django.shortcuts import render
from django.utils.translation import gettext

SKIPPED = ("csrfmiddlewaretoken", "confirmed", "change")


def confirmed(request) -> bool:
    return request.POST.get("confirmed") == "yes"


def ask(
    request,
    event,
    *,
    title: str,
    lines: Sequence[str],
    yes: str,
    back: str,
    no: str = "",
    change: str = "",
    fields: Sequence[tuple[str, str]] = (),
):
    """The confirm page: ``title`` asks the question, ``lines`` say what will happen,
    ``yes`` labels the button that does it, ``back`` is where "no" leads. With
    ``change``, "no" is instead a button that posts the fields back with ``change=1``: the
    view shows its form again as typed, so nothing typed is lost. ``fields`` are posted
    with the answer besides (in place of any posted under their names): what the question
    was asked about, for the view to see whether it was already acted on."""
    own = {name for name, _ in fields}
    fields = [
        *(
            (k, v)
            for k in request.POST
            if k not in (*SKIPPED, *own)
            for v in request.POST.getlist(k)
        ),
        *fields,
    ]
    return render(
        request,
        "desk/confirm.html",
        {
            "event": event,
            "title": title,
            "lines": lines,
            "yes": yes,
            "no": no or gettext("No, go back"),
            "back": back,
            "fields": fields,
            "action": request.path,
            "change": change,
        },
    )
