from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

from tournaments import views as tournament_views

urlpatterns = [
    path("", tournament_views.home, name="home"),
    path("login/", tournament_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("admin/", admin.site.urls),
    path("e/<slug:slug>/", include("scoring.urls")),
    path("e/<slug:slug>/print/", include("tournaments.printing.urls")),
]
