"""The device bench's report: one markdown table per part, a column per board and install."""

import json
import os

from tools.device.pico_emu import device as pico
from tools.benches.bench_device.heap import HEAP_GAMES


def fmt(s):
    if not s:
        return "-"
    return "%.0f / %.0f / %.0f" % (s["median"], s["p95"], s["max"])


def print_tables(results):
    print(
        "Emulated Raspberry Pi Pico (rp2040js %s, RP2040 at 125 MHz), MicroPython v1.28.0: the"
        " console's own firmware (the app frozen in flash), and (stock) the .mpy files on the"
        " stock release; times in emulated Pico milliseconds." % rp2040js_version()
    )
    print()
    keys = list(results[0]["latency_ms"])
    print(
        "| press to panel, ms (median / p95 / max) | "
        + " | ".join(label(r) for r in results)
        + " |"
    )
    print("|---" * (len(results) + 1) + "|")
    print("| boot to menu | " + " | ".join("%.0f" % r["boot_ms"] for r in results) + " |")
    for k in keys:
        print("| %s | " % k + " | ".join(fmt(r["latency_ms"][k]) for r in results) + " |")
    if any("presses" in r for r in results):
        for where in ("menu", "table"):
            print(
                "| quick taps, %s: sent / effective | " % where
                + " | ".join(
                    "%d / %d%s"
                    % (
                        r["presses"][where]["sent"],
                        r["presses"][where]["effective"],
                        " (good bots: 4 strong ones do not fit)"
                        if r["presses"][where].get("strong") == 0
                        else "",
                    )
                    if "presses" in r
                    else "-"
                    for r in results
                )
                + " |"
            )
    if any("replay_moves" in r for r in results):
        print(
            "| moves in the log for the look back and undo rows | "
            + " | ".join(
                ", ".join("%s: %d" % kv for kv in r.get("replay_moves", {}).items()) or "-"
                for r in results
            )
            + " |"
        )
    if any("replay_low_free" in r for r in results):
        for k in results[0].get("replay_low_free", {}):
            print(
                "| lowest free heap, %s (bytes) | " % k
                + " | ".join(str(r.get("replay_low_free", {}).get(k, "-")) for r in results)
                + " |"
            )
    print(
        "| full-screen redraw | "
        + " | ".join("%.1f" % r["redraw_ms"] if "redraw_ms" in r else "-" for r in results)
        + " |"
    )
    if any("heap" in r for r in results):
        names = []
        for r in results:
            for n in r.get("heap", {}):
                if n not in names:
                    names.append(n)
        print()
        print(
            "| live heap after collection, bytes | " + " | ".join(label(r) for r in results) + " |"
        )
        print("|---" * (len(results) + 1) + "|")
        for n in names:
            print(
                "| %s | " % n
                + " | ".join(str(r.get("heap", {}).get(n, "-")) for r in results)
                + " |"
            )
        for gid, _ in HEAP_GAMES:
            print(
                "| lowest free heap in a whole game: %s | " % gid
                + " | ".join(str((r.get("lowest_free") or {}).get(gid, "-")) for r in results)
                + " |"
            )
    pw = [r for r in results if r.get("power")]
    if pw:
        print()
        print("| power: share of CPU cycles running | " + " | ".join(label(r) for r in pw) + " |")
        print("|---" * (len(pw) + 1) + "|")
        for k in pw[0]["power"]:
            cells = []
            for r in pw:
                v = r["power"][k]
                if k.endswith("ms") or k.endswith(", s"):
                    cells.append("%.0f" % v)
                else:
                    cells.append("%.2f%%" % (100 * v))
            print("| %s | " % k + " | ".join(cells) + " |")
    bots = [r for r in results if r.get("bots")]
    if bots:
        print()
        print(
            "| bot decision, ms | level | decisions | median | p99 | worst | mean"
            " | worlds per searched decision |"
        )
        print("|---|---|---|---|---|---|---|---|")
        for row in bots[0]["bots"]:
            gid, level, n, med, p99, worst = row[:6]
            mean, w10 = row[6:8] if len(row) >= 8 else (0, 0)
            print(
                "| %s | %s | %d | %.1f | %.1f | %.1f | %.1f | %s |"
                % (
                    gid,
                    level,
                    n,
                    med / 1000,
                    p99 / 1000,
                    worst / 1000,
                    mean / 1000,
                    ("%.1f" % (w10 / 10)) if w10 else "-",
                )
            )


def label(r):
    """A result's column heading: the board, and the install when it is the stock one."""
    return r["board"] + (" (stock)" if r.get("install") == "stock" else "")


def rp2040js_version():
    try:
        with open(os.path.join(pico.HERE, "node_modules", "rp2040js", "package.json")) as f:
            return json.load(f)["version"]
    except (OSError, ValueError, KeyError):
        return "?"
