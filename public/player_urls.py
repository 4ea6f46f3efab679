"""The player's own page (``/p/EVENT/me/CODE/``) and the notices' unsubscribe link."""

from django.urls import path

from . import player_views as views

app_name = "player"

urlpatterns = [
    path("stop/<str:key>/", views.unsubscribe, name="unsubscribe"),
    path("<str:code>/", views.page, name="page"),
    path("<str:code>/live/", views.live, name="live"),
    path("<str:code>/checkin/", views.checkin, name="checkin"),
    path("<str:code>/public-name/", views.public_name_set, name="public_name"),
    path("<str:code>/notices/", views.subscribe, name="subscribe"),
    path("<str:code>/notices/<str:key>/stop/", views.stop_here, name="stop_here"),
]
