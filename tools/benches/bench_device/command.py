"""Device figures measured on the emulated Pico, in emulated Pico time (125 MHz): `make
bench-device`.

    python -m tools.benches.bench_device [--board ID ...] [--install frozen,stock] [--turns N]
                                 [--solo-turns N] [--setup-rounds N] [--json FILE]
                                 [--parts latency,redraw,bots,heap,power,presses,replay] [--levels
                                 random,heuristic,strong] [--games schieber,...]

Per board and install (the console's own firmware, `make uf2`; the stock install, `make
uf2-stock`; both by default), booted on the emulated Pico (tools/device/pico_emu), every
press-to-panel row with SAMPLES (20) samples or more:
- boot to menu: power-on to the end of the SPI transfer that completes the main menu;
- press to panel (press to the end of the SPI transfer of what the press drew; median, p95,
  max): main-menu cursor, menu to setup, setup to menu, setup to table (two humans: the
  hand-over screen), setup to table against bots (one human, every game, --setup-rounds times:
  the start press to the end of its first frame, the table), continue a saved game, hand-over
  (privacy) screen to table, table cursor, card selected, card played pass-and-play (Shithead
  and Schieber, --turns turns or until SAMPLES cards are played: the simulator makes the save
  and chooses the moves, the device
  gets the buttons; the card is timed to the end of the press's first frame, which shows it on
  the mover's table, and the hand-over screen that follows to the end of its transfer), card
  played against bots (Shithead and Schieber, one human, bots at instant speed, the whole game
  unless --solo-turns: the press's first frame, the bots' replies following; more Shithead
  games until "card selected" has SAMPLES), the card that ends a hand or the game and the A that
  closes a hand's panel (its first frame: the next hand), SAMPLES of each from saves taken just
  before such moves across whole games of four games with a panel between hands (hand_ends);
- full-screen redraw: display.show() of a whole changed canvas, timed with ticks_us on the
  device (includes the SPI transfer at the board's baud rate);
- bot decision time per game and level (median, p99, worst; the first board only: the engine
  does not depend on the board);
- live heap after a collection per screen (boot, menu, setup, play, results) and the lowest
  free heap while a whole all-bot game of each family plays (main.run with a frame hook
  through the REPL).
- quick taps (presses): bursts of taps 15-40 ms held, 30-200 ms apart, on the main menu and on
  a Schieber table of thinking strong bots: presses sent, and presses that had their effect
  (tools/device/pico_emu/presses.py).
- power (--parts power): the share of CPU cycles spent running while idle on the main menu and
  on a table, before and after the dim, and asleep; the idle times; the wake press-to-panel time
  (power_figures).
- replay (--parts replay): late in the longest matches against bots (REPLAY_GAMES), continued
  from a save as after a power-off: the pause menu's look back (its first frame, the page once
  the moves are read, steps of a move and of a trick, back), "Take back my move", and the lowest
  free heap while the look back and the table are up (replay_heap).
Prints one markdown table per part; --json writes every figure.
"""

import json
import os
import sys
import tempfile

from tools.benches.bench_device.bots import LEVELS, bot_times
from tools.benches.bench_device.common import ENDS_ROW, NEXT_ROW, SAMPLES, build_uf2, stats
from tools.benches.bench_device.ends import hand_ends
from tools.benches.bench_device.heap import heap_per_screen
from tools.benches.bench_device.latency import (
    boot_ms,
    menu_latencies,
    play_latencies,
    setup_to_table,
    setup_to_table_vs_bots,
    solo_latencies,
)
from tools.benches.bench_device.power import power_figures
from tools.benches.bench_device.presses import lost_presses
from tools.benches.bench_device.redraw import redraw_ms
from tools.benches.bench_device.replay import REPLAY_GAMES, replay_heap, replay_latencies
from tools.benches.bench_device.report import print_tables
from tools.cli import whole, Parser
from tools.device.pico_emu import device as pico


BOARDS = (
    "pico_lcd_1_3",
    "pico_display_2",
    "pico_lcd_1_14",
    "ili9341_breadboard",
    "pico_display_pack",
    "picosystem",
    "picocalc",
)


PARTS = ("latency", "changes", "ends", "redraw", "bots", "heap", "power", "presses", "replay")


def bench_board(
    board,
    mp_uf2,
    rom,
    work,
    turns,
    parts,
    levels,
    cap,
    games=None,
    install="frozen",
    setup_rounds=3,
    solo_turns=None,
):
    uf2 = build_uf2(board, os.path.join(work, install), mp_uf2, install=install)
    res = {"board": board, "install": install}
    with_bots = "bots" in parts
    with_heap = "heap" in parts
    lat = {
        k: []
        for k in (
            "menu cursor",
            "menu to setup",
            "setup to menu",
            "setup to table",
            "setup to table vs bots",
            "continue saved game",
            "privacy to table",
            "table cursor",
            "card selected",
            "card played (shithead)",
            "card played (schieber)",
            "hand-over screen after a card played",
            "card played vs bots (shithead)",
            "card played vs bots (schieber)",
            ENDS_ROW,
            NEXT_ROW,
        )
    }
    dev = pico.Pico(board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
    try:
        res["boot_ms"] = boot_ms(dev, board)
        dev.settle()
        if "latency" in parts or "changes" in parts:
            menu_latencies(dev, board, lat)
            setup_to_table(dev, board, lat)
            setup_to_table_vs_bots(dev, board, lat, setup_rounds)
        if "latency" in parts:
            play_latencies(dev, board, "shithead", 2, turns, lat)
            play_latencies(dev, board, "schieber", 4, turns, lat)
            solo_latencies(dev, board, "shithead", 3, solo_turns, lat)
            solo_latencies(dev, board, "schieber", 4, solo_turns, lat)
            # cards chosen to play with others (Shithead's sets): more games until SAMPLES
            seed = 4
            while solo_turns and len(lat["card selected"]) < SAMPLES and seed < 7:
                solo_latencies(dev, board, "shithead", 3, solo_turns, lat, seed=seed)
                seed += 1
        if "latency" in parts or "ends" in parts:
            hand_ends(dev, board, lat)
        if "replay" in parts:
            res["replay_moves"] = {
                "%s (%d seats)" % (gid, seats): replay_latencies(dev, board, gid, seats, lat)
                for gid, seats in REPLAY_GAMES
            }
        res["latency_ms"] = {k: stats(v) for k, v in lat.items()}
        res["samples_ms"] = lat  # every sample, in the order taken (--json)
        if "redraw" in parts:
            res["redraw_ms"] = redraw_ms(dev)
        if "power" in parts:
            res["power"] = power_figures(dev, board)
        if with_bots:
            res["bots"] = bot_times(dev, levels, cap, games)
    finally:
        dev.close()
    if with_heap:
        dev = pico.Pico(board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
        try:
            res["heap"], res["lowest_free"] = heap_per_screen(dev, board)
        finally:
            dev.close()
    if "replay" in parts:
        dev = pico.Pico(board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
        try:
            res["replay_low_free"] = replay_heap(dev, board)
        finally:
            dev.close()
    if "presses" in parts:
        dev = pico.Pico(board, uf2=uf2, bootrom=rom, workdir=tempfile.mkdtemp(dir=work))
        try:
            dev.run(300)
            res["presses"] = lost_presses(dev, board)
        finally:
            dev.close()
    return res


def main(argv=None):
    ap = Parser(
        prog="python -m tools.benches.bench_device",
        description=" ".join(__doc__.split("\n\n")[0].split()),
    )
    ap.add_argument("--board", action="append", choices=BOARDS)
    ap.add_argument(
        "--turns",
        type=whole(0),
        default=0,
        help="human turns per pass-and-play game (latencies; 0: until %d cards are played)"
        % SAMPLES,
    )
    ap.add_argument(
        "--solo-turns",
        type=whole(0),
        default=30,
        help="the human's turns per game against bots, a third each from the game's early, "
        "middle and late turns (0: one game from its start to its end; a Schieber match to "
        "1000 points is about 100)",
    )
    ap.add_argument(
        "--setup-rounds",
        type=whole(1),
        default=3,
        help="setups against bots of every game (8 samples a round)",
    )
    ap.add_argument("--levels", default=",".join(LEVELS))
    ap.add_argument(
        "--decisions", type=whole(1), default=60, help="bot decisions timed per game/level"
    )
    ap.add_argument(
        "--parts",
        default="latency,redraw,bots,heap,power,presses",
        help="what to measure: latency (ends included), changes (only the menus' rows and the "
        "setups and continues), ends (only the hand's end rows), redraw, "
        "bots (the first board only), heap, power, presses, replay",
    )
    ap.add_argument("--games", help="bot times for these games only (comma-separated)")
    ap.add_argument(
        "--install",
        default="frozen,stock",
        help="frozen (the console's own firmware, tools/install/firmware.py), stock (.mpy files "
        "on stock MicroPython 1.28), or both (default)",
    )
    ap.add_argument("--json")
    a = ap.parse_args(argv)
    bad = [x for x in a.parts.split(",") if x not in PARTS]
    if bad or not a.parts:
        ap.error("--parts takes %s, not %r" % (",".join(PARTS), a.parts))
    games = a.games.split(",") if a.games else None
    installs = [i for i in a.install.split(",") if i]
    bad = [i for i in installs if i not in pico.INSTALLS]
    if bad or not installs:
        print("bench-device: --install takes %s, not %r" % (" or ".join(pico.INSTALLS), a.install))
        return 2
    found = {}
    for install in installs:
        found[install], why = pico.binaries(install)
        why = why or pico.emulator_ready()
        if why:
            print("bench-device: " + why)
            return 2
    work = tempfile.mkdtemp(prefix="bench-device-")
    results = []
    for install in installs:
        fw, rom = found[install]
        for i, board in enumerate(a.board or BOARDS):
            print("measuring %s (%s) ..." % (board, install), file=sys.stderr, flush=True)
            parts = set(a.parts.split(","))
            if i:
                parts.discard("bots")
            results.append(
                bench_board(
                    board,
                    fw,
                    rom,
                    work,
                    a.turns,
                    parts,
                    a.levels.split(","),
                    a.decisions,
                    games,
                    install,
                    a.setup_rounds,
                    a.solo_turns or None,
                )
            )
    print_tables(results)
    if a.json:
        with open(a.json, "w") as f:
            json.dump(results, f, indent=1)
    return 0
