"""`make bench`, display part: what the screen costs per board (called after the engine table).

    python -m tools.benches.display_bench [--boards ID,...] [--games screw,schieber] [--actions N]
                                  [--factor F]

For each board, a small markdown table:
- bytes per full redraw (RGB565, 2 bytes a pixel) and per typical move: one human against three
  bots (or the game's minimum) at bot speed "fast", played by buttons in the headless simulator
  (sim.autoplay, as sim/measure.py); the bytes pushed between two engine actions, the human's
  cursor moves included; median and worst over the actions of the games, and the share of a
  full frame; the SPI time of those bytes at 24 MHz (the rp2 maximum);
- on the MicroPython unix port, the firmware compiled with mpy-cross as on the Pico and a 264K
  heap (sim/timing.py): a full table redraw, a frame in which a move is made and drawn (median
  and worst; input to pixels handed to the display, bot decision included, the per-frame
  garbage collection after it shown apart), and boot to the main menu drawn (imports, App(),
  the boot frame, A pressed at once, the menu frame); each also times the Pico factor (the
  reference loop of ../shared/tools/pico_factor.py) in the same process, before and after,
  and multiplies by the higher of the two. The factor moves with the machine's load (about 75-160
  here): it is printed.
A few seconds to half a minute.
"""

import json
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FACTOR_SCRIPT = os.path.join(os.path.dirname(ROOT), "shared", "tools", "pico_factor.py")
SPI_BYTES_PER_MS = 24000000 // 8 // 1000  # 24 MHz SPI: 3000 bytes a millisecond


def move_bytes(board, gid, actions, seed=9):
    """RGB565 bytes pushed per engine action of a watched game (sorted list), full frame bytes."""
    from engine import games as G
    from sim.autoplay import AutoPlayer, setup_game
    from sim.headless import Device

    dev = Device(board)
    dev.press("a")
    counts = G.seat_counts(gid)
    seats = 4 if 4 in counts else counts[0]
    setup_game(dev, gid, humans=1, seats=seats, speed="fast")
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=seed)
    per = []
    count = [0]
    raw = play.turn.game.apply

    def apply(a):
        raw(a)
        count[0] += 1

    play.turn.game.apply = apply
    seen = 0
    last = dev.display.bytes
    while dev.app.screen is play and len(per) < actions:
        ap.step()
        if count[0] != seen:
            per.append((dev.display.bytes - last) // max(1, count[0] - seen))
            last = dev.display.bytes
            seen = count[0]
    return per, dev.hal.width * dev.hal.height * 2


# the 64-bit port's objects are larger than the Pico's: the app runs in the heap its own tests
# give it (tests/test_app_mp.py: the budget with a quarter more, and room for the pools of names);
# a panel larger than 320x240 (the PicoCalc's 320x320 canvas and strips) gets more
PORT_HEAP = "264K"
PORT_HEAP_LARGE = "320K"


def mp_timing(board, game, root, factor_script):
    import boards
    from tools.play.selfplay import micropython_binary

    b = boards.load(board)
    large = b.WIDTH * b.HEIGHT > 320 * 240
    cmd = [
        micropython_binary(),
        "-X",
        "heapsize=" + (PORT_HEAP_LARGE if large else PORT_HEAP),
        "sim/timing.py",
        board,
        game,
        "--json",
        "--root",
        root,
    ]
    if factor_script:
        cmd += ["--factor-script", factor_script]
    p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=300)
    lines = [ln for ln in p.stdout.splitlines() if ln.startswith("{")]
    if p.returncode != 0 or not lines:
        return {"error": (p.stderr or p.stdout).strip().splitlines()[-1:]}
    return json.loads(lines[-1])


def ms(us, factor):
    if not factor:
        return "%.2f ms unix" % (us / 1000.0)
    return "%.2f ms unix, %.0f ms Pico" % (us / 1000.0, us * factor / 1000.0)


def main(argv=None):
    if ROOT not in sys.path:
        sys.path.insert(0, ROOT)
    from tools.cli import boards as board_list, real, whole, Parser

    ap = Parser(prog="python -m tools.benches.display_bench")
    import boards

    ap.add_argument("--boards", type=board_list, default=",".join(boards.IDS))
    ap.add_argument("--games", default="screw,schieber")
    ap.add_argument("--timing-game", default="screw")
    ap.add_argument("--actions", type=whole(1), default=300)
    ap.add_argument(
        "--factor", type=real(above=0), help="use this Pico factor instead of measuring it"
    )
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    from engine import games
    from firmware.menus import available
    from tools.install import build

    have = available()
    gids = [g for g in args.games.split(",") if g in have]
    tgame = args.timing_game if args.timing_game in have else (have[0] if have else None)
    script = None if args.factor else (FACTOR_SCRIPT if os.path.exists(FACTOR_SCRIPT) else None)
    tmp = tempfile.mkdtemp(prefix="display-bench-")
    t_start = time.time()
    print(
        "Display, %s: bytes per move from the headless simulator (CPython); times on the "
        "MicroPython unix port, .mpy build, %s heap" % (time.strftime("%Y-%m-%d %H:%M"), PORT_HEAP)
    )
    print(
        "Typical move: %s, one human against bots at speed \"fast\", played by buttons, %d "
        "actions each; timing game %s"
        % (", ".join([games.entry(g)[games.NAME] for g in gids]), args.actions, tgame)
    )
    failed = 0
    for bid in args.boards.split(","):
        b = boards.load(bid)
        per = []
        full = b.WIDTH * b.HEIGHT * 2
        for g in gids:
            p, full = move_bytes(bid, g, args.actions)
            per += p
        per.sort()
        med = per[len(per) // 2] if per else 0
        worst = per[-1] if per else 0
        t = {}
        if tgame:
            build.build(bid, tmp, quiet=True, arch="host")
            t = mp_timing(bid, tgame, os.path.join(tmp, bid), script)
        f = args.factor or t.get("factor")
        print()
        print(
            "%s (%dx%d), Pico factor %s"
            % (bid, b.WIDTH, b.HEIGHT, ("%.0f" % f) if f else "unknown")
        )
        print()
        print("| measure | value |")
        print("|---|---|")
        print(
            "| bytes per full redraw | %d (%.1f ms at 24 MHz) |"
            % (full, full / float(SPI_BYTES_PER_MS))
        )
        print(
            "| bytes per typical move, median | %d (%.1f%% of a full frame, %.1f ms) |"
            % (med, 100.0 * med / full, med / float(SPI_BYTES_PER_MS))
        )
        print(
            "| bytes per typical move, worst | %d (%.0f%%, %.1f ms) |"
            % (worst, 100.0 * worst / full, worst / float(SPI_BYTES_PER_MS))
        )
        if "error" in t:
            print("| unix-port timing | failed: %s |" % " ".join(t["error"]))
            failed += 1
            continue
        if t:
            print("| full table redraw | %s |" % ms(t["full_us"], f))
            print("| frame with a move, median | %s |" % ms(t["move_us"], f))
            print("| frame with a move, worst | %s |" % ms(t["move_worst_us"], f))
            print("| garbage collection after a frame | %s |" % ms(t["gc_us"], f))
            print(
                "| boot to menu drawn | %s, + %.0f ms of SPI |"
                % (ms(t["menu_us"], f), t["menu_bytes"] / float(SPI_BYTES_PER_MS))
            )
    print()
    print("(%.0f s)" % (time.time() - t_start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
