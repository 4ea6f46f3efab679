"""The players' table page, opened with a table's code (``/t/``)."""

from django.urls import path

from . import player_views

app_name = "players"

urlpatterns = [
    path("", player_views.enter, name="enter"),
    path("<str:code>/", player_views.table, name="table"),
    path("<str:code>/me/", player_views.choose, name="choose"),
    path("<str:code>/games/<id:number>/confirm/", player_views.confirm_game, name="confirm"),
]
