"""An undo of a flagged correction or late penalty is marked as one (ScoreChange.undo) and
keeps the reason of the change undone as typed; "Undo of the correction “…”" is put into
words when shown, in the reader's language.

Undos written before stored those English words as their reason: each is read once
(always the same words) into undo and the reason. Going back writes the words again."""

from django.db import migrations, models


def words_to_undo(apps, schema_editor):
    from scoring.decision_notes import undo_reason

    ScoreChange = apps.get_model("scoring", "ScoreChange")
    rows = ScoreChange.objects.filter(reason__startswith="Undo of the ").only("pk", "reason")
    for change in rows.iterator():
        reason = undo_reason(change.reason)
        if reason is not None:
            ScoreChange.objects.filter(pk=change.pk).update(undo=True, reason=reason)


def undo_to_words(apps, schema_editor):
    from django.utils import translation

    from scoring.decision_notes import undo_words

    ScoreChange = apps.get_model("scoring", "ScoreChange")
    with translation.override("en"):
        for change in ScoreChange.objects.filter(undo=True).iterator():
            ScoreChange.objects.filter(pk=change.pk).update(
                reason=undo_words(change.action, change.reason)
            )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0007_correction_decision_steps"),
    ]

    operations = [
        migrations.AddField(
            model_name="scorechange",
            name="undo",
            field=models.BooleanField(default=False),
        ),
        migrations.RunPython(words_to_undo, undo_to_words),
    ]
