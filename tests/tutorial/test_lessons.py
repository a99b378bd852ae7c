"""The tutorial's data: every lesson and puzzle loads, plays through the engine and makes only
true claims; malformed files are refused naming the file, the step and the field."""

import json
import subprocess
import sys

import pytest

from game.rules.actions import parse_action
from game.store.content import load_preset, load_tutorial
from game.tutorial.check import check_all
from game.tutorial.runner import LessonRun

TOPICS = ["pack", "following suit", "taking the trick", "trump", "which rule wins",
          "counters", "meld classes", "royal marriages", "arounds", "auction", "passing",
          "going set", "widow", "two-handed", "partner"]


def test_every_lesson_and_puzzle_checks_out():
    lessons, puzzles, errors = load_tutorial()
    assert errors == []
    assert len(lessons) >= 14 and len(puzzles) >= 10
    report = check_all(lessons, puzzles, load_preset, errors)
    assert report.failures == []
    assert report.claims >= 100 and report.steps >= 50


def test_the_lesson_track_covers_the_topics_in_order():
    lessons, _, _ = load_tutorial()
    titles = " | ".join(lesson.title.lower() for lesson in lessons)
    for topic in TOPICS:
        assert topic in titles, topic
    assert [lesson.order for lesson in lessons] == sorted(lesson.order for lesson in lessons)
    assert all(2 <= lesson.minutes <= 5 for lesson in lessons)


def write(tmp_path, kind, name, text):
    folder = tmp_path / kind
    folder.mkdir(exist_ok=True)
    (folder / name).write_text(text, encoding="utf-8")


GOOD_HEAD = ('title = "t"\npreset = "racehorse"\nsummary = "s"\n[position]\nphase = "tricks"\n'
             'trump = "H"\nbidder = 2\nleader = 2\ndealer = 1\ncards_each = 2\n'
             'south = "AD 9C"\nnorth = "QD AS"\neast = "JH KC"\nwest = "9D TD"\n')


@pytest.mark.parametrize("step,fragment", [
    ('[[steps]]\nsay = "a"\n[[steps]]\nsay = "b"\nexpect = "play ZZ"\n', "step 2: field 'expect'"),
    ('[[steps]]\nsay = "a"\nfrobnicate = 1\n', "step 1: field 'frobnicate'"),
    ('[[steps]]\nexpect = "play AD"\n', "step 1: field 'say'"),
    ('[[steps]]\nsay = "a"\nclaims = [{ kind = "illegal", card = "9C", rule = "jump" }]\n',
     "step 1: field 'claims[0].rule'"),
    ('[[steps]]\nsay = "a"\nhighlight = ["everywhere"]\n', "step 1: field 'highlight'"),
])
def test_malformed_lessons_name_file_step_and_field(tmp_path, step, fragment):
    write(tmp_path, "lessons", "bad.toml", GOOD_HEAD + step)
    lessons, _, errors = load_tutorial(tmp_path)
    assert lessons == []
    assert len(errors) == 1 and errors[0].startswith("lessons/bad.toml: ") and fragment in \
        errors[0]
    assert "\n" not in errors[0]


def test_invalid_toml_is_refused_in_one_line(tmp_path):
    write(tmp_path, "puzzles", "broken.toml", "title = [\n")
    _, puzzles, errors = load_tutorial(tmp_path)
    assert puzzles == [] and "puzzles/broken.toml: field '<toml>'" in errors[0]


def test_check_catches_false_claims_and_unplayable_scripts(tmp_path):
    write(tmp_path, "lessons", "lies.toml", GOOD_HEAD + """
[[steps]]
say = "North leads the Q-diamonds."
before = ["play QD", "play JH"]
expect = "play 9C"
claims = [
  { kind = "legal", cards = "9C" },
  { kind = "illegal", card = "AD", rule = "follow_suit" },
  { kind = "meld", cards = "KS QS", trump = "H", total = 40 },
]
""")
    lessons, puzzles, errors = load_tutorial(tmp_path)
    report = check_all(lessons, puzzles, load_preset, errors)
    text = "\n".join(report.failures)
    assert "claim legal: legal cards are ['AD']" in text
    assert "AD is legal here" in text
    assert "meld of KS QS is 20, not 40" in text
    assert "expected action play 9C is refused" in text
    assert "follow suit" in text


def test_a_wrong_move_is_answered_with_the_rule_and_the_step_repeats():
    lessons, _, _ = load_tutorial()
    following = next(x for x in lessons if x.id == "02-following-suit")
    run = LessonRun(following, load_preset)
    reply = run.try_action(parse_action("play TH"))
    assert not reply.ok and "Rule 2" in reply.message and "follow suit" in reply.message
    assert not run.done_current
    assert run.try_action(parse_action("play AD")).ok and run.done_current
    run.next()
    assert run.index == 1


def test_tutorial_check_command_json(tmp_path):
    out = subprocess.run([sys.executable, "-m", "game", "tutorial", "--check", "--json"],
                         capture_output=True, text=True, timeout=300)
    data = json.loads(out.stdout)
    assert out.returncode == 0
    assert data["lessons"] >= 14 and data["puzzles"] >= 10 and data["failures"] == []
    write(tmp_path, "lessons", "bad.toml", GOOD_HEAD)
    out = subprocess.run([sys.executable, "-m", "game", "tutorial", "--check", "--json",
                          "--levels", str(tmp_path)], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert "lessons/bad.toml: field 'steps'" in json.loads(out.stdout)["failures"][0]
