"""Shared test settings: Hypothesis runs are derandomised, so every run is reproducible."""

from __future__ import annotations

from hypothesis import HealthCheck, settings

settings.register_profile(
    "elevenes",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("elevenes")
