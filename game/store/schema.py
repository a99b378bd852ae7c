"""Reading a file's text into plain data, safely, and checking that data field by field.

Every file the game reads goes through here: settings, statistics, progress and saves (JSON), and
presets, house rules and lessons (TOML). Parsing refuses what would hurt before the parser runs
(too large, nested too deeply, a number with thousands of digits); the checkers then hold each
field to its type and range and name the field in one line when it is wrong.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Callable, Mapping, Sequence
from typing import Any, TypeVar

from game.store.tomlscan import TomlShapeError, measure

MAX_BYTES = 2_000_000  # any one file we read: far above anything the game writes
MAX_DEPTH = 24  # nested lists and tables: ours go 4 deep
MAX_DIGITS = 30  # digits in one number: a 64-bit seed has 20
# Key parts and list items in one TOML text (see tomlscan): the largest file we ship has 1,209.
MAX_ENTRIES = 50_000

T = TypeVar("T")


class SchemaError(ValueError):
    """Data that does not fit its schema: ``field`` names where, the message says what."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"field '{field}': {message}")
        self.field = field
        self.message = message


def _nesting(text: str) -> int:
    """The deepest nesting of brackets and braces outside JSON strings."""
    depth = deepest = 0
    quote = ""
    escaped = False
    for ch in text:
        if quote:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote:
                quote = ""
        elif ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif ch in "]}":
            depth -= 1
    return deepest


def _precheck(text: str) -> str:
    if text.startswith("\ufeff"):  # a byte-order mark, as some editors save
        text = text[1:]
    if len(text) > MAX_BYTES:
        raise SchemaError("<file>", f"is larger than {MAX_BYTES // 1_000_000} MB")
    return text


def parse_json(text: str) -> Any:
    """JSON text as plain data; SchemaError (field ``<json>``) when it cannot be read safely."""
    text = _precheck(text)
    if _nesting(text) > MAX_DEPTH:
        raise SchemaError("<file>", f"nests lists or tables more than {MAX_DEPTH} deep")
    try:
        return json.loads(text, parse_int=_small_int, parse_constant=_no_constant)
    except (json.JSONDecodeError, ValueError, RecursionError) as exc:
        raise SchemaError("<json>", f"not valid JSON ({_first_line(exc)})") from None


def parse_toml(text: str) -> dict[str, Any]:
    """TOML text as a table; SchemaError (field ``<toml>``) when it cannot be read safely."""
    text = _precheck(text)
    try:
        # Depth and entries are counted before the parser builds anything: its work on a
        # dotted key grows with the square of the key's parts.
        measure(text, MAX_DEPTH, MAX_ENTRIES)
    except TomlShapeError as exc:
        if exc.limit:
            raise SchemaError("<toml>", f"{exc.message} (line {exc.line})") from None
        raise SchemaError("<toml>", f"not valid TOML ({exc})") from None
    try:
        data = tomllib.loads(text)
    except (tomllib.TOMLDecodeError, ValueError, RecursionError) as exc:
        raise SchemaError("<toml>", f"not valid TOML ({_first_line(exc)})") from None
    if _depth(data) > MAX_DEPTH:
        raise SchemaError("<toml>", f"nests tables more than {MAX_DEPTH} deep")
    return data


def _small_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"a number with more than {MAX_DIGITS} digits")
    return int(text)


def _no_constant(text: str) -> float:
    raise ValueError(f"{text} is not a number JSON allows")


def _depth(value: Any, level: int = 0) -> int:
    if level > MAX_DEPTH:
        return level
    if isinstance(value, Mapping):
        return max((_depth(v, level + 1) for v in value.values()), default=level + 1)
    if isinstance(value, list):
        return max((_depth(v, level + 1) for v in value), default=level + 1)
    return level


def _first_line(exc: BaseException) -> str:
    text = str(exc) or type(exc).__name__
    return text.splitlines()[0][:200]


# -- field checkers: each returns the checked value or raises SchemaError ---------------------
def table(data: Any, field: str = "<file>") -> Mapping[str, Any]:
    if not isinstance(data, Mapping):
        raise SchemaError(field, f"expected a table of fields, got {type(data).__name__}")
    return data


def whole(value: Any, field: str, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SchemaError(field, f"expected a whole number, got {_show(value)}")
    if not low <= value <= high:
        raise SchemaError(field, f"must be between {low} and {high}, got {value}")
    return value


def flag(value: Any, field: str) -> bool:
    if not isinstance(value, bool):
        raise SchemaError(field, f"expected true or false, got {_show(value)}")
    return value


def text(value: Any, field: str, max_len: int = 200) -> str:
    if not isinstance(value, str):
        raise SchemaError(field, f"expected text, got {_show(value)}")
    if len(value) > max_len:
        raise SchemaError(field, f"is longer than {max_len} characters")
    return value


def choice(value: Any, field: str, allowed: Sequence[T]) -> T:
    if isinstance(value, bool) or value not in allowed:
        raise SchemaError(field, f"must be one of {', '.join(map(str, allowed))}, "
                          f"got {_show(value)}")
    return value  # type: ignore[no-any-return]


def items(value: Any, field: str, max_len: int) -> list[Any]:
    if not isinstance(value, list):
        raise SchemaError(field, f"expected a list, got {_show(value)}")
    if len(value) > max_len:
        raise SchemaError(field, f"has more than {max_len} items")
    return value


def read_each(raws: Sequence[Any], field: str, read: Callable[[Any, str], T],
              errors: list[SchemaError]) -> list[T]:
    """Each of a file's records read by ``read`` (named ``field[i]``): one refused is left
    out and its error kept in ``errors``, so that the others are not lost with it."""
    out: list[T] = []
    for i, raw in enumerate(raws):
        try:
            out.append(read(raw, f"{field}[{i}]"))
        except SchemaError as exc:
            errors.append(exc)
    return out


def _show(value: Any) -> str:
    shown = repr(value)
    return shown if len(shown) <= 40 else shown[:37] + "..."
