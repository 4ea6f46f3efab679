"""The desk's event pages: a new event, the overview, settings and scorekeepers, backup."""

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring import backup as backups
from scoring import selectors as scoring_selectors
from scoring import services as scoring_services
from scoring.backup import (
    SlugTaken,
    backup_read,
    check_backup,
    event_backup,
    event_restore,
)
from scoring.selectors import corrections_pending, tables_to_watch
from tournaments import access, services
from tournaments.engine import RuleError
from tournaments.models import Entrant, Event
from tournaments.selectors import announcements
from tournaments.text import isolate
from web import uploads
from web.actions import act, form_errors_to_messages, keep_refused, kept, said
from web.decorators import event_role, post_only

from .. import selectors
from ..forms import (
    EventCreateForm,
    EventDeleteForm,
    EventSettingsForm,
    RestoreForm,
    ScorekeeperForm,
)
from .clock import unstarted_clocks
from .confirm import ask, confirmed


@login_required
def event_new(request):
    if not request.user.is_staff:
        raise PermissionDenied(_("Only organizers create events."))
    form = EventCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create_by(user=request.user, **form.cleaned_data)
        except RuleError as error:
            form.add_error(None, said(error))
        else:
            messages.success(
                request, _("%(name)s created. Next: its settings.") % {"name": event.name}
            )
            return redirect("desk:settings", event.slug)
    return render(request, "desk/event_new.html", {"form": form})


@event_role("organizer")
def overview(request, event):
    lines = selectors.event_overview(event)
    waits = selectors.division_waits(event)
    for line in lines:
        line.waits = waits.get(line.division.pk, [])
    small = [line for line in lines if line.small]
    pending = list(corrections_pending(event).values())
    watch = tables_to_watch(event)
    return render(
        request,
        "desk/overview.html",
        {
            "event": event,
            "lines": lines,
            "small": small,
            "pending": pending,
            "unplaced": not Entrant.objects.filter(event=event).exists(),
            "late": watch.late,
            "quiet": watch.quiet,
            "announcements": announcements(event),
            "unstarted": unstarted_clocks(event),
            # A locked-out scorekeeper is sent to the desk: the desk sees it first here.
            "lockouts": access.event_lockouts(event),
        },
    )


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
    form = EventSettingsForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        if data.get("hall_tables") is None:
            data["hall_tables"] = 0  # an empty box clears the hall's size (None would keep it)
        moves = []
        try:
            moves = services.division_settings_moves(event, data)
        except RuleError as error:
            form.add_error(None, said(error))
        going = [m for m in moves if not m.blocked]
        if form.is_valid() and going and not request.POST.get("change"):
            if not confirmed(request):
                count = len(going)
                return ask(
                    request,
                    event,
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
        if form.is_valid() and not request.POST.get("change"):
            try:
                services.event_configure(event=event, regroup=bool(going), **data)
            except RuleError as error:
                form.add_error(None, said(error))
            else:
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
                messages.success(request, text)
                return redirect("desk:overview", event.slug)
    scorekeepers = list(event.scorekeepers.order_by("username"))
    locked = {}
    for lockout in access.lockouts([user.username for user in scorekeepers]):
        locked.setdefault(lockout.username, lockout.until)
    for user in scorekeepers:
        user.locked_until = locked.get(user.username.lower())
    password_words = _password_to_show(request, event)
    response = render(
        request,
        "desk/settings.html",
        {
            "event": event,
            "form": form,
            "scorekeepers": scorekeepers,
            "scorekeeper_form": _scorekeeper_form(request, event),
            "problems": _problems(form),
            "password_words": password_words,
            "said_at_scorekeepers": request.GET.get("at") == "scorekeepers",
        },
    )
    if password_words:
        # Shown once: the back button or a reload asks the server again, which no longer has it.
        response["Cache-Control"] = "no-store"
    return response


# A password just made waits in the server-side session (never the messages cookie, which
# is signed but readable) until the settings page shows it, once.
PASSWORD_TO_SHOW = "password_to_show"


def _keep_password_to_show(request, event, words: str) -> None:
    request.session[PASSWORD_TO_SHOW] = {"event": event.slug, "words": words}


def _password_to_show(request, event) -> str:
    kept = request.session.get(PASSWORD_TO_SHOW)
    if not isinstance(kept, dict) or kept.get("event") != event.slug:
        return ""
    del request.session[PASSWORD_TO_SHOW]
    return kept.get("words", "")


def _scorekeeper_added(request, event, result) -> str | None:
    user, password = result
    if password:
        _keep_password_to_show(
            request,
            event,
            _(
                "Account %(user)s created with password %(password)s — write it down now, it "
                "is shown once."
            )
            % {"user": user.username, "password": password},
        )
        return None
    return _("%(user)s now keeps scores for %(event)s.") % {
        "user": user.username,
        "event": event.name,
    }


def _backup_back(event, *args, **kwargs) -> str:
    return reverse("desk:backup", args=[event.slug])


def _home_back(*args, **kwargs) -> str:
    return reverse("home")


def _scorekeepers_back(event, *args, **kwargs) -> str:
    return _scorekeepers_url(event)


@event_role("organizer")
@post_only(_scorekeepers_back)
def scorekeeper_add(request, event):
    form = ScorekeeperForm(request.POST)

    def keep(problem: str) -> None:  # the name typed comes back with the refusal beside it
        typed = {"username": request.POST.get("username", "")}
        keep_refused(request, _scorekeeper_key(event), typed, problem)

    if not form.is_valid():
        keep(" ".join(e for errors in form.errors.values() for e in errors))
        return redirect(_scorekeepers_landing(event))
    return act(
        request,
        lambda: services.scorekeeper_add(event=event, username=form.cleaned_data["username"]),
        done=lambda result: _scorekeeper_added(request, event, result),
        to=_scorekeepers_landing(event),
        keep=keep,
    )


def _scorekeeper_key(event) -> str:
    return f"scorekeeper:{event.pk}"


def _scorekeeper_form(request, event) -> ScorekeeperForm:
    """The add-a-scorekeeper form, as typed with its refusal when one came back."""
    refused = kept(request, _scorekeeper_key(event))
    if refused is None:
        return ScorekeeperForm()
    form = ScorekeeperForm({"username": refused["data"].get("username", "")})
    form.full_clean()
    form.errors.clear()
    form.add_error("username", refused["problem"])
    return form


def _scorekeepers_url(event) -> str:
    return reverse("desk:settings", args=[event.slug]) + "#scorekeepers"


def _scorekeepers_landing(event) -> str:
    """Where a scorekeeper action ends: its section of the long settings page, with what
    it said (and a password made, shown once) in that section rather than off screen at
    the top."""
    return reverse("desk:settings", args=[event.slug]) + "?at=scorekeepers#scorekeepers"


def _remove_question(request, event, user_id):
    """The confirm page for removing a scorekeeper; None when they no longer are one."""
    user = event.scorekeepers.filter(pk=user_id).first()
    if user is None:
        return None
    values = {"user": user.username, "event": event.name}
    if access.is_organizer(user, event):
        first = _(
            "%(user)s also organizes %(event)s: as an organizer they can still save and "
            "confirm scores there."
        )
    else:
        first = _(
            "%(user)s can no longer save or confirm scores for %(event)s: a phone or tablet "
            "they use is turned away at its next tap."
        )
    lines = [
        first % values,
        _("The scores they already saved stay as they are."),
        _(
            "Their account stays: adding the user name again gives them the role back, "
            "with the same password."
        ),
    ]
    return ask(
        request,
        event,
        title=_("Remove %(user)s from the scorekeepers of %(event)s?") % values,
        lines=lines,
        yes=_("Yes, remove %(user)s") % values,
        back=_scorekeepers_url(event),
    )


@event_role("organizer")
@post_only(_scorekeepers_back, question=_remove_question)
def scorekeeper_remove(request, event, user_id):
    user = event.scorekeepers.filter(pk=user_id).first()
    if user is None:  # a second tap, or another organizer was first: nothing to do
        messages.info(request, _("This was already done: that account no longer keeps scores."))
        return redirect(_scorekeepers_landing(event))
    values = {"user": user.username, "event": event.name}
    if not confirmed(request):
        return _remove_question(request, event, user_id)
    return act(
        request,
        lambda: services.scorekeeper_remove(event=event, user=user),
        done=lambda removed: (
            _("%(user)s no longer keeps scores for %(event)s.")
            if removed
            else _("This was already done: %(user)s no longer keeps scores for %(event)s.")
        )
        % values,
        to=_scorekeepers_landing(event),
    )


@event_role("organizer")
@post_only(_scorekeepers_back)
def scorekeeper_unlock(request, event, user_id):
    user = get_object_or_404(event.scorekeepers, pk=user_id)
    return act(
        request,
        lambda: services.scorekeeper_unlock(event=event, user=user),
        done=lambda cleared: (
            _("%(user)s can sign in again now.") % {"user": user.username}
            if cleared
            else _("%(user)s was not locked out: they can sign in.") % {"user": user.username}
        ),
        to=_scorekeepers_landing(event),
    )


def _password_question(request, event, user_id):
    """The confirm page for a new password; None when it would be refused (said then)."""
    user = event.scorekeepers.filter(pk=user_id).first()
    if user is None or services.scorekeeper_password_refusal(event=event, user=user):
        return None
    values = {"user": user.username}
    return ask(
        request,
        event,
        title=_("A new password for %(user)s?") % values,
        lines=[
            _("%(user)s's old password stops working at once.") % values,
            _(
                "Every phone or tablet where %(user)s is signed in is signed out at its "
                "next tap: they sign in again with the new password."
            )
            % values,
            _(
                "The new password is shown to you once, on the next page: write it down "
                "and give it to %(user)s."
            )
            % values,
            _("If they were locked out after wrong passwords, they can sign in again at once."),
        ],
        yes=_("Yes, give %(user)s a new password") % values,
        back=_scorekeepers_url(event),
        fields=[("seen", services.password_seen(user))],
    )


@event_role("organizer")
@post_only(_scorekeepers_back, question=_password_question)
def scorekeeper_password(request, event, user_id):
    user = get_object_or_404(event.scorekeepers, pk=user_id)
    values = {"user": user.username}
    if not confirmed(request):
        asked = _password_question(request, event, user_id)
        if asked is not None:
            return asked

    def done(password) -> str | None:
        if password is None:  # the same confirmation sent again (a double tap)
            return (
                _(
                    "This was already done: %(user)s has had a new password since you were asked. "
                    "Nothing changed; if it is lost, give them another."
                )
                % values
            )
        _keep_password_to_show(
            request,
            event,
            _(
                "%(user)s's new password is %(password)s — write it down now and give it to "
                "%(user)s, it is shown once. The old password no longer works."
            )
            % {"user": user.username, "password": password},
        )
        return None

    return act(
        request,
        lambda: services.scorekeeper_password_reset(
            event=event, user=user, seen=request.POST.get("seen", "")[:40]
        ),
        done=done,
        to=_scorekeepers_landing(event),
    )


@event_role("organizer")
def backup(request, event):
    if request.GET.get("download"):
        response = HttpResponse(
            json.dumps(event_backup(event), ensure_ascii=False, indent=1),
            content_type="application/json; charset=utf-8",
        )
        response["Content-Disposition"] = f'attachment; filename="{event.slug}-backup.json"'
        return response
    return render(request, "desk/backup.html", {"event": event, "form": RestoreForm()})


RESTORES = "restores"


def _forget_restore(request, token: str) -> None:
    uploads.forget(RESTORES, token, user=request.user)


def _restore_upload(request):
    """The backup's bytes and the short name asked for: a new upload, or a file this
    organizer sent and that waits (``token``). None: said why already."""
    token = request.POST.get("token", "")
    if token:
        token, path = uploads.find(RESTORES, token, user=request.user)
        if path is None:
            messages.error(request, _("That file is no longer here: choose the backup again."))
            return None
        # The short name as sent, checked as the command's --as is (never made into another).
        return path.open("rb"), request.POST.get("slug", "") or None, token
    form = RestoreForm(request.POST, request.FILES)
    if not form.is_valid():
        form_errors_to_messages(request, form)
        return None
    return form.cleaned_data["file"], slugify(form.cleaned_data["slug"]) or None, ""


def _restore_question(request, data: dict, raw: bytes, slug: str, token: str):
    """The "are you sure?" of a restore: the file waits under a token until confirmed."""
    if not token:
        token = uploads.keep(RESTORES, raw, user=request.user)
    upload = request.FILES.get("file")
    filename = upload.name if upload is not None else _("the backup")
    data = data if isinstance(data, dict) else {}
    fields = data.get("event") or {}
    name, short = fields.get("name", "?"), slug or fields.get("slug", "?")
    entrants, divisions = len(data.get("entrants", [])), len(data.get("divisions", []))
    return render(
        request,
        "desk/confirm.html",
        {
            "event": None,
            "title": _("Restore %(name)s as a new event?") % {"name": name},
            "lines": [
                _(
                    "From %(file)s: %(name)s, %(entrants)s, %(divisions)s, every round, score "
                    "and correction in it."
                )
                % {
                    "file": filename,
                    "name": name,
                    "entrants": ngettext("%(n)d entrant", "%(n)d entrants", entrants)
                    % {"n": entrants},
                    "divisions": ngettext("%(n)d division", "%(n)d divisions", divisions)
                    % {"n": divisions},
                },
                _("It becomes a new event with the short name “%(slug)s”, and you organize it.")
                % {"slug": short},
                _("Nothing that is already here is changed or overwritten."),
            ],
            "yes": _("Yes, restore it"),
            "no": _("No, go back"),
            "back": reverse("home"),
            "fields": [("token", token), ("slug", slug)],
            "action": request.path,
        },
    )


@login_required
@post_only(_home_back)
def restore(request):
    if not request.user.is_staff:
        raise PermissionDenied(_("Only organizers restore events."))
    upload = _restore_upload(request)
    if upload is None:
        return redirect("home")
    file, slug, token = upload
    with file:
        raw = file.read(backups.MAX_BACKUP_BYTES + 1)  # a larger file is refused, never read whole
    try:
        data = backup_read(raw)
    except RuleError as error:
        _forget_restore(request, token)
        messages.error(request, said(error))
        return redirect("home")
    try:
        if not confirmed(request):
            # A file that would be refused is refused now, not after "are you sure?"; a
            # short name already taken goes first to the page that offers a free one.
            check_backup(data, slug=slug)
            return _restore_question(request, data, raw, slug or "", token)
        event = event_restore(data, slug=slug, organizer=request.user)
    except SlugTaken as taken:
        if not token:
            token = uploads.keep(RESTORES, raw, user=request.user)
        context = {
            "token": token,
            "slug": taken.slug,
            "suggestion": taken.suggestion,
            "name": (data.get("event") or {}).get("name", ""),
            "existing": Event.objects.filter(slug=taken.slug).first(),
        }
        return render(request, "desk/restore_name.html", context, status=409)
    except RuleError as error:
        _forget_restore(request, token)  # a refused file (birth dates, phones) is not kept
        messages.error(request, said(error))
        return redirect("home")
    _forget_restore(request, token)
    messages.success(
        request, _("%(name)s restored as %(slug)s.") % {"name": event.name, "slug": event.slug}
    )
    return redirect("desk:overview", event.slug)


@event_role("organizer")
def delete(request, event):
    form = EventDeleteForm(request.POST or None, name=event.name)
    if request.method == "POST" and form.is_valid():
        try:
            name = scoring_services.event_delete(
                event=event, typed_name=form.cleaned_data["typed_name"]
            )
        except RuleError as error:
            form.add_error("typed_name", said(error))
        else:
            messages.success(request, _("%(name)s was deleted.") % {"name": name})
            return redirect("home")
    return render(
        request,
        "desk/delete.html",
        {"event": event, "form": form, "contents": scoring_selectors.event_contents(event)},
    )


@event_role("organizer")
@post_only(_backup_back)
def archive(request, event):
    archived = request.POST.get("archived") == "1"
    return act(
        request,
        lambda: services.event_archive(event=event, archived=archived),
        done=(
            _("%(name)s is archived: it no longer shows in the scorekeepers' and public lists.")
            % {"name": event.name}
            if archived
            else _("%(name)s is back in the scorekeepers' and public lists.") % {"name": event.name}
        ),
        to=("desk:backup", event.slug),
    )
