"""The web app under test: an HTTP client of the app (Starlette's TestClient), and for the
browser tests the app served on a free local port with headless Chromium driving it.

The browser tests need Chromium (Debian: ``apt-get install chromium``) and Playwright's Python
package (``pip install playwright``; its own browser download is not used).  Without them the
browser tests are skipped with a message saying so.  Screenshots go to the folder named by
``ELEVENES_SCREENSHOTS`` (the documentation's are made with ``ELEVENES_SCREENSHOTS=
docs/screenshots``), else to the test session's temporary folder.
"""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
import warnings
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from elevenes.web.app import create_app

CHROMIUM_ARGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--disable-sync", "--no-first-run"]
HOW_TO_INSTALL = ("no browser for the browser tests: install Chromium (apt-get install chromium) "
                  "and Playwright's Python package (pip install playwright), then run them again")


def chromium_path() -> str | None:
    for name in ("chromium", "chromium-browser"):
        found = shutil.which(name)
        if found:
            return found
    return "/usr/bin/chromium" if Path("/usr/bin/chromium").exists() else None


@pytest.fixture
def client(tmp_path: Path) -> Any:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient
    return TestClient(create_app(tmp_path / "data"), raise_server_exceptions=False)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    """The app served by uvicorn on 127.0.0.1 (a thread of the test process): its base URL and
    its data folder."""
    import uvicorn

    data = tmp_path_factory.mktemp("web-data")
    docs = Path(__file__).resolve().parents[2] / "docs" / "_build" / "html"
    port = free_port()
    config = uvicorn.Config(create_app(data, docs), host="127.0.0.1", port=port,
                            log_level="warning")
    served = uvicorn.Server(config)
    thread = threading.Thread(target=served.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 20
    while not served.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}", data
    served.should_exit = True
    thread.join(timeout=10)


def no_browser() -> None:
    """Skip: no browser here (``ELEVENES_REQUIRE_BROWSER=1``, set by CI where it installed
    one, makes that a failure instead)."""
    if os.environ.get("ELEVENES_REQUIRE_BROWSER"):
        pytest.fail(f"ELEVENES_REQUIRE_BROWSER is set but there is {HOW_TO_INSTALL}")
    pytest.skip(HOW_TO_INSTALL)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    executable = chromium_path()
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        no_browser()
    if executable is None:
        no_browser()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def page(browser: Any) -> Iterator[Any]:
    context = browser.new_context(viewport={"width": 1280, "height": 860})
    opened = context.new_page()
    opened.set_default_timeout(30_000)
    yield opened
    context.close()


@pytest.fixture(scope="session")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = os.environ.get("ELEVENES_SCREENSHOTS")
    path = Path(folder) if folder else tmp_path_factory.mktemp("screenshots")
    path.mkdir(parents=True, exist_ok=True)
    return path
