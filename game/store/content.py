"""Reading game content from files: rule presets, house-rules files, and the tutorial's lessons.

Presets ship inside the package (``game/presets/*.toml``). A house-rules file uses the same
format and may start from a preset with ``base = "racehorse"``, overriding only what differs: a
section's options are merged one by one into the base's, but a table of values (``points``,
``texts``, ``classes``, ``names``) replaces the base's table whole, so that a house file says
every trick point it counts. Everything is validated; a bad file is refused with one line naming
the file and the field.
"""

from __future__ import annotations

import copy
import dataclasses
import re
from functools import cache, lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from game.resources import data_dir
from game.rules.errors import RuleSetError
from game.rules.rescale import rescale
from game.rules.rulefile import ruleset_from_mapping
from game.rules.ruleset import RuleSet
from game.store.lesson_reader import lesson_from_mapping, puzzle_from_mapping
from game.store.lessons import Lesson, LessonError, Puzzle
from game.store.reading import FileRefusedError, read_text
from game.store.schema import MAX_BYTES, SchemaError, parse_toml
from game.store.tutorial_data import Library, digest, load_library


@cache
def _presets() -> dict[str, dict[str, Any]]:
    return discover_presets(resources.files("game.presets"))


def discover_presets(folder: Traversable | Path) -> dict[str, dict[str, Any]]:
    """Every preset in ``folder`` (``game/presets/``), by name, in the order their ``order``
    fields give: adding a table is adding its file."""
    found: list[tuple[int, str, dict[str, Any]]] = []
    for entry in folder.iterdir():
        if not entry.name.endswith(".toml"):
            continue
        data = _parse(entry.read_text(encoding="utf-8"), f"preset {entry.name}")
        name = entry.name.removesuffix(".toml")
        order = data.pop("order", None)
        if isinstance(order, bool) or not isinstance(order, int):
            raise RuleSetError(f"preset {entry.name}", "order",
                               "every preset needs a whole-number order (its place in lists)")
        if data.get("name") != name:
            raise RuleSetError(f"preset {entry.name}", "name",
                               f"a preset's name is its file's name ({name!r})")
        found.append((order, name, data))
    orders = [o for o, _, _ in found]
    if len(set(orders)) != len(orders):
        raise RuleSetError("presets", "order", f"two presets share a place: {sorted(orders)}")
    return {name: data for _, name, data in sorted(found, key=lambda f: f[0])}


def preset_names() -> tuple[str, ...]:
    """The shipped presets, in their order."""
    return tuple(_presets())


def _preset_data(name: str) -> dict[str, Any]:
    presets = _presets()
    if name not in presets:
        raise RuleSetError(name, "name",
                           f"unknown variant (choose from: {', '.join(presets)})")
    return presets[name]


def _parse(text: str, source: str) -> dict[str, Any]:
    try:
        return parse_toml(text)
    except SchemaError as exc:
        raise RuleSetError(source, exc.field, exc.message) from None


@cache
def load_preset(name: str) -> RuleSet:
    """A built-in preset by name (``racehorse``, ``double-deck``, ...)."""
    return ruleset_from_mapping(_preset_data(name), f"preset {name}")


WHOLE_TABLES = ("texts", "points", "classes", "names", "decisions")  # replaced whole


def _merge(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """``over``'s sections merged into ``base``'s option by option; a table of values in
    WHOLE_TABLES replaces the base's table whole (see the module docstring). A new trick-point
    table drops the base's name for its counting, which describes the base's table."""
    out = copy.deepcopy(base)
    tricks = over.get("tricks")
    if (isinstance(tricks, dict) and "points" in tricks and "counting" not in tricks
            and isinstance(out.get("tricks"), dict)):
        out["tricks"]["counting"] = ""
    for key, value in over.items():
        if isinstance(value, dict) and isinstance(out.get(key), dict) and key not in WHOLE_TABLES:
            out[key] = _merge(out[key], value)
        else:
            out[key] = copy.deepcopy(value)
    return out


@lru_cache(maxsize=32)
def ruleset_from_text(text: str, source: str) -> RuleSet:
    """Build a rule set from the text of a preset or house-rules file. (Cached: the title
    screen reads the rules of every saved house game on each visit.)"""
    data = _parse(text, source)
    base_name = data.pop("base", None)
    if base_name is not None:
        if not isinstance(base_name, str) or base_name not in preset_names():
            raise RuleSetError(source, "base", f"unknown preset {base_name!r} "
                               f"(choose from: {', '.join(preset_names())})")
        data = _named(data, source, base_name)
        base = copy.deepcopy(_preset_data(base_name))
        base_scale = base.get("scoring", {}).get("scale", "x10")
        scoring = data.get("scoring")
        wanted = scoring.get("scale", base_scale) if isinstance(scoring, dict) else base_scale
        if wanted != base_scale and wanted in ("x1", "x10"):
            base = rescale(base, wanted == "x10", source)
        data = _merge(base, _without_stale_decisions(base, data))
    return ruleset_from_mapping(data, source)


def _named(data: dict[str, Any], source: str, base_name: str) -> dict[str, Any]:
    """A house file without a ``name`` is named after its file, not its base, and one without
    a ``title`` says it is a house table: its rules are not the preset's, so neither is its name.
    """
    if "name" in data and "title" in data:
        return data
    base_title = str(_preset_data(base_name).get("title", base_name)).split(":")[0]
    name = data.get("name")
    if "name" not in data:
        name = _file_name(source) or f"{base_name}-house"
    title = f"{name}: a house table on {base_title}"
    return {"name": name, "title": title, **data}


def _file_name(source: str) -> str:
    """The name a house file's path gives it ("method3" for ``~/rules/method3.toml``), or ""
    when the source is not a file."""
    if not source.lower().endswith(".toml"):
        return ""
    stem = re.split(r"[\\/]", source)[-1][: -len(".toml")]
    return re.sub(r"\s+", " ", stem).strip()[:80]


def _without_stale_decisions(base: dict[str, Any], over: dict[str, Any]) -> dict[str, Any]:
    """A base's decision about an option the house file sets is no longer the table's: the
    house file's ``decisions`` (if any) replace the base's whole, and otherwise the base's are
    kept but for the options the house file changes."""
    if "decisions" in over or not isinstance(base.get("decisions"), dict):
        return over
    kept = {path: text for path, text in base["decisions"].items()
            if not _sets(over, path)}
    return {**over, "decisions": kept}


def _sets(data: dict[str, Any], path: str) -> bool:
    section, _, option = path.partition(".")
    part = data.get(section)
    return isinstance(part, dict) and option in part


def read_house_rules(path: str | Path) -> tuple[str, RuleSet]:
    """A house-rules file's text (kept in saves) and its validated rule set. Only a regular
    file is read, and at most MAX_BYTES of it."""
    p = Path(path)
    source = _shown(str(p))
    try:
        text = read_text(p, MAX_BYTES)
    except FileNotFoundError as exc:
        raise RuleSetError(source, "<file>", f"cannot be read ({exc.strerror})") from None
    except FileRefusedError as exc:
        raise RuleSetError(source, "<file>", exc.reason) from None
    return text, ruleset_from_text(text, str(p))


def _shown(name: str) -> str:
    """A file name as an error shows it: a name of thousands of characters is cut short."""
    return name if len(name) <= 200 else name[:97] + "..." + name[-100:]


def load_house_rules(path: str | Path) -> RuleSet:
    return read_house_rules(path)[1]


def load_ruleset(name_or_path: str) -> RuleSet:
    """A preset name, or the path of a house-rules ``.toml`` file."""
    return read_ruleset(name_or_path)[1]


def read_ruleset(name_or_path: str) -> tuple[str | None, RuleSet]:
    """A preset name (no text: the preset is played as shipped), or the path of a house-rules
    ``.toml`` file (its text, kept with a game, and its rules)."""
    if name_or_path in preset_names():
        return None, load_preset(name_or_path)
    if name_or_path.endswith(".toml") or "/" in name_or_path or _exists(name_or_path):
        return read_house_rules(name_or_path)
    raise RuleSetError(_shown(name_or_path), "variant", f"unknown variant (choose from: "
                       f"{', '.join(preset_names())}, or give a house-rules .toml file)")


def _exists(name: str) -> bool:
    try:
        return Path(name).exists()
    except (OSError, ValueError):  # a name too long for the system, or with a NUL in it
        return False


LEVELS_DIR = data_dir("levels")


# Each lesson and puzzle read so far, by its kind, file name and text: building one plays its
# position's moves through the engine, and the tutorial's menu is built again each time a
# player leaves a lesson (2 to 3 s of CPU for the whole folder). A file whose text changed is
# read again; the items are frozen, so sharing them is safe. Only ever added to.
_READ: dict[tuple[str, str, str], Lesson | Puzzle] = {}


def load_tutorial(folder: Path | None = None
                  ) -> tuple[list[Lesson], list[Puzzle], list[str]]:
    """Every lesson (``levels/lessons/*.toml``) and puzzle (``levels/puzzles/*.toml``), in
    order, plus one error line for each file that is refused."""
    root = folder or LEVELS_DIR
    lessons: list[Lesson] = []
    puzzles: list[Puzzle] = []
    errors: list[str] = []
    readers: tuple[tuple[str, Any, list[Any]], ...] = (
        ("lessons", lesson_from_mapping, lessons), ("puzzles", puzzle_from_mapping, puzzles))
    for kind, build, out in readers:
        for path in sorted((root / kind).glob("*.toml")):
            source = f"{kind}/{path.name}"
            try:
                text = read_text(path, MAX_BYTES)
                key = (kind, path.name, text)
                if key in _READ:
                    out.append(_READ[key])
                    continue
                item = build(parse_toml(text), source, path.stem, preset_names(), load_preset)
                if kind == "lessons":
                    item = dataclasses.replace(item, digest=digest(text))
                _READ[key] = item
                out.append(item)
            except SchemaError as exc:
                errors.append(f"{source}: {exc}")
            except FileRefusedError as exc:
                errors.append(f"{source}: field '<file>': {exc.reason}")
            except OSError as exc:
                errors.append(f"{source}: field '<file>': cannot be read ({exc.strerror})")
            except LessonError as exc:
                errors.append(str(exc))
    lessons.sort(key=lambda x: (x.order, x.id))
    puzzles.sort(key=lambda x: (x.order, x.id))
    return lessons, puzzles, errors


def load_tutorial_library(folder: Path | None = None) -> Library:
    """The tutorial's quotes, glossary and measured times (``levels/``)."""
    return load_library(folder or LEVELS_DIR, preset_names())
