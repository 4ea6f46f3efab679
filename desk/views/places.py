"""Where the desk's actions happen and lead: a division of the event by its address, and
the pages an action belongs to (``post_only``'s ``back`` takes the view's event and
address values, and so do these)."""

from django.shortcuts import get_object_or_404
from django.urls import reverse

from tournaments.models import Division


def division_of(event, division_id) -> Division:
    """The event's division with this id, else a 404."""
    return get_object_or_404(Division, pk=division_id, event=event)


def division_url(event, division_id, *args, **kwargs) -> str:
    return reverse("desk:division", args=[event.slug, division_id])


def checkin_url(event, *args, **kwargs) -> str:
    return reverse("desk:checkin", args=[event.slug])


def overview_url(event, *args, **kwargs) -> str:
    return reverse("desk:overview", args=[event.slug])
