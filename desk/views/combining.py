"""Combining divisions too small to play alone (from the check-in page, or the offer for a
lone player on a division page), asked first; splitting them again until the combined
division is seated."""

from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from web.actions import act, form_errors_to_messages, keep_refused, kept
from web.decorators import event_role, post_only

from .. import selectors
from ..forms import CombineForm
from .confirm import Question, confirm_then_act, going_back
from .places import checkin_url, division_of


def _key(event) -> str:
    return f"combine:{event.pk}"


def combine_typed(request, event) -> dict:
    """What the combine form held when the organizer went back from its confirm page."""
    typed = kept(request, _key(event))
    if typed is None:
        return {}
    data = typed["data"]
    return {"into": data.get("into", ""), "divisions": data.get("divisions", "").split(",")}


def _combining_url(event) -> str:
    return reverse("desk:checkin", args=[event.slug]) + "#combine"


def _back_to_combining(request, event):
    """The confirm page's "No, go back": the check-in page's combine form as it was filled
    in (the name typed, the divisions ticked), or the division page the lone player's
    offer was on (nothing typed there)."""
    if request.POST.get("medals") == "age-group":
        ids = [i for i in request.POST.getlist("divisions") if i.isascii() and i.isdigit()]
        origin = event.divisions.filter(pk=ids[0]).first() if ids else None
        if origin is not None:
            return redirect("desk:division", event.slug, origin.pk)
    typed = {
        "into": request.POST.get("into", ""),
        "divisions": ",".join(request.POST.getlist("divisions")),
    }
    keep_refused(request, _key(event), typed)
    return redirect(_combining_url(event))


def _after_combining(event, into: str, from_division_page: bool):
    """Back where the combining started: the check-in page, or (the offer for a lone player
    on a division page) the division the lone player now plays in, ready to seat."""
    target = event.divisions.filter(name__iexact=into).first() if from_division_page else None
    if target is None:
        return ("desk:checkin", event.slug)
    return ("desk:division", event.slug, target.pk)


def _medals_words(event, into: str, by_age_group: bool) -> str:
    if by_age_group:
        return _(
            "Medals will go to each age group, in finishing order, in %(into)s: the lone "
            "player plays for a medal of their own age group (the event's medal policy "
            "stays as it is for any other combined division)."
        ) % {"into": into}
    if event.medal_policy == event.MedalPolicy.COMBINED:
        return _("Medals go to the combined division as a whole.")
    return _("Medals still go to each age group, in finishing order.")


def _combine_question(event, chosen, into: str, by_age_group: bool) -> Question:
    """Combining the divisions of the overview's lines ``chosen`` into ``into``, asked."""
    names = ", ".join(line.division.shown_name for line in chosen)
    players = sum(line.checked_in for line in chosen)
    divisions = ", ".join(
        ngettext("%(name)s (%(n)d checked in)", "%(name)s (%(n)d checked in)", line.checked_in)
        % {"name": line.division.shown_name, "n": line.checked_in}
        for line in chosen
    )
    return Question(
        title=_("Combine %(names)s into %(into)s?") % {"names": names, "into": into},
        lines=[
            ngettext(
                "%(divisions)s play as one division, %(into)s, with %(n)d player.",
                "%(divisions)s play as one division, %(into)s, with %(n)d players.",
                players,
            )
            % {"divisions": divisions, "into": into, "n": players},
            _medals_words(event, into, by_age_group),
            _("You can split %(into)s again until its first round is seated.") % {"into": into},
        ],
        yes=_("Yes, combine them into %(into)s") % {"into": into},
        back=_combining_url(event),
        change=_("No, go back"),
    )


@event_role("organizer")
@post_only(checkin_url)
def combine(request, event):
    if going_back(request):
        return _back_to_combining(request, event)
    lines = selectors.event_overview(event)
    form = CombineForm(
        request.POST, choices=[(str(line.division.pk), line.division.shown_name) for line in lines]
    )
    if not form.is_valid():
        form_errors_to_messages(request, form)
        return redirect("desk:checkin", event.slug)
    by_pk = {str(line.division.pk): line for line in lines}
    chosen = [by_pk[pk] for pk in form.cleaned_data["divisions"]]
    names = ", ".join(line.division.shown_name for line in chosen)
    into = form.cleaned_data["into"].strip()
    # A lone player who must play is combined with medals by age group (the offer on the
    # division page posts medals=age-group).
    by_age_group = request.POST.get("medals") == "age-group"
    return confirm_then_act(
        request,
        event,
        question=lambda: _combine_question(event, chosen, into, by_age_group),
        action=lambda: services.divisions_combine(
            event=event,
            into=form.cleaned_data["into"],
            names=[line.division.name for line in chosen],
            medals_by_age_group=by_age_group,
        ),
        done=lambda target: _("%(names)s play as %(into)s.")
        % {"names": names, "into": target.name},
        to=_after_combining(event, into, by_age_group),
    )


@event_role("organizer")
@post_only(checkin_url)
def division_split(request, event, division_id):
    division = division_of(event, division_id)
    return act(
        request,
        lambda: services.division_split(division=division),
        done=lambda members: _("%(division)s is split: %(names)s play on their own again.")
        % {"division": division.shown_name, "names": ", ".join(m.name for m in members)},
        to=("desk:checkin", event.slug),
    )
