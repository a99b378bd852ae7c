"""Measuring a TOML text before it is parsed: how deep its tables go and how many entries it has.

The parser's work on one dotted key grows with the square of the key's parts (``a.a.a… = 1``:
a 40 KB file took 1.6 GB and most of a minute), so a limit checked on the parsed result comes too
late. This scanner reads the text once, following TOML's grammar for keys, strings, arrays, inline
tables and comments, and stops at the first entry past a limit: the parser then only sees texts
whose work is bounded by their size. It never builds the tables; it only counts.

Depth is counted generously: a table header's parts count twice (any of them may be an array of
tables, a list and a table), a dotted key's parts once each, an array or inline table one more.
Whatever tomllib accepts is no deeper than this count (tests/store/test_tomlscan.py holds it to
that), so a text that passes cannot nest deeper than the limit once parsed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_WS = re.compile(r"[ \t]*+")
_GAP = re.compile(r"(?:[ \t\r\n]++|#[^\n]*+)*+")  # blank space, line ends and comments
_REST_OF_LINE = re.compile(r"[^\n]*+")
_KEY_PART = re.compile(r"""[A-Za-z0-9_-]++|"(?:[^"\\\n]++|\\.)*+"|'[^'\n]*+'""")
_ML_BASIC = re.compile(r'"""(?:[^"\\]++|\\[\s\S]|"(?!""))*+"""(?:"{0,2}+)')
_ML_LITERAL = re.compile(r"'''(?:[^']++|'(?!''))*+'''(?:'{0,2}+)")
_BASIC = re.compile(r'"(?:[^"\\\n]++|\\.)*+"')
_LITERAL = re.compile(r"'[^'\n]*+'")
_STRINGS = (('"""', _ML_BASIC), ("'''", _ML_LITERAL), ('"', _BASIC), ("'", _LITERAL))
_SCALAR = re.compile(r"[0-9A-Za-z_+.:-]++(?: [0-9][0-9:.Zz+-]*+)?+")  # a date may hold a space


def _skip(pattern: re.Pattern[str], text: str, pos: int) -> int:
    """Where a pattern that may match nothing ends (these never fail to match)."""
    found = pattern.match(text, pos)
    return pos if found is None else found.end()


class TomlShapeError(ValueError):
    """A text past a limit, or one the scanner cannot follow (then the parser would refuse it
    too): ``line`` is where, counted from 1."""

    def __init__(self, line: int, message: str, limit: bool) -> None:
        super().__init__(f"line {line}: {message}")
        self.line = line
        self.message = message
        self.limit = limit  # True: a limit was passed; False: not valid TOML


@dataclass(frozen=True)
class Shape:
    depth: int  # the deepest nesting counted (see the module docstring)
    entries: int  # every part of every key (a key under a table header counts the header's
    # parts too: the parser's work on a key grows with its whole path), and every list item


def measure(text: str, max_depth: int, max_entries: int) -> Shape:
    """The text's shape; TomlShapeError as soon as it is deeper than ``max_depth`` or has more
    than ``max_entries`` entries, or where it stops being TOML."""
    scanner = _Scanner(text, max_depth, max_entries)
    scanner.document()
    return Shape(scanner.deepest, scanner.entries)


class _Scanner:
    def __init__(self, text: str, max_depth: int, max_entries: int) -> None:
        self.text = text
        self.max_depth = max_depth
        self.max_entries = max_entries
        self.deepest = 1  # a document is a table, even an empty one
        self.entries = 0

    # -- bookkeeping: every step of work is an entry or a level, each held to its limit ------
    def fail(self, pos: int, message: str, limit: bool = False) -> TomlShapeError:
        return TomlShapeError(self.text.count("\n", 0, pos) + 1, message, limit)

    def level(self, depth: int, pos: int) -> None:
        if depth > self.deepest:
            self.deepest = depth
            if depth > self.max_depth:
                raise self.fail(pos, f"nests keys and tables more than {self.max_depth} deep",
                                limit=True)

    def entry(self, pos: int, count: int = 1) -> None:
        self.entries += count
        if self.entries > self.max_entries:
            raise self.fail(pos, f"has more than {self.max_entries} keys and list items "
                            "(a dotted key counts each part)", limit=True)

    def expect(self, pos: int, char: str, what: str) -> int:
        if not self.text.startswith(char, pos):
            raise self.fail(pos, f"expected {what}")
        return pos + len(char)

    # -- the grammar ----------------------------------------------------------------------
    def document(self) -> None:
        text, header = self.text, 0
        pos = _skip(_GAP, text, 0)
        while pos < len(text):
            if text.startswith("[", pos):
                many = text.startswith("[[", pos)
                pos, parts = self.key(_skip(_WS, text, pos + (2 if many else 1)), 0, 2)
                pos = self.expect(_skip(_WS, text, pos), "]]" if many else "]",
                                  "']' after a table's name")
                header = 2 * parts
                self.level(header + 1, pos)  # the table itself, even an empty one
            else:
                self.entry(pos, header // 2)  # the parser walks the header's path again
                pos, parts = self.key(pos, header, 1)
                pos = self.expect(_skip(_WS, text, pos), "=", "'=' after a key")
                pos = self.value(_skip(_WS, text, pos), header + parts)
            # Whatever else is on the line is a comment, a date's time or an error the parser
            # reports: none of it can open a table or a key.
            pos = _skip(_GAP, text, _skip(_REST_OF_LINE, text, pos))

    def key(self, pos: int, base: int, weight: int) -> tuple[int, int]:
        """A dotted key at ``pos``; its end and its number of parts."""
        text, parts = self.text, 0
        while True:
            found = _KEY_PART.match(text, pos)
            if found is None:
                raise self.fail(pos, "expected a key")
            self.entry(pos)
            parts += 1
            self.level(base + weight * parts, pos)
            pos = _skip(_WS, text, found.end())
            if not text.startswith(".", pos):
                return pos, parts
            pos = _skip(_WS, text, pos + 1)

    def value(self, pos: int, depth: int) -> int:
        text = self.text
        for opener, pattern in _STRINGS:
            if text.startswith(opener, pos):
                found = pattern.match(text, pos)
                if found is None:
                    raise self.fail(pos, "a string is not closed")
                return found.end()
        if text.startswith("[", pos):
            return self.array(pos + 1, depth + 1)
        if text.startswith("{", pos):
            return self.inline(pos + 1, depth + 1)
        found = _SCALAR.match(text, pos)
        if found is None:
            raise self.fail(pos, "expected a value")
        return found.end()

    def array(self, pos: int, depth: int) -> int:
        self.level(depth, pos)
        text = self.text
        while True:
            pos = _skip(_GAP, text, pos)
            if text.startswith("]", pos):
                return pos + 1
            self.entry(pos)
            pos = _skip(_GAP, text, self.value(pos, depth))
            if text.startswith(",", pos):
                pos += 1
            elif text.startswith("]", pos):
                return pos + 1
            else:
                raise self.fail(pos, "expected ',' or ']' in a list")

    def inline(self, pos: int, depth: int) -> int:
        self.level(depth, pos)
        text = self.text
        pos = _skip(_WS, text, pos)
        if text.startswith("}", pos):
            return pos + 1
        while True:
            pos, parts = self.key(pos, depth - 1, 1)
            pos = self.expect(_skip(_WS, text, pos), "=", "'=' after a key")
            pos = _skip(_WS, text, self.value(_skip(_WS, text, pos), depth - 1 + parts))
            if text.startswith(",", pos):
                pos = _skip(_WS, text, pos + 1)
            elif text.startswith("}", pos):
                return pos + 1
            else:
                raise self.fail(pos, "expected ',' or '}' in an inline table")
