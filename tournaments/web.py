"""What every face's views share: running one service call and telling the person how it went.

Not a face itself: desk, public pages, score entry and printing all use it.
"""

from collections.abc import Callable, Iterable

from django.contrib import messages
from django.shortcuts import redirect

from tournaments.engine import RuleError


def refusal_lines(error: RuleError) -> Iterable[str]:
    """A refusal as the page shows it: one message per line of the service's text."""
    return [line.strip() for line in str(error).splitlines() if line.strip()] or [str(error)]


def act(
    request,
    action: Callable[[], object],
    *,
    done: str | Callable[[object], str | None],
    to,
    refused: Callable[[RuleError], Iterable[str]] = lambda error: [str(error)],
):
    """Run ``action`` (one service call); its refusal (a RuleError) or ``done`` goes to the
    page as a message, then the browser goes to ``to`` (a URL, or a view name and its
    arguments as a tuple). ``done`` may be a function of the action's result."""
    try:
        result = action()
    except RuleError as error:
        for line in refused(error):
            messages.error(request, line)
    else:
        text = done(result) if callable(done) else done
        if text:
            messages.success(request, text)
    return redirect(*to) if isinstance(to, tuple) else redirect(to)


def form_errors_to_messages(request, form, *, labels: bool = True) -> None:
    """A form's errors as messages (for forms posted from a page that shows no form)."""
    for field, errors in form.errors.items():
        label = form.fields[field].label if labels and field in form.fields else ""
        for error in errors:
            messages.error(request, f"{label}: {error}" if label else error)
