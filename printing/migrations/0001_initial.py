"""The printing app's documents: the model that lived in tournaments, its table kept."""

import django.db.models.deletion
import uuid
from django.conf import settings
from django.db import migrations, models


def move_content_type(apps, schema_editor):
    """Permissions and admin history follow the model to its new app."""
    ContentType = apps.get_model("contenttypes", "ContentType")
    if not ContentType.objects.filter(app_label="printing", model="generateddocument").exists():
        ContentType.objects.filter(app_label="tournaments", model="generateddocument").update(
            app_label="printing"
        )


class Migration(migrations.Migration):

    initial = True

    dependencies = [
        ('tournaments', '0006_generated_document_to_printing'),
        ("contenttypes", "0002_remove_content_type_name"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The table exists (tournaments 0003, same name, same index and constraint):
        # the printing app takes the model over without touching the data.
        migrations.SeparateDatabaseAndState(
            state_operations=[
        migrations.CreateModel(
            name='GeneratedDocument',
            fields=[
                ('id', models.BigAutoField(auto_created=True, primary_key=True, serialize=False, verbose_name='ID')),
                ('uuid', models.UUIDField(default=uuid.uuid4, editable=False, unique=True)),
                ('kind', models.CharField(choices=[('table-list', 'Table list'), ('score-sheets', 'Score sheets'), ('bracket', 'Bracket'), ('results', 'Results'), ('certificates', 'Certificates')], max_length=14)),
                ('round_number', models.PositiveSmallIntegerField(blank=True, null=True)),
                ('status', models.CharField(choices=[('queued', 'Waiting for a worker'), ('running', 'Being made'), ('ready', 'Ready'), ('failed', 'Failed')], default='queued', max_length=8)),
                ('progress', models.PositiveSmallIntegerField(default=0)),
                ('file', models.FileField(blank=True, upload_to='documents/')),
                ('filename', models.CharField(blank=True, max_length=200)),
                ('fingerprint', models.CharField(blank=True, max_length=64)),
                ('error', models.TextField(blank=True)),
                ('created_at', models.DateTimeField(auto_now_add=True)),
                ('sent_at', models.DateTimeField(blank=True, help_text='When the task reached the broker.', null=True)),
                ('started_at', models.DateTimeField(blank=True, null=True)),
                ('finished_at', models.DateTimeField(blank=True, null=True)),
                ('attempts', models.PositiveSmallIntegerField(default=0)),
                ('division', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.CASCADE, related_name='documents', to='tournaments.division')),
                ('event', models.ForeignKey(on_delete=django.db.models.deletion.CASCADE, related_name='documents', to='tournaments.event')),
                ('requested_by', models.ForeignKey(blank=True, null=True, on_delete=django.db.models.deletion.SET_NULL, related_name='+', to=settings.AUTH_USER_MODEL)),
            ],
            options={
                'db_table': 'tournaments_generateddocument',
                'ordering': ['-created_at'],
                'indexes': [models.Index(fields=['status', 'sent_at'], name='tournaments_status_6137a7_idx')],
                'constraints': [models.CheckConstraint(condition=models.Q(('progress__lte', 100)), name='document_progress_at_most_100')],
            },
        ),
            ],
            database_operations=[],
        ),
        migrations.RunPython(move_content_type, migrations.RunPython.noop),
    ]
