"""Forms of the organizer's desk."""

from django import forms
from django.conf import settings
from django.utils.translation import gettext_lazy as _

from tournaments import engine
from tournaments.models import ENTRANT_DETAILS, EVENT_SETTINGS, FORMAT_FIELDS, Entrant, Event
from tournaments.services import check_slug, check_time_zone
from tournaments.zones import zone_choices
from web.params import WholeNumberField, whole_number_formfield

GENDERS = [("", "—"), ("F", _("Female")), ("M", _("Male")), ("X", _("Other"))]


# The tie-break steps after the round's total, in words (RULES.md: the event may reorder
# or drop steps 2 to 4).
TIE_STEP_WORDS = dict(
    zip(
        engine.TIE_RULES,
        (
            _("Most games won"),
            _("The better worst game"),
            _("Better score per game in the round before"),
        ),
        strict=True,
    )
)
TIE_CHOICES = [("", _("— no further step —"))] + list(TIE_STEP_WORDS.items())
TIE_LABELS = (_("First tie-break"), _("Then"), _("Then"))
# A date picker shows the date the way the browser's language writes it; the label names
# no format, so the two never disagree.
DATE = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")


# --- The event's clock and address (tournaments/zones.py) ---
def _zone_choices():
    return [(zone, zone.replace("_", " ")) for zone in zone_choices()]


def _time_zone_field(initial=None):
    # A list to choose from; what is sent is still checked (a typo: the nearest zone).
    return forms.CharField(
        label=_("Time zone (every time shown and printed is in it)"),
        max_length=64,
        initial=initial,
        required=False,  # a page opened before the setting existed sends none
        widget=forms.Select(choices=_zone_choices),
    )


def _short_name_field(required: bool):
    return forms.CharField(
        label=_("Short name in the event's addresses (letters, digits and hyphens)"),
        max_length=80,
        required=required,
        help_text=_(
            "As in /p/county-2026/: short, so it fits on the projector and the sheets. "
            "It can change until the first round is seated."
        ),
    )


def _clean_with(check, value):
    try:
        return check(value)
    except engine.RuleError as error:
        raise forms.ValidationError(str(error)) from None


# --- end of the event's clock and address ---


class EventCreateForm(forms.Form):
    name = forms.CharField(label=_("Event name"), max_length=200)
    date = forms.DateField(label=_("Date of the event"), widget=DATE)
    venue = forms.CharField(label=_("Venue"), max_length=200, required=False)
    # The format's preset first; the scoring, when chosen, instead of the preset's.
    preset = forms.ChoiceField(
        label=_("Format"),
        choices=[(name, engine.preset_label(name)) for name in engine.PRESET_NAMES],
        initial=engine.DEFAULT_PRESET,
        required=False,  # a page from before presets sends none: the default preset
        help_text=_("Every table rule of the format; each can be changed in the settings."),
    )
    scoring = forms.ChoiceField(
        label=_("Scoring"),
        choices=[("", _("As the format says"))] + Event.Scoring.choices,
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["slug"] = _short_name_field(required=False)
        self.fields["slug"].help_text = _(
            "Empty: made from the name. Short, so it fits on the projector and the sheets."
        )
        self.fields["time_zone"] = _time_zone_field(initial=settings.TIME_ZONE)

    def clean_slug(self):
        slug = self.cleaned_data.get("slug", "").strip()
        return _clean_with(check_slug, slug) if slug else None

    def clean_time_zone(self):
        zone = self.cleaned_data.get("time_zone")
        return _clean_with(check_time_zone, zone) if zone else None  # None: the server's


class EventSettingsForm(forms.ModelForm):
    class Meta:
        model = Event
        formfield_callback = whole_number_formfield
        # The format's own fields are the format part's (FormatSettingsForm).
        fields = [
            name for name in EVENT_SETTINGS if name != "tie_order" and name not in FORMAT_FIELDS
        ]
        labels = {
            "name": _("Event name"),
            "date": _("Date of the event"),
            "venue": _("Venue"),
            "scoring": _("Scoring"),
            "prefer_threes": _("Seat tables of three first (instead of four)"),
            "minutes_per_game": _("Minutes per game (for the plan's duration)"),
            "initial_meld": _("Initial meld (printed on the score sheets)"),
            "age_bands": _("Age bands: the ages that start a band, e.g. 50,55,60"),
            "by_gender": _("Separate divisions for women and men"),
            "cutoff_date": _("Age is taken on this date (empty: 31 December of the event's year)"),
            "medal_policy": _("Medals in a combined division go to"),
            "confirmation": _("Confirmation of scores"),
            "score_entry": _("Who enters scores"),
            "paper": _("Paper size"),
            "language": _("Language of the projector and the printed sheets"),
            "combine_below": _("Suggest combining divisions with fewer players than"),
            "ribbons_to": _("Ribbons for places 4 to (0: no ribbons)"),
            "lone_entrant": _("A division with only one player"),
            "qualify": _("Places that qualify for the next level, per age group and gender"),
            "home_state": _(
                "Home state (qualifiers skip players from other states; empty: everyone counts)"
            ),
            "hall_tables": _("Tables in the hall, numbered from 1 (empty: no limit)"),
            "unusable_tables": _("Table numbers never to use, as 12,19"),
            "accessible_tables": _("Accessible tables (for players who need one), as 1,2,3"),
            # Privacy (docs/privacy.md).
            "public_names": _("Names on the projector and the public pages"),
            "personal_data_days": _(
                "Days after the event that contact details and birth dates are kept"
            ),
            # Who may enter: ages on the cut-off date.
            "min_age": _("Youngest age allowed on the cut-off date (empty: no minimum)"),
            "max_age": _("Oldest age allowed on the cut-off date (empty: no maximum)"),
        }
        widgets = {"date": DATE, "cutoff_date": DATE}
        # The labels say it all: the models' help texts would repeat them.
        help_texts = {
            name: ""
            for name in (
                "prefer_threes",
                "initial_meld",
                "language",
                "cutoff_date",
                "combine_below",
                "ribbons_to",
                "lone_entrant",
                "qualify",
                "home_state",
                "unusable_tables",
                "accessible_tables",
            )
        } | {
            "score_entry": _(
                "With players, each table gets a short code on its score sheet: the players "
                "open their table's page with it, without an account."
            ),
            "hall_tables": _(
                "Seating that needs more free tables than the hall has is refused, "
                "naming the divisions that hold them."
            ),
            "public_names": _(
                "Players who asked to be kept off the public pages show by their initials; "
                "the desk and the printed sheets always show full names."
            ),
            "min_age": _(
                "An entrant outside the ages is shown in the upload's preview and registered "
                "only if you accept them; no age group below the minimum is made."
            ),
            "max_age": "",
            "personal_data_days": _(
                "Then e-mails, phones, emergency contacts, addresses, states and exact birth "
                "dates are deleted; names, age groups and results stay."
            ),
        }

    minutes_per_game = WholeNumberField(
        label=_("Minutes per game (for the plan's duration)"),
        min_value=1,
        max_value=600,
        error_messages={
            "min_value": _("A game takes at least 1 minute."),
            "max_value": _("A game takes at most 600 minutes (10 hours)."),
            "invalid": _("Type a number of minutes, such as 20."),
            "required": _("Type a number of minutes, such as 20."),
        },
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["score_entry"].required = False
        # The clock and the address, after the language.
        self.fields["time_zone"] = _time_zone_field()
        self.fields["short_name"] = _short_name_field(required=False)
        self.fields["short_name"].initial = self.instance.slug
        # The tie-break order: steps chosen from a list, in order, instead of typed words.
        steps = list(engine.parse_tie_order(self.instance.tie_order or ""))
        fields = {}
        for number, label in enumerate(TIE_LABELS, start=1):
            fields[f"tie_{number}"] = forms.ChoiceField(
                label=label,
                choices=TIE_CHOICES,
                required=False,
                initial=steps[number - 1] if number <= len(steps) else "",
            )
        fields["tie_1"].help_text = _(
            "Players level on the round's total are separated by these steps, in this order; "
            "still level after them, you record a playoff or tile draw."
        )
        # Keep the page's order: the tie-break steps where the typed field was.
        ordered = {}
        short_name = self.fields.pop("short_name")
        for name, field in self.fields.items():
            if name == "medal_policy":
                ordered.update(fields)
            ordered[name] = field
            if name == "name":
                ordered["short_name"] = short_name
        self.fields = ordered

    def clean_time_zone(self):
        # None sent (a page opened before the setting existed): the event keeps its own.
        zone = self.cleaned_data.get("time_zone") or self.instance.time_zone
        return _clean_with(check_time_zone, zone)

    def clean_short_name(self):
        slug = (self.cleaned_data.get("short_name") or "").strip() or self.instance.slug
        return _clean_with(lambda s: check_slug(s, event=self.instance), slug)

    def clean_score_entry(self):
        # A page opened before the setting existed sends none: the event keeps its own.
        return self.cleaned_data.get("score_entry") or self.instance.score_entry

    def _table_numbers(self, name: str, what: str) -> str:
        try:
            numbers = engine.parse_table_numbers(self.cleaned_data.get(name) or "", what)
        except engine.RuleError as error:
            raise forms.ValidationError(str(error)) from None
        return ",".join(str(n) for n in numbers)

    def clean_unusable_tables(self):
        return self._table_numbers("unusable_tables", "unusable tables")

    def clean_accessible_tables(self):
        return self._table_numbers("accessible_tables", "accessible tables")

    def clean_age_bands(self):
        try:
            bands = engine.parse_bands(self.cleaned_data["age_bands"])
        except engine.RuleError as error:
            raise forms.ValidationError(str(error)) from None
        return ",".join(str(b.low) for b in bands)

    def clean(self):
        cleaned = super().clean()
        steps = [cleaned.pop(f"tie_{n}", "") for n in range(1, len(TIE_LABELS) + 1)]
        chosen = [step for step in steps if step]
        twice = {step for step in chosen if chosen.count(step) > 1}
        if twice:
            for n, step in enumerate(steps, start=1):
                if step in twice and steps.index(step) != n - 1:
                    self.add_error(
                        f"tie_{n}",
                        _("“%(step)s” is already a step above.") % {"step": TIE_STEP_WORDS[step]},
                    )
        cleaned["tie_order"] = ",".join(chosen)
        return cleaned


class EntrantForm(forms.ModelForm):
    division_name = forms.CharField(
        label=_("Division (empty: from the age bands)"), required=False, max_length=100
    )
    gender = forms.ChoiceField(label=_("Gender"), choices=GENDERS, required=False)

    class Meta:
        model = Entrant
        fields = list(ENTRANT_DETAILS)
        labels = {
            "first_name": _("First name"),
            "last_name": _("Last name"),
            "birth_date": _("Birth date"),
            "club": _("Club"),
            "family": _("Family (household or couple: seated apart, before club mates)"),
            "state": _("Home state (private: only on the organizer's qualifiers list)"),
            "accessible": _("Needs an accessible table (seated at one in every round)"),
            "email": _("E-mail (private)"),
            "phone": _("Phone (private)"),
            "emergency_contact": _("Emergency contact (private)"),
            "address": _("Address (private)"),
            "public_opt_out": _(
                "Keep off the public pages: shown by initials on the projector and the "
                "public pages"
            ),
        }
        widgets = {"birth_date": DATE}
        help_texts = {"accessible": "", "public_opt_out": ""}


class EraseForm(forms.Form):
    reason = forms.CharField(
        label=_("Why (kept with the erasure, such as “asked by letter on 3 June”)"),
        max_length=500,
        error_messages={"required": _("Say why their personal data are erased.")},
    )


class RemoveForm(forms.Form):
    reason = forms.CharField(
        label=_("Why (kept with the removal, such as “entered twice”)"),
        max_length=500,
        error_messages={"required": _("Say why the entrant is removed.")},
    )


class UploadForm(forms.Form):
    file = forms.FileField(label=_("Entrants file (CSV)"))
    day_first = forms.BooleanField(
        label=_("Dates are written day first (31/12/1950)"), required=False
    )


class ScorekeeperForm(forms.Form):
    username = forms.CharField(label=_("User name of the scorekeeper"), max_length=150)


class CombineForm(forms.Form):
    into = forms.CharField(label=_("Name of the combined division"), max_length=100)
    divisions = forms.MultipleChoiceField(
        label=_("Divisions to combine"), widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["divisions"].choices = choices

    def clean_divisions(self):
        chosen = self.cleaned_data["divisions"]
        if len(chosen) < 2:
            raise forms.ValidationError(_("Choose two or more divisions to combine."))
        return chosen


class SwapForm(forms.Form):
    first = forms.ChoiceField(label=_("Player"))
    second = forms.ChoiceField(label=_("Swap seats with"))

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = players
        self.fields["second"].choices = players


class EventDeleteForm(forms.Form):
    typed_name = forms.CharField(max_length=200)

    def __init__(self, *args, name: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["typed_name"].label = _("To delete it, type its name: %(name)s") % {
            "name": name
        }


class RestoreForm(forms.Form):
    file = forms.FileField(label=_("Backup file (.json)"))
    slug = forms.SlugField(
        label=_("Restore as (short name; empty: as in the file)"), required=False
    )
