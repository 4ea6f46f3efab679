from django.urls import path

from . import views

app_name = "desk"

urlpatterns = [
    path("", views.overview, name="overview"),
    path("settings/", views.settings_page, name="settings"),
    path("scorekeepers/add/", views.scorekeeper_add, name="scorekeeper_add"),
    path("scorekeepers/<int:user_id>/remove/", views.scorekeeper_remove, name="scorekeeper_remove"),
    path("scorekeepers/<int:user_id>/unlock/", views.scorekeeper_unlock, name="scorekeeper_unlock"),
    path(
        "scorekeepers/<int:user_id>/password/",
        views.scorekeeper_password,
        name="scorekeeper_password",
    ),
    path("entrants/", views.entrants, name="entrants"),
    path("entrants/new/", views.entrant_edit, name="entrant_new"),
    path("entrants/<int:entrant_id>/", views.entrant_edit, name="entrant_edit"),
    path("import/", views.import_upload, name="import"),
    path("import/preview/", views.import_preview, name="import_preview"),
    path("checkin/", views.checkin, name="checkin"),
    path("checkin/<int:entrant_id>/", views.checkin_set, name="checkin_set"),
    path("combine/", views.combine, name="combine"),
    path("divisions/<int:division_id>/", views.division_page, name="division"),
    path("divisions/<int:division_id>/seat/", views.division_seat, name="seat"),
    path("divisions/<int:division_id>/advance/", views.division_advance, name="advance"),
    path("divisions/<int:division_id>/tie/", views.division_tie, name="tie"),
    path("divisions/<int:division_id>/swap/", views.division_swap, name="swap"),
    path("divisions/<int:division_id>/withdraw/", views.division_withdraw, name="withdraw"),
    path("divisions/<int:division_id>/medals/", views.division_medals, name="medals"),
    path("divisions/<int:division_id>/accept/", views.division_accept, name="accept"),
    path(
        "divisions/<int:division_id>/corrections/accept/",
        views.correction_accept,
        name="correction_accept",
    ),
    path(
        "divisions/<int:division_id>/corrections/<int:change_id>/undo/",
        views.correction_undo,
        name="correction_undo",
    ),
    path("backup/", views.backup, name="backup"),
    path("archive/", views.archive, name="archive"),
    path("delete/", views.delete, name="delete"),
]
