from django.urls import path

from . import views

app_name = "printing"

urlpatterns = [
    path("", views.documents, name="documents"),
    path("new/", views.document_new, name="new"),
    path("<uuid:uuid>/status.json", views.document_status, name="status"),
    path("<uuid:uuid>/download/", views.document_download, name="download"),
    path("<uuid:uuid>/again/", views.document_again, name="again"),
]
