"""The TOML scanner that bounds the parser's work (issue 26, item 3: "Dotted keys in a house-rules
file cost quadratic time and memory. A 40 KB file of `a.a.a… = 1` takes 1.6 GB ... Bound the work
by the input's size: depth and key counts are checked before anything is built.")

The scanner is a safety check, so what matters is that it never counts less than the parser
builds: for every text tomllib accepts, the scanner either accepts it with a depth at least the
parsed depth, or refuses it for a limit. Generated documents (every kind of key, string, array
and table) and random texts hold it to that. Memory is measured with tracemalloc, which counts
allocations, not time: a busy machine cannot fail these tests.
"""

from __future__ import annotations

import tomllib
import tracemalloc
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from game.store.schema import MAX_DEPTH, MAX_ENTRIES, SchemaError, _depth, parse_toml
from game.store.tomlscan import TomlShapeError, measure

ROOT = Path(__file__).resolve().parents[2]


def _peak_bytes(text: str) -> tuple[int, str]:
    """Peak bytes allocated while parse_toml reads ``text``, and what it said."""
    tracemalloc.start()
    try:
        parse_toml(text)
        said = "accepted"
    except SchemaError as exc:
        said = str(exc)
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    return peak, said


HOSTILE = {
    # 20 KB: 400 MB and 1.4 s of CPU before the scanner (a 40 KB file took 1.6 GB)
    "one dotted key": ".".join(["a"] * 10_000) + " = 1\n",
    "a dotted key in an inline table": "x = {" + ".".join(["a"] * 10_000) + " = 1}\n",
    "a deep table header": "[" + ".".join(["a"] * 10_000) + "]\n",
    "deep arrays": "a = " + "[" * 50_000 + "]" * 50_000 + "\n",
    "many dotted keys at the limit's depth": "".join(
        ".".join(["a"] * 20) + f"{i} = 1\n" for i in range(20_000)),
    "a long list": "a = [" + "1," * 500_000 + "]\n",
}


@pytest.mark.parametrize("label", list(HOSTILE))
def test_hostile_toml_is_refused_before_the_parser_builds_it(label):
    text = HOSTILE[label]
    peak, said = _peak_bytes(text)
    assert said.startswith("field '<toml>'") and ("deep" in said or "more than" in said), said
    # A refusal allocates next to nothing beyond the text itself (which the caller holds).
    assert peak < 1_000_000, f"{label}: {peak:,} bytes allocated"


def test_the_work_grows_with_the_input_not_its_square():
    """Accepted texts at the depth limit: twice the text, about twice the memory."""
    def text(n: int) -> str:
        return "".join(".".join(["k"] * 12) + f"{i} = {i}\n" for i in range(n))
    small, _ = _peak_bytes(text(400))
    large, said = _peak_bytes(text(800))
    assert said == "accepted"
    assert large < 2.6 * small, (small, large)


def test_every_toml_file_we_ship_is_measured_no_shallower_than_parsed():
    files = [*ROOT.glob("game/presets/*.toml"), *ROOT.glob("levels/**/*.toml")]
    assert len(files) > 40
    for path in files:
        text = path.read_text(encoding="utf-8")
        shape = measure(text, MAX_DEPTH, MAX_ENTRIES)
        assert shape.depth >= _depth(tomllib.loads(text)), path
        assert shape.entries < MAX_ENTRIES // 20, path  # far inside the limit


# -- generated documents --------------------------------------------------------------------
_CHARS = st.sampled_from(list("ab.=#[]{},\"'\\ \t1-_:"))
_bare = st.text(st.sampled_from(list("abz09_-")), min_size=1, max_size=4)


def _basic(raw: str) -> str:
    return '"' + raw.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n") + '"'


def _ml_basic(raw: str) -> str:
    body = raw.replace("\\", "\\\\").replace('"""', '""\\"')
    return '"""' + body + '"""'


def _ml_literal(raw: str) -> str:
    return "'''" + raw.replace("'''", "''") + "'''"


_text = st.text(st.one_of(_CHARS, st.just("\n")), max_size=8)
_part = st.one_of(_bare, _text.map(lambda t: _basic(t.replace("\n", ""))),
                  _text.map(lambda t: "'" + t.replace("'", "").replace("\n", "") + "'"))
_key = st.lists(_part, min_size=1, max_size=4).flatmap(
    lambda parts: st.sampled_from([".", " . ", ". "]).map(lambda dot: dot.join(parts)))
_scalar = st.sampled_from(["1", "-2", "+3", "0x1f", "1_000", "3.5", "1e3", "inf", "nan", "true",
                           "false", "1979-05-27", "07:32:00", "1979-05-27T07:32:00Z",
                           "1979-05-27 07:32:00.5", "1979-05-27 07:32:00+01:00"])
_string = st.one_of(_text.map(_basic), _text.map(_ml_basic), _text.map(_ml_literal),
                    _text.map(lambda t: "'" + t.replace("'", "").replace("\n", "") + "'"))


def _values(leaf: st.SearchStrategy[str]) -> st.SearchStrategy[str]:
    return st.recursive(leaf, lambda inner: st.one_of(
        st.lists(inner, max_size=3).map(lambda xs: "[" + ", ".join(xs) + "]"),
        st.lists(inner, max_size=3).map(lambda xs: "[\n  " + ",  # c\n  ".join(xs) + ",\n]"),
        st.lists(st.tuples(_key, inner), max_size=3).map(
            lambda kvs: "{" + ", ".join(f"{k} = {v}" for k, v in kvs) + "}")), max_leaves=8)


_line = st.one_of(
    st.tuples(_key, _values(st.one_of(_scalar, _string))).map(lambda kv: f"{kv[0]} = {kv[1]}"),
    _key.map(lambda k: f"[{k}]"), _key.map(lambda k: f"[[ {k} ]]  # many"),
    st.just(""), st.just("# a comment with \"quotes' and [brackets]"))


@settings(max_examples=600, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_line, max_size=8), st.sampled_from(["\n", "\r\n"]))
def test_generated_documents_are_never_measured_shallower_than_tomllib_builds(lines, end):
    _check(end.join(lines) + end)


@settings(max_examples=1500, deadline=None)
@given(st.text(st.one_of(_CHARS, st.just("\n")), max_size=40))
def test_random_texts_are_never_measured_shallower_than_tomllib_builds(text):
    _check(text)


def _check(text: str) -> None:
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError):
        return  # the parser refuses it: whatever the scanner says, nothing is built
    try:
        shape = measure(text, 10_000, 10_000_000)
    except TomlShapeError as exc:
        raise AssertionError(f"the scanner refuses TOML that tomllib reads: {exc}\n"
                             f"{text!r}") from None
    assert shape.depth >= _depth(data), (shape, text)
