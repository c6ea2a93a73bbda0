"""The pin triangle: spot letters, the adjacency graph and the pin sets one ball card may take.

    A B C D        back row           (BWL.SETUP.PINS)
     E F G
      H I
       J           head pin

Two spots are adjacent when they touch in the triangle: neighbours in a row, and each spot
with the two spots of the row behind it that it sits between (BWL.PIN.ADJACENCY,
BWL.RULING.ADJACENCY).  Sets of spots are 10-bit masks, bit ``i`` for ``PINS[i]``.
"""

from __future__ import annotations

from itertools import combinations

PINS = "ABCDEFGHIJ"
PIN_INDEX = {letter: i for i, letter in enumerate(PINS)}
FULL = (1 << 10) - 1

# BWL.PIN.ADJACENCY: the 18 edges of the triangle.
EDGES: tuple[tuple[str, str], ...] = (
    ("A", "B"), ("B", "C"), ("C", "D"), ("E", "F"), ("F", "G"), ("H", "I"),  # within rows
    ("A", "E"), ("B", "E"), ("B", "F"), ("C", "F"), ("C", "G"), ("D", "G"),  # back to 2nd row
    ("E", "H"), ("F", "H"), ("F", "I"), ("G", "I"),  # 2nd to 3rd row
    ("H", "J"), ("I", "J"),  # 3rd row to the head pin
)  # fmt: skip

BACK_ROW = 0b1111  # A B C D (BWL.FIRST.BACK-ROW)
CENTRE = 1 << PIN_INDEX["F"]  # F (BWL.FIRST.CENTRE)


def _neighbours() -> tuple[int, ...]:
    masks = [0] * 10
    for a, b in EDGES:
        i, j = PIN_INDEX[a], PIN_INDEX[b]
        masks[i] |= 1 << j
        masks[j] |= 1 << i
    return tuple(masks)


NEIGHBOURS: tuple[int, ...] = _neighbours()
"""NEIGHBOURS[i]: the mask of the spots adjacent to spot i."""


def _touch_table() -> tuple[int, ...]:
    table = [0] * (FULL + 1)
    for mask in range(1, FULL + 1):
        low = mask & -mask
        table[mask] = table[mask ^ low] | NEIGHBOURS[low.bit_length() - 1]
    return tuple(table)


TOUCH: tuple[int, ...] = _touch_table()
"""TOUCH[empty]: the spots adjacent to at least one spot of ``empty`` (BWL.LATER.TOUCH)."""


def bits(mask: int) -> list[int]:
    """The spot indices of a mask, in letter order."""
    return [i for i in range(10) if mask >> i & 1]


def is_connected(mask: int) -> bool:
    """True when the spots of ``mask`` form one connected group (BWL.RULING.CONNECTED)."""
    if mask == 0:
        return False
    reached = mask & -mask
    while True:
        grown = reached
        for i in bits(reached):
            grown |= NEIGHBOURS[i] & mask
        if grown == reached:
            return reached == mask
        reached = grown


def _pin_sets() -> tuple[int, ...]:
    found = []
    for size in (1, 2, 3):
        for combo in combinations(range(10), size):
            mask = sum(1 << i for i in combo)
            if is_connected(mask):
                found.append(mask)
    return tuple(sorted(found))


PIN_SETS: tuple[int, ...] = _pin_sets()
"""Every set of 1-3 spots one ball card may take by shape (BWL.KNOCK.COUNT, BWL.KNOCK.ADJACENT),
sorted by mask."""

PIN_SET_BITS: tuple[tuple[int, ...], ...] = tuple(tuple(bits(m)) for m in PIN_SETS)


def mask_to_letters(mask: int) -> list[str]:
    return [PINS[i] for i in bits(mask)]


def letters_to_mask(letters: str) -> int:
    """``"HF"`` or ``"H F"`` -> mask; raises KeyError on a letter that is no spot and
    ValueError on a repeated one."""
    mask = 0
    for ch in letters.replace(" ", "").upper():
        bit = 1 << PIN_INDEX[ch]
        if mask & bit:
            raise ValueError(ch)
        mask |= bit
    return mask
