"""The console on an emulated Pico running stock MicroPython 1.28: it boots from the UF2 that
`make uf2` makes to the same main menu the simulator draws, pixel for pixel, on every board; and
every game's engine plays whole games there with bots (the release a Pico runs, not the unix
port's preview build)."""

import json

import pytest

from tests import device_support as ds
from tests.conftest import LONG

pytestmark = pytest.mark.device


@pytest.fixture(scope="module")
def uf2_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("uf2"))


@pytest.mark.parametrize("board", ds.BOARDS)
def test_boot_shows_the_simulators_title_then_main_menu(board, uf2_dir):
    uf2 = ds.console_uf2(board, uf2_dir)
    dev = ds.pico.Pico(board, uf2=uf2)
    try:
        dev.run(800)
        ds.past_title(dev, check=ds.rgb565(ds.sim_device(board, splash=True).app))
        sim = ds.sim_device(board)
        want = ds.rgb565(sim.app)
        got = dev.image()
        assert not dev.decoder.errors, dev.decoder.errors[:5]
        assert got == want, ds.diff_summary(got, want, dev.board.WIDTH)
        assert not ds.app_errors(dev), ds.app_errors(dev)
        # the menu answers a press: the cursor moves, as in the simulator
        dev.tap("down")
        dev.settle()
        sim.press("down")
        got = dev.image()
        want = ds.rgb565(sim.app)
        assert got == want, ds.diff_summary(got, want, dev.board.WIDTH)
    finally:
        dev.close()


# Whole matches are long on a 125 MHz chip (a default Screw match of 3 chips each is about 800
# actions, 12 s of Pico time); a lower target or one chip each keeps every match whole but short.
GAMES = (
    ("schieber", 4, {"target": 300}),
    ("screwed", 2, {"target": 100}),
    ("syn-partners", 4, {}),
    ("syn-swap", 5, {}),
    ("screw", 3, {"chips": 1}),
    ("moonshine", 3, {"chips": 1}),
    ("popcorn", 3, {"chips": 1}),
    ("shithead", 3, {"chips": 1}),
)
RUN = """import json, gc
from engine import runner
gc.collect()
out = runner.run_many(%r, %d, 1, %d, %s, None, None, check=%d)
gc.collect()
out["free"] = gc.mem_free()
print(json.dumps(out))
"""


@pytest.mark.parametrize("part", [0, 1])
def test_every_game_plays_whole_games_on_the_device(part, uf2_dir):
    """Invariants checked after every 7th action and the last (cards conserved, nothing hidden
    leaks into a view, encode/decode round trip), on stock MicroPython 1.28: after every action
    they cost ten times the play (the unix-port parity tests check every action, and so does
    `make test-long` here)."""
    board = ds.BOARDS[0]
    dev = ds.boot(board, ds.console_uf2(board, uf2_dir))
    try:
        ds.raw_repl(dev)
        for gid, seats, options in GAMES[part::2]:
            code = RUN % (gid, seats, 11, json.dumps(options), 1 if LONG else 7)
            out = ds.exec_on(dev, code, ms=600000)
            res = json.loads(out.strip().splitlines()[-1])
            assert res["errors"] == 0 and res["finished"] == 1, res
            assert res["actions"] > 10, res
    finally:
        dev.close()
