"""How both console harnesses (console_run.py, console_soak.py) start: read the spec (a JSON
argument, or "@file": the unix port dies on an argument over 255 characters), then run the
firmware from inside its root, as on the Pico (sys.path "", modules "firmware/x.mpy"). Every
module's file name is interned on the heap, and a long build path (pytest's temporary directories,
whose length varies from run to run) would add kilobytes that no Pico holds."""

import json
import os
import sys


def enter(arg):
    """The spec, with the harness's own modules still importable and the cwd at its root."""
    if arg.startswith("@"):
        with open(arg[1:]) as f:
            spec = json.load(f)
    else:
        spec = json.loads(arg)
    here = os.getcwd()
    # the fake machine; the modules loaded later (nav, report, ...) come from the script's folder,
    # which both runtimes put first on sys.path as an absolute path
    sys.path.insert(0, here + "/tests/fakes")
    for k in ("saves", "stream"):  # the spec's paths are from the repository
        if spec.get(k) and spec[k][0] != "/":
            spec[k] = here + "/" + spec[k]
    # the root's path is not kept: the harness's heap would grow with the build path's length
    os.chdir(spec.pop("root", None) or ".")
    sys.path.insert(0, "")
    return spec
