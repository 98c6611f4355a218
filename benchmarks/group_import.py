"""``python -m benchmarks.group_import [PLAYS]``: a BG Stats group's two-year history
coming in (issue 44), each step a process of its own as an owner runs it:

* ``companion import FILE --shorten`` of a generated export of PLAYS plays (10,000 by
  default; :mod:`benchmarks.group_export`) into a log holding nothing yet: its time and
  the process's peak RSS;
* the same file again (every play already on the box);
* ``companion stats`` and ``companion stats --json`` on that log: time and peak RSS;
* the phone's import of the same file into another log (the page's two requests, read
  then "Import them", through Flask's test client in one process): time and peak RSS.

Peak RSS is the kernel's ``ru_maxrss`` of the measured process, read by a small Python
parent of its own (so each figure is that step's alone).
"""

from __future__ import annotations

import json
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from benchmarks.group_export import group_export

_PAGE = """
import io, sys, time
from pathlib import Path
from companion.config.file import from_mapping
from companion.log.store import Store
from companion.pairing import codes
from companion.web.site import create_app
folder, path = Path(sys.argv[1]), Path(sys.argv[2])
Store.open(folder / "companion.db").close()
app = create_app(folder / "companion.db", from_mapping({"state": {"dir": str(folder)}}))
client = app.test_client()
client.get(f"/P/{codes.new_code(folder)}")
cookie = client.get_cookie("companion_phone").value
token = codes.csrf(folder, codes.paired(folder, cookie))
data = path.read_bytes()
started = time.perf_counter()
read = client.post("/players/import", data={"csrf": token, "file": (io.BytesIO(data), "e.json")},
                   content_type="multipart/form-data")
shown = time.perf_counter()
done = client.post("/players/import/confirm", data={"csrf": token, "shorten": "1"})
ended = time.perf_counter()
assert read.status_code == 200 and done.status_code == 303, (read.status_code, done.status_code)
print(round(shown - started, 3), round(ended - shown, 3))
app.extensions["companion"].close()
"""


def _one(argv: list[str]) -> dict[str, Any]:
    """``argv`` measured in a process of its own (so its peak is its own)."""
    code = ("import json, resource, subprocess, sys, time\n"
            "t = time.perf_counter()\n"
            "p = subprocess.run(sys.argv[1:], capture_output=True, text=True)\n"
            "took = time.perf_counter() - t\n"
            "print(json.dumps({'seconds': round(took, 3), 'code': p.returncode,"
            " 'peak_rss_mib': round(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss"
            " / 1024, 1), 'out': p.stdout[-400:], 'err': p.stderr[-400:]}))\n")
    got = subprocess.run([sys.executable, "-c", code, *argv], capture_output=True, text=True,
                         check=True)
    return dict(json.loads(got.stdout))


def measure(n_plays: int = 10_000) -> dict[str, Any]:
    out: dict[str, Any] = {"plays": n_plays}
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        export = group_export(n_plays)
        path = folder / "BGStatsExport.json"
        path.write_text(json.dumps(export.data, ensure_ascii=False), encoding="utf-8")
        out["file_mib"] = round(path.stat().st_size / 2**20, 2)
        db = folder / "companion.db"
        subprocess.run([sys.executable, "-c", "import sys; from companion.log.store import "
                        "Store; Store.open(sys.argv[1]).close()", str(db)], check=True)
        config = folder / "config.toml"
        config.write_text('[display]\ndriver = "dummy"\n', encoding="utf-8")
        companion = [sys.executable, "-m", "companion", "--config", str(config), "--db",
                     str(db)]
        first = _one([*companion, "import", str(path), "--shorten"])
        out["import"] = {k: first[k] for k in ("seconds", "peak_rss_mib", "code")}
        out["import"]["said"] = [line for line in first["out"].splitlines()
                                 if "plays added" in line]
        again = _one([*companion, "import", str(path), "--shorten"])
        out["import_again"] = {k: again[k] for k in ("seconds", "peak_rss_mib", "code")}
        for name, extra in (("stats", []), ("stats_json", ["--json"])):
            got = _one([*companion, "stats", *extra])
            out[name] = {k: got[k] for k in ("seconds", "peak_rss_mib", "code")}
        page = folder / "page"
        page.mkdir()
        got = _one([sys.executable, "-c", _PAGE, str(page), str(path)])
        read, confirm = (float(x) for x in got["out"].split()) if got["code"] == 0 \
            else (0.0, 0.0)
        out["page_import"] = {"read_seconds": read, "import_seconds": confirm,
                              "peak_rss_mib": got["peak_rss_mib"], "code": got["code"],
                              "err": got["err"][-200:] if got["code"] else ""}
    return out


def main(argv: list[str]) -> None:
    print(json.dumps(measure(int(argv[0]) if argv else 10_000), indent=1,
                     ensure_ascii=False))


if __name__ == "__main__":
    main(sys.argv[1:])
