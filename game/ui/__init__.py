"""The pygame table: window, scenes, widgets and animation. Reads the engine, decides nothing."""
