"""A round's seating notes stored as what they are (kind, table, players, words without
the table, language) instead of words alone.

Notes written as words before are read once, in English, French or Spanish
(``engine.note_from_words``: "Table 5:", "Table 5 :", "Mesa 5:"; the kind from their words;
the players they name from those seated at that table); a note whose words do not tell
its language takes the event's. Going back writes the words again."""

from django.db import migrations, models


def words_to_notes(apps, schema_editor):
    from tournaments.engine import note_from_words

    Round = apps.get_model("tournaments", "Round")
    Seat = apps.get_model("tournaments", "Seat")
    for round_ in Round.objects.select_related("division__event").iterator():
        if not round_.warnings:
            continue
        seated: dict[int, list[tuple[str, str]]] = {}
        for number, player, first, last in Seat.objects.filter(round=round_).values_list(
            "table__number", "entrant__external_id", "entrant__first_name", "entrant__last_name"
        ):
            seated.setdefault(number, []).append((player, f"{first} {last}"))
        language = round_.division.event.language or "en"
        notes = [
            note_from_words(words, language, seated).as_record()
            for words in round_.warnings
            if isinstance(words, str)
        ]
        Round.objects.filter(pk=round_.pk).update(seating_notes=notes)


def notes_to_words(apps, schema_editor):
    from django.utils import translation

    from tournaments.engine import SeatingNote

    Round = apps.get_model("tournaments", "Round")
    for round_ in Round.objects.iterator():
        if not round_.seating_notes:
            continue
        words = []
        for record in round_.seating_notes:
            note = SeatingNote.from_record(record)
            with translation.override(note.language or "en"):
                words.append(note.in_words())
        Round.objects.filter(pk=round_.pk).update(warnings=words)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0026_table_code_retired"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="seating_notes",
            field=models.JSONField(blank=True, default=list),
        ),
        migrations.RunPython(words_to_notes, notes_to_words),
        migrations.RemoveField(model_name="round", name="warnings"),
    ]
