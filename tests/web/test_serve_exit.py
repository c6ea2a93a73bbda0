"""``elevenes serve`` stops promptly: SIGTERM ends it within 2 s, even with a request under way
that never completes (a client that sent half its form) and an idle kept-alive connection."""

from __future__ import annotations

import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import free_port

ELEVENES = "import sys; from elevenes.cli import main; sys.exit(main())"


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_serve_exits_within_two_seconds_of_sigterm(tmp_path: Path) -> None:
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", ELEVENES, "serve", "--port", str(port), "--data",
         str(tmp_path / "data"), "--docs", str(tmp_path / "no-docs")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        assert server.stdout is not None
        assert "elevenes serve: http://" in server.stdout.readline()
        deadline = time.monotonic() + 20
        while True:  # listening
            try:
                idle = socket.create_connection(("127.0.0.1", port), timeout=5)
                break
            except OSError:
                assert time.monotonic() < deadline, "the server did not listen"
                time.sleep(0.05)
        idle.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")  # answered, then kept
        assert idle.recv(65536).startswith(b"HTTP/1.1 200")
        stuck = socket.create_connection(("127.0.0.1", port), timeout=5)
        stuck.sendall(b"POST /cards/check HTTP/1.1\r\nHost: localhost\r\nContent-Type: "
                      b"application/x-www-form-urlencoded\r\nContent-Length: 100\r\n\r\nname=a")
        time.sleep(0.5)
        sent = time.monotonic()
        server.send_signal(signal.SIGTERM)
        server.wait(timeout=10)
        took = time.monotonic() - sent
        print(f"exited {took:.2f} s after SIGTERM")
        assert took < 2.0, f"elevenes serve took {took:.2f} s to exit after SIGTERM"
        idle.close()
        stuck.close()
    finally:
        if server.poll() is None:
            server.kill()
            server.wait()
