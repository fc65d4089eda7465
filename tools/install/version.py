"""The console's version, from git: "r<commits>-<short hash>" ("-dirty" with uncommitted
changes), or "unknown" without git. Every image carries it (its tag, tools/install/uf2.py), the
stock install in version.txt, and the simulator shows the same (firmware Settings, About)."""

import os
import subprocess

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def _git(*args):
    p = subprocess.run(["git"] + list(args), cwd=ROOT, capture_output=True, text=True)
    if p.returncode:
        raise OSError(p.stderr.strip())
    return p.stdout.strip()


def version():
    try:
        n = _git("rev-list", "--count", "HEAD")
        h = _git("rev-parse", "--short=7", "HEAD")
        dirty = _git("status", "--porcelain", "--untracked-files=no")
    except OSError:
        return "unknown"
    return "r%s-%s%s" % (n, h, "-dirty" if dirty else "")


if __name__ == "__main__":
    print(version())
