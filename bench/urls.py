"""The application's addresses plus /bench/bare/, the yardstick of the benchmarks:
a Django view through the whole middleware stack that reads and writes nothing."""

from django.http import HttpResponse
from django.urls import include, path


def bare(request):
    return HttpResponse(b"ok", content_type="text/plain")


urlpatterns = [
    path("bench/bare/", bare, name="bench_bare"),
    path("", include("config.urls")),
]
