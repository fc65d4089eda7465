"""Numbered deals and the action log (engine.deals): a deal number fixes the cards whatever the
bots' seed, on CPython and the MicroPython unix port; the log keeps an action in 1-2 bytes and,
played again from the deal, gives back every earlier state exactly (undo, replay)."""

import json
import os
import random
import subprocess
import sys
import tempfile

from engine import deals, games, runner
from engine.game import view_cards
from tests.conftest import ROOT

# one game of every family, at a seat count that plays quickly
FAMILIES = (("screw", 3), ("screwed", 3), ("syn-swap", 4), ("schieber", 4), ("shithead", 2))


def start_line(g):
    return json.loads(json.dumps(g.start_event()))


def test_deal_number_fixes_the_cards_whatever_the_bots_seed():
    for gid, n in FAMILIES:
        a = []
        b = []
        ga, _ = runner.play(gid, n, 1, levels=["random"] * n, log=a.append, check=False, deal=77)
        gb, _ = runner.play(gid, n, 9, levels=["random"] * n, log=b.append, check=False, deal=77)
        assert a[0] == b[0], gid  # the same deck, dealer and options
        assert a[0]["seed"] == 77
        # and exactly the deal a new game of that number makes (the console's setup)
        assert a[0] == start_line(games.new_game(gid, n, 77))
        # the bots' seed still matters to the play: the matches differ somewhere
        assert a != b or gid == "syn-swap", gid


def _selfplay(tmp, runtime, seed, deal, gid, n):
    d = os.path.join(tmp, "%s-%s-%d" % (gid, runtime, seed))
    args = [sys.executable, "-m", "tools.play.selfplay", "--game", gid, "--players", str(n)]
    args += ["--games", "1", "--seed", str(seed), "--deal", str(deal), "--runtime", runtime]
    args += ["--transcripts", d, "--json"]
    p = subprocess.run(args, cwd=ROOT, capture_output=True, text=True, timeout=900)
    out = json.loads(p.stdout.splitlines()[-1])
    assert out["errors"] == 0 and out["finished"] == 1, (p.stdout, p.stderr)
    (name,) = os.listdir(d)
    assert name == "%s-%d-deal%d.jsonl" % (gid, n, deal)
    with open(os.path.join(d, name)) as f:
        return [json.loads(line) for line in f]


def test_same_deal_number_same_cards_on_cpython_and_micropython():
    tmp = tempfile.mkdtemp(prefix="deals-")
    for gid, n in (("screwed", 3), ("schieber", 4)):
        cp = _selfplay(tmp, "cpython", 3, 4711, gid, n)
        mp = _selfplay(tmp, "micropython", 3, 4711, gid, n)
        assert cp == mp, gid  # the whole transcript, event for event
        other = _selfplay(tmp, "cpython", 8, 4711, gid, n)
        assert other[0] == cp[0], gid  # another bots' seed: the same deal
        assert cp[0]["seed"] == 4711


def test_action_log_keeps_one_or_two_bytes_an_action():
    for i in (0, 1, 127, 128, 255, 256, 4095, 32767):
        log = bytearray()
        deals.append(log, 5)
        deals.append(log, i)
        assert deals.indices(log) == [5, i]
        assert len(log) == 1 + (1 if i < 128 else 2)
        assert deals.offsets(log) == [0, 1]
    total = 0
    acts = 0
    for gid, n in FAMILIES:
        g, log, states = _played(gid, n, 5)
        total += len(log)
        acts += len(states) - 1
        assert len(log) <= 2 * (len(states) - 1)
    assert total < 1.2 * acts  # nearly always one byte


def _played(gid, n, seed, deal=None):
    """A random game with its log and the encoding after every action (the first: the deal)."""
    rnd = random.Random(seed)
    g = games.new_game(gid, n, seed if deal is None else deal)
    log = bytearray()
    states = [g.encode()]
    while not g.over:
        legal = g.legal_actions()
        a = legal[rnd.randrange(len(legal))]
        deals.record(log, legal, a)
        g.apply(a)
        states.append(g.encode())
    return g, log, states


def test_undo_restores_the_exact_previous_state_rng_included():
    """Undo then redo over random games of every family: the state played again from the deal
    up to any action encodes as it did then (the generator's state is in the encoding), and the
    same action from there gives the same next state."""
    rnd = random.Random(3)
    for gid, n in FAMILIES:
        for seed in (1, 2):
            g, log, states = _played(gid, n, seed, deal=100 + seed)
            offs = deals.offsets(log)
            idx = deals.indices(log)
            picks = sorted(set([rnd.randrange(len(offs)) for _ in range(12)] + [len(offs) - 1]))
            for k in picks:
                back = deals.rebuild(gid, n, 100 + seed, g.opts, log, offs[k])
                assert back.encode() == states[k], (gid, seed, k)
                assert back.rng.get_state() == games.decode(gid, states[k]).rng.get_state()
                deals.step(back, idx[k])  # redo
                assert back.encode() == states[k + 1], (gid, seed, k)


def test_undo_never_reveals_a_card_not_seen():
    """Undo never widens what any seat has seen: every card a seat's view shows after going
    back was in that seat's view at some moment before."""
    for gid, n in FAMILIES:
        g, log, states = _played(gid, n, 4, deal=55)
        offs = deals.offsets(log)
        seen = [set() for _ in range(n)]
        for k in range(len(offs) + 1):
            now = games.decode(gid, states[k])
            for s in range(n):
                seen[s].update(view_cards(now.view(s)))
            if k and k % 7 == 0:
                back = deals.rebuild(gid, n, 55, g.opts, log, offs[k - 1])
                for s in range(n):
                    assert set(view_cards(back.view(s))) <= seen[s], (gid, k, s)


def test_a_logged_action_that_is_not_legal_is_refused():
    g, log, states = _played("screw", 2, 1, deal=9)
    bad = bytearray(log[:3])
    deals.append(bad, 32000)
    try:
        deals.rebuild("screw", 2, 9, g.opts, bad)
    except ValueError as e:
        assert "not legal" in str(e)
    else:
        raise AssertionError("an impossible index was played")
