"""The check-in kiosk at the door (``/e/EVENT/kiosk/``), opened on a tablet by an organizer."""

from django.urls import path

from . import kiosk_views as views

app_name = "kiosk"

urlpatterns = [
    path("", views.kiosk, name="kiosk"),
    path("open/", views.kiosk_open, name="open"),
]
