"""MicroPython side of tools.play.selfplay: run from the repository root by the unix port.

    micropython -X heapsize=192K tools/play/mp_selfplay.py '<json spec>'
Prints the summary as one JSON line.
"""

import sys

sys.path.insert(0, ".")
import json  # noqa: E402
import time  # noqa: E402
from engine import runner  # noqa: E402


def main():
    from tools import words as W

    u = "micropython tools/play/mp_selfplay.py '<json spec>'|@FILE (run by tools.play.selfplay)"
    arg = W.words(u, 1, 1)[0]
    try:
        if arg[:1] == "@":  # a long spec comes in a file (see tools/play/selfplay.py)
            with open(arg[1:]) as f:
                arg = f.read()
        spec = json.loads(arg)
    except (OSError, ValueError) as e:
        W.fail(u, "cannot read the spec: %s" % e)
    t0 = time.ticks_ms()

    def clock():
        return time.ticks_diff(time.ticks_ms(), t0)

    out = runner.run_many(
        spec["game"],
        spec["players"],
        spec["games"],
        spec["seed"],
        spec["options"],
        spec["levels"],
        spec["transcripts"] or None,
        check=spec["check"],
        measure_heap=spec.get("heap", True),
        clock=clock,
        json_dumps=json.dumps,
        timer=time.ticks_us if spec.get("timing") else None,
        deal=spec.get("deal"),
    )
    print(json.dumps(out))


main()
