"""Guards the benchmark suite against rot: its functions still run on a tiny night.

The figures themselves are not checked here (``make bench`` measures them); only that
every measurement runs, the partial adapter sends less than luma, and the report
renders and serialises.
"""

from __future__ import annotations

import json

import pytest

from benchmarks import __main__ as cli
from benchmarks import bus, process, report, script

pytestmark = pytest.mark.filterwarnings("ignore:Image.Image.getdata:DeprecationWarning")


def test_a_tiny_night_measures_and_reports(tmp_path):
    result = cli.run(turns=1, subprocesses=False, burst_keys=40, backup_games=50)
    b = result["bus"]
    assert b["interactions"] > 20 and not b["errors"]
    first = b["first_frame"]["drivers"]["ours/ssd1306"]
    assert 0 < first["ms_100k_p50"] <= first["ms_100k_p95"] <= first["ms_100k_max"] <= 94
    assert first["ms_400k_p95"] < first["ms_100k_p95"]
    assert "RollerScreen" in b["animations"]
    for run in result["burst"]["runs"]:
        assert run["handled"] == 40 and run["log_matches"] and run["last_frame_matches"]
    assert b["drivers"]["ours/ssd1306"]["bytes_total"] < b["drivers"]["luma/ssd1306"][
        "bytes_total"]
    assert result["latency"]["warm"]["samples"] > 20
    assert result["backup"]["backups_made"] >= 1 and result["backup"]["during_backup"]["samples"]
    text = report.table(result)
    assert "ours/ssd1306" in text and "targets:" in text and "first frame after" in text
    json.dumps(result, default=str)


def test_the_night_visits_every_built_game():
    names = [name for name, _ in script.phases()]
    assert names[0] == "menu" and "dice" in names


def test_process_measurements_run(tmp_path):
    starts = process.cold_starts(1)
    assert 0 < starts[0]["first_frame_s"] < 10 and starts[0]["rss_mb"] > 5
    idle = process.idle(0.3, settle=0.1)
    assert idle["cpu_percent"] >= 0 and idle["seconds"] >= 0.3


def test_percentiles_are_nearest_rank():
    assert report.pct(list(range(1, 101)), 99) == 99
    assert report.pct([5.0], 50) == 5.0
    assert bus.SPEEDS == (100_000, 400_000)


def test_slow_presses_lists_what_misses_the_50_ms_line(capsys) -> None:
    from benchmarks import slow_presses

    assert slow_presses.main(["--turns", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert "presses drew an answer; p95" in out[0] and out[-1].startswith("whole night: ")
    listed = [line for line in out[1:-1] if line.strip()]
    assert listed and all(float(line.split()[3]) > 50 for line in listed)


def test_without_the_game_list_costs_the_change_past_it_on_the_real_frames() -> None:
    """The what-if drops the press into the game list, keeps the cursor moves in it and
    costs the OK out of it from the frame before the list to the frame after it."""
    from PIL import Image, ImageDraw

    from benchmarks import slow_presses
    from benchmarks.script import Step

    def frame(text: str) -> Image.Image:
        image = Image.new("1", (128, 64))
        ImageDraw.Draw(image).text((4, 20), text, fill=1)
        return image

    home, menu, menu2, setup = frame("Start"), frame("Games"), frame("Games >"), frame("Set")
    night = {
        "steps": [Step("menu", "ok"), Step("menu", "down"), Step("menu", "ok")],
        "frame_tags": [{"interaction": 0, "kind": "first", "screen": "GamePicker"},
                       {"interaction": 1, "kind": "first", "screen": "GamePicker"},
                       {"interaction": 2, "kind": "first", "screen": "BrikksSetup"}],
        "frame_ms": {"ours/ssd1306": {"100k": [70.0, 5.0, 80.0]}},
        "image_before": home, "images": [menu, menu2, setup],
    }
    assert slow_presses.without_game_list(night, "ssd1306") == {
        1: 5.0, 2: slow_presses.change_ms(home, setup, "ssd1306")}
    assert slow_presses.change_ms(home, setup, "ssd1306") != 80.0
    night["steps"][2] = Step("menu", "back")  # leaving by BACK: the whole visit is gone
    assert slow_presses.without_game_list(night, "ssd1306") == {1: 5.0}


def test_the_evening_plays_every_game_to_its_end():
    from companion.testing import Rig

    rig = Rig(seed=7)
    errors: list[str] = []
    try:
        steps = script.play(rig, 10, lambda rig, step: rig.press(step.key), errors,
                            evening=True)
        finished = {record.kind for record in rig.store.history(10)}
    finally:
        rig.close()
    assert not errors and len(steps) > 400
    assert {"brikks", "genial", "four_stones"} <= finished  # played to the end, recorded
