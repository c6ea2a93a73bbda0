"""Worker processes that never outlive the command that started them.

Every place that starts worker processes (the hint's children, ``analyse --workers``'s pool)
calls :func:`bind_to_parent` first thing in each worker, with the pid of the process that
started it.  However that process ends (it returns, or SIGTERM, SIGHUP or SIGKILL ends it), the
worker is ended with it at once:

- on Linux the kernel does it: ``prctl(PR_SET_PDEATHSIG, SIGKILL)`` asks for SIGKILL when the
  parent goes.  The parent may have gone between the fork and that call, so the parent pid is
  checked right after it: the worker ends at once if it is no longer the expected one;
- elsewhere (no ``prctl``), a daemon thread of the worker polls its parent pid every
  ``POLL_SECONDS`` and ends the worker once it changes (the worker was adopted).

A worker holds no work worth keeping (its answers go to its parent), so it is ended with
SIGKILL, which nothing in it can delay.  The parent-death signal is sent when the *thread* that
started the worker ends: every caller starts its workers from the thread that waits for them.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time

PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
POLL_SECONDS = 0.2  # the fallback's polling period: ended within this of the parent


def _end_self() -> None:
    os.kill(os.getpid(), signal.SIGKILL)


def set_parent_death_signal(signum: int = signal.SIGKILL) -> bool:
    """Ask the kernel for ``signum`` (SIGKILL unless said) when the parent goes; False where
    that cannot be done.  A process that keeps work on a signal (``elevenes solve
    --keep-values`` on SIGTERM) asks for that signal instead."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        prctl = libc.prctl
    except (OSError, AttributeError):
        return False
    prctl.argtypes = [ctypes.c_int, ctypes.c_ulong, ctypes.c_ulong, ctypes.c_ulong,
                      ctypes.c_ulong]
    prctl.restype = ctypes.c_int
    return int(prctl(PR_SET_PDEATHSIG, int(signum), 0, 0, 0)) == 0


def watch_parent(parent: int, every: float = POLL_SECONDS) -> threading.Thread:
    """The fallback: a daemon thread that ends this process once its parent is not ``parent``."""
    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(every)
        _end_self()

    thread = threading.Thread(target=watch, name="elevenes-parent-watch", daemon=True)
    thread.start()
    return thread


def bind_to_parent(parent: int) -> str:
    """End this worker when ``parent`` (the pid of the process that started it) ends.  Returns
    how: ``"prctl"`` or ``"watch"``."""
    how = "prctl" if set_parent_death_signal() else "watch"
    if os.getppid() != parent:  # the parent went before the signal was asked for
        _end_self()
    if how == "watch":
        watch_parent(parent)
    return how


def worker_initializer(parent: int) -> None:
    """For ``ProcessPoolExecutor(initializer=worker_initializer, initargs=(os.getpid(),))``."""
    with contextlib.suppress(ValueError, AttributeError):  # (no SIGHUP on Windows)
        # a forked worker inherits its parent's handlers: it is stopped, never asked to save;
        # Ctrl-C is the parent's to answer (it stops its workers)
        signal.signal(signal.SIGTERM, signal.SIG_DFL)
        signal.signal(signal.SIGINT, signal.SIG_IGN)
        signal.signal(signal.SIGHUP, signal.SIG_DFL)
    bind_to_parent(parent)
