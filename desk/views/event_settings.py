"""The desk's settings page: the event's settings (asking first when new settings move
entrants to other divisions), with its scorekeepers section below."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from tournaments import services
from tournaments.engine import RuleError
from tournaments.models import Event
from tournaments.selectors import event_started
from tournaments.text import isolate
from web.actions import said
from web.decorators import event_role

from .. import selectors
from ..format_form import FormatSettingsForm, preset_filled, preset_values
from ..forms import EventSettingsForm
from .confirm import Question, ask, confirmed, going_back
from .scorekeepers import password_to_show, scorekeeper_form


def _move_lines(moves) -> list[str]:
    going = [m for m in moves if not m.blocked]
    staying = [m for m in moves if m.blocked]
    lines = [
        _("%(name)s: from %(before)s to %(after)s")
        % {"name": isolate(m.entrant.name), "before": m.before, "after": m.after}
        for m in going
    ]
    lines += [
        _("%(name)s stays in %(before)s: %(why)s")
        % {"name": isolate(m.entrant.name), "before": m.before, "why": m.blocked}
        for m in staying
    ]
    lines.append(
        _(
            "Divisions already seated never change. Everyone else stays where they are; "
            "divisions left empty are removed."
        )
    )
    return lines


def _moves_question(event, moves, going) -> Question:
    count = len(going)
    return Question(
        title=ngettext(
            "Move %(n)d entrant to another division?",
            "Move %(n)d entrants to other divisions?",
            count,
        )
        % {"n": count},
        lines=_move_lines(moves),
        yes=_("Yes, save the settings and move them"),
        back=reverse("desk:settings", args=[event.slug]),
        change=_("No, change the settings again"),
    )


def _saved(moves, going) -> str:
    text = _("Settings saved.")
    if going:
        text += ngettext(
            " %(n)d entrant moved to another division.",
            " %(n)d entrants moved to other divisions.",
            len(going),
        ) % {"n": len(going)}
    staying = len(moves) - len(going)
    if staying:
        text += ngettext(
            " %(n)d entrant whom the new settings place elsewhere stays: their "
            "division is already seated.",
            " %(n)d entrants whom the new settings place elsewhere stay: their "
            "divisions are already seated.",
            staying,
        ) % {"n": staying}
    return text


def _save(request, event, form, format_form=None):
    """Save a valid form's settings, asking first when they move entrants; the answer, or
    None when the page shows the form again (as typed: "No, change the settings again",
    or with the refusal on it). ``format_form``: the format part's settings, saved with
    them."""
    data = dict(form.cleaned_data)
    if format_form is not None:
        data.update(format_form.settings())
    slug = data.pop("short_name", None)
    slug = slug if slug and slug != event.slug else None  # changed only when retyped
    if data.get("hall_tables") is None:
        data["hall_tables"] = 0  # an empty box clears the hall's size (None would keep it)
    for key in ("min_age", "max_age"):  # an empty box clears the age limit
        if key in data and data[key] is None:
            data[key] = 0
    try:
        moves = services.division_settings_moves(event, data)
    except RuleError as error:
        form.add_error(None, said(error))
        return None
    going = [m for m in moves if not m.blocked]
    if going_back(request):
        return None
    if going and not confirmed(request):
        return ask(request, event, _moves_question(event, moves, going))
    try:
        event = services.event_configure(event=event, regroup=bool(going), slug=slug, **data)
    except RuleError as error:
        form.add_error(None, said(error))
        return None
    text = _saved(moves, going)
    if slug:
        text += " " + _("The event's address is now %(slug)s: the old one leads here.") % {
            "slug": event.slug
        }
    messages.success(request, text)
    return redirect("desk:overview", event.slug)


def _problems(form) -> list[tuple[str, str]]:
    """A failed save's summary for the top of the page: (message, the field's id or "")."""
    if not form.is_bound:
        return []
    found = [(str(e), "") for e in form.non_field_errors()]
    for field in form.visible_fields():
        # The label's name only ("Table numbers never to use", not its example).
        name = str(field.label).split(" (")[0].split(", as")[0]
        for e in field.errors:
            found.append(
                (_("%(field)s: %(error)s") % {"field": name, "error": e}, field.id_for_label)
            )
    return found


@event_role("organizer")
def settings_page(request, event):
    data = request.POST or None
    # The format part: "Fill in the preset" shows its settings in the fields, unsaved.
    filling = data is not None and "fill_preset" in data
    if filling:
        data = preset_filled(data)
    instance = Event.objects.get(pk=event.pk)
    form = EventSettingsForm(data, instance=instance)
    # A page opened before the format part existed sends none of it: the event keeps its own.
    format_data = data if data is not None and "joker_value" in data else None
    format_form = FormatSettingsForm(format_data, instance=instance, started=event_started(event))
    format_valid = format_data is None or format_form.is_valid()
    if request.method == "POST" and not filling and form.is_valid() & format_valid:
        answer = _save(request, event, form, format_form if format_data is not None else None)
        if answer is not None:
            return answer
    password_words = password_to_show(request, event)
    response = render(
        request,
        "desk/settings.html",
        {
            "event": event,
            "form": form,
            "format_form": format_form,
            "preset_values": preset_values(),
            "scorekeepers": selectors.scorekeepers_listed(event),
            "scorekeeper_form": scorekeeper_form(request, event),
            "problems": [] if filling else _problems(form) + _problems(format_form),
            "password_words": password_words,
            "said_at_scorekeepers": request.GET.get("at") == "scorekeepers",
        },
    )
    if password_words:
        # Shown once: the back button or a reload asks the server again, which no longer has it.
        response["Cache-Control"] = "no-store"
    return response
