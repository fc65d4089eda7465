"""Bytes pushed to the display per action and per full frame (the figures of docs/APP.md).

    python -m sim.measure [--board ID] [--games screw,schieber,...]

One human against bots at bot speed "fast", played by buttons (sim.autoplay). For every engine
action the RGB565 bytes pushed since the previous action are recorded (cursor moves, the table
update, the message line); the median and mean are printed next to the size of a full frame.
"""

import sys

from engine import games as G
from firmware.menus import available
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device
from tools.cli import board, Parser


def measure(board, gid, seed=9, actions=300):
    dev = Device(board)
    dev.press("a")
    counts = G.seat_counts(gid)
    seats = 4 if 4 in counts else counts[0]
    setup_game(dev, gid, humans=1, seats=seats, speed="fast")
    play = dev.app.screen
    ap = AutoPlayer(dev, seed=seed)
    per = []
    last_bytes = dev.display.bytes
    last_n = [0]
    raw = play.turn.game.apply

    def apply(a):
        raw(a)
        last_n[0] += 1

    play.turn.game.apply = apply
    n_seen = 0
    while dev.app.screen is play and len(per) < actions:
        ap.step()
        if last_n[0] != n_seen:
            per.append((dev.display.bytes - last_bytes) // max(1, last_n[0] - n_seen))
            last_bytes = dev.display.bytes
            n_seen = last_n[0]
    per.sort()
    full = dev.hal.width * dev.hal.height * 2
    return full, per[len(per) // 2], sum(per) // max(1, len(per)), len(per)


def main(argv=None):
    ap = Parser(prog="python -m sim.measure")
    ap.add_argument("--board", type=board, default="pico_lcd_1_3")
    ap.add_argument("--games", default=",".join(available()))
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    print("board %s" % args.board)
    print(
        "%-14s %10s %14s %12s %8s"
        % ("game", "full frame", "median/action", "mean/action", "actions")
    )
    for gid in args.games.split(","):
        full, med, mean, n = measure(args.board, gid)
        print("%-14s %10d %14d %12d %8d" % (gid, full, med, mean, n))
    return 0


if __name__ == "__main__":
    sys.exit(main())
