"""Who sees which language (docs/decisions.md, "Languages").

Django's LocaleMiddleware gives each request the language of the switch's cookie (the
visitor chose it), else the browser's (Accept-Language), else English. The public pages
of an event (the projector, find-my-table, the results) speak the event's language instead
of the browser's: a projector's laptop or a visitor's phone may say anything, the hall
speaks the event's language. A visitor who chose with the switch keeps their choice.
"""

from django.conf import settings
from django.utils import translation


def chosen_language(request) -> str | None:
    """The language the visitor chose with the switch (its cookie), if it is one we have."""
    code = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if not code:
        return None
    try:
        return translation.get_supported_language_variant(code)
    except LookupError:
        return None


def speak_event_language(request, event) -> None:
    """The event's language for this request, unless the visitor chose one."""
    if chosen_language(request) is None and event.language:
        translation.activate(event.language)
        request.LANGUAGE_CODE = translation.get_language()
