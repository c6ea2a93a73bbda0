"""No process outlives its command.

Each command that starts worker processes (``hint``, the hint of ``play`` and of ``serve``,
``analyse --workers``) or threads (``solve``) is started in a session of its own, left to get
mid-work, then sent SIGTERM, SIGHUP or SIGKILL (the command's own process only, as a timeout or
a closed terminal would).  Within 2 s nothing of that session may be left.  Each run prints one
line of findings (run with ``-s`` to read them).

Also here: ``play`` saves the game on SIGTERM and SIGHUP as on Ctrl-C, and the helper every
worker starts with (core/workers.py).
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path

import pytest

from elevenes.games import load_game
from elevenes.games.elevenes_for_one import native
from elevenes.games.prompt import saved_text

pytestmark = pytest.mark.skipif(not Path("/proc/self/stat").exists(),
                                reason="walks /proc (Linux)")
needs_compiler = pytest.mark.skipif(native.compiler() is None,
                                    reason="no C compiler on this machine")

ROOT = Path(__file__).resolve().parents[1]
ELEVENES = [sys.executable, "-m", "elevenes.cli"]
SIGNALS = [signal.SIGTERM, signal.SIGHUP, signal.SIGKILL]
GRACE = 2.0  # seconds the command's processes have to be gone


def stat(pid: int) -> tuple[str, int, int] | None:
    """A process's state, parent and session (None: gone)."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2:].split()
    return fields[0], int(fields[1]), int(fields[3])


def session(sid: int) -> list[int]:
    """The live (not zombie) processes of session ``sid``."""
    found = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            info = stat(int(entry))
            if info is not None and info[2] == sid and info[0] != "Z":
                found.append(int(entry))
    return sorted(found)


def wait_for(test: Callable[[], bool], seconds: float) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if test():
            return True
        time.sleep(0.05)
    return test()


def kill_and_check(name: str, proc: subprocess.Popen[bytes], sig: signal.Signals,
                   processes: int, work: float = 1.0, group: bool = False) -> list[int]:
    """Once ``processes`` processes of the command's session run (and ``work`` more seconds
    have passed), send ``sig`` to the command; the processes of its session left after GRACE
    seconds (printed, and returned)."""
    sid = proc.pid  # start_new_session: the command leads its own session
    try:
        started = wait_for(lambda: len(session(sid)) >= processes, 60)
        assert started, f"{name}: {len(session(sid))} of {processes} processes started"
        time.sleep(work)
        before = session(sid)
        assert proc.poll() is None, f"{name} ended before it was stopped"
        if group:  # as a terminal's Ctrl-C: to every process of the command's group
            os.killpg(proc.pid, sig)
        else:
            os.kill(proc.pid, sig)
        start = time.monotonic()
        wait_for(lambda: not session(sid), GRACE)
        gone_after = time.monotonic() - start
        left = session(sid)
        print(f"\n{name} {sig.name}: {len(before)} processes mid-work {before}; "
              f"{left or 'none'} left after "
              f"{min(gone_after, GRACE):.2f} s")
        return left
    finally:
        for pid in session(sid):  # never leave anything behind, whatever the test found
            os.kill(pid, signal.SIGKILL)
        proc.wait(timeout=10)


def default_signals() -> None:
    """In the child before it runs the command: the signals sent here at their defaults, as
    a command typed at a terminal has them (a test run started under ``nohup`` or in the
    background of a script inherits SIGHUP or SIGINT ignored, which the command keeps, as a
    command started with ``nohup`` should)."""
    for sig in (signal.SIGHUP, signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, signal.SIG_DFL)


def start(args: list[str], cwd: Path, stdin: int | None = subprocess.DEVNULL,
          env: dict[str, str] | None = None) -> subprocess.Popen[bytes]:
    return subprocess.Popen(args, cwd=cwd, stdin=stdin, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True,
                            preexec_fn=default_signals,
                            env={**os.environ, **(env or {})})


def slow_save(folder: Path) -> Path:
    """A first deal of the challenge with Slow Sugar's cards: no pass start of it is valued,
    so a hint on it thinks for minutes, in two worker processes."""
    cards = str(ROOT / "docs" / "examples" / "slow-sugar.cards")
    game = load_game("elevenes-for-one", options={"challenge": True}, cards=cards)
    path = folder / "slow.json"
    path.write_text(saved_text(game.new_initial_state(), cards), encoding="utf-8")
    return path


@pytest.fixture()
def library() -> None:
    """The native solver compiled (into the test session's cache, which the commands share)
    before any timing starts: a compiler at work is not a worker."""
    if native.compiler() is not None:
        native.library_path()


@needs_compiler
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_hint_leaves_no_worker(sig: signal.Signals, tmp_path: Path, library: None) -> None:
    save = slow_save(tmp_path)
    cards = str(ROOT / "docs" / "examples" / "slow-sugar.cards")
    proc = start([*ELEVENES, "hint", str(save), "--cards", cards, "--time-limit", "300",
                  "--no-progress"], tmp_path)
    assert kill_and_check("hint", proc, sig, processes=3) == []


@needs_compiler
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_the_hint_of_play_leaves_no_worker(sig: signal.Signals, tmp_path: Path,
                                           library: None) -> None:
    save = slow_save(tmp_path)
    proc = start([*ELEVENES, "play", "elevenes-for-one", "--resume", str(save)], tmp_path,
                  stdin=subprocess.PIPE)
    assert proc.stdin is not None
    proc.stdin.write(b"hint\n")
    proc.stdin.flush()
    assert kill_and_check("play's hint", proc, sig, processes=2) == []
    if sig != signal.SIGKILL:  # stopped during a hint: saved as on Ctrl-C
        assert (tmp_path / "elevenes-for-one-save.json").is_file()


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


@needs_compiler
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_the_hint_of_serve_leaves_no_worker(sig: signal.Signals, tmp_path: Path,
                                            library: None) -> None:
    data = tmp_path / "data"
    (data / "games").mkdir(parents=True)
    slow_save(tmp_path).replace(data / "games" / "slow.json")
    port = free_port()
    proc = start([*ELEVENES, "serve", "--data", str(data), "--port", str(port)], tmp_path)

    def ask() -> None:  # the answer never comes: the server is stopped while it thinks
        with contextlib.suppress(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{port}/game/slow/hint", timeout=30)

    def listening() -> bool:
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                return True
        except OSError:
            return False

    assert wait_for(listening, 30), "the server did not start"
    threading.Thread(target=ask, daemon=True).start()
    assert kill_and_check("serve's hint", proc, sig, processes=2) == []


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_analyse_leaves_no_worker(sig: signal.Signals, tmp_path: Path) -> None:
    proc = start([*ELEVENES, "analyse", "elevenes-for-one", "--games", "200000", "--workers",
                  "2", "--bots", "greedy", "--no-progress"], tmp_path)
    assert kill_and_check("analyse", proc, sig, processes=3) == []


def test_ctrl_c_ends_analyse_and_its_workers_without_waiting_for_their_games(
        tmp_path: Path) -> None:
    """Ctrl-C reaches the workers too (they ignore it) while each holds games of the search
    bot that take seconds: the command does not wait for them."""
    proc = start([*ELEVENES, "analyse", "elevenes", "--games", "50", "--workers", "2",
                  "--bots", "ismcts,greedy", "--no-progress"], tmp_path)
    assert kill_and_check("analyse Ctrl-C", proc, signal.SIGINT, processes=3, work=3.0,
                          group=True) == []


@needs_compiler
@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: s.name)
def test_solve_leaves_nothing(sig: signal.Signals, tmp_path: Path, library: None) -> None:
    proc = start([*ELEVENES, "solve", "elevenes-for-one", "-o", "challenge=true", "--engine",
                  "native", "--threads", "2", "--no-cache", "--memory", "0.25",
                  "--no-progress"], tmp_path)
    assert kill_and_check("solve", proc, sig, processes=1, work=1.5) == []


# -- play saves on SIGTERM and SIGHUP --------------------------------------------------------
@pytest.mark.parametrize("sig", [signal.SIGTERM, signal.SIGHUP], ids=lambda s: s.name)
def test_play_saves_on_sigterm_and_sighup_at_the_prompt(sig: signal.Signals,
                                                        tmp_path: Path) -> None:
    proc = subprocess.Popen([*ELEVENES, "play", "bowling-solitaire"], cwd=tmp_path,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, start_new_session=True,
                            preexec_fn=default_signals)
    try:
        assert proc.stdout is not None
        seen = b""
        while b"> " not in seen:  # the prompt: a move is being read
            chunk = proc.stdout.read1(4096)
            assert chunk, "play ended before its prompt"
            seen += chunk
        proc.send_signal(sig)
        out, err = proc.communicate(timeout=20)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    saved = tmp_path / "bowling-solitaire-save.json"
    assert proc.returncode == 0, err.decode()
    assert saved.is_file()
    assert json.loads(saved.read_text())["game"] == "bowling-solitaire"
    assert f"{sig.name}: leaving" in out.decode()
    assert "Game saved to" in out.decode()


# -- the helper ------------------------------------------------------------------------------
def test_a_worker_whose_parent_is_already_gone_ends_at_once() -> None:
    """The check right after asking for the parent-death signal: a worker started for a
    parent that is not its parent (it went before the call) ends itself."""
    code = ("import os; from elevenes.core import workers; workers.bind_to_parent(1); "
            "print('still running')")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=30)
    assert done.returncode == -signal.SIGKILL
    assert "still running" not in done.stdout


def test_the_fallback_watcher_ends_the_worker_once_its_parent_goes(tmp_path: Path) -> None:
    """Where prctl is unavailable: a thread polls the parent pid.  A middle process starts a
    grandchild that only watches, then is killed; the grandchild must end within 2 s."""
    marker = tmp_path / "grandchild.pid"
    code = f"""
import os, sys, time
from elevenes.core import workers
pid = os.fork()
if pid == 0:
    workers.watch_parent(os.getppid())
    open({str(marker)!r}, "w").write(str(os.getpid()))
    time.sleep(60)
    os._exit(0)
time.sleep(60)
"""
    middle = subprocess.Popen([sys.executable, "-c", code], start_new_session=True)
    try:
        assert wait_for(lambda: marker.exists() and marker.read_text() != "", 30)
        grandchild = int(marker.read_text())
        middle.kill()
        middle.wait()
        assert wait_for(lambda: (stat(grandchild) or ("Z",))[0] == "Z", GRACE), (
            "the watching grandchild outlived its parent")
    finally:
        for pid in session(middle.pid):
            os.kill(pid, signal.SIGKILL)


def test_bind_to_parent_uses_the_parent_death_signal_on_linux() -> None:
    code = ("import os; from elevenes.core import workers; "
            "print(workers.bind_to_parent(os.getppid()))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=30)
    assert done.stdout.strip() == ("prctl" if sys.platform.startswith("linux") else "watch")
