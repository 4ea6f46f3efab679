"""The organizer's desk: event, registration, check-in, rounds, medals, backup.

Thin views: forms check input, services change data, selectors read.
"""

import json
import uuid
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.text import slugify
from django.views.decorators.http import require_POST

from scoring import services as scoring_services
from scoring.backup import event_backup, event_restore
from tournaments import services
from tournaments.decorators import event_role
from tournaments.engine import RuleError
from tournaments.models import Division, Entrant, Event
from tournaments.registration import RegistrationError, preview, read_registrations

from . import selectors
from .forms import (
    CombineForm,
    EntrantForm,
    EventCreateForm,
    EventSettingsForm,
    RestoreForm,
    ScorekeeperForm,
    SwapForm,
    UploadForm,
)

UPLOADS = "imports"
MAX_UPLOAD_BYTES = 5 * 1024 * 1024


def _errors_to_messages(request, form):
    for field, errors in form.errors.items():
        label = form.fields[field].label if field in form.fields else ""
        for error in errors:
            messages.error(request, f"{label}: {error}" if label else error)


# ---------------------------------------------------------------- events


@login_required
def event_new(request):
    if not request.user.is_staff:
        raise PermissionDenied("Only organizers create events.")
    form = EventCreateForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            event = services.event_create_by(user=request.user, **form.cleaned_data)
        except RuleError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{event.name} created. Next: its settings.")
            return redirect("desk:settings", event.slug)
    return render(request, "desk/event_new.html", {"form": form})


@event_role("organizer")
def overview(request, event):
    lines = selectors.event_overview(event)
    small = [line for line in lines if line.small]
    return render(
        request,
        "desk/overview.html",
        {
            "event": event,
            "lines": lines,
            "small": small,
            "unplaced": Entrant.objects.filter(event=event).count() == 0,
        },
    )


@event_role("organizer")
def settings_page(request, event):
    form = EventSettingsForm(request.POST or None, instance=Event.objects.get(pk=event.pk))
    if request.method == "POST" and form.is_valid():
        data = {k: v for k, v in form.cleaned_data.items()}
        try:
            services.event_configure(event=event, **data)
        except RuleError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, "Settings saved.")
            return redirect("desk:overview", event.slug)
    scorekeepers = event.scorekeepers.order_by("username")
    return render(
        request,
        "desk/settings.html",
        {
            "event": event,
            "form": form,
            "scorekeepers": scorekeepers,
            "scorekeeper_form": ScorekeeperForm(),
        },
    )


@require_POST
@event_role("organizer")
def scorekeeper_add(request, event):
    form = ScorekeeperForm(request.POST)
    if form.is_valid():
        try:
            user, password = services.scorekeeper_add(
                event=event, username=form.cleaned_data["username"]
            )
        except RuleError as error:
            messages.error(request, str(error))
        else:
            if password:
                messages.success(
                    request,
                    f"Account {user.username} created with password "
                    f"{password} — write it down now, it is shown once.",
                )
            else:
                messages.success(request, f"{user.username} now keeps scores for {event.name}.")
    else:
        _errors_to_messages(request, form)
    return redirect("desk:settings", event.slug)


@require_POST
@event_role("organizer")
def scorekeeper_remove(request, event, user_id):
    user = get_object_or_404(event.scorekeepers, pk=user_id)
    services.scorekeeper_remove(event=event, user=user)
    messages.success(request, f"{user.username} no longer keeps scores for {event.name}.")
    return redirect("desk:settings", event.slug)


# ---------------------------------------------------------------- registration


@event_role("organizer")
def entrants(request, event):
    rows = (
        Entrant.objects.filter(event=event)
        .select_related("division")
        .order_by("last_name", "first_name")
    )
    return render(request, "desk/entrants.html", {"event": event, "entrants": rows})


@event_role("organizer")
def entrant_edit(request, event, entrant_id=None):
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event) if entrant_id else None
    initial = {"division_name": entrant.division.name} if entrant else {}
    form = EntrantForm(request.POST or None, instance=entrant, initial=initial)
    if request.method == "POST" and form.is_valid():
        data = dict(form.cleaned_data)
        division_name = data.pop("division_name", "") or ""
        if entrant is not None and division_name == entrant.division.name:
            division_name = entrant.division.name
        try:
            saved = services.entrant_save(
                event=event,
                entrant=Entrant.objects.get(pk=entrant.pk) if entrant else None,
                division_name=division_name,
                **data,
            )
        except RuleError as error:
            form.add_error(None, str(error))
        else:
            messages.success(request, f"{saved.name} saved ({saved.division.name}).")
            return redirect("desk:entrants", event.slug)
    return render(
        request, "desk/entrant_form.html", {"event": event, "form": form, "entrant": entrant}
    )


def _upload_path(token: str) -> Path:
    return Path(settings.MEDIA_ROOT) / UPLOADS / f"{token}.csv"


@event_role("organizer")
def import_upload(request, event):
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        upload = form.cleaned_data["file"]
        if upload.size > MAX_UPLOAD_BYTES:
            form.add_error("file", "The file is larger than 5 MB: is it really an entrants list?")
        else:
            token = uuid.uuid4().hex
            path = _upload_path(token)
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(upload.read())
            day_first = "1" if form.cleaned_data["day_first"] else "0"
            return redirect(f"{request.path}preview/?token={token}&day_first={day_first}")
    return render(request, "desk/import_upload.html", {"event": event, "form": form})


@event_role("organizer")
def import_preview(request, event):
    token = request.GET.get("token") or request.POST.get("token", "")
    if not token.isalnum():
        raise Http404("No such upload.")
    path = _upload_path(token)
    if not path.exists():
        messages.error(request, "That upload is gone: upload the file again.")
        return redirect("desk:import", event.slug)
    day_first = (request.GET.get("day_first") or request.POST.get("day_first")) == "1"
    context = {"event": event, "token": token, "day_first": "1" if day_first else "0"}
    try:
        parsed = read_registrations(
            path.read_bytes(), event_names=[event.name, event.slug], day_first=day_first
        )
    except RegistrationError as error:
        context["problems"] = [(line or "file", message) for line, message in error.problems]
        return render(request, "desk/import_preview.html", context)
    context.update(parsed=parsed, understanding=preview(parsed), rows=parsed.rows[:500])
    if request.method == "POST":
        update = request.POST.get("update") == "1"
        try:
            report = services.entrants_import(event=event, parsed=parsed, update=update)
        except RuleError as error:
            context["problems"] = [("", line) for line in str(error).splitlines()]
            return render(request, "desk/import_preview.html", context)
        path.unlink(missing_ok=True)
        messages.success(
            request,
            f"Registered {report.created} entrant(s), updated "
            f"{report.updated}; skipped {sum(report.skipped_other_events.values())} "
            "row(s) of other events.",
        )
        return redirect("desk:entrants", event.slug)
    return render(request, "desk/import_preview.html", context)


# ---------------------------------------------------------------- check-in


@event_role("organizer")
def checkin(request, event):
    query = request.GET.get("q", "")
    found = selectors.checkin_search(event, query)
    lines = selectors.event_overview(event)
    small = [line for line in lines if line.small]
    choices = [
        (str(line.division.pk), f"{line.division.name} ({line.checked_in} checked in)")
        for line in lines
        if line.current is None
    ]
    context = {
        "event": event,
        "query": query,
        "found": found,
        "small": small,
        "combine_form": CombineForm(choices=choices),
    }
    template = (
        "desk/_checkin_results.html"
        if request.htmx and request.GET.get("partial")
        else "desk/checkin.html"
    )
    return render(request, template, context)


@require_POST
@event_role("organizer")
def checkin_set(request, event, entrant_id):
    entrant = get_object_or_404(Entrant, pk=entrant_id, event=event)
    status = request.POST.get("status", "")
    try:
        entrant = services.entrant_set_status(entrant=entrant, status=status)
    except RuleError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{entrant.name}: {entrant.get_status_display().lower()}.")
    from urllib.parse import urlencode

    from django.urls import reverse

    query = urlencode({"q": request.POST.get("q", "")})
    return redirect(f"{reverse('desk:checkin', args=[event.slug])}?{query}")


@require_POST
@event_role("organizer")
def combine(request, event):
    lines = selectors.event_overview(event)
    choices = [(str(line.division.pk), line.division.name) for line in lines]
    form = CombineForm(request.POST, choices=choices)
    if form.is_valid():
        names = [
            Division.objects.get(pk=pk, event=event).name for pk in form.cleaned_data["divisions"]
        ]
        try:
            target = services.divisions_combine(
                event=event, into=form.cleaned_data["into"], names=names
            )
        except RuleError as error:
            messages.error(request, str(error))
        else:
            messages.success(request, f"{', '.join(names)} play as {target.name}.")
    else:
        _errors_to_messages(request, form)
    return redirect("desk:checkin", event.slug)


# ---------------------------------------------------------------- rounds


def _division(event, division_id) -> Division:
    return get_object_or_404(Division, pk=division_id, event=event)


@event_role("organizer")
def division_page(request, event, division_id):
    division = _division(event, division_id)
    if division.combined_into_id:
        return redirect("desk:division", event.slug, division.combined_into_id)
    desk = selectors.division_desk(division)
    players = []
    if desk.current is not None and desk.current.status == "seated":
        players = [
            (str(e.pk), f"{e.name} (table {t})")
            for t, e in (
                (s.table.number, s.entrant)
                for s in desk.current.seats.select_related("entrant", "table").order_by(
                    "table__number", "number"
                )
            )
        ]
    withdrawable = bracket_players(desk)
    return render(
        request,
        "desk/division.html",
        {
            "event": event,
            "division": division,
            "desk": desk,
            "swap_form": SwapForm(players=players) if players else None,
            "withdrawable": withdrawable,
        },
    )


def bracket_players(desk) -> list[tuple[int, str]]:
    if desk.current is None or desk.division.status == Division.Status.COMPLETE:
        return []
    current = desk.state.participants(desk.current.number)
    return sorted(
        (
            (desk.state.entrants[p].pk, desk.state.names[p])
            for p in current
            if p not in desk.state.withdrawn
        ),
        key=lambda pair: pair[1],
    )


@require_POST
@event_role("organizer")
def division_seat(request, event, division_id):
    division = _division(event, division_id)
    try:
        result = services.division_seat_first_round(division=division)
    except RuleError as error:
        messages.error(request, str(error))
    else:
        if result.walkover:
            messages.success(request, f"{division.name}: one player, a walkover (gold).")
        elif result.created:
            messages.success(request, f"{division.name}: round 1 seated.")
    return redirect("desk:division", event.slug, division.pk)


@require_POST
@event_role("organizer")
def division_advance(request, event, division_id):
    division = _division(event, division_id)
    number = request.POST.get("round", "")
    try:
        result = scoring_services.division_advance(
            division=division, round_number=int(number) if number.isdigit() else None
        )
    except scoring_services.TieBlocked as blocked:
        messages.error(request, "Unresolved ties block this: record the tile draw below.")
        for tie in blocked.ties:
            messages.error(request, tie.describe(blocked.names))
    except RuleError as error:
        for line in str(error).splitlines():
            if line.strip():
                messages.error(request, line.strip())
    else:
        if result.message == "already closed":
            messages.info(request, "That round was already closed.")
        elif result.finished:
            messages.success(request, f"{division.name} is finished: check and confirm the medals.")
        else:
            messages.success(
                request,
                f"Round {result.closed.number} closed; round " f"{result.seated.number} seated.",
            )
    return redirect("desk:division", event.slug, division.pk)


@require_POST
@event_role("organizer")
def division_tie(request, event, division_id):
    division = _division(event, division_id)
    number = request.POST.get("round", "")
    ids = [i for i in request.POST.getlist("order") if i]
    try:
        if not number.isdigit():
            raise RuleError("Which round is the tie in?")
        order = [Entrant.objects.get(event=event, external_id=i) for i in ids]
        scoring_services.tie_resolve(
            division=division,
            round_number=int(number),
            order=order,
            user=request.user,
            note=request.POST.get("note", ""),
        )
    except Entrant.DoesNotExist:
        messages.error(request, "Choose players of this event.")
    except RuleError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, "The playoff or tile draw is recorded.")
    return redirect("desk:division", event.slug, division.pk)


@require_POST
@event_role("organizer")
def division_swap(request, event, division_id):
    division = _division(event, division_id)
    current = division.rounds.order_by("-number").first()
    ids = [request.POST.get("first", ""), request.POST.get("second", "")]
    try:
        if current is None:
            raise RuleError("No round is seated yet: there are no seats to swap.")
        if not all(i.isdigit() for i in ids):
            raise RuleError("Choose the two players to swap.")
        first = get_object_or_404(Entrant, pk=ids[0], event=event)
        second = get_object_or_404(Entrant, pk=ids[1], event=event)
        services.seats_swap(round_=current, first=first, second=second)
    except RuleError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, f"{first.name} and {second.name} swapped seats.")
    return redirect("desk:division", event.slug, division.pk)


@require_POST
@event_role("organizer")
def division_withdraw(request, event, division_id):
    division = _division(event, division_id)
    chosen = request.POST.get("entrant", "")
    if not chosen.isdigit():
        messages.error(request, "Choose the player who withdraws.")
        return redirect("desk:division", event.slug, division.pk)
    entrant = get_object_or_404(Entrant, pk=chosen, event=event)
    try:
        services.entrants_withdraw(event=event, ids=[entrant.external_id])
    except RuleError as error:
        messages.error(request, str(error))
    else:
        messages.success(
            request,
            f"{entrant.name} has withdrawn: no scores are needed for their "
            "later games, and they get no place.",
        )
    return redirect("desk:division", event.slug, division.pk)


def _division_action(request, event, division_id, action, done: str):
    """Run one service on a division; its refusal or ``done`` goes to the page in words."""
    division = _division(event, division_id)
    try:
        action(division=division)
    except RuleError as error:
        messages.error(request, str(error))
    else:
        messages.success(request, done.format(division=division.name))
    return redirect("desk:division", event.slug, division.pk)


@require_POST
@event_role("organizer")
def division_accept(request, event, division_id):
    return _division_action(
        request,
        event,
        division_id,
        scoring_services.results_accept,
        "{division}: results updated from the scores; confirm the medals again.",
    )


@require_POST
@event_role("organizer")
def division_medals(request, event, division_id):
    return _division_action(
        request,
        event,
        division_id,
        services.medals_confirm,
        "Medals of {division} confirmed: the projector shows them.",
    )


# ---------------------------------------------------------------- backup


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


@require_POST
@login_required
def restore(request):
    if not request.user.is_staff:
        raise PermissionDenied("Only organizers restore events.")
    form = RestoreForm(request.POST, request.FILES)
    if not form.is_valid():
        _errors_to_messages(request, form)
        return redirect("home")
    try:
        data = json.loads(form.cleaned_data["file"].read().decode("utf-8"))
        event = event_restore(data, slug=slugify(form.cleaned_data["slug"]) or None)
    except (ValueError, UnicodeDecodeError):
        messages.error(request, "That file is not a backup made by this program.")
        return redirect("home")
    except RuleError as error:
        messages.error(request, str(error))
        return redirect("home")
    event.organizers.add(request.user)
    messages.success(request, f"{event.name} restored as {event.slug}.")
    return redirect("desk:overview", event.slug)
