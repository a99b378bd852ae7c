"""``pinochle history``: a game's hands exported as text, one pn1 position per line, which the
notation's reader takes back (issue 25, item 4: "exported as text, in the position notation")."""

from __future__ import annotations

import json

from game.cli import main
from game.rules.notation import read
from game.store.content import load_preset
from game.store.store import Store
from tests.store.test_hand_history import golden


def test_history_prints_every_hand_as_a_position_that_reads_back(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    store = Store(tmp_path)
    store.save_game(golden("double-deck"))
    store.archive_game(golden("partnership-190"))
    assert main(["history"]) == 0
    listing = capsys.readouterr().out.splitlines()
    assert listing[0] == "double-deck: double-deck, in progress, 2 hands scored"
    assert listing[1].startswith("partnership-190--") and listing[1].endswith("2 hands scored")
    finished = listing[1].split(":")[0]
    assert main(["history", finished]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert len(lines) == 2
    positions = [read(line, load_preset) for line in lines]
    assert positions[1].start.hand_no == 1
    assert main(["history", "double-deck", "--hand", "2", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["game"] == "double-deck" and len(data["hands"]) == 1
    assert read(data["hands"][0], load_preset).start.hand_no == 1


def test_a_game_or_hand_that_is_not_kept_is_one_line(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("PINOCHLE_HOME", str(tmp_path))
    assert main(["history", "last"]) == 2
    assert "no saved or finished game" in capsys.readouterr().err
    Store(tmp_path).save_game(golden("racehorse"))
    assert main(["history", "racehorse", "--hand", "3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "2 scored hands" in err
