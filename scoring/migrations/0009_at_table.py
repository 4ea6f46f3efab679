"""Who made a change at the table with its code, stored as what it is: the player
(``at_table_player``) and the code (``at_table_code``), beside the English label.

Changes made before carry only the label "NAME at the table (code X)": it is read once
here; the player is the one of that name seated at that table in that round (else the
only entrant of the event with that name). A label whose player cannot be found stays a
label alone, shown as written. Going back drops the fields (the labels are untouched)."""

import re

import django.db.models.deletion
from django.db import migrations, models

# The label as scoring.services._common.AtTable wrote it (English, never translated).
AT_TABLE = re.compile(r"^(?P<name>.+) at the table \(code (?P<code>[A-Z0-9]+)\)$")


def labels_to_fields(apps, schema_editor):
    ScoreChange = apps.get_model("scoring", "ScoreChange")
    Seat = apps.get_model("tournaments", "Seat")
    Entrant = apps.get_model("tournaments", "Entrant")
    changes = ScoreChange.objects.filter(
        actor__isnull=True, actor_label__contains=" at the table (code "
    ).select_related("division")
    for change in changes.iterator():
        found = AT_TABLE.match(change.actor_label)
        if found is None or len(found["code"]) > 6:
            continue
        name = found["name"]
        seated = [
            pk
            for pk, first, last in Seat.objects.filter(
                round__division_id=change.division_id,
                round__number=change.round_number,
                table__number=change.table_number,
            ).values_list("entrant_id", "entrant__first_name", "entrant__last_name")
            if f"{first} {last}" == name
        ]
        if len(seated) != 1:
            seated = [
                pk
                for pk, first, last in Entrant.objects.filter(
                    event_id=change.division.event_id
                ).values_list("pk", "first_name", "last_name")
                if f"{first} {last}" == name
            ]
        if len(seated) != 1:
            continue
        ScoreChange.objects.filter(pk=change.pk).update(
            at_table_player_id=seated[0], at_table_code=found["code"]
        )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0008_score_change_undo"),
        ("tournaments", "0027_round_seating_notes"),
    ]

    operations = [
        migrations.AddField(
            model_name="scorechange",
            name="at_table_code",
            field=models.CharField(blank=True, max_length=6),
        ),
        migrations.AddField(
            model_name="scorechange",
            name="at_table_player",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="tournaments.entrant",
            ),
        ),
        migrations.RunPython(labels_to_fields, migrations.RunPython.noop),
        migrations.AddConstraint(
            model_name="scorechange",
            constraint=models.CheckConstraint(
                condition=models.Q(at_table_player__isnull=True, at_table_code="")
                | (models.Q(at_table_player__isnull=False) & ~models.Q(at_table_code="")),
                name="at_table_player_and_code",
            ),
        ),
    ]
