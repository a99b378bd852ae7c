"""``python -m tools.new_preset NAME --from BASE``: start a new preset as a copy of BASE's file,
named NAME and placed after every other preset (the next free ``order``). Edit the rules next;
docs/contributing.md gives the rest of the recipe."""

from __future__ import annotations

import argparse
import re
import tomllib
from collections.abc import Sequence
from pathlib import Path

FOLDER = Path(__file__).resolve().parents[1] / "game" / "presets"
NAME = re.compile(r"[a-z][a-z0-9-]*")


def next_order(folder: Path) -> int:
    """One after the highest ``order`` of the presets in ``folder``: a place no other takes."""
    orders = [tomllib.loads(p.read_text(encoding="utf-8"))["order"] for p in folder.glob("*.toml")]
    return max(orders, default=0) + 1


def new_preset(name: str, base: str, folder: Path = FOLDER) -> Path:
    """Write ``folder/NAME.toml``, BASE's text with its name and place replaced; ValueError with
    one line for a bad name, an unknown base or a preset that exists already."""
    if not NAME.fullmatch(name):
        raise ValueError(f"new_preset: {name!r} is no preset name (lower-case letters, digits "
                         f"and hyphens, starting with a letter)")
    source, target = folder / f"{base}.toml", folder / f"{name}.toml"
    if not source.is_file():
        known = ", ".join(sorted(p.stem for p in folder.glob("*.toml")))
        raise ValueError(f"new_preset: no preset {base!r} to copy (choose from: {known})")
    if target.exists():
        raise ValueError(f"new_preset: {target} exists already")
    text = source.read_text(encoding="utf-8")
    text, names = re.subn(rf'^name = "{re.escape(base)}"', f'name = "{name}"', text, count=1,
                          flags=re.MULTILINE)
    text, orders = re.subn(r"^order = \d+", f"order = {next_order(folder)}", text, count=1,
                           flags=re.MULTILINE)
    if names != 1 or orders != 1:
        raise ValueError(f"new_preset: {source} has no top-level name or order line to replace")
    target.write_text(text, encoding="utf-8")
    return target


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__)
    p.add_argument("name", metavar="NAME", help="the new preset's name (its file's name)")
    p.add_argument("--from", dest="base", required=True, metavar="BASE",
                   help="the preset to copy: the one whose rules are closest")
    args = p.parse_args(argv)
    try:
        path = new_preset(args.name, args.base)
    except ValueError as exc:
        p.exit(2, f"{exc}\n")
    print(f"wrote {path}: now write its rules, quoting its document (docs/contributing.md)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
