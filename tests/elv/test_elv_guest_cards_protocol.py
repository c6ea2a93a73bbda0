"""The guests in play travel with `start` over the adapter protocol (`guest_cards`), so a
program needs no card file from inside this package (docs/protocol.md, "start")."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from elevenes.conformance.adapter import AdapterSubject
from elevenes.conformance.schemas import first_error, validator

ROOT = Path(__file__).resolve().parents[2]
EXAMPLE = ROOT / "conformance" / "examples" / "elevenes-adapter.py"
DEAL = [f"deal {n}{s}" for s in "ab" for n in range(1, 9)]

RECORDER = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    with open(sys.argv[1], "a", encoding="utf-8") as out:
        out.write(line)
    print(json.dumps({"seq": request["seq"], "ok": True, "num_players": 2}), flush=True)
    if request["cmd"] == "stop":
        break
"""


def test_the_runner_sends_the_guests_in_play(tmp_path: Path) -> None:
    guests = tmp_path / "real.cards"
    guests.write_text('game elevenes\nguest 2 "The Vicar" wants 8, 9, 10\n', encoding="utf-8")
    log = tmp_path / "requests.jsonl"
    program = AdapterSubject([sys.executable, "-c", RECORDER, str(log)], timeout=10)
    with program:
        program.launch()
        program.start("elevenes", {"guests": True, "guest_file": str(guests)})
        program.start("elevenes", {"guests": False})
    first, second = (json.loads(line) for line in log.read_text().splitlines()[:2])
    assert first["options"]["guest_file"] == str(guests)
    assert [g["number"] for g in first["guest_cards"]] == [1, 2, 3, 4, 5, 6]
    assert first["guest_cards"][1] == {"number": 2, "name": "The Vicar", "wants": [8, 9, 10]}
    assert first["guest_cards"][0]["wants"] == [2, 3, 4]  # the shipped guest 1
    assert "guest_cards" not in second
    schema = validator("protocol.schema.json")
    assert schema is not None and first_error(schema, first) is None


def test_the_example_adapter_plays_the_guests_it_is_sent() -> None:
    cards = [{"number": n, "name": f"Sent {n}", "wants": [8, 9, 10]} for n in (1, 2, 3)]
    requests = [
        {"seq": 1, "cmd": "start", "game": "elevenes", "options": {"guests": True},
         "guest_cards": cards},
        *({"seq": 2 + i, "cmd": "act", "action": a} for i, a in enumerate(DEAL)),
        {"seq": 30, "cmd": "legal"},
        {"seq": 31, "cmd": "act", "action": "guest 3"},
        {"seq": 32, "cmd": "observe", "player": 0},
        {"seq": 33, "cmd": "stop"},
    ]
    text = "".join(json.dumps(r) + "\n" for r in requests)
    done = subprocess.run([sys.executable, str(EXAMPLE)], input=text, capture_output=True,
                          text=True, timeout=60, check=True)
    answers = {a["seq"]: a for a in map(json.loads, done.stdout.splitlines())}
    assert answers[30]["actions"] == ["guest 1", "guest 2", "guest 3"]
    guest = answers[32]["observation"]["players"][0]["guest"]
    assert guest == {"number": 3, "name": "Sent 3", "wants": [8, 9, 10], "revealed": False}
