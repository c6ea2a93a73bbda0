"""Hangs at the first `legal` request, after starting a child process of its own that
sleeps too; it ignores SIGTERM, so only killing its whole process group ends them both."""

import signal
import subprocess
import sys
import time

from _base import record_pid, serve


def hook(request, subject):
    if request["cmd"] == "legal":
        child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
        record_pid(child.pid)
        time.sleep(3600)
    return None


signal.signal(signal.SIGTERM, signal.SIG_IGN)
sys.exit(serve(hook))
