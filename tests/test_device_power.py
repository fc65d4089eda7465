"""The console's sleep on the emulated Pico (firmware.power): a pass-and-play table left alone
goes to sleep after the idle time (the game saved, SLPIN to the panel), and a press wakes it
into the hand-over screen of the seat to act within 300 ms, never the hand that was on the
panel; a save made before the sleep survives a power cut while asleep; a critical battery
reading (VSYS/3 on ADC3, driven in the emulator) saves and sleeps.

The simulator runs the same app from the same files beside the device
(tools/device/pico_emu/mirror), so every screen checked is the simulator's picture of it."""

import pytest

from firmware import keys as K
from tests import device_support as ds

pytestmark = pytest.mark.device

BOARD = "pico_lcd_1_3"
SLEEP_MS = 60000  # the shortest "Sleep after" (firmware.choices.SLEEPS[0])


@pytest.fixture(scope="module")
def uf2(tmp_path_factory):
    return ds.console_uf2(BOARD, str(tmp_path_factory.mktemp("uf2")))


def files_for(gid, humans, seats):
    """The save of a game where a human is to act, and settings that sleep after a minute."""

    sim, _, save = ds.host_game(BOARD, gid, humans, seats)
    a = sim.app
    a.prefs.dim, a.prefs.rest_after = 0, 0
    a.prefs.save(a)
    return {"save": save, "settings": sim.storage.files["settings"]}


def put_files(dev, files):
    ds.raw_repl(dev)
    code = "from firmware.storage import Storage\nst = Storage('saves')\n"
    for k, v in files.items():
        code += "st.write(%r, %r)\n" % (k, bytes(v))
    ds.exec_on(dev, code + "print('written')\n")
    ds.restart_app(dev)


def read_file(dev, name):
    ds.raw_repl(dev)
    code = "from firmware.storage import Storage\nprint(repr(Storage('saves').read(%r)))\n"
    out = ds.exec_on(dev, code % name)
    return eval(out.strip().splitlines()[-1])  # noqa: S307 - the device's repr of bytes/None


def same_screen(dev, want, what):
    got = dev.image()
    if got != want:  # not `assert got == want`: pytest would diff the two images byte by byte
        raise AssertionError("%s: %s" % (what, ds.diff_summary(got, want, dev.board.WIDTH)))


def to_table(dev, sim):
    """Continue the saved game on both, through the hand-over, to the hand of the seat to act."""
    from firmware.handover import ARM_MS, HOLD_MS

    sim.press("a")
    dev.tap("a")
    play = sim.app.screen
    assert play.__class__.__name__ == "Play" and play.turn.privacy()
    sim.skip(ARM_MS)
    sim.wait(2)
    sim.hold("a", HOLD_MS + 300)
    dev.settle()
    dev.run(ARM_MS)
    dev.tap("a", HOLD_MS + 300, 150)
    dev.settle()
    assert play.turn.interactive()
    same_screen(dev, ds.rgb565(sim.app), "the hand of the seat to act")
    return play


def sleep_sim(sim):
    """The simulator left alone past the sleep time: its panel picture when it slept."""
    end = sim.clock + SLEEP_MS + 1000
    while sim.clock < end and sim.app.power.rest != 2:
        sim.skip(500)
        sim.frame(0)
    assert sim.app.power.rest == 2
    return ds.rgb565(sim.app)


def sleep_dev(dev, table, asleep=None):
    """Run the device alone until its panel gets SLPIN; the table stays on the panel meanwhile
    (checked every second). The frame that goes to sleep draws the hand-over screen (`asleep`)
    under the dark backlight just before SLPIN, so a check that falls between the two may see
    that screen, or that screen half sent; the table must not come back after it."""
    for _ in range(SLEEP_MS // 1000 + 5):
        if dev.decoder.sleeps:
            return
        if asleep is not None and dev.image() not in (table, asleep):
            # the check fell while the sleep's hand-over was on its way to the panel: it ends
            # in that picture and SLPIN within a few frames
            for _ in range(20):
                if dev.decoder.sleeps or dev.image() == asleep:
                    break
                dev.run(10)
        if dev.decoder.sleeps:
            return
        if asleep is not None and dev.image() == asleep:
            table = asleep
        same_screen(dev, table, "the table before the sleep")
        dev.run(1000)
    raise AssertionError("no SLPIN within %d ms of idling" % (SLEEP_MS + 5000))


def test_sleeps_after_the_idle_time_and_wakes_into_the_hand_over_privately_within_300_ms(uf2):
    files = files_for("shithead", 2, 2)
    sim = ds.sim_device(BOARD, dict(files))
    dev = ds.boot(BOARD, uf2)
    try:
        put_files(dev, files)
        play = to_table(dev, sim)
        seat = play.turn.game.to_act
        table = dev.image()
        hand_over = sleep_sim(sim)
        assert play.turn.privacy() and play.turn.game.to_act == seat
        sleep_dev(dev, table, hand_over)
        dev.run(200)
        assert not dev.decoder.awake
        same_screen(dev, hand_over, "the panel's RAM when it slept: the hand-over screen")
        busy = dev.busy_share(3000)
        assert busy < 0.005, "asleep, the core ran %.2f%% of the time" % (100 * busy)
        # the waking press: A, held on for a second (longer than the hand-over's hold time)
        t = dev.press("a")["t_ns"]
        while not dev.decoder.awake and dev.now_ns - t < 1000 * ds.pico.NS_PER_MS:
            dev.run(5)
        woke = (dev.now_ns - t) / ds.pico.NS_PER_MS
        assert dev.decoder.awake and woke <= 300, "woke %.0f ms after the press" % woke
        # the simulator's hand-over once its cue to hold A is up (ARM_MS after the wake: the
        # screen's clock starts again when it is back on the panel)
        from firmware.handover import ARM_MS

        sim.frame(K.A)
        sim.wait(2)
        sim.skip(ARM_MS)
        sim.wait(3)
        armed = ds.rgb565(sim.app)
        assert armed != hand_over
        assert play.turn.privacy()
        # every frame from the wake on shows the hand-over screen, never the hand
        for _ in range(30):
            dev.run(33)
            got = dev.image()
            assert got in (hand_over, armed), "a frame after the wake: " + ds.diff_summary(
                got, armed, dev.board.WIDTH
            )
        dev.release("a")
        dev.run(300)
        same_screen(dev, armed, "the hand-over after the waking press")
        assert not dev.decoder.errors, dev.decoder.errors[:3]
        assert not ds.app_errors(dev), ds.app_errors(dev)
    finally:
        dev.close()


def test_a_save_made_before_the_sleep_survives_a_power_cut_while_asleep(uf2):
    files = files_for("shithead", 2, 2)
    sim = ds.sim_device(BOARD, dict(files))
    dev = ds.boot(BOARD, uf2)
    try:
        put_files(dev, files)
        sim.press("a")  # continue: the hand-over screen of the seat to act, left alone
        dev.tap("a")
        dev.settle()
        dev.run(1000)
        writes = dev.last["flash_program"]
        sleep_sim(sim)
        sleep_dev(dev, dev.image())
        assert dev.last["flash_program"] > writes, "nothing was saved before the sleep"
        dev.run(500)
        dev.reboot()  # the power goes and comes back while asleep
        dev.run(800)
        ds.past_title(dev)
        assert read_file(dev, "save") == sim.storage.files["save"]
    finally:
        dev.close()


def test_a_critical_battery_reading_saves_and_sleeps(uf2):
    files = files_for("shithead", 1, 3)
    dev = ds.boot(BOARD, uf2)
    try:
        put_files(dev, files)
        dev.tap("a")  # continue the game against the bots: the human's hand
        dev.settle()
        writes = dev.last["flash_program"]
        dev.vsys(3.2)  # below firmware.power.CRITICAL_V, read within BATTERY_MS
        for _ in range(30):
            if dev.decoder.sleeps:
                break
            dev.run(500)
        assert dev.decoder.sleeps, "no sleep within 15 s of a 3.2 V reading"
        assert dev.last["flash_program"] > writes, "the game was not saved before the sleep"
        assert not ds.app_errors(dev), ds.app_errors(dev)
        dev.reboot()  # the cell gives out while asleep; charged, it boots again
        dev.run(800)
        ds.past_title(dev)
        assert read_file(dev, "save") is not None
    finally:
        dev.close()
