"""The box's own screens: home, history, players, unfinished games, settings."""
