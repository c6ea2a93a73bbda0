"""Serves the toy game over the adapter protocol, as `elevenes adapter` serves the real games.

    python toy_adapter.py [MODE]

MODE makes the program misbehave on purpose, for the tests of the runner's error handling:
  ok              behave (default)
  crash-on-act    exit with code 3 at the first `act` request
  hang-on-legal   never answer a `legal` request
  garbage         answer `state` requests with text that is not JSON
  wrong-seq       answer `act` requests with the wrong seq
  unsupported     answer every `start` with "unsupported"
  chatty          print extra lines on stderr (harmless)
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from elevenes.conformance.protocol import handle  # noqa: E402
from elevenes.conformance.subject import ReferenceSubject  # noqa: E402
from elevenes.games import REGISTRY  # noqa: E402

REGISTRY["toy"] = "toygame"


def main(mode: str) -> int:
    subject = ReferenceSubject()
    for line in sys.stdin:
        request = json.loads(line)
        cmd = request.get("cmd")
        if mode == "chatty":
            print(f"got {cmd}", file=sys.stderr, flush=True)
        if mode == "crash-on-act" and cmd == "act":
            print("boom: the engine fell over", file=sys.stderr, flush=True)
            return 3
        if mode == "hang-on-legal" and cmd == "legal":
            time.sleep(3600)
        if mode == "garbage" and cmd == "state":
            print("hello, this is not JSON", flush=True)
            continue
        if mode == "unsupported" and cmd == "start":
            response = {"seq": request["seq"], "ok": False, "unsupported": True, "error": "no"}
        else:
            response = handle(subject, request)
        if mode == "wrong-seq" and cmd == "act":
            response["seq"] = request["seq"] + 100
        print(json.dumps(response), flush=True)
        if cmd == "stop":
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "ok"))
