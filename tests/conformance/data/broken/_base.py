"""What the broken adapters share: the toy game served over the protocol, one hook to break it.

Every process (the adapter, and any it starts) appends its pid to the file named by the
environment variable ELEVENES_TEST_PIDS, so that a test can check none is left running.
"""

from __future__ import annotations

import json
import os
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))  # tests/conformance: toygame

from elevenes.conformance.protocol import handle  # noqa: E402
from elevenes.conformance.subject import ReferenceSubject  # noqa: E402
from elevenes.games import REGISTRY  # noqa: E402

REGISTRY["toy"] = "toygame"

Hook = Callable[[dict[str, Any], ReferenceSubject], "dict[str, Any] | str | None"]
"""Called with each request: a response of its own (an object, or a raw line), or None for
the proper one."""


def record_pid(pid: int) -> None:
    target = os.environ.get("ELEVENES_TEST_PIDS")
    if target:
        with open(target, "a", encoding="utf-8") as out:
            out.write(f"{pid}\n")


def serve(hook: Hook) -> int:
    record_pid(os.getpid())
    subject = ReferenceSubject()
    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        answer = hook(request, subject)
        if answer is None:
            answer = handle(subject, request)
        print(answer if isinstance(answer, str) else json.dumps(answer), flush=True)
        if request.get("cmd") == "stop":
            break
    return 0
