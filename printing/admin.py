from django.contrib import admin

from tournaments.admin import ReadOnlyAdmin

from .models import GeneratedDocument


@admin.register(GeneratedDocument)
class GeneratedDocumentAdmin(ReadOnlyAdmin):
    list_display = (
        "kind",
        "event",
        "division",
        "round_number",
        "status",
        "progress",
        "created_at",
        "finished_at",
        "attempts",
        "error",
    )
    list_filter = ("status", "kind", "event")
    search_fields = ("filename", "error")
    list_select_related = ("event", "division")
