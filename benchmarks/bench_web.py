"""Page load times of ``elevenes serve`` in headless Chromium: each screen loaded ``--rounds``
times from a server on this machine (uvicorn, one process), reporting the median and worst of

- server: the app's own time to answer (its ``Server-Timing`` header);
- response: navigation start to the last byte of the HTML (Navigation Timing);
- loaded: navigation start to the ``load`` event (the page with its stylesheet and htmx).

    python benchmarks/bench_web.py [--rounds 10] [--chromium /usr/bin/chromium]
"""

from __future__ import annotations

import argparse
import json
import socket
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import harness  # noqa: E402, F401  (finds the package in a checkout)

ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]
EXAMPLE = Path(__file__).resolve().parents[1] / "docs" / "examples" / "dispute-discard-limit.yaml"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=10)
    parser.add_argument("--chromium", default="/usr/bin/chromium")
    args = parser.parse_args()
    import uvicorn
    from playwright.sync_api import sync_playwright

    from elevenes.web.app import create_app

    data = Path(tempfile.mkdtemp(prefix="bench-web-"))
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(data), host="127.0.0.1", port=port,
                                           log_level="warning"))
    threading.Thread(target=server.run, daemon=True).start()
    while not server.started:
        time.sleep(0.05)
    base = f"http://127.0.0.1:{port}"
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=args.chromium, args=ARGS)
        page = browser.new_page(viewport={"width": 1280, "height": 860})
        pages = {"home": "/", "rulebook": "/rules", "rule search": "/rules?q=servants+discard",
                 "one rule": "/rules/EFO.RULING.ELEVENSES",
                 "its 9 scenarios drawn": "/rules/EFO.RULING.ELEVENSES/scenarios",
                 "dispute list": "/disputes",
                 "card editor": "/cards"}
        for game in ("elevenes-for-one", "elevenes", "bowling-solitaire", "111"):
            page.goto(base + "/")
            page.select_option("#game-select", game)
            page.fill("#new-game input[name=seed]", "1")
            with page.expect_navigation():
                page.click("#new-game button[type=submit]")
            pages[f"table: {game}"] = page.url.removeprefix(base)
        page.goto(base + "/disputes")
        page.fill("#from-scenario textarea", EXAMPLE.read_text(encoding="utf-8"))
        with page.expect_navigation():
            page.click("#from-scenario button")
        pages["dispute board"] = page.url.removeprefix(base)
        print(f"{'page':<28}{'server ms':>18}{'response ms':>18}{'loaded ms':>18}")
        print(f"{'':<28}{'median  worst':>18}{'median  worst':>18}{'median  worst':>18}")
        for label, url in pages.items():
            server_ms, response_ms, loaded_ms = [], [], []
            for _ in range(args.rounds):
                answer = page.goto(base + url)
                assert answer is not None and answer.ok, (label, answer)
                timing = answer.headers.get("server-timing", "dur=0").split("dur=")[1]
                server_ms.append(float(timing))
                nav = page.evaluate("JSON.stringify(performance.getEntriesByType('navigation')[0])")
                entry = json.loads(nav)
                response_ms.append(entry["responseEnd"] - entry["startTime"])
                loaded_ms.append(entry["loadEventEnd"] - entry["startTime"])
            cells = "".join(f"{statistics.median(xs):>10.1f}{max(xs):>8.1f}"
                            for xs in (server_ms, response_ms, loaded_ms))
            print(f"{label:<28}{cells}")
        browser.close()
    server.should_exit = True
    return 0


if __name__ == "__main__":
    sys.exit(main())
