"""Playing on the emulated Pico through its buttons, as people do: one human turn per game family
(continue a saved game, the privacy screen, a move made with the buttons, the hand-over to the
next human), each screen pixel-equal to the simulator's; and saves that survive a power cut in
the middle of a flash write.

How the two are kept in step: the simulator sets up an all-human game and makes the save file; the
same bytes are written into the device's littlefs through the REPL (firmware.storage, as the app
writes them); both then continue that save and get the same button presses, which the simulator
worked out (sim.autoplay) and which the device receives on its GPIOs.
"""

import random

import pytest

from tests import device_support as ds

pytestmark = pytest.mark.device

BOARD = "pico_lcd_1_3"
# family -> all-human game: no bot moves, so both sides wait for the same presses
FAMILIES = (
    ("shedding", "shithead", 2),
    ("matching", "screwed", 2),
    ("swap", "syn-swap", 3),
    ("jass", "schieber", 4),
)


# the handhelds and the pack added to the first four boards, each family once on a new board's own
# pins: the PicoCalc (its keys over I2C, its 18-bit panel) with both of its own 320x320 table
# layouts (around the table, and the Schieber cross), the PicoSystem (no START) and the Display
# Pack (240x135) one each
NEW_BOARDS = (
    ("picocalc", ("shedding", "jass")),
    ("picosystem", ("matching",)),
    ("pico_display_pack", ("swap",)),
)
TURNS = [(BOARD,) + f for f in FAMILIES] + [
    (board,) + f for board, fams in NEW_BOARDS for f in FAMILIES if f[0] in fams
]


@pytest.fixture(scope="module")
def uf2_dir(tmp_path_factory):
    return str(tmp_path_factory.mktemp("uf2"))


@pytest.fixture(scope="module")
def uf2(uf2_dir):
    return ds.console_uf2(BOARD, uf2_dir)


def write_save(dev, data):
    """The save file written on the device by the firmware's own storage code."""
    ds.raw_repl(dev)
    out = ds.exec_on(
        dev,
        "from firmware.storage import Storage\n"
        "Storage('saves').write('save', %r)\nprint('saved', len(%r))\n"
        % (bytes(data), bytes(data)),
    )
    assert "saved %d" % len(data) in out, out
    ds.restart_app(dev)


def read_save(dev):
    """The save as the device's storage reads it now (None if missing or damaged)."""
    ds.raw_repl(dev)
    out = ds.exec_on(
        dev,
        "from firmware.storage import Storage\nst = Storage('saves')\n"
        "d = st.read('save')\nprint(repr(d), repr(st.damaged))\n",
    )
    line = out.strip().splitlines()[-1]
    data, damaged = line.rsplit(" ", 1) if line.endswith("]") and " [" in line else (line, "[]")
    return eval(data), eval(damaged)  # noqa: S307 - the device's own repr of bytes/None/list


def same_screen(dev, sim, what):
    dev.settle()
    got = dev.image()
    want = ds.rgb565(sim.app)
    # off the table, what moves on the panel's own clock (a selected row too long for its line
    # scrolls sideways; a help line too long for a short panel turns its pages) is somewhere
    # else on the device, whose clock has run on by its settle: the simulator's frames go on, one
    # cycle at most, to the device's place in it; every pixel must still be equal there
    if got != want and sim.app.screen.__class__.__name__ != "Play":
        for _ in range(900):
            sim.frame(0)
            want = ds.rgb565(sim.app)
            if got == want:
                break
    play = sim.app.screen
    if got != want and play.__class__.__name__ == "Play" and play.turn.interactive():
        # a prompt longer than its lines turns its parts on the app's clock (tableview.TURN_MS),
        # and the device's clock has run on by its settle: the simulator's frames go on, one
        # round of the parts at most, to the device's part; every pixel must be equal there
        from firmware.tableview import TURN_MS

        for _ in range(3 * TURN_MS // 100):
            sim.skip(100)
            sim.frame(0)
            want = ds.rgb565(sim.app)
            if got == want:
                break
    if got != want:  # not `assert got == want`: pytest would diff the two images byte by byte
        raise AssertionError("%s: %s" % (what, ds.diff_summary(got, want, dev.board.WIDTH)))


def armed(dev, sim):
    """Both past the hand-over screen's first ARM_MS, when its cue to hold A is up: the
    simulator frame by frame, the device until its panel shows the same (a resume loads for a
    while before the screen's clock starts; then same_screen says what differs)."""
    for _ in range(100):
        if sim.app.screen.turn.handover.armed(sim.app.now):
            break
        sim.frame(0)
    sim.frame(0)
    want = ds.rgb565(sim.app)
    dev.settle()
    for _ in range(40):
        if dev.image() == want:
            return
        dev.run(100)
        dev.settle()


def unveil(dev, sim):
    """A held for HOLD_MS on the armed hand-over screen, as the next player does."""
    from firmware.handover import HOLD_MS

    sim.hold("a", HOLD_MS + 300)
    dev.tap("a", HOLD_MS + 300, 150)  # held until the bar is full, as people do


def replay(dev, sim_keys):
    for k in sim_keys:
        dev.settle()
        dev.tap(k, 70, 100)


@pytest.mark.parametrize(
    "board,family,gid,seats", TURNS, ids=["%s-%s" % (t[0], t[1]) for t in TURNS]
)
def test_a_human_turn_by_buttons_with_the_privacy_screen(board, family, gid, seats, uf2_dir):
    _, _, save = ds.host_game(board, gid, seats, seats)
    sim = ds.sim_device(board, {"save": save})
    dev = ds.boot(board, ds.console_uf2(board, uf2_dir))
    try:
        write_save(dev, save)
        same_screen(dev, sim, "main menu with a saved game")
        sim.press("a")
        dev.tap("a")
        play = sim.app.screen
        assert play.__class__.__name__ == "Play"
        if play.turn.privacy():  # a resumed game asks for the right person first
            armed(dev, sim)
            same_screen(dev, sim, "privacy screen on resume")
            unveil(dev, sim)
        same_screen(dev, sim, "table of the human to act")
        keys = ds.human_turn_keys(sim)
        assert sim.app.screen.turn.privacy(), "the next human's hand-over screen should be up"
        replay(dev, keys)
        armed(dev, sim)
        same_screen(dev, sim, "hand-over to the next human after %r" % keys)
        unveil(dev, sim)
        same_screen(dev, sim, "the next human's table")
        assert not ds.app_errors(dev), ds.app_errors(dev)
    finally:
        dev.close()


def continue_saved(dev, data):
    """From the main menu: A on "Continue saved game", and through the privacy screen if the
    game opens on one. Returns the simulator continued the same way (same screen)."""
    sim = ds.sim_device(BOARD, {"save": data})
    same_screen(dev, sim, "main menu with a saved game")
    sim.press("a")
    dev.tap("a")
    if sim.app.screen.turn.privacy():
        armed(dev, sim)
        same_screen(dev, sim, "privacy screen on resume")
        unveil(dev, sim)
    same_screen(dev, sim, "the saved game continued")
    return sim


def test_power_cut_during_a_save_never_loses_the_game(uf2):
    """Cut the power in the middle of a flash erase or program while the app autosaves moves:
    after power-on the save is one the app completed (the last or an earlier one of this turn),
    never damaged, and the app continues it: the same picture as the simulator continuing the
    same bytes."""
    rnd = random.Random(2026)
    _, _, save0 = ds.host_game(BOARD, "shithead", 2, 2)
    sim = ds.sim_device(BOARD, {"save": save0})
    sim.press("a")
    if sim.app.screen.turn.privacy():
        from firmware.handover import HOLD_MS

        while not sim.app.screen.turn.handover.armed(sim.app.now):
            sim.frame(0)
        sim.hold("a", HOLD_MS + 100)
    saves = [save0]
    write = sim.storage.write

    def keep(name, data):
        if name == "save":
            saves.append(bytes(data))
        write(name, data)

    sim.storage.write = keep
    keys = ds.human_turn_keys(sim)
    assert len(saves) > 1, "the human's move should have been autosaved"
    dev = ds.boot(BOARD, uf2)
    try:
        write_save(dev, save0)
        cuts = 0
        for trial in range(2):
            continue_saved(dev, save0)
            ops = dev.last["flash_erase"] + dev.last["flash_program"]
            dev.cut_power(rnd.randrange(0, 3), rnd.random())
            replay(dev, keys)
            dev.run(2500)  # the autosave runs once the frame is on the panel
            assert dev.off or dev.last["flash_erase"] + dev.last["flash_program"] > ops
            cuts += dev.off
            dev.reboot()
            dev.run(800)
            ds.past_title(dev)
            data, damaged = read_save(dev)
            assert damaged == [], damaged
            assert data in saves, "the save is none of those the app wrote"
            ds.restart_app(dev)
            continue_saved(dev, data)
            write_save(dev, save0)  # the same starting point for the next cut
        assert cuts == 2, "the power cut should have hit a flash write in every trial"
    finally:
        dev.close()
