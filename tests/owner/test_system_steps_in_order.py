"""Guards install-service's output piped through ``tee`` (issue 42): the numbered steps
came after all of pip's and systemctl's output (our stdout was block-buffered in a pipe,
theirs was not) and the failure line came first. Now each step is said at once, a command's
errors go to the same stream as its output, and the failure line is the last one.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

CHILD = """
import sys
from companion.owner import cli, install
from companion.owner.system_steps import Step, execute

def steps(args):
    execute([Step("say hello", ("sh", "-c", "echo child-out; echo child-err >&2")),
             Step("fail", ("sh", "-c", "exit 1"))], check=lambda folder: None)
    return 0

install.main = steps
sys.exit(cli.main(["install-service", "--dry-run"]))
"""


def test_steps_output_and_the_failure_line_come_in_order_through_a_pipe() -> None:
    # `companion install-service 2>&1 | tee install.log`: one pipe for both streams
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=ROOT, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, timeout=60,
                          env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT),
                               "LANG": "C.UTF-8"})
    lines = done.stdout.splitlines()
    assert done.returncode == 2
    assert lines == ["1. say hello", "   sh -c 'echo child-out; echo child-err >&2'",
                     "child-out", "child-err", "2. fail", "   sh -c 'exit 1'",
                     lines[-1]]
    assert lines[-1].startswith("companion: step 2 (fail) failed: ")
