from django.urls import path

from . import player_views, views

app_name = "public"

urlpatterns = [
    path("", views.projector, name="projector"),
    path("find/", views.find, name="find"),
    path("find/me/", player_views.find, name="find_me"),
    path("results/", views.results, name="results"),
    path("clock/<id:round_id>/", views.clock, name="clock"),
    path("announcements/", views.announcements_part, name="announcements"),
]
