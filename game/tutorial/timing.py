"""Time estimates for the lesson menu, from what ``tools/time_lessons.py`` measured.

A lesson's estimate is its measured play-through time (animations, scripted moves and the bots'
pauses at normal speed) plus reading time for every word it shows, at the reading rate, plus a
thinking allowance for every action it asks of the learner. The rates and the measurements live in
``levels/timings.toml``; an estimate measured on another text of the lesson is stale, and
``tutorial --check`` says so.
"""

from __future__ import annotations

import math

from game.store.lessons import Lesson
from game.store.tutorial_data import Library, Timing

DEFAULT_RATES = {"words_per_minute": 180.0, "seconds_per_action": 6.0}


def timing_key(lesson: Lesson, table: str) -> str:
    """Lessons on the learner's table are measured per table; the others once."""
    return f"{lesson.id}@{table}" if lesson.on_learner_table else lesson.id


def seconds(timing: Timing, rates: dict[str, float]) -> float:
    wpm = rates.get("words_per_minute", DEFAULT_RATES["words_per_minute"])
    per_action = rates.get("seconds_per_action", DEFAULT_RATES["seconds_per_action"])
    return timing.seconds + timing.words / wpm * 60 + timing.actions * per_action


def estimate_minutes(lesson: Lesson, table: str, library: Library) -> int | None:
    """Whole minutes, rounded up; None when the lesson was never measured on this text."""
    timing = library.timings.get(timing_key(lesson, table))
    if timing is None or timing.digest != lesson.digest:
        return None
    return max(1, math.ceil(seconds(timing, library.timing_rates) / 60))
