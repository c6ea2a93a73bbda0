"""Package layout: the code lives in reference/, the data (grammar, rulebook, conformance
suite) in top-level folders that are shipped inside the package as ``elevenes.data.*``."""

from setuptools import find_packages, setup

DATA = {"grammar": "grammar", "rulebook": "rulebook", "conformance": "conformance"}
PATTERNS = ["*.lark", "**/*.md", "**/*.cards", "**/*.yaml", "**/*.json", "**/*.txt", "VERSION"]

setup(
    packages=find_packages("reference") + [f"elevenes.data.{name}" for name in DATA],
    package_dir={"": "reference", **{f"elevenes.data.{k}": v for k, v in DATA.items()}},
    package_data={**{f"elevenes.data.{name}": PATTERNS for name in DATA},
                  # the native solver's C source, compiled on the user's machine on first use,
                  # and the printed cards' pass-start values it computed for the whole game
                  "elevenes.games.elevenes_for_one.native": ["*.c", "*.json", "readings/*.json"],
                  # the values of the other pass starts of the printed cards, for hints
                  "elevenes.games.elevenes_for_one": ["*.json"],
                  # elevenes serve's page templates, stylesheet and vendored htmx
                  "elevenes.web": ["templates/*.html", "static/*"]},
    include_package_data=False,
)
