"""What a refused form of the division page held (the player chosen, the reason typed),
kept across the redirect back to the page with its refusal, so nothing typed is lost."""

from django.shortcuts import redirect

from web.actions import keep_refused, kept

# The division page's forms that take a player and a reason: refused, each comes back open
# with what was typed and the problem beside its field (or at the form's top).
KEPT_FORMS = ("withdraw", "disqualify", "reinstate", "reopen", "reseat")


def keep_typed(request, division, form: str, problem: str, at: str = "") -> None:
    """Keep the player chosen and the reason typed in ``form`` with its refusal, said
    beside the field ``at`` ("entrant", "reason"; "" for the whole form)."""
    typed = {name: request.POST.get(name, "") for name in ("entrant", "reason")}
    keep_refused(request, f"division:{division.pk}:{form}", {**typed, "at": at}, problem)


def going_back(request) -> bool:
    """The confirm page's "No, go back" (``ask(change=...)``) posted the fields back."""
    return bool(request.POST.get("change"))


def back_to_form(request, event, division, form: str):
    """Back to the division page with ``form`` open as it was typed, the keyboard on the
    reason: going back from the confirm page loses nothing."""
    keep_typed(request, division, form, "", "reason")
    return redirect("desk:division", event.slug, division.pk)


def kept_forms(request, division) -> dict:
    out = {}
    for name in KEPT_FORMS:
        refused = kept(request, f"division:{division.pk}:{name}")
        if refused is not None:
            data = dict(refused["data"])
            at = data.pop("at", "")
            out[name] = {**data, "errors": {at or "form": refused["problem"]}, "focus": at}
    return out
