"""Forms of the organizer's desk."""

from django import forms

from tournaments import engine
from tournaments.models import EVENT_SETTINGS, Entrant, Event

GENDERS = [("", "—"), ("F", "Female"), ("M", "Male"), ("X", "Other")]


class EventCreateForm(forms.Form):
    name = forms.CharField(label="Event name", max_length=200)
    date = forms.DateField(
        label="Date (YYYY-MM-DD)", widget=forms.DateInput(attrs={"type": "date"})
    )
    venue = forms.CharField(label="Venue", max_length=200, required=False)
    scoring = forms.ChoiceField(label="Scoring", choices=Event.Scoring.choices)


class EventSettingsForm(forms.ModelForm):
    class Meta:
        model = Event
        fields = list(EVENT_SETTINGS)
        labels = {
            "prefer_threes": "Seat tables of three first (instead of four)",
            "minutes_per_game": "Minutes per game (for the plan's duration)",
            "initial_meld": "Initial meld (printed on the score sheets)",
            "age_bands": "Age bands: the ages that start a band, e.g. 50,55,60",
            "by_gender": "Separate divisions for women and men",
            "cutoff_date": "Age is taken on (empty: 31 December)",
            "tie_order": "Tie-break order (wins, worst-game, previous-round; drop any)",
            "medal_policy": "Medals in a combined division go to",
            "confirmation": "Confirmation of scores",
            "paper": "Paper size",
            "combine_below": "Suggest combining divisions with fewer players than",
        }
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}),
            "cutoff_date": forms.DateInput(attrs={"type": "date"}),
        }

    def clean_age_bands(self):
        try:
            bands = engine.parse_bands(self.cleaned_data["age_bands"])
        except engine.RuleError as error:
            raise forms.ValidationError(str(error)) from None
        return ",".join(str(b.low) for b in bands)

    def clean_tie_order(self):
        try:
            return ",".join(engine.parse_tie_order(self.cleaned_data["tie_order"]))
        except engine.RuleError as error:
            raise forms.ValidationError(str(error)) from None


class EntrantForm(forms.ModelForm):
    division_name = forms.CharField(
        label="Division (empty: from the age bands)", required=False, max_length=100
    )
    gender = forms.ChoiceField(choices=GENDERS, required=False)

    class Meta:
        model = Entrant
        fields = ["first_name", "last_name", "birth_date", "gender", "club", "email", "phone"]
        labels = {
            "birth_date": "Birth date (YYYY-MM-DD)",
            "club": "Club or family group",
            "email": "E-mail (private)",
            "phone": "Phone (private)",
        }
        widgets = {"birth_date": forms.DateInput(attrs={"type": "date"})}


class UploadForm(forms.Form):
    file = forms.FileField(label="Entrants file (CSV)")
    day_first = forms.BooleanField(label="Dates are written day first (31/12/1950)", required=False)


class ScorekeeperForm(forms.Form):
    username = forms.CharField(label="User name of the scorekeeper", max_length=150)


class CombineForm(forms.Form):
    into = forms.CharField(label="Name of the combined division", max_length=100)
    divisions = forms.MultipleChoiceField(
        label="Divisions to combine", widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, choices=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["divisions"].choices = choices

    def clean_divisions(self):
        chosen = self.cleaned_data["divisions"]
        if len(chosen) < 2:
            raise forms.ValidationError("Choose two or more divisions to combine.")
        return chosen


class SwapForm(forms.Form):
    first = forms.ChoiceField(label="Player")
    second = forms.ChoiceField(label="Swap seats with")

    def __init__(self, *args, players=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["first"].choices = players
        self.fields["second"].choices = players


class EventDeleteForm(forms.Form):
    typed_name = forms.CharField(max_length=200)

    def __init__(self, *args, name: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["typed_name"].label = f"To delete it, type its name: {name}"


class RestoreForm(forms.Form):
    file = forms.FileField(label="Backup file (.json)")
    slug = forms.SlugField(label="Restore as (short name; empty: as in the file)", required=False)
