from django import forms
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.contrib.auth.admin import GroupAdmin, UserAdmin
from django.contrib.auth.models import Group
from django.core.exceptions import ValidationError
from django.db import connections, models

from .models import BRACKET_SETTINGS, Bye, Division, Entrant, Event, Round, Seat, Table
from .selectors import bracket_started, event_started

# Only the services move a division through its states (and record its results).
DIVISION_STATE = ("status", "walkover", "medals_confirmed_at", "results")


def _refuse_ids_out_of_range(field: forms.ModelChoiceField, values) -> None:
    """An id the database's column cannot hold is a choice not offered, refused with the
    field's own words before any query: SQLite cannot even compare it (OverflowError, a
    500, for ``organizers=9999999999999999999999999``), where PostgreSQL finds nothing.
    Anything that is no whole number is left to Django's own check."""
    model = field.queryset.model
    key = model._meta.get_field(field.to_field_name) if field.to_field_name else model._meta.pk
    if not isinstance(key, models.IntegerField):
        return
    ops = connections[field.queryset.db].ops
    low, high = ops.integer_field_range(key.get_internal_type())
    for value in values:
        try:
            number = int(str(value))
        except ValueError:
            continue
        if not low <= number <= high:
            raise ValidationError(
                field.error_messages["invalid_choice"],
                code="invalid_choice",
                params={"value": value},
            )


class IdChoiceField(forms.ModelChoiceField):
    def to_python(self, value):
        if value not in self.empty_values and not isinstance(value, self.queryset.model):
            _refuse_ids_out_of_range(self, [value])
        return super().to_python(value)


class IdsChoiceField(forms.ModelMultipleChoiceField):
    def clean(self, value):
        prepared = self.prepare_value(value)
        if isinstance(prepared, list | tuple):
            _refuse_ids_out_of_range(self, prepared)
        return super().clean(value)


class IdsInRange:
    """Every admin form's choice of rows (a foreign key, raw id or not, and a
    many-to-many) refuses an id out of the database's range as a form error."""

    def formfield_for_foreignkey(self, db_field, request, **kwargs):
        kwargs.setdefault("form_class", IdChoiceField)
        return super().formfield_for_foreignkey(db_field, request, **kwargs)

    def formfield_for_manytomany(self, db_field, request, **kwargs):
        kwargs.setdefault("form_class", IdsChoiceField)
        return super().formfield_for_manytomany(db_field, request, **kwargs)


class ModelAdmin(IdsInRange, admin.ModelAdmin):
    """The admin of every model of the project (and of the accounts, below)."""


class TabularInline(IdsInRange, admin.TabularInline):
    pass


# The accounts' admin as Django makes it, with the same refusal (groups, permissions).
for _model, _admin in ((get_user_model(), UserAdmin), (Group, GroupAdmin)):
    if admin.site.is_registered(_model):
        admin.site.unregister(_model)
        admin.site.register(_model, type(_admin.__name__, (IdsInRange, _admin), {}))


class ReadOnlyAdmin(ModelAdmin):
    """Shown, never changed here: changes go through the services (and the audit trail)."""

    def has_add_permission(self, request, obj=None):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


class DivisionInline(TabularInline):
    model = Division
    fk_name = "event"
    fields = ("name", "min_age", "max_age", "gender", "combined_into", "status")
    extra = 0
    show_change_link = True

    def get_readonly_fields(self, request, obj=None):
        # ``obj`` is the event: once it is seated, no division is combined here.
        started = obj is not None and event_started(obj)
        return ("status", "combined_into") if started else ("status",)


@admin.register(Event)
class EventAdmin(ModelAdmin):
    list_display = ("name", "slug", "date", "venue", "scoring", "confirmation", "medal_policy")
    list_filter = ("scoring", "confirmation", "medal_policy", "date")
    search_fields = ("name", "slug", "venue")
    prepopulated_fields = {"slug": ("name",)}
    filter_horizontal = ("organizers", "scorekeepers")
    inlines = [DivisionInline]
    date_hierarchy = "date"

    def get_readonly_fields(self, request, obj=None):
        """The settings that decide the bracket are fixed once a round is seated (the
        service refuses them too): changing them here would bypass it."""
        if obj is not None and event_started(obj):
            return BRACKET_SETTINGS
        return ()


@admin.register(Division)
class DivisionAdmin(ModelAdmin):
    list_display = (
        "name",
        "event",
        "min_age",
        "max_age",
        "gender",
        "combined_into",
        "status",
        "walkover",
    )
    list_filter = ("event", "status", "gender")
    search_fields = ("name", "event__name")
    list_select_related = ("event", "combined_into")

    def get_readonly_fields(self, request, obj=None):
        if obj is not None and bracket_started(obj):
            return (*DIVISION_STATE, "combined_into")
        return DIVISION_STATE


@admin.register(Entrant)
class EntrantAdmin(ModelAdmin):
    list_display = (
        "external_id",
        "last_name",
        "first_name",
        "division",
        "club",
        "status",
        "birth_date",
        "event",
    )
    list_filter = ("event", "status", "division", "gender")
    search_fields = ("external_id", "first_name", "last_name", "club", "family", "email")
    list_select_related = ("division", "event")
    list_per_page = 100

    def get_readonly_fields(self, request, obj=None):
        """Once the bracket is seated, check-in, withdrawal and the division go through
        the desk (the services), never through a form here. An entrant whose personal data
        were erased is never changed again (docs/privacy.md)."""
        if obj is not None and obj.erased_at is not None:
            return [field.name for field in obj._meta.fields]
        if obj is not None and bracket_started(obj.division):
            return ("division", "status")
        return ()


class SeatInline(TabularInline):
    model = Seat
    fields = ("number", "entrant")
    raw_id_fields = ("entrant",)
    extra = 0


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ("division", "number", "kind", "games", "status", "created_at", "closed_at")
    list_filter = ("status", "kind", "division__event")
    search_fields = ("division__name", "division__event__name")
    list_select_related = ("division",)
    readonly_fields = ("seed", "warnings")


@admin.register(Table)
class TableAdmin(ReadOnlyAdmin):
    list_display = ("round", "number")
    list_filter = ("round__division__event", "round__status")
    search_fields = ("round__division__name",)
    inlines = [SeatInline]
    list_select_related = ("round__division",)


@admin.register(Seat)
class SeatAdmin(ReadOnlyAdmin):
    list_display = ("entrant", "table", "number", "round")
    list_filter = ("round__division__event", "round__number")
    search_fields = ("entrant__first_name", "entrant__last_name", "entrant__external_id")
    raw_id_fields = ("entrant", "table", "round")
    list_select_related = ("entrant", "table__round__division", "round__division")


@admin.register(Bye)
class ByeAdmin(ReadOnlyAdmin):
    list_display = ("entrant", "round")
    list_filter = ("round__division__event",)
    search_fields = ("entrant__first_name", "entrant__last_name", "entrant__external_id")
    raw_id_fields = ("entrant", "round")
