"""What the bracket's services share: model validation in words, made-up ids, people."""

from collections.abc import Iterable

from django.core.exceptions import ValidationError
from django.utils.translation import gettext

from tournaments.engine import RuleError
from tournaments.models import Entrant, Event

AUTO_ID_PREFIX = "AUTO-"


def model_clean(instance) -> None:
    """Model validation as a RuleError in words (field: message), never a traceback."""
    try:
        instance.full_clean()
    except ValidationError as error:
        lines = [
            f"{field.replace('_', ' ')}: {message}" if field != "__all__" else message
            for field, messages in error.message_dict.items()
            for message in messages
        ]
        raise RuleError("; ".join(lines)) from None


def auto_ids(taken: set[str]):
    """Made-up entrant ids AUTO-0001, AUTO-0002, … not in ``taken`` (which grows)."""
    number = 1
    while True:
        candidate = f"{AUTO_ID_PREFIX}{number:04d}"
        if candidate not in taken:
            taken.add(candidate)
            yield candidate
        number += 1


def entrants_by_ids(event: Event, ids: Iterable[str]) -> list[Entrant]:
    ids = [i.strip() for i in ids if i.strip()]
    found = {e.external_id: e for e in Entrant.objects.filter(event=event, external_id__in=ids)}
    missing = [i for i in ids if i not in found]
    if missing:
        raise RuleError(
            gettext("No entrant with id %(ids)s in %(event)s.")
            % {"ids": ", ".join(missing), "event": event.name}
        )
    return [found[i] for i in ids]
