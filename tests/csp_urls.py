"""The site's addresses plus one that fails, for the 500 page's header (tests/web/test_csp.py)."""

from django.urls import path

from config.urls import urlpatterns as site


def fails(request):
    raise RuntimeError("a fault on purpose")


urlpatterns = [path("fails/", fails), *site]
