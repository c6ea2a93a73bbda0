"""The rulebook: every rule of ``rulebook/<game>/rules.md`` indexed by its stable id."""

from .index import (
    RULE_ID,
    Rule,
    Rulebook,
    RulebookError,
    UnknownRule,
    clear_cache,
    load_rulebook,
    parse_rules,
)

__all__ = [
    "RULE_ID",
    "Rule",
    "Rulebook",
    "RulebookError",
    "UnknownRule",
    "clear_cache",
    "load_rulebook",
    "parse_rules",
]
