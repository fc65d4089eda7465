"""Seeded fuzz of save loading, the same on CPython and on the MicroPython unix port.

Real saves of every game (new games played with random legal actions, saved at a few points up
to the end) get random changes: bit flips, byte replacements (random or a small step away),
truncation, insertion, deletion, and splices with another save of the same game. Each input must
either be refused by engine.games.decode with a ValueError naming the game, or load a game that
random legal actions play to its end without an error, a seat to act always having a move.

All randomness comes from engine.rng, so both runtimes make the same inputs and must reach the
same counts (tests/test_saves_fuzz.py). By hand, from the repository root:
    python -m tests.fuzz_saves [INPUTS_PER_GAME] [SEED] [GAME ...]
    micropython -X heapsize=192K tests/fuzz_saves.py 300 1 schieber
"""

import gc
import sys

if "." not in sys.path:
    sys.path.insert(0, ".")

from engine import games  # noqa: E402
from engine.rng import Rng  # noqa: E402

# (game id, seats, options): every game id, short matches so that playing to the end is cheap
CASES = (
    ("screw", 3, {"chips": 1}),
    ("moonshine", 2, {"chips": 2}),
    ("popcorn", 4, {"chips": 1}),
    ("shithead", 6, {"chips": 1}),
    ("screwed", 2, {"target": 40}),
    ("syn-partners", 4, {}),
    ("syn-swap", 4, {"lives": 1}),
    ("schieber", 4, {"hands": 1}),
)

SAVE_AT = (0, 2, 7, 25, 80)  # actions played before a save is taken (and one at the end)
MAX_ACTIONS = 20000  # a game still running after this many random actions counts as stuck


def saves(gid, seats, opts, seed):
    """Real saves of one game: after SAVE_AT actions and once it is over."""
    r = Rng(seed)
    g = games.new_game(gid, seats, seed, opts)
    out = []
    n = 0
    while not g.over:
        if n in SAVE_AT:
            out.append(g.encode())
        acts = g.legal_actions()
        g.apply(acts[r.below(len(acts))])
        n += 1
    out.append(g.encode())
    return out


def mutate(data, others, r):
    """One random change of data (bytes) -> bytes; others: saves of the same game to splice."""
    d = bytearray(data)
    n = len(d)
    kind = r.below(10) - 3  # changes in place twice as often: they are the likelier to load
    if kind < 0:
        kind = -kind - 1
    if kind == 0:  # bit flips
        for _ in range(1 + r.below(2)):
            i = r.below(n)
            d[i] ^= 1 << r.below(8)
    elif kind == 1:  # random bytes
        for _ in range(1 + r.below(3)):
            d[r.below(n)] = r.below(256)
    elif kind == 2:  # a small step: the kind of wrong value a bug writes
        i = r.below(n)
        d[i] = (d[i] + (1 + r.below(3)) * (1 if r.below(2) else -1)) & 255
    elif kind == 3:  # truncation
        d = d[: r.below(n)]
    elif kind == 4:  # insertion
        i = r.below(n + 1)
        d = d[:i] + bytearray([r.below(256) for _ in range(1 + r.below(3))]) + d[i:]
    elif kind == 5:  # deletion
        i = r.below(n)
        d = d[:i] + d[i + 1 + r.below(3) :]
    else:  # splice: this save's head, another save's tail
        o = others[r.below(len(others))]
        i = r.below(n)
        j = i + r.below(5) - 2
        j = 0 if j < 0 else (len(o) if j > len(o) else j)
        d = d[:i] + bytearray(o[j:])
    return bytes(d)


def play_out(g, r):
    """Random legal actions to the end; returns the number of actions, raises on a fault."""
    n = 0
    while not g.over:
        if not 0 <= g.to_act < g.seats:
            raise AssertionError("seat to act %r" % (g.to_act,))
        acts = g.legal_actions()
        if not acts:
            raise AssertionError("no move for seat %d" % g.to_act)
        g.apply(acts[r.below(len(acts))])
        n += 1
        if n > MAX_ACTIONS:
            raise AssertionError("still running after %d actions" % n)
    g.result()
    return n


def run(per_game, seed=1, gids=None):
    """Fuzz per_game inputs of each case (of the games gids, default all) -> (accepted, refused,
    failures); failures lists (game, input number, message). Each case draws from its own
    generator, so a run of some games makes the same inputs as a run of all."""
    accepted = 0
    refused = 0
    failures = []
    base = list(sys.modules)
    for k in range(len(CASES)):
        gid, seats, opts = CASES[k]
        if gids and gid not in gids:
            continue
        pkg = sys.modules["engine"]
        for name in list(sys.modules):  # one family's modules at a time, as on the console
            if name not in base:
                sys.modules.pop(name)
                if name.startswith("engine.") and name[7:] in pkg.__dict__:
                    delattr(pkg, name[7:])
        gc.collect()
        r = Rng(seed * 16 + k)
        pool = saves(gid, seats, opts, seed + k)
        for i in range(per_game):
            data = mutate(pool[i % len(pool)], pool, r)
            try:
                g = games.decode(gid, data)
            except ValueError as e:
                refused += 1
                if gid not in str(e):
                    failures.append((gid, i, "error names no game: %s" % e))
                continue
            except Exception as e:  # noqa: BLE001 - the fault being looked for
                failures.append((gid, i, "decode raised %s: %s" % (type(e).__name__, e)))
                continue
            accepted += 1
            try:
                play_out(g, r)
            except Exception as e:  # noqa: BLE001 - the fault being looked for
                failures.append((gid, i, "play raised %s: %s" % (type(e).__name__, e)))
            g = None  # nothing of this family may outlive its turn
    return accepted, refused, failures


def main(argv):
    """INPUTS (per game) SEED [GAME ...]: prints each failure, then one summary line."""
    from tools import words as W

    u = "python -m tests.fuzz_saves [INPUTS_PER_GAME] [SEED] [GAME ...]"
    W.words(u, 0, None, argv[1:])
    per_game = W.whole(u, argv[1], 1) if len(argv) > 1 else 250
    seed = W.whole(u, argv[2]) if len(argv) > 2 else 1
    for gid in argv[3:]:
        W.game(u, gid)
    accepted, refused, failures = run(per_game, seed, argv[3:])
    for f in failures:
        print("failure %s #%d: %s" % f)
    print(
        "fuzz inputs %d accepted %d refused %d failures %d"
        % (accepted + refused, accepted, refused, len(failures))
    )


if __name__ == "__main__":
    main(sys.argv)
