"""A division's recorded placings move to their own table (DivisionResults), and entrants
get a folded name to search in the database (Entrant.search_name): docs/decisions.md."""

import django.db.models.deletion
from django.db import migrations, models

from tournaments.text import fold


def forwards(apps, schema_editor):
    Division = apps.get_model("tournaments", "Division")
    DivisionResults = apps.get_model("tournaments", "DivisionResults")
    Entrant = apps.get_model("tournaments", "Entrant")
    DivisionResults.objects.bulk_create(
        DivisionResults(division_id=pk, placings=results)
        for pk, results in Division.objects.filter(results__isnull=False).values_list(
            "pk", "results"
        )
    )
    entrants = list(Entrant.objects.only("pk", "first_name", "last_name"))
    for entrant in entrants:
        folded = fold(f"{entrant.first_name} {entrant.last_name}")
        entrant.search_name = f"{folded} {folded.replace(' ', '')}"  # name_search_text
    Entrant.objects.bulk_update(entrants, ["search_name"], batch_size=500)


def backwards(apps, schema_editor):
    Division = apps.get_model("tournaments", "Division")
    DivisionResults = apps.get_model("tournaments", "DivisionResults")
    for row in DivisionResults.objects.all():
        Division.objects.filter(pk=row.division_id).update(results=row.placings)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0013_event_ribbons_lone_entrant"),
    ]

    operations = [
        migrations.CreateModel(
            name="DivisionResults",
            fields=[
                (
                    "division",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="recorded_results",
                        serialize=False,
                        to="tournaments.division",
                    ),
                ),
                ("placings", models.JSONField()),
            ],
        ),
        migrations.AddField(
            model_name="entrant",
            name="search_name",
            field=models.TextField(blank=True, editable=False),
        ),
        migrations.RunPython(forwards, backwards),
        migrations.RemoveField(
            model_name="division",
            name="results",
        ),
        migrations.AddIndex(
            model_name="entrant",
            index=models.Index(fields=["event", "search_name"], name="entrant_search"),
        ),
    ]
