"""The desktop simulator: the real app on a pygame-ce window, or headless with a script.

    python -m sim [--board ID] [--seed S] [--deal N] [--scale 1-8 | --dpi 50-1000|auto]
                  [--saves DIR]
    python -m sim --headless --board ID --seed S --script FILE --shots DIR
    python -m sim --link host|join [--link-port N] [--link-address IP] ...  (docs/LINK.md)

Keys: arrows = joystick / d-pad, Z = A, X = B, A = X, S = Y, Enter = START, F12 = screenshot,
Esc = quit. Script lines: up down left right a b x y start, "wait N" (N frames), "shot NAME".
"""

import argparse
import os
import sys

from boards import IDS, DEFAULT
from tools.cli import folder, guard, real, whole, Parser


def dpi(s):
    """--dpi: 'auto' or a monitor's dots per inch (50 to 1000)."""
    return s if s in ("auto", "") else real(50, 1000)(s)


def parse(argv):
    ap = Parser(prog="python -m sim", description="Card console simulator")
    ap.add_argument("--board", default=DEFAULT, choices=IDS, help="board id (size and buttons)")
    ap.add_argument("--seed", type=whole(0, 2**31), default=1, help="clock start, so deals repeat")
    ap.add_argument(
        "--deal",
        type=whole(),
        default=0,
        help="deal number the setup offers (1-999999; the same cards as selfplay --deal N)",
    )
    ap.add_argument(
        "--scale", type=whole(0, 8), default=0, help="integer window scale, 1-8 (0: fit screen)"
    )
    ap.add_argument(
        "--dpi",
        type=dpi,
        default="",
        help="true size: show the panel at its physical size "
        "(boards' PANEL_MM) on a monitor of this many dots per inch, or 'auto'",
    )
    ap.add_argument("--headless", action="store_true", help="no window; needs --script")
    ap.add_argument("--script", help="file of button presses (headless)")
    ap.add_argument("--shots", type=folder, default="shots", help="folder for screenshots")
    ap.add_argument(
        "--saves",
        default="",
        help="folder for save files (default: in memory when headless, sim_saves/ with a window)",
    )
    ap.add_argument(
        "--link",
        choices=("host", "join"),
        default="",
        help="link this simulator to another over a local socket, as consoles on a cable: "
        "host a table (seats set to Linked) or join one (main menu: Join a linked table)",
    )
    ap.add_argument(
        "--link-port", type=whole(1024, 65535), default=7460, help="the link's TCP port"
    )
    ap.add_argument(
        "--link-address", default="127.0.0.1", help="the host simulator's address (join)"
    )
    ap.add_argument("--frames", type=int, default=0, help=argparse.SUPPRESS)  # tests: stop after N
    args = ap.parse_args(argv)
    if not 0 <= args.deal <= 999999:
        ap.error("--deal must be 1 to 999999 (0: a deal from the clock), not %d" % args.deal)
    if args.saves and os.path.exists(args.saves) and not os.path.isdir(args.saves):
        # the console's storage is a folder of files: a file there would make every save fail
        ap.error("--saves must be a folder (it is made if missing), not the file %s" % args.saves)
    return args


def storage_for(path):
    if not path:
        return None
    from firmware.storage import Storage

    return Storage(path)


def headless(args):
    from sim.headless import Device, check_script

    if not args.script:
        print("--headless needs --script FILE", file=sys.stderr)
        return 2
    try:
        with open(args.script) as f:
            lines = f.read().splitlines()
        check_script(lines, args.script)
    except (OSError, UnicodeDecodeError) as e:
        print(
            "cannot read the script %s: %s" % (args.script, getattr(e, "strerror", None) or e),
            file=sys.stderr,
        )
        return 2
    except ValueError as e:
        print(e, file=sys.stderr)
        return 2
    dev = Device(
        args.board,
        storage_for(args.saves),
        start_ms=1000 + args.seed * 1000,
        deal=args.deal,
        link_ports=args.ports,
    )
    os.makedirs(args.shots, exist_ok=True)
    dev.run_script(lines, shots=args.shots)
    print(
        "frames %d, rectangles %d, bytes pushed %d"
        % (dev.app.frames, dev.display.rects, dev.display.bytes)
    )
    return 0


def main(argv=None):
    return guard(_main, argv, "python -m sim")


def _main(argv):
    args = parse(sys.argv[1:] if argv is None else argv)
    args.ports = None
    if args.link:
        from sim.linksock import ports

        try:
            args.ports = ports(args.link, args.link_port, args.link_address)
        except OSError as e:
            print(
                "cannot listen on %s port %d for the link: %s"
                % (args.link_address, args.link_port, e.strerror or e),
                file=sys.stderr,
            )
            return 2
    if args.headless:
        return headless(args)
    from sim.window import run, NoDisplay

    try:
        return run(args)
    except NoDisplay as e:
        print(
            "The simulator cannot open a window here (%s).\n"
            "Without a display, run it headless, e.g.:\n"
            "  python -m sim --headless --board %s --seed 1 --script FILE --shots DIR\n"
            "(script lines: up down left right a b x y start, 'wait N', 'shot NAME')"
            % (e, args.board),
            file=sys.stderr,
        )
        return 3


if __name__ == "__main__":
    sys.exit(main())
