"""Everything the game reads from or writes to disk, validated by one schema approach
(:mod:`game.store.schema`): the content that ships with it (presets, lessons) and house-rules
files (:mod:`game.store.content`), and the player's own files (settings, statistics, tutorial
progress, saved games) kept by :class:`game.store.store.Store`."""
