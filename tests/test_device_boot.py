"""The console on an emulated Pico: its own firmware (`make uf2`, MicroPython 1.28 with the app
frozen in) boots straight to the same main menu the simulator draws, pixel for pixel, on every
board; the stock install (.mpy files on stock MicroPython 1.28) shows the title while it interns
its names, then the same menu; and every game's engine plays whole games with bots on both (the
release a Pico runs, not the unix port's preview build)."""

import json

import pytest

from tests import device_support as ds
from tests.conftest import LONG

pytestmark = pytest.mark.device


@pytest.fixture(scope="module")
def uf2_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("uf2"))


def boot_and_answer_a_press(board, uf2_dir, install, first):
    """Power on, compare the first full screen with first (RGB565), reach the main menu, check
    it and one cursor move against the simulator's."""
    dev = ds.pico.Pico(board, uf2=ds.console_uf2(board, uf2_dir, install))
    dev.install = install
    try:
        dev.run(300)
        ds.past_title(dev, check=first)
        sim = ds.sim_device(board)
        want = ds.rgb565(sim.app)
        got = dev.image()
        assert not dev.decoder.errors, dev.decoder.errors[:5]
        ds.same_image(got, want, dev.board.WIDTH)
        assert not ds.app_errors(dev), ds.app_errors(dev)
        # the menu answers a press: the cursor moves, as in the simulator
        dev.tap("down")
        dev.settle()
        sim.press("down")
        got = dev.image()
        want = ds.rgb565(sim.app)
        ds.same_image(got, want, dev.board.WIDTH)
    finally:
        dev.close()


@pytest.mark.parametrize("board", ds.BOARDS)
def test_own_firmware_boots_straight_to_the_simulators_main_menu(board, uf2_dir):
    boot_and_answer_a_press(board, uf2_dir, "frozen", ds.rgb565(ds.sim_device(board).app))


def test_stock_install_shows_the_title_while_it_interns_then_the_main_menu(uf2_dir):
    board = ds.BOARDS[0]
    ds.need_device("stock")
    title = ds.rgb565(ds.sim_device(board, splash=True).app)
    boot_and_answer_a_press(board, uf2_dir, "stock", title)


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


@pytest.mark.parametrize("install", ds.pico.INSTALLS)
@pytest.mark.parametrize("part", [0, 1])
def test_every_game_plays_whole_games_on_the_device(part, install, uf2_dir):
    """Invariants checked after every 7th action and the last (cards conserved, nothing hidden
    leaks into a view, encode/decode round trip), on MicroPython 1.28 with the engine frozen in
    flash and as .mpy files: after every action they cost ten times the play (the unix-port
    parity tests check every action, and so does `make test-long` here)."""
    board = ds.BOARDS[0]
    dev = ds.boot(board, ds.console_uf2(board, uf2_dir, install), install)
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
