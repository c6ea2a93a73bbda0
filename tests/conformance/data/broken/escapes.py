"""Plays the toy game right, but starts a helper in a session of its own (out of reach of
the runner's process-group kill) that keeps the adapter's output pipe open."""

import subprocess
import sys

from _base import record_pid, serve

helper = subprocess.Popen(
    [sys.executable, "-c", "import time; time.sleep(30)"], start_new_session=True
)
record_pid(helper.pid)
sys.exit(serve(lambda request, subject: None))
