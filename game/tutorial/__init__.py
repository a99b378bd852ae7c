"""The tutorial: lessons and puzzles as validated data, run on the real engine."""
