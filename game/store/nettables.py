"""A hosted network table's chairs, kept beside its saved game so that a host that stops
(closed, crashed) can open the same table again and its players rejoin their seats.

The game itself is saved as every game is (``saves/<table>.json``, after every action) in the
network tables' own folder (:func:`network_store`), apart from the player's own games; this file
holds who sat where: each chair's kind, name, bot level and the seat's token, the owner's key
and the stand-ins' level. Read with the schema's checks like every file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from game.bots.registry import TABLE_LEVELS
from game.store import schema
from game.store.paths import data_dir
from game.store.schema import SchemaError
from game.store.store import Store

TABLE_FORMAT = 1
KINDS = ("open", "person", "bot")
LEVELS = ("random", *TABLE_LEVELS)


def network_store(root: Path | None = None) -> Store:
    """The store of hosted network tables: their saves, apart from the player's own games."""
    return Store((root if root is not None else data_dir()) / "network")


@dataclass
class SavedChair:
    kind: str = "open"
    name: str = ""
    level: str = ""
    token: str = ""


@dataclass
class SavedTable:
    owner_key: str
    away_level: str
    chairs: list[SavedChair] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {"format": TABLE_FORMAT, "owner_key": self.owner_key,
                "away_level": self.away_level,
                "chairs": [{"kind": c.kind, "name": c.name, "level": c.level, "token": c.token}
                           for c in self.chairs]}


def _hex(value: Any, field_name: str) -> str:
    text = schema.text(value, field_name, 32)
    if text and (len(text) != 32 or any(c not in "0123456789abcdef" for c in text)):
        raise SchemaError(field_name, "not a token (32 hexadecimal figures)")
    return text


def saved_table_from_json(data: Any) -> SavedTable:
    top = schema.table(data)
    if top.get("format") != TABLE_FORMAT:
        raise SchemaError("format", f"expected {TABLE_FORMAT}")
    chairs = []
    for i, raw in enumerate(schema.items(top.get("chairs"), "chairs", 6)):
        chair = schema.table(raw, f"chairs[{i}]")
        kind = schema.choice(chair.get("kind"), f"chairs[{i}].kind", KINDS)
        level = schema.text(chair.get("level", ""), f"chairs[{i}].level", 20)
        if level and level not in LEVELS:
            raise SchemaError(f"chairs[{i}].level", f"not a bot level ({', '.join(LEVELS)})")
        chairs.append(SavedChair(kind, schema.text(chair.get("name", ""), f"chairs[{i}].name",
                                                   24),
                                 level, _hex(chair.get("token", ""), f"chairs[{i}].token")))
    if len(chairs) < 2:
        raise SchemaError("chairs", "a table has 2 to 6 chairs")
    return SavedTable(_hex(top.get("owner_key"), "owner_key"),
                      schema.choice(top.get("away_level"), "away_level", LEVELS), chairs)


def table_path(store: Store, key: str) -> Path:
    """Beside the saves folder, not in it: that folder holds games only."""
    return store.data / "tables" / f"{key}.json"


def save_table(store: Store, key: str, table: SavedTable) -> bool:
    return store.files.write(table_path(store, key), json.dumps(table.to_json(), indent=1),
                             "The network table's seats")


def load_table(store: Store, key: str) -> SavedTable | None:
    """The table's chairs, or None (no file, or one set aside as unreadable and reported)."""
    path = table_path(store, key)
    text = store.files.read(path, "The network table's seats")
    if text is None:
        return None
    try:
        return saved_table_from_json(schema.parse_json(text))
    except SchemaError as exc:
        store.files.set_aside(path, "The network table's seats", str(exc),
                              "the table opens with its seats free")
        return None
