from django.apps import AppConfig


class TournamentsConfig(AppConfig):
    name = "tournaments"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The engine's messages (refusals, seating notes, clock words) in the active
        # language: the visitor's on pages, English on the command line.
        from django.utils import translation

        from tournaments.engine import words

        words.install(translation.gettext, translation.ngettext)
