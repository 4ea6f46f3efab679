"""The benchmarks' bare view (bench/urls.py) is served only by bench.settings."""

import pytest
from django.urls import Resolver404, resolve


def test_production_urls_have_no_bare_view():
    with pytest.raises(Resolver404):
        resolve("/bench/bare/", urlconf="config.urls")


def test_the_benchmark_urls_have_it_and_everything_else():
    assert resolve("/bench/bare/", urlconf="bench.urls").url_name == "bench_bare"
    assert resolve("/login/", urlconf="bench.urls").url_name == "login"


def test_production_settings_name_the_production_urls():
    from django.conf import settings

    assert settings.ROOT_URLCONF == "config.urls"
