"""Where the game's data folders are: ``sprites/``, ``sounds/`` and ``levels/``.

They live at the repository root, where tools/ writes them. The wheel (and so a plain
``pip install .``) carries them inside the package as ``game/_data/<name>`` (pyproject.toml maps
them there). An editable install puts the checkout itself on ``sys.path``, so there, as when run
from the checkout, the package is the checkout's ``game/`` and the folders sit beside it.

The package is found with importlib.resources, whichever way it was installed. This module
imports nothing from ``game``, so any module may use it.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

NAMES = ("sprites", "sounds", "levels")
PACKAGED = "_data"  # the folder inside the package that the wheel puts them in

_PACKAGE = __name__.rpartition(".")[0]


def data_dir(name: str) -> Path:
    """The folder ``name`` (one of NAMES): inside the installed package, or else beside the
    package in a source checkout (editable install, or run from the checkout).

    A real ``Path``, because pygame and the lesson loader open files by name; pip always installs
    a wheel unpacked. Nothing is checked beyond where the folder is: when neither place has it,
    this is where an installed game should have it, so whatever then fails to open names it.
    """
    if name not in NAMES:
        raise ValueError(f"no data folder called {name!r}; they are {', '.join(NAMES)}")
    package = resources.files(_PACKAGE)
    if not isinstance(package, Path):
        raise RuntimeError(f"{_PACKAGE} is imported from {package}, not a folder on disk; "
                           f"its {name}/ must be files that pygame can open")
    packaged = package / PACKAGED / name
    if packaged.is_dir():
        return packaged
    checkout = package.parent
    if (checkout / "pyproject.toml").is_file() and (checkout / name).is_dir():
        return checkout / name
    return packaged
