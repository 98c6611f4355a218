"""What this box is set up with: the config file, presets, settings, the installed games."""
