"""Random-press soak of the real main loop (firmware.main.run) on the compiled build of each board,
under the MicroPython unix port (tests/harness/console_soak.py), with the figures of the whole run.

    python -m tools.benches.soak [--presses 1000000] [--boards ID,ID] [--heap 336K] [--jobs 2]
        [--seed 1]
                         [--chunk 50000] [--json]

The presses are shared out evenly between the boards and run in chunks of --chunk presses, one
process each (a chunk boots the console afresh with the saves of the chunk before, so a saved
game or the statistics carry on), --jobs processes at a time. Prints per board: presses, errors,
error screens, the highest live heap (after the frame's collection; the harness's own part left
out, and the growth of the interned-names pool alongside), presses per second, visits per screen;
then the totals. Exit status 1 if any error or error screen was seen.

Heap: 336K = the firmware's budget in this port's units (PORT_BUDGET, tests/conftest.py: 240 KB)
+ 24 KB for the harness + 24 KB of slack (tests/test_memory.py) + 48 KB for the names MicroPython
interns for good once every game has been loaded (docs/APP.md, "Memory"). --heap 192K shows where
a flat 192K with the harness inside stops (--stop-on-error gives the press of the first error).
"""

import json
import os
import re
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import boards  # noqa: E402
from tools.install import build  # noqa: E402
from tools.cli import boards as board_list, whole, Parser  # noqa: E402


def micropython():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    return here if os.path.exists(here) else "micropython"


def run_chunk(root, board, saves, presses, seed, heap, stop):
    spec = {
        "root": root,
        "board": board,
        "saves": saves,
        "mode": "soak",
        "presses": presses,
        "seed": seed,
        "stop_on_error": stop,
    }
    fd, path = tempfile.mkstemp(suffix=".json")
    with os.fdopen(fd, "w") as f:
        json.dump(spec, f)
    p = subprocess.Popen(
        [micropython(), "-X", "heapsize=" + heap, "tests/harness/console_soak.py", "@" + path],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    return p, path


def parse(text):
    lines = [ln for ln in text.strip().splitlines() if ln.startswith("{")]
    if not lines:
        return {"crashed": text[-2000:]}
    out = json.loads(lines[-1])
    q = [int(x) for x in re.findall(r"n_total_bytes=(\d+)", text)]
    out["qstr_end"] = q[-1] if q else 0
    return out


def main(argv=None):
    ap = Parser(description="Random-press soak of the firmware's main loop")
    ap.add_argument(
        "--presses", type=whole(1), default=1000000, help="in all, shared by the boards"
    )
    ap.add_argument("--boards", type=board_list, default=",".join(boards.IDS))
    ap.add_argument("--heap", default="336K")
    ap.add_argument("--jobs", type=whole(1, 64), default=2)
    ap.add_argument("--seed", type=whole(0), default=1)
    ap.add_argument("--chunk", type=whole(1), default=50000)
    ap.add_argument("--stop-on-error", action="store_true")
    ap.add_argument("--json", action="store_true")
    a = ap.parse_args(argv)
    ids = [b for b in a.boards.split(",") if b]
    tmp = tempfile.mkdtemp(prefix="soak-")
    for bid in ids:
        s = build.build(bid, os.path.join(tmp, "build"), quiet=True, arch="host")
        if s["errors"]:
            print("build failed:", s["errors"])
            return 1
    per = a.presses // len(ids)
    todo = []
    for i, bid in enumerate(ids):
        left = per
        k = 0
        while left > 0:
            n = min(a.chunk, left)
            todo.append((bid, n, a.seed * 1000 + i * 100 + k))
            left -= n
            k += 1
    res = dict(
        (
            bid,
            {
                "presses": 0,
                "errors": [],
                "n_errors": 0,
                "error_screens": 0,
                "peak_firmware": 0,
                "qstr_end": 0,
                "visits": {},
                "seconds": 0.0,
                "chunks": 0,
                "crashed": [],
            },
        )
        for bid in ids
    )
    busy = {}  # board -> running chunk: a board's chunks run in turn (its saves)
    t0 = time.time()
    while todo or busy:
        for bid in list(busy):
            p, path, n, started = busy[bid]
            if p.poll() is None:
                continue
            out = parse(p.stdout.read())
            os.remove(path)
            del busy[bid]
            r = res[bid]
            r["chunks"] += 1
            r["seconds"] += time.time() - started
            if "crashed" in out:
                r["crashed"].append(out["crashed"])
                continue
            r["presses"] += out["presses"]
            r["n_errors"] += out["n_errors"]
            r["errors"] += out["errors"][:5]
            r["error_screens"] += out["error_screens"]
            fw = out["peak_heap"] - out["harness_bytes"]
            if fw > r["peak_firmware"]:
                r["peak_firmware"] = fw
            r["qstr_end"] = max(r["qstr_end"], out["qstr_end"])
            for k, v in out["visits"].items():
                r["visits"][k] = r["visits"].get(k, 0) + v
            if a.stop_on_error and out["n_errors"]:
                r["first_error_press"] = r["presses"] - out["presses"] + out["first_error_press"]
                todo = [t for t in todo if t[0] != bid]
        while todo and len(busy) < a.jobs:
            pick = None
            for t in todo:
                if t[0] not in busy:
                    pick = t
                    break
            if pick is None:
                break
            todo.remove(pick)
            bid, n, seed = pick
            p, path = run_chunk(
                os.path.join(tmp, "build", bid),
                bid,
                os.path.join(tmp, "saves-" + bid),
                n,
                seed,
                a.heap,
                a.stop_on_error,
            )
            busy[bid] = (p, path, n, time.time())
        time.sleep(0.2)
    wall = time.time() - t0
    total = {
        "presses": 0,
        "errors": 0,
        "error_screens": 0,
        "wall_s": round(wall, 1),
        "heap": a.heap,
    }
    for bid in ids:
        r = res[bid]
        total["presses"] += r["presses"]
        total["errors"] += r["n_errors"] + len(r["crashed"])
        total["error_screens"] += r["error_screens"]
        r["presses_per_s"] = round(r["presses"] / r["seconds"], 1) if r["seconds"] else 0
    total["presses_per_s"] = round(total["presses"] / wall, 1) if wall else 0
    if a.json:
        print(json.dumps({"boards": res, "total": total}))
    else:
        for bid in ids:
            r = res[bid]
            print(
                "%s: %d presses, %d errors, %d error screens, highest live heap %d B (firmware; "
                "interned names %d B), %.0f presses/s"
                % (
                    bid,
                    r["presses"],
                    r["n_errors"] + len(r["crashed"]),
                    r["error_screens"],
                    r["peak_firmware"],
                    r["qstr_end"],
                    r["presses_per_s"],
                )
            )
            if "first_error_press" in r:
                print("  first error at press %d" % r["first_error_press"])
            for e in r["errors"][:3] + [c[-300:] for c in r["crashed"][:1]]:
                print("  error:", e)
            print(
                "  visits:", ", ".join("%s %d" % (k, r["visits"][k]) for k in sorted(r["visits"]))
            )
        print(
            "total: %d presses at %s, %d errors, %d error screens, %.1f s, %.0f presses/s"
            % (
                total["presses"],
                total["heap"],
                total["errors"],
                total["error_screens"],
                wall,
                total["presses_per_s"],
            )
        )
    return 1 if total["errors"] or total["error_screens"] else 0


if __name__ == "__main__":
    sys.exit(main())
