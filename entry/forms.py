"""Forms of the score entry pages. They check what a volunteer typed and ask the
engine whether the game can be; the services check again when saving."""

import re

from django import forms
from django.core.validators import MaxValueValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from scoring.models import SAVE_KEY_PATTERN
from scoring.selectors import TableEntry, TableSheet
from tournaments import engine
from tournaments.selectors import event_format, event_game_options
from tournaments.text import isolate

ENDED_CHOICES = [
    (engine.OUT, gettext_lazy("A player went out")),
    (engine.EXHAUSTED, gettext_lazy("Pool exhausted (no tiles left, nobody could play)")),
]


# The form's own words around the engine's messages (engine.MESSAGES); the page's script
# gets both (entry_rules), so the browser says exactly what the server says. Lazy: each
# is said in the page's language ({name} and the others are filled in by str.format here
# and by the page's script, so translations keep the braces).
FORM_MESSAGES = {
    "field": gettext_lazy("{name}: {message}"),
    "required": gettext_lazy("Enter {name}'s rack total (0 if out)."),
    "plus_expected": gettext_lazy("{message} From the racks, the winner's plus is {expected}."),
}


def entry_rules(event) -> dict:
    """The limits and messages the score entry page's script checks a game with, under
    the event's format (its joker's value: the largest rack total, the tile calculator's
    joker; its never-opened total)."""
    table = event_format(event).table
    return {
        **engine.entry_rules(joker_value=table.joker_value, never_opened=table.never_opened),
        "form": {k: str(v) for k, v in FORM_MESSAGES.items()},
    }


def rack_field_name(entrant) -> str:
    return f"rack_{entrant.pk}"


def _seat_label(number, entrant) -> str:
    # A right-to-left name set apart (isolate) so the words after it keep their order.
    name = isolate(entrant.shown_name)
    if entrant.out_of_play:
        return _("Seat %(seat)s: %(name)s (%(out)s: no rack total needed)") % {
            "seat": number,
            "name": name,
            "out": entrant.out_of_play_word,
        }
    return _("Seat %(seat)s: %(name)s") % {"seat": number, "name": name}


class GameForm(forms.Form):
    """Every player's rack total for one game, how it ended, and a tied winner if any."""

    ended = forms.ChoiceField(
        choices=ENDED_CHOICES,
        widget=forms.RadioSelect,
        required=False,
        label=gettext_lazy("How did the game end?"),
    )
    winner = forms.ChoiceField(
        required=False,
        label=gettext_lazy("Winner named by the table (only for a tie on an exhausted pool)"),
    )
    version = forms.IntegerField(widget=forms.HiddenInput, required=False)
    # The page's random key for this save (made in the browser): sent again, saved once.
    save_key = forms.CharField(widget=forms.HiddenInput, required=False, max_length=36)

    def __init__(self, *args, sheet: TableSheet | TableEntry, number: int, **kwargs):
        # Only the seats (number, entrant) and the event are read from ``sheet``.
        super().__init__(*args, **kwargs)
        self.sheet = sheet
        self.number = number
        # The event's format in every check: the joker's value, the never-opened total.
        self.game_options = event_game_options(sheet.event)
        self.players = [s.entrant for s in sheet.seats]
        self.playing = [e for e in self.players if not e.out_of_play]
        for seat in sheet.seats:
            entrant = seat.entrant
            if entrant.out_of_play:
                continue  # withdrawn or disqualified: their name marked, no box
            self.fields[rack_field_name(entrant)] = forms.CharField(
                required=True,
                label=_seat_label(seat.number, entrant),
                max_length=6,
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "autocomplete": "off",
                        "class": "rack",
                        "data-player": entrant.shown_name,
                        "aria-describedby": f"id_{rack_field_name(entrant)}-error",
                    }
                ),
                error_messages={
                    "required": FORM_MESSAGES["required"].format(name=isolate(entrant.shown_name))
                },
            )
        self.fields["winner"].choices = [("", "—")] + [
            (str(e.pk), e.shown_name) for e in self.playing
        ]
        self.fields["winner"].widget.attrs["aria-describedby"] = "id_winner-error"
        if sheet.event.scoring == engine.SABRA:
            self.fields["winner_plus"] = forms.CharField(
                required=False,
                max_length=6,
                label=_("Winner's plus, as written on the sheet"),
                help_text=_("Optional: checked against the losers' racks (Sabra balances to 0)."),
                widget=forms.TextInput(
                    attrs={
                        "inputmode": "numeric",
                        "autocomplete": "off",
                        "aria-describedby": "id_winner_plus-error",
                    }
                ),
            )
        field_order = [rack_field_name(e) for e in self.playing] + ["ended", "winner"]
        self.order_fields(field_order)
        self.seat_numbers = {seat.entrant.pk: seat.number for seat in sheet.seats}

    def rack_fields(self):
        return [self[rack_field_name(e)] for e in self.playing]

    def seat_rows(self) -> list[dict]:
        """The form's rows in seat order: a player in play's rack total box (``field``),
        a withdrawn or disqualified player's name marked (``out``: no box)."""
        return [
            {"out": _seat_label(self.seat_numbers[e.pk], e)}
            if e.out_of_play
            else {"field": self[rack_field_name(e)]}
            for e in self.players
        ]

    def summary(self) -> list[tuple[str, str]]:
        """Every problem once, as the summary above the form lists them: the whole
        game's first, then each field's in page order, with the id of the field to
        go to ("" for the whole game)."""
        seen: set[str] = set()
        out: list[tuple[str, str]] = []
        for message in self.non_field_errors():
            if message not in seen:
                seen.add(message)
                out.append((message, ""))
        for name in self.fields:
            for message in self.errors.get(name, []):
                if message not in seen:
                    seen.add(message)
                    out.append((message, self[name].id_for_label))
        return out

    def clean(self):
        data = super().clean()
        key = str(self.data.get(self.add_prefix("save_key"), ""))
        if key and not re.fullmatch(SAVE_KEY_PATTERN, key):
            self.errors.pop("save_key", None)
            self.add_error(
                None, _("This page's key for the save is not valid: open the table's page again.")
            )
            return data
        racks = {}
        for entrant in self.playing:
            name = rack_field_name(entrant)
            text = self.data.get(self.add_prefix(name), "")
            if name in self._errors:
                continue
            try:
                racks[entrant] = engine.parse_rack_total(
                    text, joker_value=self.game_options["joker_value"]
                )
            except engine.RuleError as error:
                self.add_error(
                    name,
                    FORM_MESSAGES["field"].format(name=isolate(entrant.shown_name), message=error),
                )
        if self.errors:
            return data
        winner = None
        if data.get("winner"):
            winner = next((e for e in self.playing if str(e.pk) == data["winner"]), None)
            if winner is None:
                self.add_error("winner", _("Choose a player at this table."))
                return data
        by_id = {e.external_id: e for e in racks}
        try:
            engine.validate_game(
                {e.external_id: v for e, v in racks.items()},
                ended=data.get("ended") or None,
                winner=winner.external_id if winner else None,
                players=[e.external_id for e in self.playing],
                # Set apart: a right-to-left name must not take the numbers after it.
                names={e.external_id: isolate(e.shown_name) for e in self.players},
                **self.game_options,
            )
        except engine.GameError as error:
            placed = set()
            for player, reasons in error.fields.items():
                entrant = by_id.get(player) or next(
                    (e for e in self.players if e.external_id == player), None
                )
                for reason in reasons:
                    field = rack_field_name(entrant) if entrant else None
                    if reason in error.about_winner:
                        field = "winner"  # beside the choice of winner, not the rack
                    if field in self.fields:
                        self.add_error(field, reason)
                        placed.add(reason)
            for reason in error.reasons:
                if reason not in placed:
                    self.add_error(None, reason)
            return data
        if "winner_plus" in self.fields and str(data.get("winner_plus", "")).strip():
            self._check_balance(racks, data, winner)
        data["racks"] = racks
        data["winner_entrant"] = winner
        return data

    def _check_balance(self, racks, data, winner):
        try:
            plus = engine.parse_rack_total(
                data["winner_plus"], joker_value=self.game_options["joker_value"]
            )
        except engine.RuleError as error:
            self.add_error("winner_plus", str(error))
            return
        result = engine.validate_game(
            {e.external_id: v for e, v in racks.items()},
            ended=data.get("ended") or None,
            winner=winner.external_id if winner else None,
            **self.game_options,
        )
        points = engine.game_points(result, engine.SABRA)
        points[result.winner] = plus
        try:
            engine.check_balance(points)
        except engine.RuleError as error:
            expected = -sum(v for p, v in points.items() if p != result.winner)
            self.add_error(
                "winner_plus",
                FORM_MESSAGES["plus_expected"].format(message=error, expected=expected),
            )


class ConfirmForm(forms.Form):
    version = forms.IntegerField(widget=forms.HiddenInput)


def _unchanged(text: str, recorded, shown: str | None, joker_value: int) -> bool:
    """Whether a row of the correction form asks for no change: its box left as the page
    showed it, or holding the total already recorded (the same form sent twice)."""
    text = text.strip()
    if shown is not None and text == shown.strip():
        return True
    if not text:
        return recorded is None
    try:
        return engine.parse_rack_total(text, joker_value=joker_value) == recorded
    except engine.RuleError:
        return False


class CorrectionForm(forms.Form):
    """An organizer's correction of one game: every player's rack total (``fix_<id>``,
    beside the total the page showed, ``was_<id>``) and one reason for the whole game.
    The rows that differ from the recorded totals (``racks``: entrant id to total) are
    the changes, checked together; a row left as shown, or holding the total recorded, is
    no change. Each problem is said beside the row it is about, naming its player."""

    reason = forms.CharField(
        label=gettext_lazy("Reason for the correction"),
        max_length=300,
        required=False,
        widget=forms.TextInput(attrs={"dir": "auto", "autocomplete": "off"}),
    )

    def __init__(self, *args, seats, racks: dict, joker_value: int = engine.JOKER_VALUE, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        self.racks = racks
        self.joker_value = joker_value  # the event's: its rack totals' bounds
        for seat in self.seats:
            pk = seat.entrant.pk
            if seat.entrant.out_of_play:
                continue  # withdrawn or disqualified: their name marked, no box
            shown = "" if racks.get(pk) is None else str(racks[pk])
            self.fields[f"fix_{pk}"] = forms.CharField(
                required=False,
                strip=False,
                max_length=300,
                initial=shown,
                label=_("%(name)s: new rack total") % {"name": isolate(seat.entrant.shown_name)},
            )
            self.fields[f"was_{pk}"] = forms.CharField(
                required=False, strip=False, initial=shown, widget=forms.HiddenInput
            )

    def _text(self, name: str) -> str:
        """What the box holds: as sent, else (a row the form did not send) as shown."""
        if self.is_bound and self.add_prefix(name) in self.data:
            return str(self.data[self.add_prefix(name)])
        return str(self.initial.get(name, self.fields[name].initial) or "")

    def clean(self):
        data = super().clean()
        changes = []
        for seat in self.seats:
            entrant = seat.entrant
            name = f"fix_{entrant.pk}"
            if name not in self.fields or name in self._errors:
                continue
            text = self._text(name)
            shown = self.data.get(self.add_prefix(f"was_{entrant.pk}"))
            if _unchanged(text, self.racks.get(entrant.pk), shown, self.joker_value):
                continue
            player = isolate(entrant.shown_name)
            if not text.strip():
                self.add_error(name, FORM_MESSAGES["required"].format(name=player))
                continue
            try:
                changes.append(
                    (entrant, engine.parse_rack_total(text, joker_value=self.joker_value))
                )
            except engine.RuleError as error:
                self.add_error(name, FORM_MESSAGES["field"].format(name=player, message=error))
        if (changes or self.errors) and not str(data.get("reason") or "").strip():
            self.add_error("reason", _("Give a reason for the correction."))
        data["changes"] = changes
        return data

    def rows(self) -> list[dict]:
        """Each seat's row as the page shows it: the player, the box, the total the page
        showed, the row's problem, and whether the keyboard goes to it (the first row with
        a problem); a withdrawn or disqualified player's row is their name marked
        (``out``), with no box."""
        rows, focused = [], False
        for seat in self.seats:
            pk = seat.entrant.pk
            if f"fix_{pk}" not in self.fields:
                rows.append(
                    {"entrant": seat.entrant, "out": _seat_label(seat.number, seat.entrant)}
                )
                continue
            field = self[f"fix_{pk}"]
            error = " ".join(field.errors) if self.is_bound else ""
            focus = bool(error) and not focused
            focused = focused or focus
            rows.append(
                {
                    "entrant": seat.entrant,
                    "name": f"fix_{pk}",
                    "rack": self._text(f"fix_{pk}"),
                    "was": self._text(f"was_{pk}"),
                    "error": error,
                    "focus": focus,
                }
            )
        return rows

    def problem_focus(self) -> bool:
        """The keyboard goes to the refusal of the whole when no box has a problem."""
        return bool(self.non_field_errors()) and all(name == "__all__" for name in self.errors)

    def reason_focus(self) -> bool:
        """The keyboard goes to the reason when it is the only box with a problem."""
        return "reason" in self.errors and not any(name.startswith("fix_") for name in self.errors)


class PenaltyForm(forms.Form):
    entrant = forms.ChoiceField(
        label=gettext_lazy("Player"),
        error_messages={"required": gettext_lazy("Choose the player who gets the points.")},
    )
    points = forms.IntegerField(
        label=gettext_lazy("Penalty points"),
        min_value=1,
        max_value=engine.LARGEST_RACK_TOTAL,  # made the event's own below
        error_messages={"required": gettext_lazy("Enter how many penalty points.")},
    )
    reason = forms.CharField(
        label=gettext_lazy("Reason"),
        max_length=300,
        error_messages={"required": gettext_lazy("Give a reason for the penalty points.")},
    )

    def __init__(self, *args, sheet: TableSheet, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["entrant"].choices = [
            (str(s.entrant.pk), s.entrant.shown_name) for s in sheet.seats
        ]
        # No more than a whole game can score under the event's joker value.
        most = engine.largest_rack_total(event_game_options(sheet.event)["joker_value"])
        points = self.fields["points"]
        points.max_value = most
        points.validators = [v for v in points.validators if not isinstance(v, MaxValueValidator)]
        points.validators.append(MaxValueValidator(most))
        points.widget.attrs["max"] = most
        for name, field in self.fields.items():
            field.widget.attrs["aria-describedby"] = f"id_{name}-error"
