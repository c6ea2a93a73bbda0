"""Shared test settings: Hypothesis runs are derandomised, so every run is reproducible."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from typing import TextIO

import pytest
from hypothesis import HealthCheck, settings

settings.register_profile(
    "elevenes",
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.load_profile("elevenes")


@pytest.fixture(autouse=True)
def _own_cache(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """The native solver's compiled library and kept values go to a cache of the test
    session, never to the user's ~/.cache."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.getbasetemp() / "cache"))


@pytest.fixture()
def narrow_terminal() -> Iterator[Callable[[Callable[[TextIO], None]], list[str]]]:
    """``draw(write)``: runs ``write(stream)`` on a pseudo-terminal 40 columns wide and returns
    the rows it redrew in place (the text between carriage returns, blank ones left out)."""
    import fcntl
    import pty
    import struct
    import termios
    import threading

    def draw(write: Callable[[TextIO], None]) -> list[str]:
        leader, follower = pty.openpty()
        fcntl.ioctl(follower, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 40, 0, 0))
        chunks: list[bytes] = []

        def read_all() -> None:  # meanwhile: a full terminal buffer would block a write
            while True:
                try:
                    data = os.read(leader, 65536)
                except OSError:  # the follower is closed: all is read
                    return
                if not data:
                    return
                chunks.append(data)

        reader = threading.Thread(target=read_all)
        reader.start()
        with open(follower, "w", encoding="utf-8", closefd=True) as stream:
            write(stream)
        reader.join(timeout=30)
        os.close(leader)
        text = b"".join(chunks).decode("utf-8").replace("\r\n", "\n")
        return [row for part in text.split("\r") for row in part.split("\n") if row.strip()]

    yield draw
