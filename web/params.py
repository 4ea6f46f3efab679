"""Numbers, ids, tokens and text from a request: read in one place that refuses politely.

Why not ``int(text)`` after ``text.isdigit()``: ``"²".isdigit()`` and ``"①".isdigit()``
are true and ``int()`` refuses both (a server error); ``int()`` refuses more than 4,300
digits; and a database column holds far less than a 40-digit number. So every view reads

- a number from a query string or a form with ``whole_number`` (``None`` when it is not
  one: the view then answers as for a missing value);
- an object by the id a form sent with ``object_or_404``;
- an id in a URL through the ``id`` path converter (``IdConverter``, registered in
  ``config/urls.py``): anything else is a 404 before the view runs;
- an upload's token with ``upload_token``; search text with ``search_text``;
- a number typed into a form with ``WholeNumberField`` (``whole_number_formfield`` for a
  model form's number fields).

Numbers are ASCII digits only, here and in every file read (scores, registrations,
backups): "٣" or a full-width "１" is refused as "²" is, not read as 3 in one place and
refused in another.

``RefuseNulMiddleware`` answers 400 to a request whose query or form holds a NUL
character: nobody can type one, PostgreSQL refuses it in any text, and Django's forms
would refuse it anyway.
"""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.db import models
from django.http import Http404
from django.shortcuts import get_object_or_404, render

from tournaments.text import MAX_ID, whole_number

_TOKEN = re.compile(r"[0-9a-f]{32}")  # uuid4().hex, as the upload makes it
SEARCH_LENGTH = 200  # longer than any name anyone types


class WholeNumberField(forms.IntegerField):
    """A form's whole number in ASCII digits: Django's IntegerField reads digits of any
    script ("٣" is 3, "１" is 1); this one says the field's "invalid" message instead."""

    def to_python(self, value):
        if isinstance(value, str) and not value.isascii():
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


def whole_number_formfield(field, **kwargs):
    """A model form's ``formfield_callback``: its number fields are ``WholeNumberField``."""
    if isinstance(field, models.IntegerField) and not field.choices:
        return field.formfield(form_class=WholeNumberField, **kwargs)
    return field.formfield(**kwargs)


def object_or_404(model_or_queryset, pk, **filters):
    """The object whose id a request sent (text or int), among ``filters``; else a 404."""
    number = pk if isinstance(pk, int) and not isinstance(pk, bool) else whole_number(pk)
    if number is None or not 1 <= number <= MAX_ID:
        raise Http404("No such item.")
    return get_object_or_404(model_or_queryset, pk=number, **filters)


def upload_token(text) -> str | None:
    """An upload's token (32 lowercase hex digits), or ``None``."""
    return text if isinstance(text, str) and _TOKEN.fullmatch(text) else None


def search_text(text) -> str:
    """What someone typed into a search box, cut to a length no name reaches."""
    return text[:SEARCH_LENGTH] if isinstance(text, str) else ""


class IdConverter:
    """``<id:name>`` in a URL: a database id, 1 to MAX_ID; anything else does not match
    (a 404), where Django's ``<int:…>`` passes 4,300 digits on to the view."""

    regex = "[0-9]{1,10}"

    def to_python(self, value: str) -> int:
        number = int(value)
        if not 1 <= number <= MAX_ID:
            raise ValueError(value)  # Django reads this as "no match"
        return number

    def to_url(self, value) -> str:
        return str(value)


def _has_nul(query_dict) -> bool:
    return any("\x00" in value for values in query_dict.lists() for value in values[1])


class RefuseNulMiddleware:
    """A query or form holding a NUL character is answered 400, in words."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        if "\x00" in request.path or _has_nul(request.GET) or _has_nul_form(request):
            return render(request, "400.html", status=400)
        return self.get_response(request)


def _has_nul_form(request) -> bool:
    if request.method != "POST":
        return False
    try:
        return _has_nul(request.POST)
    except Exception:  # an unreadable body: the view's own parsing answers it (400)
        return False
