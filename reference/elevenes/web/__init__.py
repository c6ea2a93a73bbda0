"""``elevenes serve``: the games, the dispute board, the rulebook and the card editor in a
local web page (Starlette on uvicorn, server-rendered Jinja2 templates, a vendored htmx)."""
