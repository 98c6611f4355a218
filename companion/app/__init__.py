"""The running box: the loop, the game being played, start-up and systemd."""
