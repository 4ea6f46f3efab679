from django.urls import path

from . import views

app_name = "scoring"

urlpatterns = [
    path("score/", views.score_home, name="home"),
    path("tables/<id:table_id>/", views.table_page, name="table"),
    path("tables/<id:table_id>/games/<id:number>/confirm/", views.game_confirm, name="confirm"),
    path("tables/<id:table_id>/games/<id:number>/correct/", views.rack_correct, name="correct"),
    path("tables/<id:table_id>/penalty/", views.penalty_add, name="penalty"),
    path("standings/", views.standings, name="standings"),
    path("standings/<id:division_id>/", views.standings, name="division_standings"),
]
