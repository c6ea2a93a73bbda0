"""The score pad, scored as ten-pin bowling (BWL.SCORE.PINS and the rules after it).

The pad is a list of frames; each frame is the list of pins downed ball by ball.  Frames 1-9
hold one ball (a strike) or two; the tenth holds two, or three after a strike or a spare
(BWL.SCORE.TENTH).
"""

from __future__ import annotations

from collections.abc import Sequence

FRAMES = 10
PERFECT = 300  # BWL.SCORE.PERFECT


def frame_done(frame: int, balls: Sequence[int]) -> bool:
    """Whether frame ``frame`` (1-10) needs no more balls."""
    if frame < FRAMES:
        return (len(balls) == 1 and balls[0] == 10) or len(balls) == 2  # BWL.FRAME.STRIKE
    # BWL.SCORE.TENTH: a strike or a spare in the tenth frame earns one more ball.
    return len(balls) == 3 or (len(balls) == 2 and balls[0] + balls[1] < 10)


def frame_scores(pad: Sequence[Sequence[int]]) -> list[int | None]:
    """Each frame's score, or None while it still waits for balls (its own or bonus ones)."""
    rolls = [pins for balls in pad for pins in balls]
    scores: list[int | None] = []
    at = 0
    for index, balls in enumerate(pad):
        frame = index + 1
        if frame == FRAMES:
            scores.append(sum(balls) if frame_done(frame, balls) else None)
            break
        if len(balls) == 1 and balls[0] == 10:  # BWL.SCORE.STRIKE-BONUS: next two balls
            bonus = rolls[at + 1 : at + 3]
            scores.append(10 + sum(bonus) if len(bonus) == 2 else None)
        elif len(balls) == 2 and balls[0] + balls[1] == 10:  # BWL.SCORE.SPARE-BONUS: next ball
            bonus = rolls[at + 2 : at + 3]
            scores.append(10 + bonus[0] if bonus else None)
        elif len(balls) == 2:  # BWL.SCORE.PINS: an open frame scores its pins
            scores.append(balls[0] + balls[1])
        else:
            scores.append(None)
        at += len(balls)
    return scores


def running_totals(pad: Sequence[Sequence[int]]) -> list[int | None]:
    """The totals written on the pad (BWL.SCORE.PAD): entered only once known, in order."""
    totals: list[int | None] = []
    total: int | None = 0
    for score in frame_scores(pad):
        total = None if total is None or score is None else total + score
        totals.append(total)
    return totals


def pad_total(pad: Sequence[Sequence[int]]) -> int:
    """The last total entered on the pad (0 before any)."""
    known = [t for t in running_totals(pad) if t is not None]
    return known[-1] if known else 0


def marks(balls: Sequence[int]) -> str:
    """The pad's marks for one frame: X strike, / spare, - no pin, digits otherwise."""
    out: list[str] = []
    standing, fresh = 10, True  # pins standing before the ball; whether the rack is new
    for pins in balls:
        if fresh and pins == 10:
            out.append("X")
        elif not fresh and pins == standing:
            out.append("/")
            standing, fresh = 10, True
        else:
            out.append("-" if pins == 0 else str(pins))
            standing, fresh = (standing - pins, False) if fresh else (10, True)
    return " ".join(out)


def frame_kind(balls: Sequence[int]) -> str:
    """``strike``, ``spare`` or ``open`` for a finished frame (BWL.FRAME.STRIKE,
    BWL.FRAME.SPARE, BWL.FRAME.OPEN), judged by its first two balls."""
    if balls and balls[0] == 10:
        return "strike"
    if len(balls) >= 2 and balls[0] + balls[1] == 10:
        return "spare"
    return "open"
