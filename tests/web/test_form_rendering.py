"""The form widgets ``QuickWidgets`` draws in Python are, to the byte, what Django's widget
templates draw (web/form_rendering.py): every kind of input, a list with and
without groups, radio and checkbox options with and without their label, values and
attributes to escape, already safe, numbers, lazy words, true and false attributes."""

import datetime

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy

from web.form_rendering import QuickWidgets

ATTRS = [
    {},
    {"class": "rack", "inputmode": "numeric", "data-player": 'Ann <O\'Brien> & "Bo"'},
    {"required": True, "disabled": False, "maxlength": 6, "autofocus": True},
    {"aria-describedby": "id_x-error", "data-safe": mark_safe("<b>safe</b>")},
    {"placeholder": gettext_lazy("Player"), "step": 0.5, "id": "id_thing"},
]
VALUES = [None, "", "12", 0, 7, "a<b>&\"'", mark_safe("<i>x</i>"), datetime.date(2026, 6, 10)]
INPUTS = [
    forms.TextInput,
    forms.HiddenInput,
    forms.NumberInput,
    forms.EmailInput,
    forms.URLInput,
    forms.PasswordInput,
    forms.SearchInput,
    forms.TelInput,
    forms.ColorInput,
    forms.DateInput,
    forms.DateTimeInput,
    forms.TimeInput,
    forms.CheckboxInput,
    forms.FileInput,
]
CHOICES = [
    [("", "—"), ("12", "Ann Lee"), ("13", "דנה כהן"), ("14", "Mary Smith #57")],
    [(1, 1), (2, gettext_lazy("Player")), ("x", mark_safe("<b>bold</b>")), ("<", "a & b")],
    [("Group <1>", [("a", "A"), ("b", "B")]), ("c", "C"), ("Group 2", [(3, "three")])],
]


class Watched(QuickWidgets):
    """``QuickWidgets`` noting the templates it still loads."""

    def __init__(self):
        self.loaded = []

    def get_template(self, template_name):
        self.loaded.append(template_name)
        return super().get_template(template_name)


def both(widget, name, value, attrs=None, *, drawn_in_python=True):
    renderer = Watched()
    quick = widget.render(name, value, attrs=attrs, renderer=renderer)
    assert not renderer.loaded if drawn_in_python else renderer.loaded
    slow = widget.render(name, value, attrs=attrs, renderer=DjangoTemplates())
    return quick, slow


@pytest.mark.parametrize("widget_class", INPUTS)
@pytest.mark.parametrize("attrs", ATTRS)
@pytest.mark.parametrize("value", VALUES)
def test_inputs_are_drawn_as_the_templates_draw_them(widget_class, attrs, value):
    quick, slow = both(widget_class(attrs=attrs), "rack_12", value, attrs={"id": "id_rack_12"})
    assert quick == slow


@pytest.mark.parametrize("choices", CHOICES)
@pytest.mark.parametrize("attrs", ATTRS)
@pytest.mark.parametrize("value", [None, "", "12", 1, "b", ["a", "c"]])
def test_lists_are_drawn_as_the_templates_draw_them(choices, attrs, value):
    widgets = [forms.SelectMultiple(attrs=attrs, choices=choices)]
    if not isinstance(value, list):  # one choice
        widgets += [
            forms.Select(attrs=attrs, choices=choices),
            forms.NullBooleanSelect(attrs=attrs),
        ]
    for widget in widgets:
        quick, slow = both(widget, "winner", value, attrs={"id": "id_winner"})
        assert quick == slow


@pytest.mark.parametrize("choices", CHOICES)
@pytest.mark.parametrize("widget_class", [forms.RadioSelect, forms.CheckboxSelectMultiple])
@pytest.mark.parametrize("value", [None, "12", "b", ["a", "c"]])
def test_options_of_a_radio_or_checkbox_list_are_drawn_as_the_templates_draw_them(
    choices, widget_class, value
):
    class Choosing(forms.Form):
        ended = forms.ChoiceField(choices=choices, widget=widget_class(attrs={"class": "x"}))

    quick = Choosing(initial={"ended": value}, renderer=Watched())
    slow = Choosing(initial={"ended": value}, renderer=DjangoTemplates())
    assert str(quick["ended"]) == str(slow["ended"])
    for fast, template in zip(quick["ended"], slow["ended"], strict=True):
        assert fast.tag() == template.tag()
        assert fast.tag(wrap_label=True) == template.tag(wrap_label=True)
        assert str(fast) == str(template)
    assert set(quick.renderer.loaded) <= {
        "django/forms/widgets/radio.html",
        "django/forms/widgets/checkbox_select.html",
    }  # the whole list, not its options


def test_other_widgets_still_go_through_the_templates():
    for widget in (
        forms.Textarea(attrs={"rows": 3}),
        forms.SelectDateWidget(),
        forms.ClearableFileInput(),
        forms.MultipleHiddenInput(),
        forms.SplitDateTimeWidget(),
    ):
        value = datetime.date(2026, 6, 10) if isinstance(widget, forms.SelectDateWidget) else None
        quick, slow = both(widget, "thing", value, drawn_in_python=False)
        assert quick == slow


def test_a_widget_with_a_callable_value_goes_through_the_templates():
    quick, slow = both(
        forms.TextInput(attrs={"data-x": lambda: "called"}), "n", "v", drawn_in_python=False
    )
    assert quick == slow
