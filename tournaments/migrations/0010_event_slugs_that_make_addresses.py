"""Short names that make no address (an old restore took ``bad slug/../x`` as it came):
each becomes a slug of itself, free among the others, so its pages can be reached again."""

import re

from django.db import migrations
from django.utils.text import slugify

SLUG = re.compile(r"^[-a-zA-Z0-9_]+$")


def mend_slugs(apps, schema_editor):
    Event = apps.get_model("tournaments", "Event")
    taken = set(Event.objects.values_list("slug", flat=True))
    for event in Event.objects.all():
        if SLUG.fullmatch(event.slug or ""):
            continue
        base = (slugify(event.slug) or slugify(event.name) or "event")[:70]
        slug, number = base, 2
        while slug in taken:
            slug, number = f"{base}-{number}", number + 1
        taken.add(slug)
        event.slug = slug
        event.save(update_fields=["slug"])


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0009_entrant_status_change")]
    operations = [migrations.RunPython(mend_slugs, migrations.RunPython.noop)]
