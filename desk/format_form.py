"""The format part of the desk's settings page: a preset chooser that fills the fields,
and the table rules, the game's length and the divisions by field size as fields.

The choices come from the engine (``tournaments.engine.formats``), and every value is
checked there again when saved (``services.event_configure``); what counts in a game
already played is fixed once a round is seated.
"""

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments import engine
from tournaments.models import FORMAT_FIELDS, FORMAT_PLAYED_SETTINGS, Event
from web.params import whole_number_formfield

# The format's settings the event's main form already holds (filled by a preset too).
OTHER_FORMAT_FIELDS = ("scoring", "initial_meld", "by_gender")
# Settings where an empty box means "none": sent as 0, which the service stores as none.
NONE_AS_ZERO = ("turn_seconds", "never_opened", "game_minutes")


def preset_choices() -> list[tuple[str, str]]:
    return [("", _("— keep the settings below —"))] + [
        (name, engine.preset_label(name)) for name in engine.PRESET_NAMES
    ]


def preset_values() -> dict[str, dict[str, object]]:
    """Each preset's settings as the page's fields hold them, for the page's script that
    fills them when a preset is chosen (and for the button that does it without one)."""
    return {
        name: {key: _field_value(value) for key, value in engine.preset(name).settings().items()}
        for name in engine.PRESET_NAMES
    }


def preset_filled(data):
    """The page's posted fields with the chosen preset's settings put in them (a ticked
    box for True, none for False), for the page shown again, unsaved; the data as they
    are when no preset is chosen."""
    name = data.get("preset", "")
    if name not in engine.PRESET_NAMES:
        return data
    filled = data.copy()
    for key, value in preset_values()[name].items():
        if isinstance(value, bool):
            if value:
                filled[key] = "on"
            else:
                filled.pop(key, None)
        else:
            filled[key] = str(value)
    return filled


def _field_value(value):
    if value is None:
        return ""
    return value


class FormatSettingsForm(forms.ModelForm):
    """The event's format, beside the event's settings (``EventSettingsForm``)."""

    preset = forms.ChoiceField(label=_("Start from a preset"), required=False)
    turn_seconds = forms.TypedChoiceField(
        label=_("Turn limit"),
        coerce=int,
        empty_value=0,
        required=False,
        choices=[(60, _("One minute")), (120, _("Two minutes")), ("", _("No turn limit"))],
    )
    joker_value = forms.TypedChoiceField(
        label=_("A joker left on a rack counts"),
        coerce=int,
        choices=[(value, value) for value in engine.JOKER_VALUES],
    )
    over_time_tiles = forms.TypedChoiceField(
        label=_("A turn over time"),
        coerce=int,
        choices=[(0, _("Costs nothing")), (1, _("Costs one tile drawn from the pool"))],
    )
    scoring_name = forms.ChoiceField(
        label=_("The scoring's name on the score sheets"),
        required=False,
        choices=[("", _("Its own (low score or Sabra)")), (engine.PRESSMAN, _("Pressman"))],
    )

    class Meta:
        model = Event
        formfield_callback = whole_number_formfield
        fields = list(FORMAT_FIELDS)
        labels = {
            "never_opened": _("A player who never opened scores (empty: their rack)"),
            "wait_after_initial_meld": _(
                "After the initial meld, wait until the next turn to play on other sets"
            ),
            "direction": _("Direction of play"),
            "hands_per_game": _("Hands per game (at least)"),
            "game_minutes": _("A game's time limit in minutes (empty: none)"),
            "divisions_by_size": _(
                "Age groups by the field's size, as 16:50,75;32:50,65,80 (empty: the age bands)"
            ),
        }
        help_texts = {
            "never_opened": "",
            "wait_after_initial_meld": "",
            "direction": "",
            "game_minutes": "",
            "hands_per_game": _(
                "More than one: each game is several separately scored hands, its score "
                "their sum. The score pages still take one total per game."
            ),
            "divisions_by_size": _(
                "Above 16 players, two age groups starting at 50 and 75; above 32, three. "
                "Counted over the checked-in players when the event is first seated."
            ),
        }

    def __init__(self, *args, started: bool = False, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["preset"].choices = preset_choices()
        order = ["preset", *[name for name in self.fields if name != "preset"]]
        self.order_fields(order)
        matching = engine.matching_preset(self._instance_format())
        self.fields["preset"].help_text = (
            _("These settings are the preset “%(name)s”.") % {"name": engine.preset_label(matching)}
            if matching
            else _("Choosing a preset fills every field below; each can still be changed.")
        )
        if started:
            # What counts in a game already played stays as it is (the service refuses it too).
            for name in FORMAT_PLAYED_SETTINGS:
                self.fields[name].disabled = True
                self.fields[name].help_text = _("Fixed: a round is seated.")

    def _instance_format(self) -> engine.Format:
        try:
            return engine.format_from_settings(
                {key: getattr(self.instance, key) for key in engine.FORMAT_SETTINGS}
            )
        except engine.RuleError:
            return engine.Format()

    def _engine_check(self, name: str, check):
        value = self.cleaned_data.get(name)
        try:
            check(value)
        except engine.RuleError as error:
            raise forms.ValidationError(str(error)) from None
        return value

    def clean_never_opened(self):
        value = self.cleaned_data.get("never_opened")
        return 0 if value is None else value

    def clean_game_minutes(self):
        value = self._engine_check("game_minutes", engine.check_game_minutes)
        return 0 if value is None else value

    def clean_hands_per_game(self):
        return self._engine_check("hands_per_game", engine.check_hands_per_game)

    def clean_divisions_by_size(self):
        text = self.cleaned_data.get("divisions_by_size") or ""
        try:
            rule = engine.parse_size_divisions(text)
        except engine.RuleError as error:
            raise forms.ValidationError(str(error)) from None
        return rule.text() if rule else ""

    def clean(self):
        cleaned = super().clean()
        cleaned.pop("preset", None)  # the fields hold what it filled
        try:
            joker = cleaned.get("joker_value", engine.JOKER_VALUE)
            engine.check_never_opened(cleaned.get("never_opened"), joker)
        except engine.RuleError as error:
            self.add_error("never_opened", str(error))
        return cleaned

    def settings(self) -> dict:
        """The cleaned format settings as ``event_configure`` takes them (0: none)."""
        data = {key: self.cleaned_data[key] for key in FORMAT_FIELDS if key in self.cleaned_data}
        for key in NONE_AS_ZERO:
            if data.get(key) is None and key in data:
                data[key] = 0
        return data
