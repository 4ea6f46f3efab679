"""The tests' settings: production's (config/settings.py) with DEBUG on by default, as
`make run` has it; DEBUG is off by default everywhere else. Processes the tests start
(a Celery worker, a command) inherit it through the environment."""

import os

os.environ.setdefault("DEBUG", "true")

from config.settings import *  # noqa: E402, F403
