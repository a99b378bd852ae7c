"""``python -m game``: the same as the ``pinochle`` command."""

from game.cli import main

raise SystemExit(main())
