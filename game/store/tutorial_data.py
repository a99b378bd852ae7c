"""The tutorial's other data files: quoted rule sentences, the glossary and measured times.

* ``levels/quotes/<document>.toml``: the rule sentences lessons quote, per rule document, so
  that ``tutorial --check`` verifies a quotation without anything outside the repository (and
  against the documents themselves when they are present).
* ``levels/glossary.toml``: each term, the word forms that mark it, and its explanation.
* ``levels/timings.toml``: what ``tools/time_lessons.py`` measured for each lesson.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.store import schema
from game.store.reading import FileRefusedError, read_text
from game.store.schema import MAX_BYTES, SchemaError, parse_toml


@dataclass(frozen=True)
class QuoteFile:
    document: str  # the rule document's number, e.g. "000"
    tables: tuple[str, ...]  # the presets that play it (a quote is attributed to these)
    quotes: Mapping[str, str]
    source: str = ""


@dataclass(frozen=True)
class Term:
    id: str
    forms: tuple[str, ...]  # words that mark the term in prose, lower case
    say: str  # the explanation (a template, like lesson prose)
    when: tuple[str, ...] = ()  # the tables it can pop up at (features, as a step's ``when``)
    at: tuple[tuple[tuple[str, ...], str], ...] = ()  # (when, say): the words where they differ


@dataclass(frozen=True)
class Timing:
    seconds: float  # animation and scripted play, measured at normal speed
    words: int
    actions: int
    digest: str  # the lesson file's digest when measured


@dataclass(frozen=True)
class RuleRow:
    """A row of the Rule order page: a situation of play, and the rule deciding it at each
    table (``rule``, else ``at``'s for a column "table" or "table/phase"; "" for none, "always"
    where the engine applies it with no numbered rule)."""

    label: str
    situation: str
    rule: str
    at: Mapping[str, str] = field(default_factory=dict)

    def cell(self, table: str, phase: str = "") -> str:
        return self.at.get(f"{table}/{phase}", self.at.get(table, self.rule))


@dataclass(frozen=True)
class RuleOrder:
    intro: str
    rows: tuple[RuleRow, ...]


@dataclass
class Library:
    quotes: dict[str, QuoteFile] = field(default_factory=dict)
    glossary: tuple[Term, ...] = ()
    rule_order: RuleOrder | None = None
    timings: dict[str, Timing] = field(default_factory=dict)
    timing_rates: dict[str, float] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)


def digest(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def _read(path: Path, name: str, errors: list[str]) -> dict[str, Any] | None:
    try:
        return parse_toml(read_text(path, MAX_BYTES))
    except SchemaError as exc:
        errors.append(f"{name}: {exc}")
    except FileRefusedError as exc:
        errors.append(f"{name}: field '<file>': {exc.reason}")
    except OSError as exc:
        errors.append(f"{name}: field '<file>': cannot be read ({exc.strerror})")
    return None


def _quote_file(data: Mapping[str, Any], name: str, presets: tuple[str, ...]) -> QuoteFile:
    document = schema.text(data.get("document"), "document", 8)
    tables = schema.items(data.get("tables"), "tables", 10)
    for i, t in enumerate(tables):
        schema.choice(t, f"tables[{i}]", presets)
    quotes = schema.table(data.get("quotes"), "quotes")
    for key, value in quotes.items():
        schema.text(value, f"quotes.{key}", 600)
        if not value.strip():
            raise SchemaError(f"quotes.{key}", "is empty")
    if Path(name).stem != document:
        raise SchemaError("document", f"{document!r} is not the file's name")
    return QuoteFile(document, tuple(tables), dict(quotes), name)


def _glossary(data: Mapping[str, Any]) -> tuple[Term, ...]:
    terms = []
    for key, entry in data.items():
        entry = schema.table(entry, key)
        forms = schema.items(entry.get("forms", [key]), f"{key}.forms", 10)
        for i, f in enumerate(forms):
            schema.text(f, f"{key}.forms[{i}]", 40)
        when = schema.items(entry.get("when", []), f"{key}.when", 10)
        variants = []
        for i, variant in enumerate(schema.items(entry.get("at", []), f"{key}.at", 10)):
            variant = schema.table(variant, f"{key}.at[{i}]")
            on = schema.items(variant.get("when"), f"{key}.at[{i}].when", 10)
            if not on:
                raise SchemaError(f"{key}.at[{i}].when", "is empty: say where these words apply")
            variants.append((tuple(schema.text(w, f"{key}.at[{i}].when", 40) for w in on),
                             schema.text(variant.get("say"), f"{key}.at[{i}].say", 600)))
        terms.append(Term(key, tuple(f.lower() for f in forms),
                          schema.text(entry.get("say"), f"{key}.say", 600),
                          tuple(schema.text(w, f"{key}.when", 40) for w in when),
                          tuple(variants)))
    return tuple(terms)


def _timings(data: Mapping[str, Any]) -> tuple[dict[str, Timing], dict[str, float]]:
    rates = schema.table(data.get("rates", {}), "rates")
    out_rates = {}
    for key, value in rates.items():
        if isinstance(value, bool) or not isinstance(value, int | float) or value <= 0:
            raise SchemaError(f"rates.{key}", "expected a positive number")
        out_rates[key] = float(value)
    out = {}
    for key, entry in schema.table(data.get("lessons", {}), "lessons").items():
        entry = schema.table(entry, f"lessons.{key}")
        seconds = entry.get("seconds")
        if isinstance(seconds, bool) or not isinstance(seconds, int | float) or seconds < 0:
            raise SchemaError(f"lessons.{key}.seconds", "expected a number of seconds")
        out[key] = Timing(float(seconds), schema.whole(entry.get("words"), f"lessons.{key}.words",
                                                       0, 100_000),
                          schema.whole(entry.get("actions"), f"lessons.{key}.actions", 0, 1000),
                          schema.text(entry.get("digest"), f"lessons.{key}.digest", 64))
    return out, out_rates


def load_library(root: Path, presets: tuple[str, ...]) -> Library:
    """Quotes, glossary and timings under ``root`` (a levels folder); each refused file is one
    line in ``errors``."""
    lib = Library()
    for path in sorted((root / "quotes").glob("*.toml")):
        name = f"quotes/{path.name}"
        data = _read(path, name, lib.errors)
        if data is None:
            continue
        try:
            qf = _quote_file(data, name, presets)
            lib.quotes[qf.document] = qf
        except SchemaError as exc:
            lib.errors.append(f"{name}: {exc}")
    for name, apply in (("glossary.toml", _apply_glossary), ("timings.toml", _apply_timings),
                        ("rule_order.toml", _apply_rule_order)):
        path = root / name
        if os.path.lexists(path):
            data = _read(path, name, lib.errors)
            if data is not None:
                try:
                    apply(lib, data)
                except SchemaError as exc:
                    lib.errors.append(f"{name}: {exc}")
    return lib


def _apply_glossary(lib: Library, data: Mapping[str, Any]) -> None:
    lib.glossary = _glossary(data)


def _apply_timings(lib: Library, data: Mapping[str, Any]) -> None:
    lib.timings, lib.timing_rates = _timings(data)


def _apply_rule_order(lib: Library, data: Mapping[str, Any]) -> None:
    rows = []
    for i, row in enumerate(schema.items(data.get("rows"), "rows", 40)):
        row = schema.table(row, f"rows[{i}]")
        at = schema.table(row.get("at", {}), f"rows[{i}].at")
        for key, value in at.items():
            schema.text(value, f"rows[{i}].at.{key}", 40)
        rows.append(RuleRow(schema.text(row.get("label"), f"rows[{i}].label", 60),
                            schema.text(row.get("situation"), f"rows[{i}].situation", 40),
                            schema.text(row.get("rule"), f"rows[{i}].rule", 40),
                            dict(at)))
    lib.rule_order = RuleOrder(schema.text(data.get("intro"), "intro", 400), tuple(rows))
