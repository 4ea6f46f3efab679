import os

from hypothesis import settings

# "quick" for `make test`, "long" for `make test-long` (HYPOTHESIS_PROFILE=long).
settings.register_profile("quick", max_examples=60, deadline=None)
settings.register_profile("long", max_examples=2000, deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "quick"))
