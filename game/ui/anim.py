"""Time-based tweens with easing, and a queue of sequential animation steps.

Animations advance by elapsed seconds, never by frames, so they run at the same speed at any
frame rate; a speed factor of 0 finishes everything at once ("instant").
"""

from __future__ import annotations

import math
from collections.abc import Callable
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


class Timeline:
    """Steps run one after another; the tweens inside a step run together."""

    def __init__(self) -> None:
        self.steps: list[list[Tween | Wait]] = []
        self.speed = 1.0  # 0 = instant

    def add(self, items: list[Tween | Wait]) -> None:
        if self.speed == 0:
            for item in items:
                item.finish()
            return
        for item in items:
            if isinstance(item, Tween):
                item.duration *= self.speed
                item.delay *= self.speed
            else:
                item.duration *= self.speed
        self.steps.append(items)

    @property
    def busy(self) -> bool:
        return bool(self.steps)

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
