"""Test settings shared by every test module."""

from __future__ import annotations

import os

from hypothesis import settings

# Shared, noisy machines: no per-example deadline; the same examples on every run, so a
# result never depends on the draw (set HYPOTHESIS_PROFILE=explore for fresh examples).
settings.register_profile("default", deadline=None, derandomize=True)
settings.register_profile("explore", deadline=None)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
