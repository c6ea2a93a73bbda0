"""Bowling Solitaire: which rulings' readings the public implementations follow, measured.

    python benchmarks/bowling_peers.py --peer-dir DIR [--peer-dir DIR ...] [--games N] [--seed S]

Each ``--peer-dir`` is a local checkout of one of the public implementations compared on
docs/compatibility.md; the kind is recognised by its files:

- jbodah/bowling_solitaire (Ruby, ``lib/bowling_solitaire/round.rb``; needs ``ruby``);
- cronomst/lcbbs-entryway (JavaScript, ``entryway.js``; needs ``node``);
- randomRedMage/random_red_mage_py_solitaire (Python, ``src/solitaire/modes/bowling_solitaire.py``;
  its graphics library is replaced by empty stand-ins, only the move checks run).

No peer code is kept here: a small driver written for this script loads the peer's own files
from the checkout, is handed positions, and answers with the knocks the peer allows there
(the pile and the pins), asking the peer's own move checks.  A checkout that is absent, or
whose interpreter is missing, is skipped with a message.

The positions are the play positions of seeded random games of the reference under the decided
readings (a knock at random, now and then ``end ball``, sometimes at once, so that second balls
after a first ball of 0 pins occur).  Each position's history is replayed under every playable
reading of BWL.RULING.TOUCH-FRAME and BWL.RULING.FIRST-CARD (the other rulings at their
decided reading; a history that a reading refuses is dropped for it), and the peer's knocks are
compared with the reference's under each.  The report gives, per peer and reading, how many
positions agree exactly, and the first positions where the peer differs from the decided reading.
BWL.RULING.BONUS-BALLS is a matter of what is dealt after a tenth-frame strike or spare, which
the position-level comparison does not see; docs/compatibility.md settles it from each peer's
code.  The tests do not run this script.
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import elevenes

LETTERS = "ABCDEFGHIJ"
# the Ruby and JavaScript peers number the spots from the head pin: J, H, I, E, F, G, A, B, C, D
HEAD_FIRST = "JHIEFGABCD"

READINGS: list[tuple[str, dict[str, str]]] = [
    ("decided (TOUCH-FRAME b, FIRST-CARD b)", {}),
    ("TOUCH-FRAME c", {"reading.BWL.RULING.TOUCH-FRAME": "c"}),
    ("TOUCH-FRAME g", {"reading.BWL.RULING.TOUCH-FRAME": "g"}),
    ("FIRST-CARD a", {"reading.BWL.RULING.FIRST-CARD": "a"}),
    ("FIRST-CARD c", {"reading.BWL.RULING.FIRST-CARD": "c"}),
    ("FIRST-CARD d", {"reading.BWL.RULING.FIRST-CARD": "d"}),
]

RUBY_DRIVER = r"""
require "json"
$LOAD_PATH.unshift(File.join(ARGV[0], "lib"))
require "bowling_solitaire"
order = "JHIEFGABCD"
out = JSON.parse(STDIN.read).map do |pos|
  cards = order.chars.map { |l| pos["pins"]["ABCDEFGHIJ".index(l)] || 0 }
  [5, 3, 2].each_with_index do |size, p|
    pile = pos["piles"][p]
    cards += pile + [nil] * (size - pile.size)
  end
  states = Hash.new { true }
  order.chars.each_with_index do |l, i|
    states[i] = false if pos["pins"]["ABCDEFGHIJ".index(l)].nil?
  end
  round = BowlingSolitaire::Round.new(cards: cards, pin_states: states, ball_number: pos["ball"],
                                      ball_card_number: pos["rack_knocks"] + 1)
  round.possible_moves.grep(BowlingSolitaire::UseBallCardMove).map do |m|
    [m.instance_variable_get(:@stack_idx), m.pins_sorted.map { |pin| order[pin.idx] }.sort.join]
  end
end
puts JSON.generate(out)
"""

NODE_DRIVER = r"""
const fs = require("fs"), path = require("path"), vm = require("vm");
const src = fs.readFileSync(path.join(process.argv[1], "entryway.js"), "utf8");
const ctx = {console: console, Math: Math, String: String};
vm.createContext(ctx);
vm.runInContext(src + "\n;globalThis.__GameData = GameData;", ctx);
const order = "JHIEFGABCD", letters = "ABCDEFGHIJ";
const positions = JSON.parse(fs.readFileSync(0, "utf8"));
const out = positions.map(pos => {
  const g = new ctx.__GameData();
  g.pins = [];
  for (let i = 0; i < 10; i++) {
    const v = pos.pins[letters.indexOf(order[i])];
    g.pins.push({value: v === null ? -1 : v, label: String.fromCharCode(65 + i), available: false});
  }
  g.hand = pos.piles.map(p => p.slice());
  g.turn = pos.rack_knocks;
  g.roll = pos.ball - 1;
  g.frame = pos.frame;
  g.selectedPins = [];
  const groups = new Set();
  const explore = () => {
    g.updateAvailable();
    const avail = [];
    for (let i = 0; i < 10; i++) if (g.pins[i].available && !g.isPinSelected(i)) avail.push(i);
    for (const i of avail) {
      g.selectedPins.push(i);
      groups.add(g.selectedPins.slice().sort().join(","));
      if (g.selectedPins.length < 3) explore();
      g.selectedPins.pop();
      g.updateAvailable();
    }
  };
  explore();
  const knocks = [];
  for (const key of groups) {
    g.selectedPins = key.split(",").map(Number);
    for (let p = 0; p < 3; p++) {
      if (g.hand[p][0] === g.getSelectedPinSum()) {
        knocks.push([p, g.selectedPins.map(i => order[i]).sort().join("")]);
      }
    }
  }
  return knocks;
});
process.stdout.write(JSON.stringify(out));
"""

PYTHON_DRIVER = r"""
import importlib.util, itertools, json, sys, types
from pathlib import Path
modes = Path(sys.argv[1]) / "src" / "solitaire" / "modes"

class Anything:
    def __init__(self, *a, **k): pass
    def __call__(self, *a, **k): return Anything()
    def __getattr__(self, name): return Anything()
    def __mro_entries__(self, bases): return (object,)

class Card:
    def __init__(self, suit, rank, face_up=False):
        self.suit, self.rank, self.face_up = suit, rank, face_up

def stub(name, **attrs):
    m = types.ModuleType(name)
    m.__getattr__ = lambda attr: Anything()
    for k, v in attrs.items():
        setattr(m, k, v)
    sys.modules[name] = m
    return m

stub("pygame")
package = stub("solitaire", __path__=[])
package.common = stub("solitaire.common", Card=Card, Scene=object)
for name in ("mechanics", "ui", "help_data"):
    setattr(package, name, stub("solitaire." + name))
package.modes = stub("solitaire.modes", __path__=[str(modes)])
stub("solitaire.modes.base_scene")
spec = importlib.util.spec_from_file_location(
    "solitaire.modes.bowling_solitaire", modes / "bowling_solitaire.py")
mod = importlib.util.module_from_spec(spec)
sys.modules[spec.name] = mod
spec.loader.exec_module(mod)

out = []
for pos in json.load(sys.stdin):
    scene = object.__new__(mod.BowlingSolitaireGameScene)
    scene.pins = [mod.Pin(index=i, card=Card(0, 10 if v in (0, None) else v, True), row=0, col=0,
                          rect=None, removed=v is None) for i, v in enumerate(pos["pins"])]
    scene.current_ball = pos["ball"] - 1
    scene.ball_actions = pos["ball_knocks"]
    scene.pins_removed_prev_ball = {"ABCDEFGHIJ".index(l) for l in pos["prev_ball_down"]}
    scene.game_completed = False
    standing = [i for i in range(10) if not scene.pins[i].removed]
    knocks = []
    for p, pile in enumerate(pos["piles"]):
        if not pile:
            continue
        card = Card(0, 10 if pile[0] == 0 else pile[0], True)
        for size in (1, 2, 3):
            for combo in itertools.combinations(standing, size):
                ok, _ = scene._validate_selection_for_card(p, card, combo)
                if ok:
                    knocks.append([p, "".join("ABCDEFGHIJ"[i] for i in combo)])
    out.append(knocks)
print(json.dumps(out))
"""


# The tenth frame: each driver plays a tenth-frame strike (every pin taken in the first ball),
# then a bonus ball that leaves pins, then, in a second game, a tenth-frame spare, and reports
# what stands and what is in the piles after each.
NODE_TENTH = r"""
const fs = require("fs"), path = require("path"), vm = require("vm");
const src = fs.readFileSync(path.join(process.argv[1], "entryway.js"), "utf8");
const ctx = {console: console, Math: Math, String: String};
vm.createContext(ctx);
vm.runInContext(src + "\n;globalThis.__GameData = GameData;", ctx);
const seen = g => ({pins: g.pins.map(p => p.value), piles: g.hand.map(h => h.length),
                    roll: g.roll, turn: g.turn, over: g.gameOver});
const take = (g, idxs) => {  // bowl the top of pile 0 at these pins, the card made to fit
  g.selectedPins = idxs.slice();
  g.hand[0][0] = g.getSelectedPinSum();
  return g.playCard(0);
};
const tenth = () => {
  const g = new ctx.__GameData();
  g.init();
  g.scores[0] = new Array(18).fill(0);  // nine open frames of 0
  g.frame = 10;
  return g;
};
const out = {};
let g = tenth();
out.before = seen(g);
for (let i = 0; i < 9; i++) g.pins[i].value = -1;  // nine pins down, the last card takes the tenth
take(g, [9]);
out.after_strike = seen(g);
take(g, [0]);
g.processInput(32);  // end the bonus ball with pins standing
out.after_open_bonus = seen(g);
g = tenth();
out.before_spare = seen(g);
take(g, [0]);
g.processInput(32);
for (let i = 1; i < 9; i++) g.pins[i].value = -1;
take(g, [9]);
out.after_spare = seen(g);
process.stdout.write(JSON.stringify(out));
"""

PYTHON_TENTH = PYTHON_DRIVER.split("out = []")[0] + r"""
class Slot:
    def copy(self): return self

def fresh():
    scene = object.__new__(mod.BowlingSolitaireGameScene)
    scene.pin_slots = [Slot() for _ in range(10)]
    scene._discard_modal_visible = False
    scene._discard_modal_close_button = Anything()
    scene.score_frames = [mod.FrameScore(symbols=[""] * (3 if i == 9 else 2)) for i in range(10)]
    scene.frame_rolls = [[0, 0] for _ in range(9)] + [[]]
    scene.roll_history = [0] * 18
    scene.game_completed = False
    scene.status_message = ""
    scene._deal_new_frame()
    scene.current_frame = 9
    return scene

def seen(scene):
    return {"pins": [None if p.removed else p.card.rank % 10 for p in scene.pins],
            "piles": [(1 if p.face_up else 0) + p.remaining_hidden() for p in scene.ball_piles],
            "ball": scene.current_ball, "over": scene.game_completed}

def take(scene, idxs):
    for i in idxs:
        scene.pins[i].removed = True
    scene.pins_removed_this_ball.update(idxs)
    scene.ball_piles[0].use_face_up()
    if scene.pins_remaining() == 0:
        scene._end_ball(after_strike=True)

out = {}
scene = fresh()
out["before"] = seen(scene)
take(scene, range(10))
out["after_strike"] = seen(scene)
take(scene, [9])
scene._end_ball(manual=True)
out["after_open_bonus"] = seen(scene)
scene = fresh()
out["before_spare"] = seen(scene)
take(scene, [9])
scene._end_ball(manual=True)
take(scene, range(9))
out["after_spare"] = seen(scene)
print(json.dumps(out))
"""


def kind_of(peer: Path) -> str | None:
    if (peer / "lib" / "bowling_solitaire" / "round.rb").is_file():
        return "jbodah/bowling_solitaire"
    if (peer / "entryway.js").is_file():
        return "cronomst/lcbbs-entryway"
    if (peer / "src" / "solitaire" / "modes" / "bowling_solitaire.py").is_file():
        return "randomRedMage/random_red_mage_py_solitaire"
    return None


def tenth_frame(kind: str, peer: Path) -> None:
    """Print what the peer stands and deals after a tenth-frame strike and spare."""
    if kind.startswith("cronomst"):
        command = ["node", "-e", NODE_TENTH, str(peer)]
    elif kind.startswith("randomRedMage"):
        command = [sys.executable, "-c", PYTHON_TENTH, str(peer)]
    else:
        print("  tenth frame: the peer plays one rack, no frames")
        return
    done = subprocess.run(command, capture_output=True, text=True, timeout=120, check=False)
    if done.returncode != 0:
        print(f"  tenth frame: its driver failed: {done.stderr.strip()[-400:]}")
        return
    seen = json.loads(done.stdout)
    for step in ("before", "after_strike", "after_open_bonus", "before_spare", "after_spare"):
        print(f"  tenth frame, {step.replace('_', ' ')}: {json.dumps(seen[step])}")
    print(f"  tenth frame: the strike's bonus rack has the same pins: "
          f"{seen['after_strike']['pins'] == seen['before']['pins']}; "
          f"the spare's: {seen['after_spare']['pins'] == seen['before_spare']['pins']}")


Knocks = set[tuple[int, str]]


def run_peer(kind: str, peer: Path, positions: list[dict[str, Any]]) -> list[Knocks] | None:
    if kind.startswith("jbodah"):
        command = ["ruby", "-e", RUBY_DRIVER, str(peer)]
    elif kind.startswith("cronomst"):
        command = ["node", "-e", NODE_DRIVER, str(peer)]
    else:
        command = [sys.executable, "-c", PYTHON_DRIVER, str(peer)]
    if shutil.which(command[0]) is None:
        print(f"{kind}: skipped, {command[0]} is not installed")
        return None
    done = subprocess.run(command, input=json.dumps(positions), capture_output=True, text=True,
                          timeout=600, check=False)
    if done.returncode != 0:
        print(f"{kind}: skipped, its driver failed: {done.stderr.strip()[-400:]}")
        return None
    return [{(int(p), str(g)) for p, g in knocks} for knocks in json.loads(done.stdout)]


def reference_knocks(state: Any) -> Knocks:
    found = set()
    for action in state.legal_actions():
        text = state.action_to_string(action)
        if text.startswith("knock "):
            _, pile, *spots = text.split()
            found.add((int(pile), "".join(sorted(spots))))
    return found


def positions_of(games: int, seed: int) -> list[dict[str, Any]]:
    """The play positions of seeded random games, each with what the peers need to know of
    the rack's history, and the game's history to replay under another reading."""
    rng = random.Random(seed)
    game = elevenes.load_game("bowling-solitaire")
    found: list[dict[str, Any]] = []
    for _ in range(games):
        state = game.new_initial_state()
        history: list[str] = []
        key: tuple[int, int, int] | None = None
        rack_knocks = ball_knocks = 0
        this_ball: list[str] = []
        prev_ball: list[str] = []
        while not state.is_terminal():
            if state.is_chance_node():
                action = state.sample_chance(rng)
                history.append(state.action_to_string(action))
                state.apply_action(action)
                continue
            doc = state.to_json()
            now = (doc["frame"], doc["rack"], doc["ball"])
            if key is None or now[:2] != key[:2]:
                rack_knocks = ball_knocks = 0
                this_ball, prev_ball = [], []
            elif now[2] != key[2]:
                ball_knocks = 0
                prev_ball, this_ball = this_ball, []
            key = now
            found.append({
                "pins": [doc["pins"][letter] for letter in LETTERS],
                "piles": [list(pile) for pile in doc["piles"]],  # top card first
                "frame": doc["frame"], "rack": doc["rack"], "ball": doc["ball"],
                "rack_knocks": rack_knocks, "ball_knocks": ball_knocks,
                "prev_ball_down": list(prev_ball), "history": list(history),
            })
            knocks = [a for a in state.legal_actions() if state.action_to_string(a) != "end ball"]
            start = ball_knocks == 0 and rng.random() < 0.08
            if not knocks or start or rng.random() < 0.1:
                text = "end ball"
            else:
                text = state.action_to_string(rng.choice(knocks))
                rack_knocks += 1
                ball_knocks += 1
                this_ball.extend(text.split()[2:])
            history.append(text)
            state.apply_action(text)
    return found


def replay(options: dict[str, str], history: list[str]) -> Any:
    state = elevenes.load_game("bowling-solitaire", options=options).new_initial_state()
    for text in history:
        if not state.is_legal(state.string_to_action(text)):
            return None
        state.apply_action(text)
    return state


def describe(pos: dict[str, Any]) -> str:
    spots = zip(LETTERS, pos["pins"], strict=True)
    pins = " ".join(f"{letter}{'-' if v is None else v}" for letter, v in spots)
    piles = " | ".join(" ".join(map(str, pile)) or "empty" for pile in pos["piles"])
    return (f"frame {pos['frame']} rack {pos['rack']} ball {pos['ball']}, {pos['rack_knocks']} "
            f"card(s) used at this rack; pins {pins}; piles (top first) {piles}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--peer-dir", action="append", default=[], type=Path,
                        help="a local checkout of a public implementation (repeatable)")
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--examples", type=int, default=3)
    args = parser.parse_args()
    peers = []
    for peer in args.peer_dir:
        kind = kind_of(peer) if peer.is_dir() else None
        if kind is None:
            print(f"{peer}: skipped, not a checkout of a known implementation")
        else:
            peers.append((kind, peer))
    if not peers:
        print("no peer checkout given (--peer-dir): nothing to measure")
        return 0
    positions = positions_of(args.games, args.seed)
    references: list[list[Knocks | None]] = []
    for _, options in READINGS:
        refs = []
        for pos in positions:
            state = replay(options, pos["history"])
            usable = state is not None and not state.is_chance_node()
            refs.append(reference_knocks(state) if usable else None)
        references.append(refs)
    second_after_zero = sum(1 for p in positions if p["ball"] == 2 and p["rack_knocks"] == 0)
    second_after_pins = sum(1 for p in positions if p["ball"] == 2 and p["rack_knocks"] > 0)
    bonus = sum(1 for p in positions if p["rack"] > 0)
    print(f"{len(positions)} positions from {args.games} games (seed {args.seed}): "
          f"{second_after_pins} in a second ball after pins fell, {second_after_zero} in a second "
          f"ball after a first ball of 0 pins, {bonus} at a tenth-frame bonus rack")
    peer_input = [{k: v for k, v in pos.items() if k != "history"} for pos in positions]
    for kind, peer in peers:
        answers = run_peer(kind, peer, peer_input)
        if answers is None:
            continue
        print(f"\n{kind} ({peer})")
        for (name, _), refs in zip(READINGS, references, strict=True):
            pairs = [(a, r) for a, r in zip(answers, refs, strict=True) if r is not None]
            same = sum(1 for a, r in pairs if a == r)
            groups = sum(1 for a, r in pairs if {g for _, g in a} == {g for _, g in r})
            print(f"  {name:40} knocks equal at {same}/{len(pairs)} positions;"
                  f" pin groups equal at {groups}/{len(pairs)}")
        # the first positions of each kind of difference from the decided reading
        kinds = {"allows a pin group the reference refuses": 0,
                 "misses a pin group the reference allows": 0,
                 "gives the same pin groups, not from every pile that allows them": 0}
        for pos, answer, ref in zip(positions, answers, references[0], strict=True):
            if ref is None or answer == ref:
                continue
            extra = sorted(answer - ref)
            missing = sorted(ref - answer)
            peer_groups = {g for _, g in answer}
            ref_groups = {g for _, g in ref}
            found = []
            if peer_groups - ref_groups:
                found.append("allows a pin group the reference refuses")
            if ref_groups - peer_groups:
                found.append("misses a pin group the reference allows")
            if not found:
                found.append("gives the same pin groups, not from every pile that allows them")
            for kind_name in found:
                kinds[kind_name] += 1
                if kinds[kind_name] <= args.examples:
                    print(f"  {kind_name}: {describe(pos)}")
                    print(f"    the peer adds {extra or 'nothing'}; misses {missing or 'nothing'}")
        for kind_name, count in kinds.items():
            print(f"  positions where the peer {kind_name}: {count}")
        tenth_frame(kind, peer)
    return 0


if __name__ == "__main__":
    sys.exit(main())
