"""GeneratedDocument moves to the printing app: the state only; its table stays as it is."""

from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0005_division_results"),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="GeneratedDocument")],
            database_operations=[],
        ),
    ]
