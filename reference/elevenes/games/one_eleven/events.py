"""What happened in a game of 111, in a player's words: the event log of the terminal, and
the tally of the reward paths that ``elevenes analyse 111`` counts.

``describe(before, after, text, viewer)`` compares two views of the table (``to_json``, or
``observation(viewer)``) around one action and says what changed and why: a strike with its
points against shield and health, a knock-out, a boss beaten and each part of its reward, a
party beaten and what it cost, a surrender, a triumph with the bank's share, diamonds sold,
the bail-out.  It reads only what every player sees (coins, bosses, parties, the fight), so
a hidden hand stays hidden.
"""

from __future__ import annotations

from typing import Any

from ...core.api import Json
from .cards import BOSS_BONUS, BOSS_VALUE, RANKS, STORE_COST, STORE_ITEMS, decks_for

BOSS_RANK = {"J": 9, "Q": 10, "K": 11}
KIND = {"J": "jack", "Q": "queen", "K": "king"}

# the reward and penalty paths counted by the analysis (PATHS order is the report's)
PATHS = (
    "boss beaten", "lone boss +5", "last of its kind +11", "exact kill +11",
    "party beaten by a boss", "surrender", "triumph over a player", "bank pays shortfall",
    "diamonds sold", "bail-out",
)


def seat_name(seat: int, viewer: int | None) -> str:
    return "you" if seat == viewer else f"P{seat}"


def _striker(before: Json, text: str) -> tuple[str, int] | None:
    """The side striking and its die, when ``text`` makes a strike happen."""
    pending = before["pending"]
    if pending["asking"] == "roll" and text.startswith("roll"):
        return str(pending["side"]), int(text.split()[1])
    if pending["asking"] == "store":
        side = "attacker" if pending["player"] == before["active"] else "target"
        return side, int(pending["roll"])
    return None


def fought_index(fight: Json, bosses: list[Any]) -> int:
    """The index in its pile of the boss a fight is against: the top one, or the one ``depth``
    names (G111.RULING.WHICH-BOSS (a), (c))."""
    return len(bosses) - int(fight["target"].get("depth", 1))


def bought_units(text: str) -> int:
    """The units a store action buys: ``buy shield`` 1, ``buy shield 2`` 2
    (G111.RULING.ONE-PER-ROLL (b))."""
    words = text.split()
    return int(words[2]) if len(words) == 3 else 1


def _fighter(doc: Json, side: str) -> tuple[str, dict[str, Any] | None]:
    """The name and figures (shield, health, attack) of one side of the fight in ``doc``."""
    active = int(doc["active"])
    fight = doc["fight"]
    if side == "attacker":
        return f"P{active}", doc["players"][active]["party"]
    target = fight["target"]
    if "boss" in target:
        bosses = doc["bosses"][target["boss"]]
        if not bosses:
            return target["boss"], None
        top = bosses[fought_index(fight, bosses)]
        return top["card"], {"shield": top["shield"], "health": top["health"],
                             "attack": top.get("attack", BOSS_VALUE[BOSS_RANK[target["boss"]]])}
    return f"P{target['player']}", doc["players"][target["player"]]["party"]


def describe(before: Json, after: Json, text: str, viewer: int | None = None) -> list[str]:
    """The lines of what ``text`` did between the views ``before`` and ``after``."""
    lines: list[str] = []
    if text.startswith("buy ") and text != "buy nothing":
        item = text.split()[1]
        lines.append(f"{seat_name(before['pending']['player'], viewer)} buys "
                     f"+{bought_units(text)} {item} at the store")
    strike = _striker(before, text)
    if strike is not None and before["fight"] is not None and text != "surrender" and \
            after["pending"]["asking"] != "store":  # after a roll the store may come first
        lines.extend(_strike_lines(before, after, strike[0], strike[1], viewer, text))
    if text.startswith("discount ") and text != "discount none":
        _, attribute, points = text.split()
        lines.append(f"{seat_name(before['pending']['player'], viewer)} pays {points} "
                     f"coin(s) for +{points} {attribute} (defender's discount)")
    for _path, line in reward_paths(before, after, text, viewer):
        if line:
            lines.append(line)
    return [second_person(line) for line in lines]


YOU = {f"you {verb}s": f"you {verb}" for verb in (
    "buy", "pay", "strike", "beat", "sell", "surrender", "triumph")}
YOU.update({"you has": "you have", "you's": "your"})


def second_person(line: str) -> str:
    """"you strikes" -> "you strike", "you's party" -> "your party"."""
    for wrong, right in YOU.items():
        line = line.replace(wrong, right)
    return line[0].upper() + line[1:] if line.startswith("you") else line


def _strike_lines(before: Json, after: Json, side: str, die: int,
                  viewer: int | None, text: str = "") -> list[str]:
    who, striker = _fighter(before, side)
    struck_side = "target" if side == "attacker" else "attacker"
    name, old = _fighter(before, struck_side)
    if striker is None or old is None:
        return []
    if who.startswith("P"):
        who = seat_name(int(who[1:]), viewer)
        # the attack before the strike, with what the store sold just before it (a roll that
        # stays in the attack, G111.RULING.ROLL-PER-STRIKE (b), is added after)
        attack = striker["attack"] + (bought_units(text) if text.startswith("buy attack") else 0)
    else:
        attack = striker["attack"]
    if name.startswith("P"):
        name = seat_name(int(name[1:]), viewer)
    points = attack + die
    line = f"{who} strikes {name}: {attack} + die {die} = {points}"
    shield, health = old["shield"], old["health"]
    if shield > 0 and points == shield:
        return [line + f" = shield {shield}: knocked out! {who} strikes again"]
    if points < shield:
        return [line + f" < shield {shield}: shield down to {shield - points}"]
    through = points - shield
    if health == 0:  # a party without hearts (or a discount) has no health: any hit beats it
        return [line + (f", {shield} on the shield" if shield else "") + ": no health to lose"]
    left = max(0, health - through)
    line += (f", {shield} on the shield, {through} on health" if shield else
             ", all on health") + f": health {health} -> {left}"
    if health - through == 0:
        line += " (exactly 0)"
    return [line]


def reward_paths(before: Json, after: Json, text: str,
                 viewer: int | None = None) -> list[tuple[str, str]]:
    """The reward and penalty paths that paid on this action, each with its line."""
    found: list[tuple[str, str]] = []
    active = int(before["active"])
    gained = [a["coins"] - b["coins"] for b, a in zip(before["players"], after["players"],
                                                          strict=True)]
    issued = after["bank"]["issued"] - before["bank"]["issued"]
    if text.startswith("buy ") and text != "buy nothing":  # the purchase, then the strike
        buyer = int(before["pending"]["player"])
        gained[buyer] += STORE_COST[STORE_ITEMS.index(text.split()[1])] * bought_units(text)
    me = seat_name(active, viewer)
    fight = before["fight"]
    if text.startswith("coins "):
        found.append(("diamonds sold", f"{me} sells {text[6:]}: +11 coins from the bank"))
    if fight is not None and "boss" in fight["target"]:
        slot = fight["target"]["boss"]
        old, new = before["bosses"][slot], after["bosses"][slot]
        party = before["players"][active]["party"]
        at = fought_index(fight, old)
        if len(new) < len(old):
            boss = old[at]
            rank = BOSS_RANK[slot]
            parts = [f"money {party['money']}", f"{KIND[slot]} bonus {BOSS_BONUS[rank]}"]
            extra: list[tuple[str, str]] = []
            if not new:
                parts.append("lone boss 5")
                extra.append(("lone boss +5", ""))
            rest = issued - party["money"] - BOSS_BONUS[rank] - (0 if new else 5)
            if rest in (11, 22) and _last_of_kind(after, slot):
                parts.append(f"last {KIND[slot]} 11")
                extra.append(("last of its kind +11", ""))
                rest -= 11
            if rest == 11:
                parts.append("exact kill 11")
                extra.append(("exact kill +11", ""))
            if boss["coins"]:
                parts.append(f"the boss's {boss['coins']} coins")
            found.append(("boss beaten", f"{me} beats {boss['card']}: +{gained[active]} coins "
                                         f"({' + '.join(parts)})"))
            found.extend(extra)
        elif new and new[at]["coins"] > old[at]["coins"]:
            paid = new[at]["coins"] - old[at]["coins"]
            if text == "surrender":
                found.append(("surrender", f"{me} surrenders: pays {paid} coin(s) (half the "
                                           f"money) to {new[at]['card']}"))
            else:
                found.append(("party beaten by a boss",
                              f"{new[at]['card']} beats {me}'s party: {paid} coin(s) (the "
                              "party's money, as far as the coins go) go onto the boss"))
        elif text == "surrender":
            found.append(("surrender", f"{me} surrenders: no coins to pay"))
        elif after["fight"] is None and all(g == 0 for g in gained) \
                and text.startswith(("roll", "buy")):
            found.append(("party beaten by a boss",
                          f"{old[at]['card']} beats {me}'s party: no coins to lose"))
    elif fight is not None and after["fight"] is None:
        target = int(fight["target"]["player"])
        them = seat_name(target, viewer)
        if text == "surrender":
            found.append(("surrender", f"{them} surrenders: pays {gained[active]} coin(s) "
                                       f"(half the money) to {me}"))
        else:
            winner = active if gained[active] > 0 else target
            loser = target if winner == active else active
            paid = -gained[loser]
            line = (f"{seat_name(winner, viewer)} triumphs over {seat_name(loser, viewer)}: "
                    f"+{gained[winner]} coins ({paid} from {seat_name(loser, viewer)}")
            owed = max(p["party"]["money"] for p in (before["players"][active],
                                                     before["players"][target]))
            flags: list[tuple[str, str]] = []
            if paid < owed:
                flags.append(("bank pays shortfall", ""))
                line += f", {owed - paid} from the bank"
            if gained[winner] == owed + 11:
                flags.append(("exact kill +11", ""))
                line += ", exact kill 11 from the bank"
            found.append(("triumph over a player", line + ")"))
            found.extend(flags)
    bail = _bail_outs(before, after)
    if bail:
        for p, (b, a) in enumerate(zip(before["players"], after["players"], strict=True)):
            if a["coins"] - b["coins"] == 11 and _is_bail_out(before, after, p):
                found.append(("bail-out", f"{seat_name(p, viewer)} has no coins: 11 from "
                                          "the bank (bail-out)"))
    return found


def _last_of_kind(after: Json, slot: str) -> bool:
    """Whether the boss beaten was the last of its kind (every copy now defeated)."""
    decks = decks_for(len(after["players"]))  # a player's view names no options
    face = RANKS[BOSS_RANK[slot]]
    return sum(1 for c in after["defeated"] if c[:-1] == face) == 4 * decks


def _is_bail_out(before: Json, after: Json, p: int) -> bool:
    return bool(before["turn"] != after["turn"] or after["pending"]["asking"] == "over") and \
        before["players"][p]["coins"] == 0


def _bail_outs(before: Json, after: Json) -> int:
    """The coins the bank paid as bail-outs between the two views."""
    if before["turn"] == after["turn"] and after["pending"]["asking"] != "over":
        return 0
    return 11 * sum(1 for b, a in zip(before["players"], after["players"], strict=True)
                    if b["coins"] == 0 and a["coins"] >= 11)


__all__ = ["PATHS", "describe", "reward_paths", "seat_name"]
