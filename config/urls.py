from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path, register_converter

from desk import views as desk_views
from web import views as tournament_views
from web.params import IdConverter

# <id:…>: a database id, else a 404 before the view runs (web/params.py).
register_converter(IdConverter, "id")

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("login/", tournament_views.LoginView.as_view(), name="login"),
    path("setup/", tournament_views.first_run, name="first_run"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    # The language switch posts here (Django's set_language: a cookie, then back to "next").
    path("i18n/", include("django.conf.urls.i18n")),
    # The table pages' service worker (https and localhost only: static/js/offline.js).
    path("sw.js", tournament_views.service_worker, name="service_worker"),
    path(
        "jsi18n/<slug:language>/",
        tournament_views.javascript_catalog,
        name="javascript-catalog",
    ),
    path("admin/", admin.site.urls),
    path("events/new/", desk_views.event_new, name="event_new"),
    path("events/restore/", desk_views.restore, name="event_restore"),
    path("e/<slug:slug>/desk/", include("desk.urls")),
    path("p/<slug:slug>/", include("public.urls")),
    path("e/<slug:slug>/", include("entry.urls")),
    path("e/<slug:slug>/print/", include("printing.urls")),
    # The players' table page: a table's code opens that table of that round only.
    path("t/", include("entry.player_urls")),
]
