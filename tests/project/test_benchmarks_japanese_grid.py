"""Guards the Japanese-grid benchmark against rot: its two walks really run on the two
grids (the 12 px stand-in takes effect), and the same presses reach the same screens."""

from __future__ import annotations

from benchmarks import japanese_grid


def test_the_two_grids_send_different_bytes_for_the_same_walk() -> None:
    figures = japanese_grid.measure()
    assert figures["presses"] == len(japanese_grid.WALK)
    assert figures["grid_13px"] > 0 and figures["grid_12px"] > 0
    assert figures["grid_13px"] != figures["grid_12px"]
