"""A correction's consequence stored as what it is (JSON), put into words when shown.

Flags written before were English words: each is kept as {"text": ...} and shown as it
was written. Going back writes the English words again."""

from django.db import migrations, models


def words_to_record(apps, schema_editor):
    ScoreChange = apps.get_model("scoring", "ScoreChange")
    for change in ScoreChange.objects.exclude(flag="").only("pk", "flag").iterator():
        ScoreChange.objects.filter(pk=change.pk).update(consequence={"text": change.flag})


def record_to_words(apps, schema_editor):
    from django.utils import translation

    from tournaments.engine import consequence_words

    ScoreChange = apps.get_model("scoring", "ScoreChange")
    with translation.override("en"):
        for change in ScoreChange.objects.filter(consequence__isnull=False).iterator():
            ScoreChange.objects.filter(pk=change.pk).update(
                flag=consequence_words(change.consequence)
            )


class Migration(migrations.Migration):
    dependencies = [
        ("scoring", "0005_players_at_the_table"),
    ]

    operations = [
        migrations.AddField(
            model_name="scorechange",
            name="consequence",
            field=models.JSONField(
                blank=True,
                help_text="Set when the change would alter who advanced, the byes or a medal.",
                null=True,
            ),
        ),
        migrations.RunPython(words_to_record, record_to_words),
        migrations.RemoveField(model_name="scorechange", name="flag"),
    ]
