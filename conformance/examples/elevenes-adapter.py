#!/usr/bin/env python3
"""Elevenes (2-4 players) in plain Python, speaking the conformance adapter protocol.

Written from rulebook/elevenes/rules.md, docs/formats/elevenes.md and docs/protocol.md.
Standard library only.  The Special Guests are those the runner sends with `start`
(`guest_cards`); without them they are read from rulebook/elevenes/guests-illustrative.cards
(and the `guest_file` option's file, whose guests replace those of the same numbers).

Options (docs/suite.md, "Profiles"):
  --no-consistency-checks  load a state document as a web game's engine would: only what is
                           needed to read it (cards, seats, guests, backs and names the game
                           has, the game's options); none of the consistency checks. It then
                           declares the rules profile only, unless --profiles says otherwise.
  --profiles LIST          the profiles declared in the answer to start, comma-separated
                           (default: rules,strict; rules with --no-consistency-checks).
"""

import copy
import json
import re
import sys
from pathlib import Path

LETTERS = "abcd"
VALUES = {1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 2, 7: 2, 8: 2, 9: 2, 10: 3, 11: 0}
CARD_RULE = {1: "ELV.CARD.TEA-TROLLEY", 2: "ELV.CARD.TEA", 3: "ELV.CARD.MILK", 4: "ELV.CARD.SUGAR",
             5: "ELV.CARD.CUPS", 6: "ELV.CARD.FINE-CHINA", 7: "ELV.CARD.BISCUITS",
             8: "ELV.CARD.SANDWICHES", 9: "ELV.CARD.CAKES", 10: "ELV.CARD.SERVANTS",
             11: "ELV.CARD.ELEVENSES"}
DEFAULTS = {"players": 2, "edition": "en", "target": 0, "guests": False, "guest_file": "",
            "outright": False, "first_server": 0}


class Violation(Exception):
    def __init__(self, rule, message=""):
        super().__init__(message or rule)
        self.rule = rule


class Unsupported(Exception):
    pass


def num(card):
    return int(card[:-1])


def setl(card):
    return card[-1]


def ckey(card):
    return (card[-1], num(card))


def card_re(n):
    return r"(1[01]|[1-9])([" + LETTERS[:n] + "])"


# ---------------------------------------------------------------- options and set-up

def make_options(opts):
    o = dict(DEFAULTS)
    for k, v in (opts or {}).items():
        if k not in DEFAULTS:
            raise ValueError(f"unknown option {k!r}")
        o[k] = v
    if not isinstance(o["guests"], bool) or not isinstance(o["outright"], bool):
        raise ValueError("options 'guests' and 'outright' are booleans")
    if o["players"] not in (2, 3, 4) or isinstance(o["players"], bool):
        raise ValueError("option 'players' takes 2, 3 or 4")
    if o["edition"] not in ("en", "fr"):
        raise ValueError("option 'edition' takes en or fr")
    base = 5 if o["edition"] == "en" else 7
    if o["target"] == 0:
        o["target"] = base
    elif o["target"] != base and not (o["edition"] == "fr" and o["target"] in (5, 9, 11)):
        raise ValueError(f"option 'target' must be {base} in this edition")
    if not isinstance(o["first_server"], int) or not 0 <= o["first_server"] < o["players"]:
        raise ValueError("option 'first_server' names no seat")
    return o


RULEBOOK = Path(__file__).resolve().parents[2] / "rulebook" / "elevenes"
SHIPPED_GUESTS = RULEBOOK / "guests-illustrative.cards"
GUEST_LINE = re.compile(r'\s*guest\s+(\d+)\s+"([^"]*)"\s+wants\s+(\d+)\s*,\s*(\d+)\s*,\s*(\d+)')


def read_guests(path, into):
    for line in Path(path).read_text(encoding="utf-8").splitlines():
        m = GUEST_LINE.match(line)
        if m:
            into[int(m.group(1))] = {"name": m.group(2),
                                     "wants": [int(m.group(i)) for i in (3, 4, 5)]}


def guests_of(o):
    found = {}
    if not o["guests"]:
        return found
    read_guests(SHIPPED_GUESTS, found)
    if o["guest_file"]:
        read_guests(o["guest_file"], found)
    return found


GUESTS = {}
CONSISTENCY_CHECKS = "--no-consistency-checks" not in sys.argv[1:]
DECLARED = ["rules", "strict"] if CONSISTENCY_CHECKS else ["rules"]
if "--profiles" in sys.argv[1:-1]:
    DECLARED = sys.argv[sys.argv.index("--profiles") + 1].split(",")


def all_cards(n):
    return [f"{k}{LETTERS[s]}" for s in range(n) for k in range(1, 12)]


def new_round_fields(st):
    n = st["options"]["players"]
    for p in st["players"]:
        p["spread"] = [None] * 10
        p["kitchen"] = []
        p["aside"] = None
        p["guest"] = None
        p["revealed"] = False
    st["centre"] = None
    st["deck"] = all_cards(n)
    st["dealing"] = [0, 2]
    st["phase"] = "deal"
    st["reveal"] = []
    if st.get("announced") is not None:
        st["announced"] = [0] * len(st["players"])
    st["stack"] = []
    st["seen"] = []


def new_game(opts):
    o = make_options(opts)
    n = o["players"]
    st = {"game": "elevenes", "options": o, "round": 1, "phase": "deal",
          "server": o["first_server"], "turn": 0,
          "bowl": 25 if o["edition"] == "en" else 30,
          "players": [{"cubes": 0} for _ in range(n)],
          "centre": None, "deck": [], "dealing": None, "reveal": [], "stack": [], "choice": None,
          "seen": [], "announced": [0] * n if o["edition"] == "fr" else None,
          "last_round": None, "winners": []}
    new_round_fields(st)
    return st


def load(doc, options):
    if doc.get("game") != "elevenes":
        raise ValueError("not an elevenes state")
    o = make_options(options)
    for k, v in (doc.get("options") or {}).items():
        if k in o and o[k] != v and not (k == "target" and v == 0 and o[k] == make_options(
                {"edition": o["edition"]})["target"]):
            raise ValueError(f"option {k!r} of the state differs from the game's")
    n = o["players"]
    st = {"game": "elevenes", "options": o}
    for k in ("round", "phase", "server", "turn", "bowl"):
        st[k] = doc[k]
    if len(doc["players"]) != n:
        raise ValueError("wrong number of players")
    st["players"] = []
    for p in doc["players"]:
        st["players"].append({"cubes": p["cubes"], "spread": list(p["spread"]),
                              "kitchen": sorted(p["kitchen"], key=ckey),
                              "aside": p.get("aside"), "guest": p.get("guest"),
                              "revealed": p.get("revealed", False)})
    st["centre"] = doc.get("centre")
    st["deck"] = list(doc.get("deck", []))
    st["dealing"] = doc.get("dealing")
    st["reveal"] = list(doc.get("reveal", []))
    st["stack"] = copy.deepcopy(doc.get("stack", []))
    for f in st["stack"]:
        f.setdefault("names", {})  # left out while the text has named nothing
    st["choice"] = None
    st["seen"] = [dict({"position": 0, "by": None}, **e)
                  for e in copy.deepcopy(doc.get("seen", []))]
    ann = doc.get("announced")
    if ann is None and o["edition"] == "fr":
        ann = [0] * n
    st["announced"] = ann
    st["last_round"] = doc.get("last_round")
    st["winners"] = list(doc.get("winners", []))
    check_cards(st, n)
    if o["edition"] == "fr" and len(ann) != n:
        raise ValueError("announced holds one value per player (ELV.EDITION.ANNOUNCE)")
    if not (0 <= st["server"] < n and 0 <= st["turn"] < n):
        raise ValueError("server and turn are seats of the game (ELV.TURN.ORDER)")
    check_things(st, n)
    if CONSISTENCY_CHECKS:
        check_places(st, n)
        if st["bowl"] < 0 or min(p["cubes"] for p in st["players"]) < 0 or (
            st["bowl"] + sum(p["cubes"] for p in st["players"])
            != (25 if o["edition"] == "en" else 30)
        ):
            raise ValueError("the bowl and the players' cubes must add up to the edition's cubes")
        check_position(st, n)
        for key in ("effect_waiting", "complete_at_turn_start"):
            if key in doc:  # written only under readings this program does not play
                raise ValueError(f"{key} is read only under a reading of the rulebook "
                                 "(ELV.RULING.END-OF-TURN, ELV.RULING.GUEST-TIMING)")
    if st["phase"] == "deal" and not st["deck"]:
        st["deck"] = [c for c in all_cards(n) if not placed(st, c)]
    return st


def check_cards(st, n):
    """Every card, seat and back written is one of the game (formats page, Consistency 0)."""
    pattern = re.compile(card_re(n))

    def card(c):
        if not isinstance(c, str) or not pattern.fullmatch(c.lstrip("~")):
            raise ValueError(f"{c!r} is not a card of a {n}-player game (ELV.COMPONENTS)")

    def seat(v):
        if isinstance(v, bool) or not isinstance(v, int) or not 0 <= v < n:
            raise ValueError(f"{v!r} is not a seat of a {n}-player game")

    for p in st["players"]:
        for x in p["spread"]:
            if x is not None:
                card(x)
        for c in p["kitchen"]:
            card(c)
        if p["aside"] is not None:
            card(p["aside"])
    if st["centre"] is not None:
        card(st["centre"])
    if st["phase"] != "guests":
        for c in st["deck"]:
            card(c)
    for f in st["stack"]:
        card(f["card"])
        seat(f["owner"])
        for name, v in (f.get("names") or {}).items():
            if name in ("p", "q"):
                seat(v)
            else:
                card(v)
        if f.get("picked_back") is not None and f["picked_back"] not in LETTERS[:n]:
            raise ValueError("picked_back is the back of a set in play "
                             "(ELV.RULING.SANDWICHES-BACKS)")
    for e in st["seen"]:
        for v in e["to"]:
            seat(v)
        for c in e["cards"]:
            card(c)
        if e["by"] is not None:
            card(e["by"])


def check_things(st, n):
    """The seats and guests written are ones the game has (the rules profile's reading checks;
    check_cards makes the others)."""
    if st["dealing"] and not 0 <= st["dealing"][0] < n:
        raise ValueError("dealing names a seat of the game (ELV.ROUND.DEAL, ELV.GUESTS.DEAL)")
    if any(not isinstance(v, int) or not 0 <= v < n for v in st["reveal"]):
        raise ValueError("reveal names seats of the game (ELV.GUESTS.ASKED)")
    for p in st["players"]:
        if p["guest"] and p["guest"] not in GUESTS:
            raise ValueError(f"guest {p['guest']} is not a guest of this game (ELV.GUESTS.DEAL)")


def check_position(st, n):
    """Consistency 3-7 of the formats page: a position the rules can reach."""
    ph = st["phase"]
    P = st["players"]
    if ph == "over":
        if not st["winners"]:
            raise ValueError("a finished game names its winners (ELV.GAME.END)")
        return
    if ph in ("deal", "guests"):
        if not st["dealing"]:
            raise ValueError("a deal in progress names the seat dealt next in `dealing` "
                             "(ELV.ROUND.DEAL, ELV.GUESTS.DEAL)")
        seat, pos = st["dealing"]
        if ph == "deal":
            if not (0 <= seat < n and 2 <= pos <= 9):
                raise ValueError("a deal is at a seat and a position 2-9 (ELV.ROUND.DEAL)")
            for i, p in enumerate(P):
                upto = 10 if i < seat else (pos if i == seat else 2)
                for k, x in enumerate(p["spread"], start=1):
                    if 2 <= k < upto:
                        if x is None or LETTERS.index(setl(x)) != i:
                            raise ValueError("a seat is dealt its own set, in order "
                                             "(ELV.ROUND.DEAL)")
                    elif x is not None:
                        raise ValueError("nothing lies where no card was dealt (ELV.ROUND.DEAL)")
                if len(p["kitchen"]) != (3 if i < seat else 0):
                    raise ValueError("a dealt seat's kitchen holds 3 cards (ELV.ROUND.DEAL)")
        else:
            if not 0 <= seat < n or any(bool(p["guest"]) != (i < seat) for i, p in enumerate(P)):
                raise ValueError("guests are dealt in seat order (ELV.GUESTS.DEAL)")
            held = [p["guest"] for p in P if p["guest"]]
            if sorted(st["deck"]) != sorted(set(GUESTS) - set(held)) or len(held) != len(set(held)):
                raise ValueError("the guests to deal are those nobody holds (ELV.GUESTS.DEAL)")
            if any(len(p["kitchen"]) != 3 for p in P):
                raise ValueError("guests are dealt once the kitchens are (ELV.GUESTS.DEAL)")
        if (any(x and not x.startswith("~") for p in P for x in p["spread"])
                or any(p["aside"] for p in P) or st["centre"] or st["stack"]
                or any(p["revealed"] for p in P)):
            raise ValueError("while dealing nothing is face up, aside, in the centre or revealed, "
                             "and no effect runs (ELV.ROUND.DEAL)")
        return
    for i, p in enumerate(P):
        for k, x in enumerate(p["spread"], start=1):
            if x is None:
                if 2 <= k <= 9:
                    raise ValueError("positions 2-9 hold a card in a round (ELV.PLAY.POSITIONS)")
            elif not x.startswith("~"):
                if num(x) != k:
                    raise ValueError("a face-up card lies at its own position (ELV.PLAY.POSITIONS)")
            elif not 2 <= k <= 9:
                raise ValueError("positions 1 and 10 hold no face-down card (ELV.PLAY.POSITIONS)")
        mine = f"11{LETTERS[i]}"
        if mine not in p["kitchen"] and all(x is None or x.lstrip("~") != mine
                                            for x in p["spread"]):
            raise ValueError("a player's Elevenses stays with her (ELV.KEEP.ELEVENSES)")
        if not p["kitchen"] and p["aside"] is None:
            raise ValueError("a kitchen is never empty (ELV.RULING.EMPTY-KITCHEN)")
        if p["aside"] is not None and ph != "effect":
            raise ValueError("a card is set aside only in phase effect (ELV.PASS.SIMULTANEOUS)")
    if st["options"]["guests"]:
        held = [p["guest"] for p in P]
        if None in held or 0 in held or len(set(held)) != n or any(g not in GUESTS for g in held):
            raise ValueError("every player holds a different guest (ELV.GUESTS.DEAL)")
    elif any(p["guest"] for p in P) or any(p["revealed"] for p in P):
        raise ValueError("no guests without the option guests (ELV.GUESTS.DEAL)")
    if (ph == "effect") != bool(st["stack"]):
        raise ValueError("phase effect and only it has an effect in progress (ELV.PLAY.SPECIAL)")
    if ph == "reveal":
        asked = [i for i, p in enumerate(P) if p["guest"] and not p["revealed"]
                 and face_up_count(p) >= 3]
        if not st["reveal"] or any(i not in asked for i in st["reveal"]):
            raise ValueError("the seats asked hold a hidden guest and three face-up cards "
                             "(ELV.GUESTS.ASKED)")
    if st["centre"] is not None:
        raise ValueError("an Elevenses in the centre ends the round at once (ELV.END.ELEVENSES)")


def check_places(st, n):
    """Every card of the sets in play lies in exactly one place (formats page, Consistency)."""
    places = [] if st["phase"] == "guests" else list(st["deck"])
    for p in st["players"]:
        places += [x.lstrip("~") for x in p["spread"] if x] + list(p["kitchen"])
        if p["aside"]:
            places.append(p["aside"])
    if st["centre"]:
        places.append(st["centre"])
    if st["phase"] == "deal" and not st["deck"]:
        return  # a deal loaded without its deck: the undealt cards are those not placed
    if sorted(places, key=ckey) != sorted(all_cards(n), key=ckey):
        raise ValueError("every card must lie in exactly one place")


def placed(st, c):
    for p in st["players"]:
        if c in p["kitchen"] or c == p["aside"]:
            return True
        for x in p["spread"]:
            if x and x.lstrip("~") == c:
                return True
    return st["centre"] == c


# ---------------------------------------------------------------- helpers

def nplayers(st):
    return st["options"]["players"]


def face_up_count(p):
    return sum(1 for x in p["spread"] if x and not x.startswith("~"))


def value(p):
    v = sum(VALUES[num(x)] for x in p["spread"] if x and not x.startswith("~"))
    if p.get("revealed"):
        v += 2
    return v


def has_up_number(p, k):
    return any(x and not x.startswith("~") and num(x) == k for x in p["spread"])


def kitchen_add(p, c):
    p["kitchen"].append(c)
    p["kitchen"].sort(key=ckey)


def arrangements(st, seat):
    p = st["players"][seat]
    out = []
    for c in p["kitchen"]:
        for pos in range(2, 10):
            x = p["spread"][pos - 1]
            if x and x.startswith("~"):
                out.append(f"arrange {c} at {pos}")
    return out


def plays(st, seat):
    p = st["players"][seat]
    out = []
    for c in p["kitchen"]:
        k = num(c)
        if k == 11:
            if face_up_count(p) >= 4:
                out.append(f"play {c}")
        elif not has_up_number(p, k):
            out.append(f"play {c}")
    return out


def all_seats(st):
    return list(range(nplayers(st)))


# ---------------------------------------------------------------- effects

def decision(st):
    """The pending decision of the effect in phase effect: (player, options, optional)."""
    f = st["stack"][-1]
    k = num(f["card"])
    me = f["owner"]
    at = f["at"]
    names = f.get("names", {})
    n = nplayers(st)
    P = st["players"]
    if k == 2:
        if at == 1:
            return me, [f"player {i}" for i in range(n)], False
        p = P[names["p"]]
        up = sorted((x for x in p["spread"][1:9] if x and not x.startswith("~")), key=ckey)
        return me, [f"flip {x}" for x in up], False
    if k in (3, 9, 8) and at == 1:
        return me, [f"player {i}" for i in range(n) if i != me], False
    if k == 3:
        if at == 4:
            return me, [f"take {c}" for c in P[names["p"]]["kitchen"] if num(c) != 11], True
        return me, [f"give {c}" for c in P[me]["kitchen"] if num(c) != 11], False
    if k == 9:
        p = names["p"]
        if at == 4:
            return p, [f"take {c}" for c in P[me]["kitchen"] if num(c) != 11], True
        return p, [f"give {c}" for c in P[p]["kitchen"] if num(c) != 11], False
    if k == 5:
        return me, arrangements(st, me), True
    if k in (6, 7):
        q = names["q"]
        return q, [f"pass {c}" for c in P[q]["kitchen"] if num(c) != 11], False
    if k == 8:
        p = names["p"]
        if at == 2:
            backs = sorted({setl(c) for c in P[me]["kitchen"]})
            return p, [f"pick {b}" for b in backs], False
        if at == 3:
            b = f["picked_back"]
            return -1, [f"draw {c}" for c in P[me]["kitchen"] if setl(c) == b], False
        return p, [f"give {c}" for c in P[p]["kitchen"] if num(c) != 11], True
    raise RuntimeError("no decision")


def add_seen(st, to, kind, player, position, cards, by):
    st["seen"].append({"to": list(to), "kind": kind, "player": player, "position": position,
                       "cards": list(cards), "by": by})


def advance(st):
    """Carry out the effect's statements that ask nothing; stop at a decision or the end."""
    while st["stack"]:
        f = st["stack"][-1]
        k = num(f["card"])
        me = f["owner"]
        at = f["at"]
        names = f.setdefault("names", {})
        P = st["players"]
        n = nplayers(st)
        if k == 2:
            if at == 1:
                return
            cands = [x for x in P[names["p"]]["spread"][1:9] if x and not x.startswith("~")]
            if not cands:
                return finish_effect(st)
            if len(cands) == 1:
                flip(st, f, cands[0])
                return finish_effect(st)
            return
        if k in (3, 8, 9) and at == 1:
            if n == 2:
                names["p"] = 1 - me
                after_player(st, f)
                continue
            return
        if k == 3 and at == 5 or k == 9 and at == 5:
            _, opts, _ = decision(st)
            if not opts:
                return finish_effect(st)
            return
        if k == 5:
            if at == 1:
                f["at"] = 2
                f["rounds"] = {"1": 0}
                continue
            if f["rounds"]["1"] >= 3:
                return finish_effect(st)
            return
        if k in (6, 7):
            rounds = f.setdefault("rounds", {"1": 0})
            done = rounds["1"]
            if done >= n:
                pass_aside(st, f, 1 if k == 6 else -1)
                return finish_effect(st)
            q = (me + done) % n
            names["q"] = q
            if any(num(c) != 11 for c in P[q]["kitchen"]):
                f["at"] = 3
                return
            add_seen(st, all_seats(st), "kitchen", q, 0, P[q]["kitchen"], f["card"])
            rounds["1"] = done + 1
            f["at"] = 1
            continue
        if k == 8:
            if at == 2:
                backs = sorted({setl(c) for c in P[me]["kitchen"]})
                if len(backs) == 1:
                    f["picked_back"] = backs[0]
                    f["at"] = 3
                    continue
                return
            return
        if k == 10:
            add_seen(st, all_seats(st), "kitchen", me, 0, P[me]["kitchen"], f["card"])
            return finish_effect(st)
        if k in (1, 4):
            return finish_effect(st)
        return


def after_player(st, f):
    k = num(f["card"])
    me = f["owner"]
    p = f["names"]["p"]
    P = st["players"]
    if k == 2:
        f["at"] = 2
    elif k == 3:
        add_seen(st, [me], "kitchen", p, 0, P[p]["kitchen"], f["card"])
        f["at"] = 4
    elif k == 9:
        add_seen(st, [p], "kitchen", me, 0, P[me]["kitchen"], f["card"])
        f["at"] = 4
    elif k == 8:
        f["at"] = 2


def flip(st, f, card):
    p = f["names"]["p"]
    sp = st["players"][p]["spread"]
    i = sp.index(card)
    sp[i] = "~" + card
    add_seen(st, all_seats(st), "flipped", p, i + 1, [card], f["card"])


def exchange(st, f, giver, receiver_of_gift, gift, other_card):
    """`giver` gives `gift` to `receiver_of_gift`, who gives `other_card` back."""
    P = st["players"]
    P[giver]["kitchen"].remove(gift)
    P[receiver_of_gift]["kitchen"].remove(other_card)
    kitchen_add(P[receiver_of_gift], gift)
    kitchen_add(P[giver], other_card)
    add_seen(st, [giver], "gave", receiver_of_gift, 0, [gift], f["card"])


def pass_aside(st, f, d):
    n = nplayers(st)
    P = st["players"]
    passers = [s for s in range(n) if P[s]["aside"] is not None]
    moves = []
    for s in passers:
        t = (s + d) % n
        while t != s and P[t]["aside"] is None:
            t = (t + d) % n
        moves.append((s, t, P[s]["aside"]))
    for s, t, c in moves:
        kitchen_add(P[t], c)
        P[s]["aside"] = None
        if t != s:
            add_seen(st, [s], "gave", t, 0, [c], f["card"])


def finish_effect(st):
    f = st["stack"].pop()
    end_turn(st, f["owner"])


def end_turn(st, seat, played=True):
    if played and st["options"]["edition"] == "fr" and st["announced"] is not None:
        st["announced"][seat] = value(st["players"][seat])
    st["stack"] = []
    n = nplayers(st)
    asked = []
    if st["options"]["guests"]:
        seats = [seat] if st["options"]["edition"] == "fr" else [(seat + i) % n for i in range(n)]
        for q in seats:
            p = st["players"][q]
            if p["guest"] is not None and not p["revealed"] and face_up_count(p) >= 3:
                asked.append(q)
    if asked:
        st["phase"] = "reveal"
        st["reveal"] = asked
        return
    st["phase"] = "turn"
    st["turn"] = (st["turn"] + 1) % n


def guest_complete(st, seat):
    p = st["players"][seat]
    g = GUESTS.get(p["guest"])
    return g is not None and all(has_up_number(p, k) for k in g["wants"])


def expected_kind(f):
    k = num(f["card"])
    at = f["at"]
    if at == 1 and k in (2, 3, 8, 9):
        return "player"
    if k == 2:
        return "flip"
    if k in (3, 9):
        return "take" if at == 4 else "give"
    if k == 5:
        return "arrange"
    if k in (6, 7):
        return "setaside"
    return {2: "pick", 3: "draw"}.get(at, "give")


def source(st, f):
    """The kitchen a take/give/pass choice of the effect ranges over."""
    k = num(f["card"])
    names = f["names"]
    P = st["players"]
    if k in (6, 7):
        return P[names["q"]]["kitchen"]
    taker_side = names.get("p", f["owner"])
    if k == 3:
        return P[taker_side if f["at"] == 4 else f["owner"]]["kitchen"]
    if k == 9:
        return P[f["owner"] if f["at"] == 4 else taker_side]["kitchen"]
    return P[taker_side]["kitchen"]


def effect_act(st, kind, arg, text):
    f = st["stack"][-1]
    k = num(f["card"])
    me = f["owner"]
    names = f["names"]
    player, opts, optional = decision(st)
    if player == -1:
        if kind != "draw":
            raise Violation("ELV.PROCEDURE", f"{text!r}: a card is drawn blind now")
    elif kind in ("draw", "deal", "guest", "play", "reveal"):
        raise Violation("ELV.PROCEDURE", f"{text!r} is not a choice of the effect")
    if kind == "setaside" and optional and expected_kind(f) != "setaside":
        raise Violation(CARD_RULE[k], f"{text!r} is not offered by the card")
    if kind not in ("pass", expected_kind(f)):
        raise Violation("ELV.PROCEDURE", f"{text!r} is not the choice asked now")
    if kind == "pass":
        if not optional:
            raise Violation("ELV.EFFECT.MANDATORY", "this choice must be made")
        if k == 3 or k == 9 or k == 5 or k == 8:
            return finish_effect(st)
    if text not in opts:
        if kind == "player" and arg == me and k in (3, 8, 9):
            raise Violation("ELV.RULING.CHOOSE-SELF", "choose another player")
        if kind in ("take", "give", "setaside") and num(arg) == 11 and arg in source(st, f):
            raise Violation("ELV.KEEP.ELEVENSES", "Elevenses never changes hands")
        if kind == "flip" and k == 2 and "p" in names:
            sp = st["players"][names["p"]]["spread"]
            if arg in (sp[0], sp[9]):
                raise Violation("ELV.RULING.TEA-POSITIONS", "Tea flips positions 2-9 only")
        raise Violation(CARD_RULE[k], f"{text!r} is not offered by the card")
    P = st["players"]
    if kind == "player":
        names["p"] = arg
        after_player(st, f)
    elif kind == "flip":
        flip(st, f, arg)
        return finish_effect(st)
    elif kind == "take":
        names["taken"] = arg
        f["at"] = 5
    elif kind == "give":
        if k == 3:
            exchange(st, f, me, names["p"], arg, names["taken"])
        elif k == 9:
            exchange(st, f, names["p"], me, arg, names["taken"])
        elif k == 8:
            exchange(st, f, names["p"], me, arg, names["drawn"])
        return finish_effect(st)
    elif kind == "arrange":
        c, pos = arg
        do_arrange(st, me, c, pos, None)  # a placed card is remembered with by: null
        f["rounds"]["1"] += 1
    elif kind == "setaside":  # Fine China, Biscuits
        q = names["q"]
        P[q]["kitchen"].remove(arg)
        P[q]["aside"] = arg
        f["rounds"]["1"] += 1
        f["at"] = 1
    elif kind == "pick":
        f["picked_back"] = arg
        f["at"] = 3
    elif kind == "draw":
        names["drawn"] = arg
        p = names["p"]
        add_seen(st, [p], "card", me, 0, [arg], f["card"])
        if num(arg) == 11:
            return finish_effect(st)
        f["at"] = 7
    advance(st)


def do_arrange(st, seat, c, pos, by):
    p = st["players"][seat]
    old = p["spread"][pos - 1][1:]
    p["kitchen"].remove(c)
    p["spread"][pos - 1] = "~" + c
    kitchen_add(p, old)
    add_seen(st, [seat], "placed", seat, pos, [c], by)


# ---------------------------------------------------------------- scoring

def score_round(st, ender):
    n = nplayers(st)
    P = st["players"]
    vals = [value(p) for p in P]
    places = [0] * n
    top = max(vals)
    tops = [i for i in range(n) if vals[i] == top]
    if len(tops) > 1:
        for i in tops:
            places[i] = 1
    else:
        places[tops[0]] = 2
        if n >= 3:
            rest = [v for i, v in enumerate(vals) if i != tops[0]]
            sec = max(rest)
            secs = [i for i in range(n) if i != tops[0] and vals[i] == sec]
            if len(secs) == 1:
                places[secs[0]] = 1
    trolley = [1 if has_up_number(p, 1) else 0 for p in P]
    paid = [0] * n
    order = [(st["server"] + i) % n for i in range(n)]
    awards = [(i, 2) for i in order if places[i] == 2] + [(i, 1) for i in order if places[i] == 1]
    awards += [(i, 1) for i in order if trolley[i]]
    for i, a in awards:
        g = min(a, st["bowl"])
        st["bowl"] -= g
        P[i]["cubes"] += g
        paid[i] += g
    st["last_round"] = {"round": st["round"], "values": vals, "places": places,
                        "trolley": trolley, "paid": paid, "ended_by": ender}
    cubes = [p["cubes"] for p in P]
    most = max(cubes)
    leaders = [i for i in range(n) if cubes[i] == most]
    over = False
    if st["bowl"] == 0:
        over = True
    elif most >= st["options"]["target"]:
        over = not (st["options"]["outright"] and len(leaders) > 1)
    if over:
        st["phase"] = "over"
        st["winners"] = leaders
        st["stack"] = []
        return
    fewest = min(cubes)
    h = st["server"]
    new = h
    for i in range(1, n + 1):
        s = (h + i) % n
        if cubes[s] == fewest:
            new = s
            break
    st["server"] = new
    st["round"] += 1
    new_round_fields(st)


# ---------------------------------------------------------------- actions

def parse(st, text):
    n = nplayers(st)
    w = text.split()
    c = card_re(n)
    j = " ".join(w)
    m = re.fullmatch(r"(play|take|give|pass|flip|draw|deal) " + c, j)
    if m:
        kind = "setaside" if m.group(1) == "pass" else m.group(1)
        return kind, m.group(2) + m.group(3)
    m = re.fullmatch(r"arrange " + c + r" at (10|[1-9])", j)
    if m:
        pos = int(m.group(3))
        if pos in (1, 10):
            raise Violation("ELV.ARRANGE.POSITIONS", "arrange at positions 2-9 only")
        return "arrange", (m.group(1) + m.group(2), pos)
    if j in ("pass", "reveal"):
        return j, None
    m = re.fullmatch(r"player ([0-9])", j)
    if m and int(m.group(1)) < n:
        return "player", int(m.group(1))
    m = re.fullmatch(r"pick ([" + LETTERS[:n] + "])", j)
    if m:
        return "pick", m.group(1)
    m = re.fullmatch(r"guest ([1-9][0-9]?)", j)
    if m:
        return "guest", int(m.group(1))
    raise Violation("ELV.ACTIONS", f"{text!r} is not an Elevenes action")


def apply(st, text):
    kind, arg = parse(st, text)
    ph = st["phase"]
    if ph == "over":
        raise Violation("ELV.GAME.END", "the game is over")
    if ph == "arrange" and kind == "play":
        raise Violation("ELV.ARRANGE.SECOND", "after an arrange action only a second one or pass")
    if ph == "effect":
        return effect_act(st, kind, arg, text)
    if ph == "deal":
        if kind != "deal":
            raise Violation("ELV.PROCEDURE", "a card is dealt now")
        s, pos = st["dealing"]
        if arg not in st["deck"] or setl(arg) != LETTERS[s]:
            raise Violation("ELV.ROUND.DEAL", f"{arg} is not waiting to be dealt")
        st["deck"].remove(arg)
        p = st["players"][s]
        p["spread"][pos - 1] = "~" + arg
        pos += 1
        if pos > 9:
            rest = [x for x in st["deck"] if setl(x) == LETTERS[s]]
            for x in rest:
                st["deck"].remove(x)
                kitchen_add(p, x)
            s += 1
            pos = 2
        if s >= nplayers(st) and st["options"]["guests"]:
            st["phase"] = "guests"
            st["dealing"] = [0, 0]
            st["deck"] = sorted(GUESTS)
        elif s >= nplayers(st):
            st["dealing"] = None
            st["deck"] = []
            st["phase"] = "turn"
            st["turn"] = st["server"]
        else:
            st["dealing"] = [s, pos]
        return
    if ph == "guests":
        if kind != "guest":
            raise Violation("ELV.PROCEDURE", "a guest is dealt now")
        if arg not in st["deck"]:
            raise Violation("ELV.GUESTS.DEAL", f"guest {arg} is not waiting to be dealt")
        s = st["dealing"][0]
        st["deck"].remove(arg)
        st["players"][s]["guest"] = arg
        if s + 1 >= nplayers(st):
            st["dealing"] = None
            st["deck"] = []
            st["phase"] = "turn"
            st["turn"] = st["server"]
        else:
            st["dealing"] = [s + 1, 0]
        return
    if ph == "reveal":
        if kind not in ("reveal", "pass"):
            raise Violation("ELV.PROCEDURE", "reveal or pass now")
        seat = st["reveal"][0]
        if kind == "reveal":
            if not guest_complete(st, seat):
                raise Violation("ELV.GUESTS.REVEAL", "the guest's three cards are not face up")
            st["players"][seat]["revealed"] = True
        st["reveal"].pop(0)
        if not st["reveal"]:
            st["phase"] = "turn"
            st["turn"] = (st["turn"] + 1) % nplayers(st)
        return
    if ph == "turn" or ph == "arrange":
        seat = st["turn"]
        p = st["players"][seat]
        if kind not in ("play", "arrange", "pass") or (ph == "arrange" and kind == "play"):
            raise Violation("ELV.PROCEDURE", f"{text!r} is not a move now")
        if kind == "play":
            if arg not in p["kitchen"]:
                raise Violation("ELV.PLAY.FROM-KITCHEN", f"{arg} is not in your kitchen")
            k = num(arg)
            if k == 11 and face_up_count(p) < 4:
                raise Violation("ELV.CARD.ELEVENSES", "Elevenses needs four face-up cards")
            if k != 11 and has_up_number(p, k):
                raise Violation("ELV.PLAY.NO-COPY", f"a {k} is already face up")
            p["kitchen"].remove(arg)
            if k == 11:
                st["centre"] = arg
                return score_round(st, seat)
            old = p["spread"][k - 1]
            if old and old.startswith("~"):
                kitchen_add(p, old[1:])
            p["spread"][k - 1] = arg
            if k in (1, 4):
                return end_turn(st, seat)
            st["phase"] = "effect"
            st["stack"] = [{"card": arg, "event": "play", "owner": seat, "at": 1, "names": {}}]
            return advance(st)
        if kind == "arrange":
            c, pos = arg
            if c not in p["kitchen"]:
                raise Violation("ELV.ARRANGE.ACTION", f"{c} is not in your kitchen")
            x = p["spread"][pos - 1]
            if not (x and x.startswith("~")):
                raise Violation("ELV.ARRANGE.FACE-DOWN", f"no face-down card at {pos}")
            do_arrange(st, seat, c, pos, None)
            if ph == "turn":
                st["phase"] = "arrange"
            else:
                end_turn(st, seat, played=False)
            return
        # pass
        if ph == "arrange":
            return end_turn(st, seat, played=False)
        if plays(st, seat) or arrangements(st, seat):
            raise Violation("ELV.TURN.PASS", "a move is possible")
        return end_turn(st, seat, played=False)
    raise Violation("ELV.PROCEDURE", f"{text!r} is not a move now")


def legal(st):
    ph = st["phase"]
    if ph == "over":
        return []
    if ph == "deal":
        s = st["dealing"][0]
        return [f"deal {c}" for c in st["deck"] if setl(c) == LETTERS[s]]
    if ph == "guests":
        return [f"guest {g}" for g in st["deck"]]
    if ph == "reveal":
        return ["pass", "reveal"] if guest_complete(st, st["reveal"][0]) else ["pass"]
    if ph == "turn":
        acts = plays(st, st["turn"]) + arrangements(st, st["turn"])
        return acts or ["pass"]
    if ph == "arrange":
        return arrangements(st, st["turn"]) + ["pass"]  # the order of the reference
    if ph == "effect":
        _, opts, optional = decision(st)
        return (["pass"] if optional else []) + opts
    return []


def current_player(st):
    ph = st["phase"]
    if ph == "over":
        return -4
    if ph in ("deal", "guests"):
        return -1
    if ph == "effect":
        return decision(st)[0]
    if ph == "reveal":
        return st["reveal"][0]
    return st["turn"]


def doc(st):
    d = copy.deepcopy(st)
    for f in d["stack"]:
        if not f.get("names"):
            f.pop("names", None)
    cp = current_player(st)
    d["choice"] = {"player": cp, "options": legal(st)} if st["phase"] == "effect" else None
    return d


def observe(st, v):
    n = nplayers(st)
    if not isinstance(v, int) or not 0 <= v < n:
        raise ValueError(f"no player {v} in a {n}-player game")
    players = []
    for i, p in enumerate(st["players"]):
        sugar = i == v and has_up_number(p, 4)
        spread = []
        for x in p["spread"]:
            if x and x.startswith("~") and not sugar:
                x = "~" + setl(x)
            spread.append(x)
        kitchen = list(p["kitchen"]) if i == v else sorted(setl(c) for c in p["kitchen"])
        aside = p["aside"]
        if aside is not None and i != v:
            aside = setl(aside)
        guest = None
        if p["guest"] is not None:
            if i == v or p["revealed"]:
                g = GUESTS.get(p["guest"], {"name": "", "wants": []})
                guest = {"number": p["guest"], "name": g["name"], "wants": g["wants"],
                         "revealed": p["revealed"]}
            else:
                guest = {"hidden": True}
        players.append({"cubes": p["cubes"], "spread": spread, "kitchen": kitchen,
                        "aside": aside, "guest": guest, "value": value(p)})
    ph = st["phase"]
    cp = current_player(st)
    if ph in ("turn", "arrange"):
        to_move = st["turn"]
    elif cp == v:
        to_move = v
    else:
        to_move = None
    return {"game": "elevenes", "options": st["options"], "viewer": v, "round": st["round"],
            "phase": "deal" if ph in ("deal", "guests") else ("over" if ph == "over" else "play"),
            "turn": st["turn"], "server": st["server"], "bowl": st["bowl"], "players": players,
            "centre": st["centre"],
            "resolving": st["stack"][-1]["card"] if st["stack"] else None,
            "to_move": to_move, "legal": legal(st) if cp == v else [],
            "seen": [s for s in st["seen"] if v in s["to"]],
            "announced": st["announced"], "last_round": st["last_round"],
            "winners": st["winners"]}


def perft(st, depth):
    divide = {}
    acts = legal(st)
    counts = [0] * depth
    for a in acts:
        t = copy.deepcopy(st)
        apply(t, a)
        if depth == 1:
            divide[a] = 1
        else:
            divide[a] = sub(t, depth - 1, counts, 1)
    counts[0] = len(acts)
    return counts, divide


def sub(s, d, counts, level):
    """Count sequences of d actions from s; add the level counts into counts[level:]."""
    acts = legal(s)
    if not acts:
        for i in range(level, level + d):
            counts[i] += 1
        return 1
    counts[level] += len(acts)
    if d == 1:
        return len(acts)
    total = 0
    for a in acts:
        t = copy.deepcopy(s)
        apply(t, a)
        total += sub(t, d - 1, counts, level + 1)
    return total


def terminal(st):
    return st["phase"] == "over"


def returns(st):
    n = nplayers(st)
    return [1.0 if terminal(st) and i in st["winners"] else 0.0 for i in range(n)]


# ---------------------------------------------------------------- protocol

def main():
    st = None
    options = None
    for line in sys.stdin:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
        except ValueError:
            print(json.dumps({"seq": None, "ok": False, "error": "not JSON"}), flush=True)
            continue
        seq = req.get("seq") if isinstance(req, dict) else None
        cmd = req.get("cmd") if isinstance(req, dict) else None
        reply = {"seq": seq, "ok": True}
        try:
            if cmd == "start":
                if req.get("game") != "elevenes":
                    raise Unsupported(f"game {req.get('game')!r} is not implemented")
                options = req.get("options") or {}
                readings = sorted(k for k in options if str(k).startswith("reading."))
                if readings:  # this program plays the decided readings only (docs/readings.md)
                    raise Unsupported(f"the reading option {readings[0]} is not implemented")
                st = new_game(options)
                GUESTS.clear()
                if req.get("guest_cards") is not None:  # the guests in play, sent by the runner
                    GUESTS.update({g["number"]: {"name": g["name"], "wants": g["wants"]}
                                   for g in req["guest_cards"]})
                else:
                    GUESTS.update(guests_of(st["options"]))
                reply["num_players"] = nplayers(st)
                reply["profiles"] = DECLARED
            elif cmd == "stop":
                pass
            elif cmd == "chances":  # optional: the probabilities of the chance outcomes
                raise Unsupported("chances is not implemented")
            elif st is None:
                raise ValueError("no game started")
            elif cmd == "setup":
                st = load(req["state"], options)
            elif cmd == "act":
                t = copy.deepcopy(st)
                try:
                    apply(t, req["action"])
                    st = t
                except Violation as v:
                    reply = {"seq": seq, "ok": False, "violation": v.rule, "message": str(v)}
            elif cmd == "legal":
                reply["actions"] = legal(st)
            elif cmd == "state":
                reply.update(state=doc(st), terminal=terminal(st), returns=returns(st),
                             current_player=current_player(st),
                             score=st["players"][0]["cubes"])
            elif cmd == "observe":
                reply["observation"] = observe(st, req["player"])
            elif cmd == "perft":
                reply["counts"], reply["divide"] = perft(st, int(req["depth"]))
            else:
                raise ValueError(f"unknown cmd {cmd!r}")
        except Unsupported as exc:
            reply = {"seq": seq, "ok": False, "unsupported": True, "error": str(exc)}
        except Exception as exc:  # noqa: BLE001
            reply = {"seq": seq, "ok": False, "error": f"{type(exc).__name__}: {exc}"}
        print(json.dumps(reply), flush=True)
        if cmd == "stop":
            break


if __name__ == "__main__":
    main()
