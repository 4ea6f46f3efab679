from django.urls import path

from . import views
from .views import player_pages

app_name = "desk"

urlpatterns = [
    path("", views.overview, name="overview"),
    path("settings/", views.settings_page, name="settings"),
    path("scorekeepers/add/", views.scorekeeper_add, name="scorekeeper_add"),
    path("scorekeepers/<id:user_id>/remove/", views.scorekeeper_remove, name="scorekeeper_remove"),
    path("scorekeepers/<id:user_id>/unlock/", views.scorekeeper_unlock, name="scorekeeper_unlock"),
    path(
        "scorekeepers/<id:user_id>/password/",
        views.scorekeeper_password,
        name="scorekeeper_password",
    ),
    path("entrants/", views.entrants, name="entrants"),
    path("entrants/new/", views.entrant_edit, name="entrant_new"),
    path("entrants/<id:entrant_id>/", views.entrant_edit, name="entrant_edit"),
    # Privacy (docs/privacy.md): off the public pages, everything held, erased.
    path(
        "entrants/<id:entrant_id>/public-name/",
        views.entrant_public_name,
        name="entrant_public_name",
    ),
    path("entrants/<id:entrant_id>/export/", views.entrant_export, name="entrant_export"),
    path("entrants/<id:entrant_id>/erase/", views.entrant_erase, name="entrant_erase"),
    path("entrants/<id:entrant_id>/remove/", views.entrant_remove, name="entrant_remove"),
    path("import/", views.import_upload, name="import"),
    path("import/preview/", views.import_preview, name="import_preview"),
    path("checkin/", views.checkin, name="checkin"),
    # The players' own pages: the self check-in window, each division's start, new links.
    path("checkin/window/", player_pages.checkin_window_save, name="checkin_window"),
    path("divisions/<id:division_id>/day/", player_pages.division_day, name="division_day"),
    path("entrants/<id:entrant_id>/page/", player_pages.page_code_new, name="page_code_new"),
    path("checkin/everyone/", views.checkin_everyone, name="checkin_everyone"),
    path("checkin/<id:entrant_id>/", views.checkin_set, name="checkin_set"),
    path(
        "checkin/<id:entrant_id>/add-to-seating/",
        views.checkin_add_to_seating,
        name="checkin_add",
    ),
    path(
        "checkin/<id:entrant_id>/accessible/",
        views.checkin_accessible,
        name="checkin_accessible",
    ),
    path("combine/", views.combine, name="combine"),
    path("divisions/<id:division_id>/", views.division_page, name="division"),
    path("divisions/<id:division_id>/clock/", views.division_clock, name="clock"),
    path("divisions/<id:division_id>/minutes/", views.table_minutes, name="minutes"),
    path("clocks/start/", views.clocks_start, name="clocks_start"),
    path("announcements/", views.announcements, name="announcements"),
    path(
        "announcements/<id:announcement_id>/remove/",
        views.announcement_remove,
        name="announcement_remove",
    ),
    path("divisions/<id:division_id>/seat/", views.division_seat, name="seat"),
    path("divisions/by-size/", views.divisions_by_size, name="divisions_by_size"),
    path("divisions/<id:division_id>/advance/", views.division_advance, name="advance"),
    path("divisions/<id:division_id>/tie/", views.division_tie, name="tie"),
    path("divisions/<id:division_id>/swap/", views.division_swap, name="swap"),
    path("divisions/<id:division_id>/withdraw/", views.division_withdraw, name="withdraw"),
    path("divisions/<id:division_id>/disqualify/", views.division_disqualify, name="disqualify"),
    path("divisions/<id:division_id>/undo-withdrawal/", views.division_reinstate, name="reinstate"),
    path("divisions/<id:division_id>/split/", views.division_split, name="split"),
    path("divisions/<id:division_id>/codes/", views.division_codes, name="codes"),
    path(
        "divisions/<id:division_id>/codes/<id:table_id>/new/",
        views.table_code_new,
        name="code_new",
    ),
    path("divisions/<id:division_id>/reseat/", views.division_reseat, name="reseat"),
    path("divisions/<id:division_id>/take-back/", views.division_reopen, name="reopen"),
    path("divisions/<id:division_id>/medals/", views.division_medals, name="medals"),
    path("divisions/<id:division_id>/accept/", views.division_accept, name="accept"),
    path(
        "divisions/<id:division_id>/corrections/accept/",
        views.correction_accept,
        name="correction_accept",
    ),
    path(
        "divisions/<id:division_id>/corrections/<id:change_id>/undo/",
        views.correction_undo,
        name="correction_undo",
    ),
    path("backup/", views.backup, name="backup"),
    path("archive/", views.archive, name="archive"),
    path("delete/", views.delete, name="delete"),
]
