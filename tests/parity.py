"""CPython / MicroPython parity: play the same seeds on both runtimes with transcripts and
compare them event for event (parsed JSON, so key order and spacing do not matter)."""

import json
import os
import subprocess
import sys
import tempfile

from tests.conftest import LONG, ROOT

# `make test` compares at most this many seeds per case (a whole suite under 20 minutes on two
# cores); `make test-long` (LONG_TESTS=1) plays the counts the tests name.
QUICK_GAMES = 8


def _read(dirname):
    out = {}
    for n in sorted(os.listdir(dirname)):
        with open(os.path.join(dirname, n)) as f:
            out[n] = [json.loads(line) for line in f if line.strip()]
    return out


def run(game, players, games, seed=1, options=(), runtime="cpython", bots="heuristic"):
    d = tempfile.mkdtemp(prefix="tx-%s-%s-" % (game, runtime))
    args = [
        sys.executable,
        "-m",
        "tools.play.selfplay",
        "--game",
        game,
        "--players",
        str(players),
        "--games",
        str(games),
        "--seed",
        str(seed),
        "--runtime",
        runtime,
        "--json",
        "--transcripts",
        d,
        "--bots",
        bots,
    ]
    for o in options:
        args += ["--option", o]
    p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=1200)
    lines = [ln for ln in p.stdout.splitlines() if ln.strip()]
    assert lines, p.stderr[-2000:]
    summary = json.loads(lines[-1])
    return summary, _read(d)


def assert_parity(game, players, games=20, seed=1, options=(), bots="heuristic"):
    """Returns the MicroPython summary (with peak_heap_bytes) after checking parity."""
    if not LONG:
        games = min(games, QUICK_GAMES)
    s_cp, t_cp = run(game, players, games, seed, options, "cpython", bots)
    s_mp, t_mp = run(game, players, games, seed, options, "micropython", bots)
    assert s_cp["errors"] == 0, s_cp.get("error_messages")
    assert s_mp["errors"] == 0, s_mp.get("error_messages")
    assert s_cp["finished"] == games and s_mp["finished"] == games
    assert sorted(t_cp) == sorted(t_mp)
    for name in t_cp:
        a, b = t_cp[name], t_mp[name]
        for i in range(max(len(a), len(b))):
            ea = a[i] if i < len(a) else None
            eb = b[i] if i < len(b) else None
            assert ea == eb, "%s line %d differs:\nCPython:     %s\nMicroPython: %s" % (
                name,
                i + 1,
                ea,
                eb,
            )
    assert s_cp["wins"] == s_mp["wins"] and s_cp["losses"] == s_mp["losses"]
    return s_mp
