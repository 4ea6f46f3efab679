"""Settings of the benchmarks only (bench/saves_bench.py): production's, plus a bare view.

Never used by a deployment: config.urls has no bare view, and nothing outside bench/
names this module.
"""

from config.settings import *  # noqa: F403

ROOT_URLCONF = "bench.urls"
