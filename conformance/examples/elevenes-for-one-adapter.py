#!/usr/bin/env python3
"""Elevenes for One over the conformance suite's JSON-lines adapter protocol.

A self-contained implementation written from rulebook/elevenes-for-one/rules.md,
docs/formats/elevenes-for-one.md and docs/protocol.md. Standard library only.
"""

import itertools
import json
import re
import sys

GAME = "elevenes-for-one"
UNDISCARDABLE = {5, 10}
UNFLIPPABLE = {5}
# how many statements each card's text has (the statement table of the format page)
STATEMENTS = {(c, ev): 1 for c in (2, 3, 4, 6, 7, 8, 9) for ev in ("use", "score")}
STATEMENTS.update({(10, "use"): 3, (10, "score"): 4, (11, "discard"): 2})
CARD_RULE = {
    2: "EFO.CARD.TEA",
    3: "EFO.CARD.MILK",
    7: "EFO.CARD.BISCUITS",
    10: "EFO.CARD.SERVANTS",
    11: "EFO.CARD.ELEVENSES",
}
NUM = re.compile(r"^[1-9][0-9]?$")
CARD_WORDS = {"deal", "front", "return", "move"}  # words that name cards



def pair_choices(word, cands):
    """Every pair of the candidates as a choice, in the order the protocol lists them."""
    pairs = [tuple(sorted(p)) for p in itertools.combinations(cands, 2)]
    pairs.sort(key=lambda p: (1 << p[0]) + (1 << p[1]))
    return [f"{word} {a} {b}" for a, b in pairs]

class Refused(Exception):
    def __init__(self, rule, message=""):
        super().__init__(message or rule)
        self.rule = rule


class Game:
    def __init__(self, options):
        opts = {"edition": "v1.1", "minutes": 15, "challenge": False}
        for key, value in options.items():
            if key not in opts:
                raise ValueError(f"unknown option {key!r}")
            if key == "edition" and value not in ("v1.0", "v1.1"):
                raise ValueError(f"option 'edition' takes 'v1.0' or 'v1.1', not {value!r}")
            if key == "minutes" and (type(value) is not int or not 1 <= value <= 15):
                raise ValueError(f"option 'minutes' takes a number from 1 to 15, not {value}")
            if key == "challenge" and type(value) is not bool:
                raise ValueError(f"option 'challenge' takes true or false, not {value!r}")
            opts[key] = value
        self.options = opts
        self.phase = "deal"
        self.minutes = opts["minutes"]
        self.trolley = [] if opts["challenge"] else [1]
        self.pantry = []  # [card, up(bool)]
        self.discard = []
        self.deck = list(range(1, 12)) if opts["challenge"] else list(range(2, 12))
        self.cursor = 0
        self.held = None
        self.restart = False
        self.stack = []
        self.choice = None
        self.result = None

    # ----- copying and documents -----
    def clone(self):
        g = Game.__new__(Game)
        g.options = self.options
        g.phase = self.phase
        g.minutes = self.minutes
        g.trolley = list(self.trolley)
        g.pantry = [list(e) for e in self.pantry]
        g.discard = list(self.discard)
        g.deck = list(self.deck)
        g.cursor = self.cursor
        g.held = self.held
        g.restart = self.restart
        g.stack = [dict(e) for e in self.stack]
        g.choice = None if self.choice is None else list(self.choice)
        g.result = self.result
        return g

    def document(self, observe=False):
        doc = {
            "game": GAME,
            "options": dict(self.options),
            "phase": self.phase,
            "minutes": self.minutes,
            "trolley": list(self.trolley),
            "pantry": [
                [None if observe and not up else c, "up" if up else "down"] for c, up in self.pantry
            ],
            "discard": list(self.discard),
            "deck": list(self.deck),
            "cursor": self.cursor,
            "held": self.held,
            "restart": self.restart,
        }
        if not observe:
            doc["stack"] = [dict(e) for e in self.stack]
        doc["choice"] = None if self.choice is None else {"player": 0, "options": list(self.choice)}
        doc["result"] = self.result
        return doc

    def load(self, doc):
        if doc.get("game", GAME) != GAME:
            raise ValueError("not an elevenes-for-one state")
        phase = doc["phase"]
        if phase not in ("deal", "front", "turn", "effect", "over"):
            raise ValueError(f"unknown phase {phase!r}")
        self.phase = phase
        self.minutes = int(doc["minutes"])
        self.trolley = list(doc["trolley"])
        self.pantry = []
        for card, face in doc["pantry"]:
            if face not in ("up", "down"):
                raise ValueError(f"bad face {face!r}")
            self.pantry.append([card, face == "up"])
        self.discard = list(doc["discard"])
        self.deck = sorted(doc.get("deck", []))
        self.cursor = int(doc.get("cursor", 0))
        self.restart = bool(doc.get("restart", False))
        self.result = doc.get("result")
        self.held = None
        self.choice = None
        self.stack = []
        for e in doc.get("stack", []):
            entry = {
                "card": e["card"],
                "event": e["event"],
                "cost": e.get("cost", 0 if e["event"] == "discard" else 1),
                "at": e["at"],
            }
            self.stack.append(entry)
        if not 0 <= self.minutes <= 15:
            raise ValueError("minutes must be 0-15")
        if len(self.discard) > 3:
            raise ValueError("EFO.DISCARD.LIMIT: more than three cards in the discard pile")
        if self.trolley != list(
            range(
                self.trolley[0] if self.trolley else 1,
                (self.trolley[0] if self.trolley else 1) + len(self.trolley),
            )
        ):
            raise ValueError("trolley must be in order")
        if phase == "front":
            down = [c for c, up in self.pantry if not up]
            if down:
                raise ValueError(f"EFO.RULING.FRONT-FACE-UP: face-down cards {down} in step 2")
        for e in self.stack:
            if e["event"] == "discard":
                self.held = e["card"]
        seen = (
            self.trolley
            + [c for c, _ in self.pantry]
            + self.discard
            + self.deck
            + ([self.held] if self.held is not None else [])
        )
        if sorted(seen) != list(range(1, 12)):
            raise ValueError("every card 1-11 must be in exactly one place")
        if phase == "turn" and not (
            0 <= self.cursor < len(self.pantry) and self.pantry[self.cursor][1]
        ):
            raise ValueError("the cursor must point at a face-up card in phase turn")
        if not self.options["challenge"] and not self.trolley:
            raise ValueError("EFO.SETUP.TROLLEY: the Tea Trolley starts on the trolley")
        if phase == "over" and self.result not in ("won", "out-of-time", "stuck"):
            raise ValueError("a finished game needs a result")
        if phase == "deal" and not self.deck:
            raise ValueError("phase deal needs cards still to lay out")
        if phase != "deal" and self.deck:
            raise ValueError("EFO.PASS.SHUFFLE: cards still to lay out outside step 1")
        if phase != "effect" and self.stack:
            raise ValueError("effects are in progress only in phase effect")
        if phase != "over" and self.result is not None:
            raise ValueError("a result is given only once the game is over")
        if self.restart and phase not in ("effect", "over"):
            raise ValueError("EFO.CARD.CHINA: a new pass is due only while effects run")
        if self.held is not None and len(self.discard) >= 3:
            raise ValueError("EFO.DISCARD.LIMIT: a card discarded onto a full pile")
        if "remembered" in doc:
            raise ValueError("remembered is written only under a reading not played here")
        if phase in ("deal", "front") and self.cursor != 0:
            raise ValueError(f"in phase {phase} the cursor is 0")
        if phase == "effect" and not 0 <= self.cursor <= len(self.pantry):
            raise ValueError("in phase effect the cursor is a place in the pantry")
        for e in self.stack:
            if not 1 <= e["at"] <= STATEMENTS.get((e["card"], e["event"]), 0):
                raise ValueError(f"card {e['card']} has no statement {e['at']} on {e['event']}")
        if phase == "effect":
            if not self.stack:
                raise ValueError("phase effect needs a stack")
            self.run()
            self.settle()

    # ----- helpers -----
    def top(self):
        return self.trolley[-1] if self.trolley else 0

    def index(self, card):
        for i, (c, _) in enumerate(self.pantry):
            if c == card:
                return i
        return None

    def score_value(self):
        return self.top() + self.minutes

    def current_player(self):
        return {"deal": -1, "over": -4}.get(self.phase, 0)

    def self_in_pantry(self, e):
        return e["card"] if e["event"] == "use" else None

    def from_pile(self, depth):
        return depth > 0 and self.stack[depth - 1]["event"] == "discard"

    def flip_candidates(self, e):
        me = self.self_in_pantry(e)
        return [c for c, up in self.pantry if up and c != me and c not in UNFLIPPABLE]

    def swap_candidates(self, e):
        me = self.self_in_pantry(e)
        return [c for c, up in self.pantry if up and c != me]

    def flip_down(self, card):
        i = self.index(card)
        if i is not None:
            self.pantry[i][1] = False

    # ----- effects -----
    def run(self):
        """Run the top effect from its `at` until it asks (sets choice) or ends."""
        while self.stack:
            depth = len(self.stack) - 1
            e = self.stack[-1]
            card, event, at = e["card"], e["event"], e["at"]
            if card == 2 and event in ("use", "score"):
                cands = sorted(self.flip_candidates(e))
                if len(cands) > 1:
                    self.choice = [f"flip {c}" for c in cands]
                    return
                for c in cands:
                    self.flip_down(c)
            elif card == 3 and event in ("use", "score"):
                cands = self.flip_candidates(e)
                if len(cands) > 2:
                    self.choice = pair_choices("flip", cands)
                    return
                for c in cands:
                    self.flip_down(c)
            elif card == 4 and event in ("use", "score"):
                e["cost"] = 2
            elif card == 6 and event in ("use", "score"):
                self.restart = True
            elif card == 7 and event in ("use", "score"):
                cands = self.swap_candidates(e)
                if len(cands) > 2:
                    self.choice = pair_choices("swap", cands)
                    return
                if len(cands) == 2:
                    self.swap(*cands)
            elif card == 8 and event in ("use", "score"):
                if self.pantry:
                    first = self.pantry.pop(0)
                    if self.cursor > 0:
                        self.cursor -= 1
                    self.pantry.append([first[0], True])
            elif card == 9 and event in ("use", "score"):
                if not (event == "score" and self.from_pile(depth)):
                    if event == "use":
                        i = self.index(9)
                        nxt = None if i is None else i + 1
                    else:
                        nxt = self.cursor
                    if nxt is not None and nxt < len(self.pantry):
                        c, up = self.pantry[nxt]
                        if up and c not in UNFLIPPABLE:
                            self.pantry[nxt][1] = False
            elif card == 10 and event == "use":
                if at <= 2 and self.discard:
                    e["at"] = 2
                    self.choice = ["pass"] + [f"return {c}" for c in sorted(self.discard)]
                    return
            elif card == 10 and event == "score":
                if at <= 2 and 11 in self.discard:
                    e["at"] = 2
                    self.return_card(e, 11, depth)
                elif at <= 4 and self.discard:
                    e["at"] = 4
                    self.choice = ["pass"] + [f"return {c}" for c in sorted(self.discard)]
                    return
            elif card == 11 and event == "discard" and at <= 2:
                scorable = [c for c in self.discard if c == self.top() + 1]
                if scorable:
                    e["at"] = 2
                    self.choice = ["pass"] + [f"score {c}" for c in scorable]
                    return
            self.finish()

    def swap(self, a, b):
        i, j = self.index(a), self.index(b)
        self.pantry[i], self.pantry[j] = self.pantry[j], self.pantry[i]

    def return_card(self, e, card, depth):
        self.discard.remove(card)
        if e["event"] == "use":
            i = self.index(10)
            pos = len(self.pantry) if i is None else i + 1
        else:
            pos = self.cursor
        if pos < self.cursor:
            self.cursor += 1
        self.pantry.insert(pos, [card, True])

    def finish(self):
        """End the top effect, then resume the one below (which then ends too)."""
        e = self.stack.pop()
        self.choice = None
        if e["event"] == "use":
            self.flip_down(e["card"])
        if e["event"] == "discard":
            self.discard.append(e["card"])
            self.held = None
        self.minutes = max(0, self.minutes - e["cost"])
        if self.stack:
            below = self.stack[-1]
            # the statement that started the effect above is its last asking one
            below["at"] = 99

    def settle(self):
        """After effects are over: end of game, restart, or the next card."""
        if self.stack:
            self.phase = "effect"
            return
        self.choice = None
        if self.trolley and self.trolley[-1] == 11:
            self.end("won")
            return
        if self.minutes <= 0:
            self.minutes = 0
            self.end("out-of-time")
            return
        if self.restart:
            self.new_pass()
            return
        i = self.cursor
        while i < len(self.pantry) and not self.pantry[i][1]:
            i += 1
        if i < len(self.pantry):
            self.phase = "turn"
            self.cursor = i
        else:
            self.new_pass()

    def new_pass(self):
        self.restart = False
        self.cursor = 0
        if not self.pantry:
            self.end("stuck")
            return
        self.deck = sorted(c for c, _ in self.pantry)
        self.pantry = []
        self.phase = "deal"

    def end(self, result):
        self.phase = "over"
        self.result = result
        self.cursor = 0
        self.stack = []
        self.choice = None
        self.deck = []

    # ----- moves -----
    def legal(self):
        if self.phase == "over":
            return []
        if self.phase == "deal":
            return [f"deal {c}" for c in self.deck]
        if self.phase == "front":
            return ["pass"] + [f"front {c}" for c, _ in self.pantry[1:]]
        if self.phase == "turn":
            card = self.pantry[self.cursor][0]
            out = []
            if card == self.top() + 1:
                out.append("score")
            out.append("use")
            if card not in UNDISCARDABLE and len(self.discard) < 3:
                out.append("discard")
            return out
        return list(self.choice or [])

    def parse(self, text):
        # words are separated by the six ASCII whitespace characters only (docs/protocol.md)
        words = [w for w in re.split(r"[ \t\n\v\f\r]+", text) if w] if isinstance(
            text, str) else []
        if not words:
            raise Refused("EFO.ACTIONS", f"{text!r} is not an Elevenes for One action")
        word, rest = words[0], words[1:]
        bad = Refused("EFO.ACTIONS", f"{text!r} is not an Elevenes for One action")
        if word in ("pass", "use", "discard", "yes") or (word == "score" and not rest):
            if rest:
                raise bad
            return word, []
        if word not in CARD_WORDS | {"flip", "swap", "score"}:
            raise bad
        nums = []
        for r in rest:
            if not NUM.match(r) or not 1 <= int(r) <= 11:
                raise bad
            nums.append(int(r))
        if len(set(nums)) != len(nums):
            raise bad
        if word in ("deal", "front"):
            if len(nums) != 1:
                raise bad
        elif not nums:
            raise bad  # a choice word names one card or more; its card judges how many
        return word, nums

    def act(self, text):
        word, nums = self.parse(text)
        if self.phase == "over":
            raise Refused("EFO.GOAL.END", "the game is over")
        proc = Refused("EFO.PROCEDURE", f"{text!r} is not a move now")
        if self.phase == "deal":
            if word != "deal":
                raise proc
            n = nums[0]
            if n not in self.deck:
                raise Refused("EFO.PASS.SHUFFLE", f"card {n} is not waiting to be laid out")
            self.deck.remove(n)
            self.pantry.append([n, True])
            if not self.deck:
                self.phase = "front"
                self.cursor = 0
            return
        if self.phase == "front":
            if word == "pass" and not nums:
                self.start_turns()
                return
            if word != "front":
                raise proc
            n = nums[0]
            i = self.index(n)
            if i == 0:
                raise Refused("EFO.RULING.FRONT-FIRST", f"card {n} is already first")
            if i is None:
                raise Refused("EFO.PASS.FRONT", f"card {n} is not in the pantry")
            self.pantry.insert(0, self.pantry.pop(i))
            self.minutes = max(0, self.minutes - 1)
            if self.minutes == 0:
                self.end("out-of-time")
                return
            self.start_turns()
            return
        if self.phase == "turn":
            if word not in ("score", "use", "discard") or nums:
                raise proc
            card = self.pantry[self.cursor][0]
            if word == "score":
                if card != self.top() + 1:
                    raise Refused("EFO.SCORE.NEXT", f"card {card} is not next to score")
                self.pantry.pop(self.cursor)
                self.trolley.append(card)
                if card == 11:
                    self.end("won")
                    return
                self.stack.append({"card": card, "event": "score", "cost": 1, "at": 1})
            elif word == "use":
                self.cursor += 1
                self.stack.append({"card": card, "event": "use", "cost": 1, "at": 1})
            else:
                if card in UNDISCARDABLE:
                    raise Refused("EFO.DISCARD.NEVER", f"card {card} can never be discarded")
                if len(self.discard) >= 3:
                    raise Refused("EFO.DISCARD.LIMIT", "the discard pile is full")
                self.pantry.pop(self.cursor)
                if card == 11:
                    self.held = 11
                    self.stack.append({"card": 11, "event": "discard", "cost": 0, "at": 1})
                else:
                    self.discard.append(card)
            self.phase = "effect"
            self.run()
            self.settle()
            return
        # phase effect
        self.choose(text, word, nums)

    def start_turns(self):
        self.phase = "turn"
        self.cursor = 0
        self.settle()

    def choose(self, text, word, nums):
        e = self.stack[-1]
        card = e["card"]
        asks = {2: "flip", 3: "flip", 7: "swap", 10: "return", 11: "score"}.get(card)
        if word == "score" and not nums:
            word = "score?"
        if word != "pass" and word != asks:
            raise Refused("EFO.PROCEDURE", f"{text!r} is not a move now")
        options = self.choice or []
        if word == "pass":
            if "pass" not in options:
                raise Refused("EFO.EFFECT.MANDATORY", "this effect must be carried out")
            self.choice = None
            self.finish()
            self.run()
            self.settle()
            return
        rule = CARD_RULE.get(card, "EFO.PROCEDURE")
        if word in ("flip", "swap"):
            me = self.self_in_pantry(e)
            worst = None
            order = ["EFO.FLIP.FACE-UP", "EFO.RULING.SELF-TARGET", "EFO.FLIP.IMMUNE"]
            for n in nums:
                i = self.index(n)
                if i is None or not self.pantry[i][1]:
                    if word == "swap":
                        continue  # not a flip: the card's own rule judges it
                    r = "EFO.FLIP.FACE-UP"
                elif n == me:
                    r = "EFO.RULING.SELF-TARGET"
                elif word == "flip" and n in UNFLIPPABLE:
                    r = "EFO.FLIP.IMMUNE"
                else:
                    continue
                if worst is None or order.index(r) < order.index(worst):
                    worst = r
            if worst:
                raise Refused(worst, f"{text!r}: {worst}")
            canon = f"{word} " + " ".join(str(n) for n in sorted(nums))
            if canon not in options:
                raise Refused(rule, f"{text!r} is not offered")
            if word == "flip":
                for n in nums:
                    self.flip_down(n)
            else:
                self.swap(*nums)
            self.choice = None
            self.finish()
        elif word == "score" and any(n != self.top() + 1 for n in nums):
            # before the card's own rule: a card not next after the trolley's top card,
            # whether it is in the discard pile or not
            raise Refused("EFO.SCORE.NEXT", f"{text!r}: only card {self.top() + 1} is next")
        elif len(nums) != 1:
            raise Refused(rule, f"{text!r}: the effect takes one card")
        elif word == "return":
            n = nums[0]
            if f"return {n}" not in options:
                raise Refused(rule, f"card {n} is not in the discard pile")
            self.choice = None
            self.return_card(e, n, len(self.stack) - 1)
            if e["event"] == "use":
                e["cost"] = 0
            self.finish()
        else:  # score N from the discard pile (Elevenses)
            n = nums[0]
            if n not in self.discard:
                raise Refused(rule, f"card {n} is not in the discard pile")
            self.choice = None
            self.discard.remove(n)
            self.trolley.append(n)
            self.stack.append({"card": n, "event": "score", "cost": 1, "at": 1})
        self.run()
        self.settle()

    def perft(self, depth):
        counts = []
        for d in range(1, depth + 1):
            counts.append(count(self, d))
        divide = {}
        for a in self.legal():
            g = self.clone()
            g.act(a)
            divide[a] = count(g, depth - 1) if depth > 1 else 1
        return counts, divide


def count(game, depth):
    if game.phase == "over":
        return 1
    if depth == 0:
        return 1
    moves = game.legal()
    if depth == 1:
        return len(moves) or 1
    total = 0
    for a in moves:
        g = game.clone()
        g.act(a)
        total += count(g, depth - 1)
    return total


def handle(request, holder):
    seq = request.get("seq")
    cmd = request.get("cmd")
    reply = {"seq": seq, "ok": True}
    game = holder.get("game")
    if cmd == "start":
        if request.get("game") != GAME:
            return {
                "seq": seq,
                "ok": False,
                "unsupported": True,
                "error": f"game {request.get('game')!r} is not implemented",
            }
        options = request.get("options")
        if options is None:
            options = {}
        if not isinstance(options, dict):  # an error, not unsupported (docs/protocol.md)
            return {"seq": seq, "ok": False, "error": "start: 'options' must be an object"}
        readings = sorted(k for k in options if str(k).startswith("reading."))
        if readings:  # this program plays the decided readings only (docs/readings.md)
            return {"seq": seq, "ok": False, "unsupported": True,
                    "error": f"the reading option {readings[0]} is not implemented"}
        holder["game"] = Game(options)
        reply["num_players"] = 1
        reply["profiles"] = ["rules", "strict"]  # it makes the format page's consistency checks
        return reply
    if cmd == "stop":
        return reply
    if game is None:
        return {"seq": seq, "ok": False, "error": "no game started"}
    if cmd == "setup":
        g = Game(game.options)
        g.load(request["state"])
        holder["game"] = g
    elif cmd == "act":
        try:
            before = game.clone()
            game.act(request["action"])
        except Refused as refusal:
            holder["game"] = before
            return {"seq": seq, "ok": False, "violation": refusal.rule, "message": str(refusal)}
    elif cmd == "chances":  # optional: the probabilities of the chance outcomes
        return {"seq": seq, "ok": False, "unsupported": True,
                "error": "chances is not implemented"}
    elif cmd == "legal":
        reply["actions"] = game.legal()
    elif cmd == "state":
        reply.update(
            state=game.document(),
            terminal=game.phase == "over",
            returns=[1.0 if game.result == "won" else 0.0],
            current_player=game.current_player(),
            score=game.score_value(),
        )
    elif cmd == "observe":
        if request.get("player") != 0:
            return {
                "seq": seq,
                "ok": False,
                "error": f"no player {request.get('player')} in a 1-player game",
            }
        reply["observation"] = game.document(observe=True)
    elif cmd == "perft":
        depth = request["depth"]
        if type(depth) is not int or depth < 1:
            raise ValueError("depth must be at least 1")
        reply["counts"], reply["divide"] = game.perft(depth)
    else:
        return {"seq": seq, "ok": False, "error": f"unknown cmd {cmd!r}"}
    return reply


def main():
    holder = {}
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            if not isinstance(request, dict):
                raise ValueError("not a JSON object")
        except ValueError as exc:
            print(json.dumps({"seq": None, "ok": False, "error": str(exc)}), flush=True)
            continue
        try:
            reply = handle(request, holder)
        except Exception as exc:  # noqa: BLE001 - every failure is an answer
            reply = {"seq": request.get("seq"), "ok": False, "error": str(exc)}
        print(json.dumps(reply), flush=True)
        if request.get("cmd") == "stop":
            break


if __name__ == "__main__":
    main()
