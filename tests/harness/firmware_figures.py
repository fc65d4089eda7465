"""Per-board firmware figures, as quoted in docs/HARDWARE.md (CPython; runs the unix port).

    .venv/bin/python tests/harness/firmware_figures.py [--json]

For each board: build size and littlefs blocks, the file-system part of the UF2 (with a
stand-in 640 KB MicroPython image), bytes per full redraw, bytes per move of a watched 2-player
SCREWED! game (bots "fast"), and the firmware's peak heap (harness excluded) over a full game of
every game at minimum seats (bots "instant"), all on the MicroPython unix port with the 192K +
24K harness allowance of tests/test_firmware_console.py. About 30 s of CPU.
"""

import json
import os
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import boards  # noqa: E402
from engine import games  # noqa: E402
from tools.install import build, uf2  # noqa: E402

MP = os.path.join(os.path.dirname(sys.executable), "micropython")
HEAP = "216K"


def console(tmp, spec):
    path = os.path.join(tmp, "spec.json")
    with open(path, "w") as f:
        json.dump(spec, f)
    p = subprocess.run(
        [MP, "-X", "heapsize=" + HEAP, "tests/harness/console_run.py", "@" + path],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    return json.loads(p.stdout.strip().splitlines()[-1])


def main():
    tmp = tempfile.mkdtemp(prefix="figures-")
    fw = os.path.join(tmp, "micropython.uf2")
    with open(fw, "wb") as f:
        f.write(
            uf2.pack(
                [
                    (uf2.FLAG_FAMILY, uf2.XIP + i * 256, uf2.RP2040, bytes(256))
                    # a stand-in for the stock MicroPython: as large as fits below the image tag
                    for i in range((uf2.LAYOUTS["rp2040"].tag_addr - uf2.XIP) // 256)
                ]
            )
        )
    fw_size = os.path.getsize(fw)
    rows = {}
    for bid in boards.IDS:
        s = build.build(bid, os.path.join(tmp, "build"), quiet=True)
        root = os.path.join(tmp, "build", bid)
        data, used = uf2.combine(fw, root)
        r = {
            "build_bytes": s["bytes"],
            "files": s["files"],
            "lfs_blocks": used,
            "uf2_fs_bytes": len(data) - fw_size,
            "peaks": {},
            "failed": [],
        }
        n = 0
        for g in games.available():
            n += 1
            out = console(
                tmp,
                {
                    "root": root,
                    "board": bid,
                    "game": g,
                    "speed": 0,
                    "players": max(2, games.seat_counts(g)[0]),
                    "stream": "",
                    "max_frames": 30000,
                    "saves": os.path.join(tmp, "s%d%s" % (n, bid)),
                },
            )
            r["full_frame"] = out["full_frame_bytes"]
            if out["finished"] and not out["errors"]:
                r["peaks"][g] = out["peak_heap_bytes"] - out["harness_bytes"]
            else:
                r["failed"].append([g, out["errors"][:1]])
        out = console(
            tmp,
            {
                "root": root,
                "board": bid,
                "game": "screwed",
                "speed": 1,
                "players": 2,
                "stream": "",
                "max_frames": 30000,
                "heap": False,
                "saves": os.path.join(tmp, "turn" + bid),
            },
        )
        r["turn_bytes"] = out["play_bytes"] // max(1, out["actions"])
        rows[bid] = r
    if "--json" in sys.argv:
        print(json.dumps(rows))
        return
    print(
        "| Board | Full redraw | Typical turn | Firmware peak heap | Build | littlefs blocks |"
        " UF2 fs part | failed |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for bid, r in rows.items():
        p = sorted(r["peaks"].values()) or [0]
        print(
            "| %s | %d B | %d B (%d%%) | %.0f-%.0f KB | %d B, %d files | %d | %d B | %s |"
            % (
                bid,
                r["full_frame"],
                r["turn_bytes"],
                100 * r["turn_bytes"] // r["full_frame"],
                p[0] / 1024.0,
                p[-1] / 1024.0,
                r["build_bytes"],
                r["files"],
                r["lfs_blocks"],
                r["uf2_fs_bytes"],
                r["failed"] or "-",
            )
        )


main()
