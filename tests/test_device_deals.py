"""A deal number gives the same deal on the emulated Pico (MicroPython 1.28, the console's own
firmware) as on CPython: the start of a game of every family, dealt from the same number, and
the whole game played again from the same action log (engine.deals) ends in the same state."""

import json
import tempfile

import pytest

from engine import deals, games
from tests import device_support as ds

pytestmark = pytest.mark.device

DEAL = 4711
CASES = (("shithead", 3), ("screwed", 3), ("syn-swap", 4), ("schieber", 4))

CODE = """import json
from engine import games, deals
out = []
for gid, n, log in %r:
    g = games.new_game(gid, n, %d)
    first = g.start_event()
    end = deals.rebuild(gid, n, %d, {}, bytes(log))
    out.append([first, list(end.encode())])
print(json.dumps(out))
"""


def _host_log(gid, n, moves=60):
    """The first moves of a game from the deal (the first legal action each time), as the
    console's action log."""
    g = games.new_game(gid, n, DEAL)
    log = bytearray()
    for _ in range(moves):
        if g.over:
            break
        legal = g.legal_actions()
        deals.record(log, legal, legal[0])
        g.apply(legal[0])
    return g, log


def test_a_deal_number_deals_the_same_cards_on_the_emulated_pico():
    ds.need_device()
    host = []
    cases = []
    for gid, n in CASES:
        g, log = _host_log(gid, n)
        first = json.loads(json.dumps(games.new_game(gid, n, DEAL).start_event()))
        host.append((first, list(g.encode())))
        cases.append((gid, n, list(log)))
    board = ds.BOARDS[0]
    dev = ds.boot(board, ds.console_uf2(board, tempfile.mkdtemp(prefix="deals-uf2-")))
    try:
        ds.raw_repl(dev)
        out = ds.exec_on(dev, CODE % (cases, DEAL, DEAL), ms=600000)
    finally:
        dev.close()
    got = json.loads(out.strip().splitlines()[-1])
    for (gid, n), h, d in zip(CASES, host, got):
        assert d[0] == h[0], gid  # the same cards dealt, the same options and seats
        assert d[1] == h[1], gid  # the same state after the same actions
