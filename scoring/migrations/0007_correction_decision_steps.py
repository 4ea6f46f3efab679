"""What a decision about a flagged correction did, stored as what it is (JSON steps), put
into words when shown.

Notes written before were English words: each is kept as [{"text": ...}] and shown as it
was written. Going back writes the English words again."""

from django.db import migrations, models


def words_to_steps(apps, schema_editor):
    CorrectionDecision = apps.get_model("scoring", "CorrectionDecision")
    for decision in CorrectionDecision.objects.exclude(note="").only("pk", "note").iterator():
        CorrectionDecision.objects.filter(pk=decision.pk).update(steps=[{"text": decision.note}])


def steps_to_words(apps, schema_editor):
    from django.utils import translation

    from scoring.decision_notes import decision_words

    CorrectionDecision = apps.get_model("scoring", "CorrectionDecision")
    with translation.override("en"):
        for decision in CorrectionDecision.objects.only("pk", "steps").iterator():
            if decision.steps:
                CorrectionDecision.objects.filter(pk=decision.pk).update(
                    note=decision_words(decision.steps)
                )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0006_correction_consequence"),
    ]

    operations = [
        migrations.AddField(
            model_name="correctiondecision",
            name="steps",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(words_to_steps, steps_to_words),
        migrations.RemoveField(model_name="correctiondecision", name="note"),
    ]
