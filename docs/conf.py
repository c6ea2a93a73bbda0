"""Sphinx configuration: MyST Markdown pages; the rulebook chapters include rulebook/*.md."""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent / "_ext"))  # scenario_figures: the suite drawn

project = "elevenes"
author = "the elevenes authors"
copyright = "2026, the elevenes authors"
extensions = ["myst_parser", "sphinx.ext.autodoc", "sphinx.ext.napoleon", "scenario_figures",
              "vocabulary_tables"]
source_suffix = {".md": "markdown"}
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 4
exclude_patterns = ["_build"]
html_theme = "alabaster"
html_title = "elevenes"
autodoc_member_order = "bysource"
autodoc_typehints = "description"
nitpicky = False
