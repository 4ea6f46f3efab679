"""The division page's forms that take a player and a reason (withdraw, disqualify, undo a
withdrawal, seat a round again, take a round back), as posted. Refused, or left from
the confirm page by "No, go back", each comes back open on the division page with the
player chosen and the reason typed, the problem beside its field (or at the form's top):
nothing typed is lost. What was typed is kept across the redirect (``keep_refused``), so
the page's address stays the page's."""

from functools import cached_property

from django.http import HttpResponse
from django.shortcuts import redirect

from tournaments.models import Entrant
from tournaments.selectors import with_shown_name
from web.actions import keep_refused, kept
from web.params import object_or_404, whole_number

from .places import division_url

FORMS = ("withdraw", "disqualify", "reinstate", "reopen", "reseat")


def _key(division, form: str) -> str:
    return f"division:{division.pk}:{form}"


class PlayerForm:
    """The form ``name`` of the division page as posted: its player and its reason."""

    def __init__(self, request, event, division, name: str):
        self.request, self.event, self.division, self.name = request, event, division, name

    @cached_property
    def entrant(self) -> Entrant | None:
        """The player chosen (None: none; a 404 for an id of no entrant of the event),
        named as the pages name them: two players of one name carry their club or number."""
        chosen = whole_number(self.request.POST.get("entrant", ""), low=1)
        if chosen is None:
            return None
        return with_shown_name(object_or_404(Entrant, chosen, event=self.event))

    @property
    def reason(self) -> str:
        return self.request.POST.get("reason", "").strip()

    @property
    def page(self) -> str:
        return division_url(self.event, self.division.pk)

    def keep(self, problem: str, at: str = "") -> None:
        """Keep the player chosen and the reason typed with ``problem``, said beside the
        field ``at`` ("entrant", "reason"; "" for the whole form)."""
        typed = {name: self.request.POST.get(name, "") for name in ("entrant", "reason")}
        keep_refused(self.request, _key(self.division, self.name), {**typed, "at": at}, problem)

    def missing(self, *, player: str = "", reason: str = "") -> HttpResponse | None:
        """Back to the page with the form as typed when it needs a player (``player``: the
        problem to say then) or a reason (``reason``) and has none; else None."""
        if player and self.entrant is None:
            self.keep(player, "entrant")
        elif reason and not self.reason:
            self.keep(reason, "reason")
        else:
            return None
        return redirect(self.page)

    def back(self) -> HttpResponse:
        """The confirm page's "No, go back": the form open as it was typed, the keyboard on
        the reason."""
        self.keep("", "reason")
        return redirect(self.page)


def kept_forms(request, division) -> dict:
    """The division page's forms that come back as typed, by name: the player and the
    reason, the problem by the field it is said beside ("form" for the form's top) and
    the field the keyboard goes to. Each is shown once."""
    out = {}
    for name in FORMS:
        refused = kept(request, _key(division, name))
        if refused is not None:
            data = dict(refused["data"])
            at = data.pop("at", "")
            out[name] = {**data, "errors": {at or "form": refused["problem"]}, "focus": at}
    return out
