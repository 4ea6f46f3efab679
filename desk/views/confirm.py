"""The "are you sure?" step before anything that cannot simply be taken back, and the
action after it.

A form posts as usual; without ``confirmed=yes`` the view answers with a page that names
what will happen and posts the same fields again with ``confirmed=yes``. No JavaScript
is needed, and nothing the organizer typed is lost on the way: "No, go back" is a link
back to the page, or (a question with ``change``) a button that posts the fields back
with ``change=1``, for the view to show its form again as typed.

``confirm_then_act`` is the whole step, so that a view is its form, one service call and
the answer: going back, the form's own check, the question, then the action.
"""

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from django.contrib import messages
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext

from tournaments.engine import RuleError
from web.actions import act, said
from web.params import whole_number

# Posted fields the confirm page does not post again: its own, and the form's token.
SKIPPED = ("csrfmiddlewaretoken", "confirmed", "change")


@dataclass(frozen=True)
class Question:
    """What the confirm page asks: ``title`` the question, ``lines`` what will happen,
    ``yes`` the button that does it, ``back`` where "no" leads (``no`` its words, "No, go
    back" unless given). With ``change`` (its words), "no" is instead a button that posts
    the fields back with ``change=1``: the view shows its form again as typed. ``fields``
    are posted with the answer besides (in place of any posted under their names): what
    the question was asked about, for the view to see whether it was already acted on."""

    title: str
    lines: Sequence[str]
    yes: str
    back: str
    change: str = ""
    fields: Sequence[tuple[str, str]] = ()
    no: str = ""


def confirmed(request) -> bool:
    """The confirm page's "Yes" posted the form again."""
    return request.POST.get("confirmed") == "yes"


def going_back(request) -> bool:
    """The confirm page's "No, go back" button (``Question.change``) posted the fields back."""
    return bool(request.POST.get("change"))


def ask(request, event, question: Question) -> HttpResponse:
    """The confirm page for ``question``, posting back to the address it was asked at
    with every field the form posted (``event`` None: a page of no event yet)."""
    own = {name for name, _ in question.fields}
    fields = [
        *(
            (k, v)
            for k in request.POST
            if k not in (*SKIPPED, *own)
            for v in request.POST.getlist(k)
        ),
        *question.fields,
    ]
    return render(
        request,
        "desk/confirm.html",
        {
            "event": event,
            "title": question.title,
            "lines": question.lines,
            "yes": question.yes,
            "no": question.no or gettext("No, go back"),
            "back": question.back,
            "fields": fields,
            "action": request.path,
            "change": question.change,
        },
    )


def asked_again(question: Callable[..., Question | None]):
    """``question`` (the view's event and address values to its ``Question``, or None
    when there is nothing to ask now) as ``post_only``'s ``question``: the confirm page
    opened by its address (after signing in again) asks again and does nothing."""

    def answer(request, event, *args, **kwargs):
        found = question(event, *args, **kwargs)
        return None if found is None else ask(request, event, found)

    return answer


def asked_round(request) -> int | None:
    """The round (its number or id, as the form names it) a desk action's form posted, or
    None when it posted none or one that is no number (``round=１``): such a post is
    refused (``round_unnamed``), never read as "the latest round"."""
    return whole_number(request.POST.get("round", ""), low=1)


def round_unnamed(request, to: str) -> HttpResponse:
    """The answer to a desk action posted without a readable round: nothing is done, and
    the page it came from says to use its buttons (a page of long ago, or a hand-made
    request, never acts on whatever round is the latest now)."""
    messages.error(
        request,
        gettext(
            "Nothing was done: the form did not say which round it was about. Use the "
            "buttons on the division's page as it is now."
        ),
    )
    return redirect(to)


def confirm_then_act(
    request,
    event,
    *,
    question: Callable[[], Question | None],
    action: Callable[[], object],
    done: str | Callable[[object], str | None],
    to,
    refused: Callable[[RuleError], Iterable[str]] | None = None,
    keep: Callable[[str], None] | None = None,
    back: Callable[[], HttpResponse] | None = None,
    check: Callable[[], HttpResponse | None] | None = None,
) -> HttpResponse:
    """Ask first, then do ``action`` (one service call), in this order:

    - ``back``: the answer to the confirm page's "No, go back" button (a question with
      ``change``): the page the form is on, as it was typed; nothing is done.
    - ``check``: the form's own check of what was typed; a response when it refuses it
      (the form shown again with the problem beside its field).
    - ``question``, unless the answer is already "yes": its confirm page. None when
      there is nothing to ask now (the action then does it, or says why not). A
      ``RuleError`` raised while asking is a page out of date (a score came in since it
      was shown): said at the top of ``to``, and nothing is asked.
    - ``action``, its ``done``, ``refused`` and ``keep`` as ``web.actions.act`` takes them,
      then the browser goes to ``to``.
    """
    if back is not None and going_back(request):
        return back()
    if check is not None and (refusal := check()) is not None:
        return refusal
    if not confirmed(request):
        try:
            found = question()
        except RuleError as error:
            messages.error(request, said(error))
            return redirect(*to) if isinstance(to, tuple) else redirect(to)
        if found is not None:
            return ask(request, event, found)
    kwargs = {"refused": refused} if refused is not None else {}
    return act(request, action, done=done, to=to, keep=keep, **kwargs)
