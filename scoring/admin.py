from django.contrib import admin

from tournaments.admin import ReadOnlyAdmin, TabularInline

from .models import Game, Penalty, RackScore, ScoreChange, TieBreakDecision


class RackScoreInline(TabularInline):
    can_delete = False

    def has_change_permission(self, request, obj=None):
        return False

    def has_add_permission(self, request, obj=None):
        return False

    model = RackScore
    fields = ("entrant", "rack_total", "entered_by", "entered_at")
    readonly_fields = ("entered_at",)
    raw_id_fields = ("entrant",)
    extra = 0


@admin.register(Game)
class GameAdmin(ReadOnlyAdmin):
    list_display = (
        "table",
        "number",
        "ended",
        "winner",
        "entered_by",
        "confirmed_by",
        "confirmed_at",
        "version",
    )
    list_filter = ("ended", "table__round__division__event", "table__round__number")
    search_fields = ("table__round__division__name", "winner__last_name")
    raw_id_fields = ("table", "winner")
    inlines = [RackScoreInline]
    list_select_related = ("table__round__division", "winner", "entered_by", "confirmed_by")


@admin.register(RackScore)
class RackScoreAdmin(ReadOnlyAdmin):
    list_display = ("game", "entrant", "rack_total", "entered_by", "entered_at")
    list_filter = ("game__table__round__division__event",)
    search_fields = ("entrant__last_name", "entrant__first_name", "entrant__external_id")
    raw_id_fields = ("game", "entrant")
    list_select_related = ("game__table__round__division", "entrant", "entered_by")


@admin.register(ScoreChange)
class ScoreChangeAdmin(ReadOnlyAdmin):
    list_display = (
        "at",
        "division",
        "round_number",
        "table_number",
        "game_number",
        "entrant",
        "action",
        "before",
        "after",
        "reason",
        "actor_label",
        "flag",
    )
    list_filter = ("action", "division__event", "division")
    search_fields = ("reason", "actor_label", "entrant__last_name")
    list_select_related = ("division", "entrant")


@admin.register(Penalty)
class PenaltyAdmin(ReadOnlyAdmin):
    list_display = ("entrant", "round", "points", "reason", "given_by", "given_at")
    list_filter = ("round__division__event",)
    search_fields = ("entrant__last_name", "reason")
    raw_id_fields = ("entrant", "round")


@admin.register(TieBreakDecision)
class TieBreakDecisionAdmin(ReadOnlyAdmin):
    list_display = ("division", "round_number", "order", "note", "decided_by", "decided_at")
    list_filter = ("division__event",)
    search_fields = ("division__name", "note")
