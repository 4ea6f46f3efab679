from django.urls import path

from . import views

app_name = "scoring"

urlpatterns = [
    path("score/", views.score_home, name="home"),
    path("tables/<int:table_id>/", views.table_page, name="table"),
    path("tables/<int:table_id>/games/<int:number>/confirm/", views.game_confirm, name="confirm"),
    path("tables/<int:table_id>/games/<int:number>/correct/", views.rack_correct, name="correct"),
    path("tables/<int:table_id>/penalty/", views.penalty_add, name="penalty"),
    path("standings/", views.standings, name="standings"),
    path("standings/<int:division_id>/", views.standings, name="division_standings"),
]
