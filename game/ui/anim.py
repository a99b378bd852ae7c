"""Time-based tweens with easing, and a queue of sequential animation steps.

Animations advance by elapsed seconds, never by frames, so they run at the same speed at any
frame rate; a speed factor of 0 finishes everything at once ("instant").
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_cubic(t: float) -> float:
    return 4 * t * t * t if t < 0.5 else 1 - (-2 * t + 2) ** 3 / 2


def ease_out_back(t: float) -> float:
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def lerp(a: float, b: float, t: float) -> float:
    return a + (b - a) * t


def lerp_angle(a: float, b: float, t: float) -> float:
    diff = (b - a + 180) % 360 - 180
    return a + diff * t


@dataclass
class Tween:
    """Move named float attributes of ``target`` from their current values to ``to``."""

    target: Any
    to: dict[str, float]
    duration: float
    delay: float = 0.0
    ease: Callable[[float], float] = ease_out_cubic
    on_done: Callable[[], None] | None = None
    on_start: Callable[[], None] | None = None  # e.g. turn the card face up as it sets off
    elapsed: float = 0.0
    start: dict[str, float] = field(default_factory=dict)
    started: bool = False
    done: bool = False

    def advance(self, dt: float) -> None:
        if self.done:
            return
        self.elapsed += dt
        if self.elapsed < self.delay:
            return
        if not self.started:
            self.started = True
            self.start = {k: float(getattr(self.target, k)) for k in self.to}
            if self.on_start is not None:
                self.on_start()
        t = 1.0 if self.duration <= 0 else min(1.0, (self.elapsed - self.delay) / self.duration)
        k = self.ease(t)
        for name, end in self.to.items():
            begin = self.start[name]
            value = lerp_angle(begin, end, k) if name == "angle" else lerp(begin, end, k)
            setattr(self.target, name, value)
        if t >= 1.0:
            self.done = True
            if self.on_done is not None:
                self.on_done()

    def finish(self) -> None:
        if not self.done:
            self.advance(self.delay + self.duration + 1.0)


@dataclass
class Wait:
    """A pause inside a step (e.g. to let a completed trick be seen before it is swept)."""

    duration: float
    elapsed: float = 0.0
    done: bool = False

    def advance(self, dt: float) -> None:
        self.elapsed += dt
        self.done = self.elapsed >= self.duration

    def finish(self) -> None:
        self.done = True


@dataclass
class Call:
    """Something done when its step starts (a change the player should see only then, such as
    a completed trick's winner lighting up)."""

    fn: Callable[[], None]
    done: bool = False

    def advance(self, dt: float) -> None:
        if not self.done:
            self.done = True
            self.fn()

    def finish(self) -> None:
        self.advance(0.0)


@dataclass
class Hold:
    """A pause the player chose (the completed trick stays for ``seconds``, or until they
    click when ``seconds`` is None). Unlike a :class:`Wait` it is not scaled by the animation
    speed, and while only a hold is left the table has nothing to draw."""

    seconds: float | None
    elapsed: float = 0.0
    done: bool = False

    def advance(self, dt: float) -> None:
        self.elapsed += dt
        if self.seconds is not None and self.elapsed >= self.seconds:
            self.done = True

    def finish(self) -> None:
        self.done = True

    @property
    def remaining(self) -> float | None:
        return None if self.seconds is None else max(0.0, self.seconds - self.elapsed)


Item = Tween | Wait | Call | Hold


class Timeline:
    """Steps run one after another; the tweens inside a step run together."""

    def __init__(self) -> None:
        self.steps: list[list[Item]] = []
        self.speed = 1.0  # 0 = instant

    def add(self, items: Sequence[Item]) -> None:
        if self.speed == 0:
            for item in items:
                item.finish()
            return
        for item in items:
            if isinstance(item, Tween):
                item.duration *= self.speed
                item.delay *= self.speed
            elif isinstance(item, Wait):
                item.duration *= self.speed
        self.steps.append(list(items))

    @property
    def busy(self) -> bool:
        return bool(self.steps)

    @property
    def held(self) -> Hold | None:
        """The hold the timeline waits on, when nothing else in its step is still moving."""
        if not self.steps:
            return None
        step = self.steps[0]
        holds = [i for i in step if isinstance(i, Hold) and not i.done]
        if holds and all(i.done for i in step if not isinstance(i, Hold)):
            return holds[0]
        return None

    def release(self) -> bool:
        """End the hold the timeline waits on (the player clicked); True if there was one."""
        hold = self.held
        if hold is None:
            return False
        hold.finish()
        return True

    def update(self, dt: float) -> None:
        while self.steps and dt >= 0:
            step = self.steps[0]
            for item in step:
                item.advance(dt)
            if all(item.done for item in step):
                self.steps.pop(0)
                dt = 0.0  # the next step starts on the next frame
            else:
                return

    def finish_all(self) -> None:
        while self.steps:
            for item in self.steps.pop(0):
                item.finish()


def pulse(t: float, period: float = 1.2) -> float:
    """0..1 breathing value for highlights."""
    return 0.5 + 0.5 * math.sin(t * 2 * math.pi / period)
