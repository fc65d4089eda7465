"""Random-press soak on the emulated Pico: the console's real main loop (firmware.main.run) on
MicroPython 1.28 (32-bit objects, the device's own heap and allocator), the console's own
firmware (--install frozen, the default) or the stock install's .mpy files (--install stock),
with the heap capped at --heap by a ballast block taken before the firmware starts.

    python -m tools.benches.device_soak [--boards ID,ID] [--presses 2000] [--heap 192K] [--seed 1]
                                [--json] [--stop-on-error] [--log DIR]

Per board: the console with the soak's device side added on its file system
(tests/harness/soak_keys.py, the key chooser the unix port's soak uses too, and
tests/harness/soak_device.py, the driver), booted on the emulator. In the raw REPL the driver
builds the board's Hal, puts a key source in place of the buttons and a virtual clock in place of
the Hal's clock (a frame's wait costs no emulated time, so the run is the CPU's own work), takes
the ballast, and runs main.run with a frame hook that presses a key every other frame. The cap is
the firmware's: it holds the interpreter's own boot allocations, the Hal and everything the
firmware loads; the two soak modules (about 8 KB, measured at each run as the heap their import
took) come on top, as a Pico does not hold them.

Prints per board: presses, frames, errors, error screens, the highest live heap after a frame
(the loop collects after each frame), the lowest free heap seen after a frame, visits per
screen, emulated seconds and wall seconds. Exit status 1 on any error or error screen.
Figures: docs/APP.md, "Memory".
"""

import json
import os
import shutil
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

import boards  # noqa: E402
from tools.device.pico_emu import device as pico  # noqa: E402
from tools.cli import boards as board_list, whole, Parser  # noqa: E402

# the device side: the key chooser (shared with the unix port's soak) and the driver
DEVICE_SRC = ("soak_keys", "soak_device")
DONE = "SOAK-DONE"

DRIVER = """import gc
gc.collect()
a = gc.mem_alloc()
import soak_device
gc.collect()
soak_device.run(%(seed)d, %(presses)d, %(stop)d, %(cap)d, gc.mem_alloc() - a)
print("%(done)s")
"""


def soak_build(board, out_dir, firmware, install="frozen"):
    """The board's console plus the soak's two device modules on its file system, as one UF2;
    returns its path."""
    extra = [(os.path.join(ROOT, "tests", "harness", n + ".py"), n) for n in DEVICE_SRC]
    return pico.build_uf2(board, out_dir, firmware, install=install, extra=extra)


def soak_board(
    board,
    presses,
    cap,
    seed=1,
    stop=False,
    out_dir=None,
    progress=None,
    log=None,
    install="frozen",
):
    """One board's soak on the emulated Pico; the driver's figures as a dict. log: a file for
    the whole console output (every error's traceback; the result keeps only its end)."""
    found, why = pico.binaries(install)
    if found is None:
        raise SystemExit(why)
    own = out_dir is None
    out_dir = out_dir or tempfile.mkdtemp(prefix="dsoak-")
    t0 = time.time()
    dev = pico.Pico(board, uf2=soak_build(board, out_dir, found[0], install), panel=False)
    try:
        dev.run(1500)
        code = DRIVER % {
            "seed": seed,
            "presses": presses,
            "stop": 1 if stop else 0,
            "cap": cap,
            "done": DONE,
        }
        pico.raw_repl(dev)
        mark = len(dev.serial)
        dev.type(code)
        dev.write("\x04")
        dev.until("OK", 5000)
        seen = mark
        while DONE not in dev.serial[mark:]:
            dev.run(5000)
            if dev.proc.poll() is not None:
                raise pico.PicoError("emulator exited")
            if progress is not None:
                for line in dev.serial[seen:].replace("\r", "").splitlines():
                    if "SOAK-AT" in line or "SOAK-START" in line:
                        progress(board, line[line.index("SOAK-") :])
                seen = dev.serial.rfind("\n") + 1
            if "Traceback" in dev.serial[mark:] and "SOAK-START" not in dev.serial[mark:]:
                raise pico.PicoError("the driver failed: " + dev.serial[mark:][-1500:])
        text = dev.serial[mark:].replace("\r", "")
        if log:
            with open(log, "w") as f:
                f.write(text)
        res = None
        start = None
        pools = {}
        for line in text.splitlines():
            # the raw REPL's "OK" comes first on the driver's first line
            if "SOAK-RESULT " in line:
                res = json.loads(line.split("SOAK-RESULT ", 1)[1])
            elif "SOAK-START" in line:
                start = [int(x) for x in line.split("SOAK-START", 1)[1].split()]
            elif "SOAK-NAMES " in line and "n_pool=" in line:
                # the pools of names: at the start, after the boot's interning, at the end
                when = line.split("SOAK-NAMES ", 1)[1].split()[0]
                pools[when] = int(line.split("n_pool=", 1)[1].split(",")[0])
        if res is None:
            raise pico.PicoError("no result: " + text[-1500:])
        res["board"] = board
        res["heap_total"], res["ballast"] = start[0], max(start[1], 0)
        res["start_alloc"], res["start_free"], res["harness"] = start[2], start[3], start[4]
        res["cap"] = cap
        res["pools"] = pools
        res["emulated_s"] = round(dev.now_ns / 1e9, 1)
        res["wall_s"] = round(time.time() - t0, 1)
        res["log"] = text[-3000:] if res["errors"] else ""
        return res
    finally:
        dev.close()
        if own:
            shutil.rmtree(out_dir, ignore_errors=True)


def parse_heap(s):
    s = s.strip().upper()
    if s.endswith("M"):
        return int(s[:-1]) * 1024 * 1024
    return int(s[:-1]) * 1024 if s.endswith("K") else int(s)


def main(argv=None):
    ap = Parser(description="Random-press soak on the emulated Pico")
    ap.add_argument("--boards", type=board_list, default=",".join(boards.IDS))
    ap.add_argument("--presses", type=whole(1), default=2000, help="per board")
    ap.add_argument("--heap", default="192K", help="the heap cap (a ballast takes the rest)")
    ap.add_argument("--seed", type=whole(0), default=1)
    ap.add_argument("--stop-on-error", action="store_true")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--log", help="a directory for each board's whole console output")
    ap.add_argument(
        "--install",
        default="frozen",
        choices=pico.INSTALLS,
        help="frozen: the console's own firmware (default); stock: .mpy files on stock "
        "MicroPython 1.28 (with --heap 1M: no ballast, the whole heap it leaves)",
    )
    a = ap.parse_args(argv)
    why = pico.emulator_ready()
    if why:
        raise SystemExit(why)
    cap = parse_heap(a.heap)
    results = []

    def progress(board, line):
        if not a.json:
            print("  %s %s" % (board, line), flush=True)

    for b in a.boards.split(","):
        log = os.path.join(a.log, "soak-%s.log" % b) if a.log else None
        if log:
            os.makedirs(a.log, exist_ok=True)
        results.append(
            soak_board(
                b,
                a.presses,
                cap,
                a.seed,
                a.stop_on_error,
                progress=progress,
                log=log,
                install=a.install,
            )
        )
        r = results[-1]
        if not a.json:
            print(
                "%s: %d presses, %d frames, %d errors, %d error screens, live heap peak %d, "
                "(%s), lowest free %d (cap %d of %d, ballast %d), %.1f emulated s, %.0f wall s"
                % (
                    b,
                    r["presses"],
                    r["frames"],
                    r["errors"],
                    r["error_screens"],
                    r["peak"],
                    r["peak_at"],
                    r["low"],
                    cap,
                    r["heap_total"],
                    r["ballast"],
                    r["emulated_s"],
                    r["wall_s"],
                ),
                flush=True,
            )
            print("  visits: " + json.dumps(r["visits"], sort_keys=True), flush=True)
            if r["errors"]:
                print(r["log"])
    if a.json:
        print(json.dumps(results))
    bad = sum(r["errors"] + r["error_screens"] for r in results)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
