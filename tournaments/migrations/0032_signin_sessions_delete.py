"""Signed-in sessions go back to Django's own session table: each kept session is copied
there (its sign-in named by Django's ModelBackend, the one that remains), so nobody is
signed out by the upgrade; then the table of their own goes."""

from django.db import migrations

OLD_BACKEND = "tournaments.sessions.SessionUserBackend"
BACKEND = "django.contrib.auth.backends.ModelBackend"
BACKEND_KEY = "_auth_user_backend"  # django.contrib.auth.BACKEND_SESSION_KEY


def sessions_copied(apps, schema_editor):
    from django.contrib.sessions.backends.db import SessionStore

    Kept = apps.get_model("tournaments", "SignInSession")
    Session = apps.get_model("sessions", "Session")
    store = SessionStore()
    copied = []
    for kept in Kept.objects.all().iterator():
        data = store.decode(kept.session_data)
        if not data:  # unreadable (another secret key): nobody is signed in by it
            continue
        if data.get(BACKEND_KEY) == OLD_BACKEND:
            data[BACKEND_KEY] = BACKEND
        copied.append(
            Session(
                session_key=kept.session_key,
                session_data=store.encode(data),
                expire_date=kept.expire_date,
            )
        )
    Session.objects.bulk_create(copied, batch_size=500, ignore_conflicts=True)


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0031_page_find_misses"),
        ("sessions", "0001_initial"),
    ]

    operations = [
        migrations.RunPython(sessions_copied, migrations.RunPython.noop),
        migrations.DeleteModel(name="SignInSession"),
    ]
