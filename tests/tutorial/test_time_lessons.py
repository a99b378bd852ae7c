"""``python -m tools.time_lessons NAME`` measures the lessons named and keeps every other
lesson's measurement as it is in levels/timings.toml (issue 37, item 1: a new lesson needs its
time measured, not an eight-minute run over every lesson)."""

from __future__ import annotations

import pytest

import tools.time_lessons as time_lessons
from game.store.content import load_tutorial, load_tutorial_library

NAME = "31-racehorse-take-the-trick"


@pytest.mark.slow  # a lesson played at normal speed, frame by frame
def test_naming_a_lesson_measures_it_alone_and_keeps_the_others(monkeypatch):
    written: dict[str, tuple[time_lessons.Measure, str]] = {}
    measured: list[str] = []
    real = time_lessons.play_lesson

    def play(app, lesson, rules):  # noqa: ANN001, ANN202
        measured.append(lesson.id)
        return real(app, lesson, rules)

    monkeypatch.setattr(time_lessons, "play_lesson", play)
    monkeypatch.setattr(time_lessons, "write", lambda found, path: written.update(found))
    time_lessons.main([NAME])
    assert measured == [NAME]
    before = load_tutorial_library().timings
    assert set(written) == set(before) | {NAME}
    for key, timing in before.items():
        if key != NAME:
            m, digest = written[key]
            assert (m.seconds, m.words, m.actions, digest) == (
                timing.seconds, timing.words, timing.actions, timing.digest)
    lesson = next(x for x in load_tutorial()[0] if x.id == NAME)
    m, digest = written[NAME]
    assert digest == lesson.digest and m.seconds > 0 and m.words > 0 and m.actions > 0


def test_a_name_that_is_no_lesson_is_refused():
    with pytest.raises(SystemExit, match="time_lessons: no lesson 'no-such-lesson'"):
        time_lessons.main(["no-such-lesson", "--show"])
