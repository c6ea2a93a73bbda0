"""Plays the toy game right, but starts a helper process that never ends on its own, and
exits at `stop` without ending it."""

import subprocess
import sys

from _base import record_pid, serve

helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
record_pid(helper.pid)
sys.exit(serve(lambda request, subject: None))
