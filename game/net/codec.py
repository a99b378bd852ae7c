"""The engine's values (a ``PlayerView``, its events and actions) to JSON and back, by their
type hints, checked on the way in.

Nothing is trusted: every field is read against its declared type (an int is an int and in
range, a card is a card of the table's pack, a tuple has a bounded length, an object has exactly
its fields), and the first thing that is wrong raises :class:`WireError` naming where it is.
No pickle, no eval: a value is rebuilt by calling its class with checked fields.

The packed hands (an int holding a counter per card type) travel as lists of cards, so that what
a message shows is plain to read and to check; the table's rules never travel inside a view
(both sides have them from the welcome).
"""

from __future__ import annotations

import dataclasses
import enum
import types
import typing
from collections.abc import Callable
from typing import Any, Literal

from game.rules.actions import Action, ActionParseError, parse_action
from game.rules.cards import Card, CardError, Deck
from game.rules.ruleset import RuleSet

# The longest tuple in a message (the moves open to a seat, the records): the five-handed
# bidder's discard, any 5 of 21 cards, is C(21, 5) = 20,349 moves (tests/net/test_schema.py
# holds every preset's worst case under it, and its message under MAX_HOST_BYTES).
MAX_ITEMS = 25_000
MAX_TEXT = 600  # the longest string (a rule's reason, a meld's name)
MAX_INT = 10**9
MAX_DEPTH = 12


class WireError(ValueError):
    """A message that is not what its schema says: ``where`` names the field."""

    def __init__(self, where: str, message: str) -> None:
        super().__init__(f"{where}: {message}")
        self.where = where


# A field read or written its own way: (encode, decode(raw, where)).
Encode = Callable[[Any], Any]
Decode = Callable[[Any, str], Any]
Read = Callable[[Any, str, int], Any]  # (raw, where, depth) -> value


class Codec:
    """Encoding and decoding for one table: its rules (and so its pack) are known to both
    ends. ``special`` maps (class, field) to its own pair, for the packed hands."""

    def __init__(self, rules: RuleSet) -> None:
        self.rules = rules
        self.deck: Deck = rules.deck
        self.special: dict[tuple[type, str], tuple[Encode, Decode]] = {}
        self._readers: dict[Any, Read] = {}
        self._plans: dict[type, tuple[list[tuple[str, Read]], list[str]]] = {}
        self._actions: dict[str, Action] = {}
        self._cards = {str(c): c for c in self.deck.types}

    # -- cards --------------------------------------------------------------------------------
    def card(self, raw: Any, where: str) -> Card:
        if not isinstance(raw, str) or len(raw) > 3:
            raise WireError(where, "expected a card such as 'AS'")
        known = self._cards.get(raw)
        if known is not None:
            return known
        try:
            card = Card.parse(raw)
        except CardError as exc:
            raise WireError(where, str(exc)) from None
        if not self.deck.has(card):
            raise WireError(where, f"{card} is not in the {self.deck.size}-card pack")
        return card

    def counts_out(self, counts: int) -> list[str]:
        return [str(c) for c in self.deck.to_cards(counts)]

    def counts_in(self, raw: Any, where: str) -> int:
        cards = [self.card(c, f"{where}[{i}]")
                 for i, c in enumerate(items(raw, where, self.deck.size))]
        try:
            return self.deck.counts_of(cards)
        except CardError as exc:
            raise WireError(where, str(exc)) from None

    def type_out(self, t: int) -> str:
        return str(self.deck.types[t])

    def type_in(self, raw: Any, where: str) -> int:
        return self.deck.type_of(self.card(raw, where))

    # -- any value ----------------------------------------------------------------------------
    def encode(self, value: Any, depth: int = 0) -> Any:
        """A JSON-ready form of ``value`` (its type hints say how it is read back)."""
        if depth > MAX_DEPTH:
            raise WireError("<value>", "nested too deeply")
        if value is None or isinstance(value, bool | str):
            return value
        if isinstance(value, enum.Enum):
            return value.value
        if isinstance(value, int):
            return value
        if isinstance(value, Card):
            return str(value)
        if isinstance(value, RuleSet):
            raise WireError("<value>", "the rules never travel inside a value")
        if isinstance(value, ACTION_TYPES):
            return str(value)
        cls = type(value)
        names = field_names(cls)
        if names is not None:
            out: dict[str, Any] = {}
            for name in names:
                item = getattr(value, name)
                if isinstance(item, RuleSet):
                    continue
                special = self.special.get((cls, name))
                out[name] = special[0](item) if special else self.encode(item, depth + 1)
            return out
        if isinstance(value, tuple | list):
            return [self.encode(v, depth + 1) for v in value]
        raise WireError("<value>", f"cannot send a {cls.__name__}")

    def decode(self, tp: Any, raw: Any, where: str, depth: int = 0) -> Any:
        """``raw`` read as a value of type ``tp``; WireError names the first field that is
        wrong."""
        if depth > MAX_DEPTH:
            raise WireError(where, "nested too deeply")
        return self.reader(tp)(raw, where, depth)

    def reader(self, tp: Any) -> Read:
        """The function reading values of type ``tp``, built once per type: a view is read
        after every action on every device, so its plan is not worked out each time."""
        read = self._readers.get(tp)
        if read is None:
            read = self._readers[tp] = self._build(tp)
        return read

    def _build(self, tp: Any) -> Read:
        origin = typing.get_origin(tp)
        if tp is type(None):
            return _null
        if origin in (types.UnionType, typing.Union):
            return self._union(typing.get_args(tp))
        if origin is Literal:
            return _literal(typing.get_args(tp))
        if origin is tuple:
            return self._tuple(typing.get_args(tp))
        if tp is bool:
            return _bool
        if isinstance(tp, type) and issubclass(tp, enum.Enum):
            return _enum(tp)
        if tp is int:
            return lambda raw, where, depth: whole(raw, where, -MAX_INT, MAX_INT)
        if tp is str:
            return lambda raw, where, depth: text(raw, where)
        if tp is Card:
            return lambda raw, where, depth: self.card(raw, where)
        if tp is RuleSet:
            return lambda raw, where, depth: self.rules
        if tp == Action or tp in ACTION_TYPES:
            return lambda raw, where, depth: self.action(raw, where)
        if isinstance(tp, type) and field_names(tp) is not None:
            return lambda raw, where, depth: self.record(tp, raw, where, depth)
        raise TypeError(f"no reading for {tp!r}")

    def action(self, raw: Any, where: str) -> Action:
        known = self._actions.get(raw) if isinstance(raw, str) else None
        if known is not None:
            return known
        try:
            action = parse_action(text(raw, where))
        except (ActionParseError, CardError) as exc:
            raise WireError(where, str(exc)) from None
        for card in cards_of_action(action):
            if not self.deck.has(card):
                raise WireError(where, f"{card} is not in the {self.deck.size}-card pack")
        if len(self._actions) < MAX_ITEMS:  # the moves a table meets: a few thousand texts
            self._actions[raw] = action
        return action

    def record(self, cls: type, raw: Any, where: str, depth: int = 0) -> Any:
        """A dataclass or NamedTuple with exactly its fields (the rules filled in)."""
        if not isinstance(raw, dict):
            raise WireError(where, f"expected an object ({cls.__name__})")
        plan = self._plans.get(cls)
        if plan is None:
            plan = self._plans[cls] = self._plan(cls)
        fields, ruled = plan
        if len(raw) != len(fields) or any(name not in raw for name, _ in fields):
            known = {name for name, _ in fields}
            unknown = sorted(set(raw) - known)
            if unknown:
                raise WireError(f"{where}.{unknown[0]}", "not a field of " + cls.__name__)
            missing = next(name for name, _ in fields if name not in raw)
            raise WireError(f"{where}.{missing}", "missing")
        values = {name: read(raw[name], f"{where}.{name}", depth + 1) for name, read in fields}
        for name in ruled:
            values[name] = self.rules
        try:
            return cls(**values)
        except (TypeError, ValueError) as exc:
            raise WireError(where, f"not a valid {cls.__name__} ({exc})") from None

    def _plan(self, cls: type) -> tuple[list[tuple[str, Read]], list[str]]:
        hints = type_hints(cls)
        fields: list[tuple[str, Read]] = []
        ruled = []
        for name in field_names(cls) or ():
            if hints[name] is RuleSet:
                ruled.append(name)
                continue
            special = self.special.get((cls, name))
            if special is not None:
                fields.append((name, _ignoring_depth(special[1])))
            else:
                fields.append((name, self.reader(hints[name])))
        return fields, ruled

    def _union(self, options: tuple[Any, ...]) -> Read:
        rest = [o for o in options if o is not type(None)]
        nullable = len(rest) < len(options)
        if all(o in ACTION_TYPES for o in rest):
            inner: Read = lambda raw, where, depth: self.action(raw, where)  # noqa: E731
        elif len(rest) == 1:
            inner = self.reader(rest[0])
        else:
            raise TypeError(f"an ambiguous union has no reading: {options!r}")

        def read(raw: Any, where: str, depth: int) -> Any:
            if raw is None and nullable:
                return None
            return inner(raw, where, depth)
        return read

    def _tuple(self, args: tuple[Any, ...]) -> Read:
        if len(args) == 2 and args[1] is Ellipsis:
            each = self.reader(args[0])

            def many(raw: Any, where: str, depth: int) -> tuple[Any, ...]:
                if depth > MAX_DEPTH:
                    raise WireError(where, "nested too deeply")
                return tuple(each(v, f"{where}[{i}]", depth + 1)
                             for i, v in enumerate(items(raw, where, MAX_ITEMS)))
            return many
        readers = [self.reader(a) for a in args]

        def fixed(raw: Any, where: str, depth: int) -> tuple[Any, ...]:
            values = items(raw, where, len(readers))
            if len(values) != len(readers):
                raise WireError(where, f"expected {len(readers)} items")
            return tuple(r(v, f"{where}[{i}]", depth + 1)
                         for i, (r, v) in enumerate(zip(readers, values, strict=True)))
        return fixed


def _ignoring_depth(decode: Decode) -> Read:
    def read(raw: Any, where: str, depth: int) -> Any:
        return decode(raw, where)
    return read


def _null(raw: Any, where: str, depth: int) -> None:
    if raw is not None:
        raise WireError(where, "expected null")


def _bool(raw: Any, where: str, depth: int) -> bool:
    if not isinstance(raw, bool):
        raise WireError(where, "expected true or false")
    return raw


def _literal(allowed: tuple[Any, ...]) -> Read:
    def read(raw: Any, where: str, depth: int) -> Any:
        if not isinstance(raw, str) or raw not in allowed:
            raise WireError(where, f"not one of {', '.join(map(str, allowed))}")
        return raw
    return read


def _enum(tp: type[enum.Enum]) -> Read:
    def read(raw: Any, where: str, depth: int) -> Any:
        if isinstance(raw, bool) or not isinstance(raw, int | str):
            raise WireError(where, f"not a {tp.__name__}")
        try:
            return tp(raw)
        except ValueError:
            raise WireError(where, f"not a {tp.__name__}") from None
    return read


ACTION_TYPES: tuple[type, ...] = typing.get_args(Action)


def cards_of_action(action: Action) -> list[Card]:
    """The cards an action names (to check them against the table's pack)."""
    out: list[Card] = []
    for f in dataclasses.fields(action):
        value = getattr(action, f.name)
        if isinstance(value, Card):
            out.append(value)
        elif isinstance(value, tuple):
            out += [v for v in value if isinstance(v, Card)]
    return out


_HINTS: dict[type, dict[str, Any]] = {}


def type_hints(cls: type) -> dict[str, Any]:
    """The class's field types, resolved once (they are the schema)."""
    hints = _HINTS.get(cls)
    if hints is None:
        hints = _HINTS[cls] = typing.get_type_hints(cls)
    return hints


_NAMES: dict[type, tuple[str, ...] | None] = {}


def field_names(cls: type) -> tuple[str, ...] | None:
    """A dataclass's or a NamedTuple's field names; None for anything else."""
    if cls in _NAMES:
        return _NAMES[cls]
    names: tuple[str, ...] | None = None
    if dataclasses.is_dataclass(cls):
        names = tuple(f.name for f in dataclasses.fields(cls))
    elif isinstance(getattr(cls, "_fields", None), tuple) and issubclass(cls, tuple):
        names = cls._fields  # type: ignore[attr-defined]
    _NAMES[cls] = names
    return names


def items(raw: Any, where: str, most: int) -> list[Any]:
    if not isinstance(raw, list):
        raise WireError(where, "expected a list")
    if len(raw) > most:
        raise WireError(where, f"more than {most} items")
    return raw


def whole(raw: Any, where: str, low: int, high: int) -> int:
    if not isinstance(raw, int) or isinstance(raw, bool):
        raise WireError(where, "expected a whole number")
    if not low <= raw <= high:
        raise WireError(where, f"{raw} is not between {low} and {high}")
    return raw


def text(raw: Any, where: str, most: int = MAX_TEXT) -> str:
    if not isinstance(raw, str):
        raise WireError(where, "expected text")
    if len(raw) > most:
        raise WireError(where, f"longer than {most} characters")
    return raw
