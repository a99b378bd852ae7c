"""Fuzzing every loader of outside input, under a memory cap: house-rules files, the player's
own files (settings, statistics, progress, saved games), ``pinochle meld --batch`` lines, and
lesson files. Whatever comes in, the loader either accepts it (and then the game plays with it)
or refuses it in one line; nothing else may happen: no other exception, no runaway memory.

Each loader gets 500 inputs in two parts (tests/tiers.py): 100 in the fast tier and 400 more,
drawn afresh, marked slow; the README's command runs both.
"""

from __future__ import annotations

import dataclasses
import io
import json
import random
import resource
import sys
import typing
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.cli import main
from game.rules.engine import apply, legal_actions, new_game
from game.rules.errors import RuleSetError
from game.rules.rulefile import _SECTIONS
from game.store.content import load_tutorial, preset_names, ruleset_from_text
from game.store.lesson_reader import lesson_from_mapping, puzzle_from_mapping
from game.store.lessons import LessonError
from game.store.store import Store
from tests.tiers import PART

HEADROOM = 1_500_000_000  # bytes of address space a fuzz test may add before it fails
FUZZ = settings(max_examples=500, deadline=None, database=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture])
INPUTS = {"sample": 100, "rest": 400}  # per loader, 500 in all


def fuzz(part: str) -> settings:
    return settings(FUZZ, max_examples=INPUTS[part])


def _address_space() -> int:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmSize:"):
            return int(line.split()[1]) * 1024
    return 4_000_000_000


@pytest.fixture
def memory_cap() -> Iterator[None]:
    """Cap this process's address space for the test: runaway allocation fails it quickly."""
    soft, hard = resource.getrlimit(resource.RLIMIT_AS)
    cap = _address_space() + HEADROOM
    if hard != resource.RLIM_INFINITY:
        cap = min(cap, hard)
    resource.setrlimit(resource.RLIMIT_AS, (cap, hard))
    try:
        yield
    finally:
        resource.setrlimit(resource.RLIMIT_AS, (soft, hard))


SCALARS = (st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.integers()
           | st.floats(allow_nan=False) | st.text(max_size=12))
JSON = st.recursive(SCALARS, lambda kids: st.lists(kids, max_size=4)
                    | st.dictionaries(st.text(max_size=8), kids, max_size=4), max_leaves=20)


# -- house-rules files ----------------------------------------------------------------------
def _words(cls: type) -> dict[str, list[object]]:
    """Per field of a rules section, values worth trying: its allowed words and edge numbers."""
    out: dict[str, list[object]] = {}
    for f in dataclasses.fields(cls):
        hint = typing.get_type_hints(cls)[f.name]
        args = typing.get_args(hint)
        inner = typing.get_args(args[0]) if args and typing.get_origin(args[0]) else args
        words = [a for a in (*args, *inner) if isinstance(a, str | int)]
        out[f.name] = [*words, 0, 1, 3, 10, 250, 10**6, -1, "x", True, [], [1, 2]]
    return out


FIELDS = {name: _words(cls) for name, cls in _SECTIONS.items()}


@st.composite
def house_files(draw: st.DrawFn) -> str:
    lines = [f'base = "{draw(st.sampled_from(preset_names()))}"', 'name = "fuzz"',
             'title = "Fuzz"']
    for section in draw(st.lists(st.sampled_from(sorted(FIELDS)), max_size=4, unique=True)):
        lines.append(f"[{section}]")
        options = FIELDS[section]
        for key in draw(st.lists(st.sampled_from(sorted(options)), max_size=4, unique=True)):
            value = draw(st.sampled_from(options[key]) | SCALARS.filter(lambda v: v is not None))
            lines.append(f"{key} = {_toml(value)}")
    return "\n".join(lines) + "\n"


def _toml(value: object) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    if isinstance(value, str):
        return json.dumps(value)
    return repr(value)


def _play_a_little(text: str) -> None:
    rules = ruleset_from_text(text, "fuzz.toml")
    state = new_game(rules, 1)
    rng = random.Random(1)
    for _ in range(60):
        acts = legal_actions(state)
        if not acts:
            break
        state, _ = apply(state, acts[rng.randrange(len(acts))])


@pytest.mark.parametrize("part", PART)
def test_fuzz_house_rules_files(memory_cap, part):
    seen = {"accepted": 0, "refused": 0}

    @fuzz(part)
    @given(text=house_files() | st.text(max_size=300))
    def check(text: str) -> None:
        try:
            _play_a_little(text)
            seen["accepted"] += 1
        except RuleSetError as exc:
            assert "\n" not in str(exc)
            seen["refused"] += 1

    check()
    n = INPUTS[part]
    assert seen["accepted"] >= n // 25 and seen["refused"] >= n // 5, seen
    print(f"house-rules files fuzzed: {seen}")


# -- the player's files ----------------------------------------------------------------------
KNOWN = {"settings": ["variant", "seat_levels", "speed", "think_ms", "sound", "card_back"],
         "stats": ["format", "variants", "games_played"],
         "save": ["format", "preset", "rules_text", "seed", "seats", "actions", "practice"]}


@st.composite
def player_files(draw: st.DrawFn) -> str:
    kind = draw(st.sampled_from(sorted(KNOWN)))
    data = {k: draw(JSON) for k in draw(st.lists(st.sampled_from(KNOWN[kind]), unique=True))}
    return json.dumps(data)


@pytest.mark.parametrize("part", PART)
def test_fuzz_the_players_files(memory_cap, tmp_path_factory, part):
    seen = [0]

    @fuzz(part)
    @given(text=player_files() | JSON.map(json.dumps) | st.text(max_size=200))
    def check(text: str) -> None:
        store = Store(tmp_path_factory.mktemp("home"))
        for path in (store.settings_path, store.stats_path, store.progress_path,
                     store.save_path("racehorse")):
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        store.load_settings()
        store.load_stats()
        store.load_progress()
        store.load_games()
        assert all("\n" not in m for m in store.messages)
        for path in (store.settings_path, store.stats_path, store.progress_path):
            # a refused file is kept aside, never lost
            assert path.exists() or list(store.aside_dir.glob(path.stem + ".bad-*"))
        seen[0] += 1

    check()
    assert seen[0] >= 0.8 * INPUTS[part]


# -- pinochle meld --batch -------------------------------------------------------------------
CARD_WORDS = ["AS", "TS", "KS", "QS", "JS", "9S", "AH", "KH", "QH", "10D", "♠", "QC", "JD",
              "S", "H", "D", "C", "XX", "", "7S", "AD", "KD", "QD"]


@pytest.mark.parametrize("part", PART)
def test_fuzz_meld_batch_lines(memory_cap, capsys, monkeypatch, part):
    seen = [0]

    @fuzz(part)
    @given(lines=st.lists(st.lists(st.sampled_from(CARD_WORDS) | st.text(max_size=4),
                                   max_size=30).map(" ".join), max_size=8))
    def check(lines: list[str]) -> None:
        monkeypatch.setattr(sys, "stdin", io.StringIO("\n".join(lines) + "\n"))
        code = main(["meld", "--variant", "racehorse", "--batch"])
        out, err = capsys.readouterr()
        assert code in (0, 1)  # 1: some line was refused (each in its own line)
        assert all(e.startswith("pinochle: error: line ") for e in err.splitlines())
        seen[0] += 1

    check()
    assert seen[0] >= 0.8 * INPUTS[part]


# -- lesson and puzzle files -----------------------------------------------------------------
def _lesson_fields() -> dict[str, list[object]]:
    lessons, puzzles, _ = load_tutorial()
    assert lessons and puzzles
    return {"lesson": lessons, "puzzle": puzzles}  # type: ignore[dict-item]


@st.composite
def lesson_mappings(draw: st.DrawFn) -> dict[str, object]:
    keys = ["title", "preset", "order", "minutes", "summary", "position", "steps", "answer",
            "question", "hint", "explanation", "cards", "phase", "seed", "trump", "expect",
            "text", "claims", "track", "tables", "guided", "category", "why_not", "bot_note",
            "answers", "before"]
    data: dict[str, object] = {k: draw(JSON) for k in draw(st.lists(st.sampled_from(keys),
                                                                     unique=True, max_size=8))}
    if draw(st.booleans()):
        data["preset"] = draw(st.sampled_from(preset_names()))
    return data


@pytest.mark.parametrize("part", PART)
def test_fuzz_lesson_and_puzzle_files(memory_cap, tmp_path_factory, part):
    seen = [0]

    @fuzz(part)
    @given(data=lesson_mappings(), text=st.text(max_size=200))
    def check(data: dict[str, object], text: str) -> None:
        for build in (lesson_from_mapping, puzzle_from_mapping):
            try:
                build(data, "fuzz.toml", "fuzz", preset_names())
            except LessonError as exc:
                assert "\n" not in str(exc)
        folder = tmp_path_factory.mktemp("levels")
        for kind in ("lessons", "puzzles"):
            (folder / kind).mkdir()
            (folder / kind / "fuzz.toml").write_text(text, encoding="utf-8")
        _, _, errors = load_tutorial(folder)
        assert all("\n" not in e for e in errors)
        seen[0] += 1

    check()
    assert seen[0] >= 0.8 * INPUTS[part]
