"""Form widgets drawn without the template engine, to the byte what Django's templates draw.

A table's page after each save draws its game form's widgets (the hidden version and key,
a text box per player, the winner's list, the two ways a game ends): through Django's
widget templates, each is a template rendered with includes for its attributes and for
each option, a large part of the page's CPU. ``QuickWidgets`` (settings.FORM_RENDERER)
draws the plain widgets, the ``<input>`` family, a ``<select>`` and its options and a
radio or checkbox option, in Python, with the templates' own rules (the same escaping,
the same spaces and line breaks); anything else (a whole radio list, a textarea, a date
picked in three lists, a widget with a callable value) goes through the templates as
before. tests/web/test_form_rendering.py compares the two on every kind of widget.
"""

from django.forms.renderers import DjangoTemplates
from django.template.base import render_value_in_context
from django.template.context import Context
from django.utils.html import escape
from django.utils.safestring import SafeData, mark_safe

WIDGETS = "django/forms/widgets/"
# The templates that are `{% include "django/forms/widgets/input.html" %}` and no more.
INPUTS = frozenset(
    f"{WIDGETS}{name}.html"
    for name in (
        "input",
        "text",
        "hidden",
        "number",
        "email",
        "url",
        "password",
        "search",
        "tel",
        "color",
        "date",
        "datetime",
        "time",
        "checkbox",
        "file",
    )
)
OPTIONS = frozenset(f"{WIDGETS}{name}.html" for name in ("radio_option", "checkbox_option"))
SELECT = f"{WIDGETS}select.html"
SELECT_OPTION = f"{WIDGETS}select_option.html"

_CONTEXT = Context()  # autoescape on, as the forms' template engine renders


class NotPlain(Exception):
    """A widget the templates must draw (a value a template would call, say)."""


def _shown(value) -> str:
    """``{{ value }}``: localized and escaped as a template shows it."""
    if type(value) is str:  # most are: neither localized nor safe, only escaped
        return escape(value)
    if callable(value):
        raise NotPlain
    return render_value_in_context(value, _CONTEXT)


def _as_text(value) -> str:
    """``{{ value|stringformat:'s' }}``."""
    if callable(value):
        raise NotPlain
    try:
        text = "%s" % (str(value) if isinstance(value, tuple) else value)
    except (ValueError, TypeError):
        text = ""
    if isinstance(value, SafeData):  # the filter is is_safe: its output stays safe
        return mark_safe(text)
    return escape(text)  # a str is neither localized nor safe: escaped


def _attrs(attrs) -> str:
    """django/forms/widgets/attrs.html."""
    if not isinstance(attrs, dict):
        raise NotPlain
    parts = []
    for name, value in attrs.items():
        if callable(value):
            raise NotPlain
        if value is not False:
            parts.append(" " + _shown(name))
            if value is not True:
                parts.append('="' + _as_text(value) + '"')
    return "".join(parts)


def _input(widget: dict) -> str:
    """django/forms/widgets/input.html (its line break included)."""
    value = widget["value"]
    if callable(value):
        raise NotPlain
    shown = "" if value is None else ' value="' + _as_text(value) + '"'
    return (
        f'<input type="{_shown(widget["type"])}" name="{_shown(widget["name"])}"'
        f"{shown}{_attrs(widget['attrs'])}>\n"
    )


def _input_option(widget: dict) -> str:
    """django/forms/widgets/input_option.html (a radio or a checkbox of a list)."""
    if not widget.get("wrap_label"):
        return _input(widget)
    label_for = widget["attrs"].get("id")
    opening = f'<label for="{_shown(label_for)}">' if label_for else "<label>"
    return f"{opening}{_input(widget)} {_shown(widget['label'])}</label>"


def _select_option(option: dict) -> str:
    """django/forms/widgets/select_option.html (its line break included)."""
    return (
        f'<option value="{_as_text(option["value"])}"{_attrs(option["attrs"])}>'
        f"{_shown(option['label'])}</option>\n"
    )


def _select(widget: dict) -> str:
    """django/forms/widgets/select.html."""
    parts = [f'<select name="{_shown(widget["name"])}"{_attrs(widget["attrs"])}>']
    for group_name, group_choices, _index in widget["optgroups"]:
        if group_name:
            parts.append(f'\n  <optgroup label="{_shown(group_name)}">')
        for option in group_choices:
            if option.get("template_name") != SELECT_OPTION:
                raise NotPlain
            parts.append("\n  " + _select_option(option))
        if group_name:
            parts.append("\n  </optgroup>")
    parts.append("\n</select>\n")
    return "".join(parts)


class QuickWidgets(DjangoTemplates):
    """Django's template renderer for forms, drawing the plain widgets in Python."""

    def render(self, template_name, context, request=None):
        try:
            widget = context["widget"]
            if template_name in INPUTS:
                return _input(widget).strip()
            if template_name in OPTIONS:
                return _input_option(widget).strip()
            if template_name == SELECT:
                return _select(widget).strip()
        except (NotPlain, KeyError, TypeError, AttributeError):
            pass
        return super().render(template_name, context, request)
