"""Dim, sleep, wake, battery, sound cues and the way out (firmware.power), on the simulator's
headless Device with its virtual clock (the same App the Pico runs; the Pico's own sleep is in
tests/test_device_power.py)."""

from firmware import keys as K
from firmware import power
from firmware.choices import SLEEPS
from firmware.handover import ARM_MS, HOLD_MS
from sim.autoplay import AutoPlayer, setup_game
from sim.headless import Device, RecordingDisplay


class PanelDisplay(RecordingDisplay):
    """The recording display with the panel driver's sleep()/resume()."""

    def __init__(self):
        RecordingDisplay.__init__(self)
        self.asleep = False
        self.sleeps = 0

    def show(self, canvas, x, y, w, h):
        assert not self.asleep, "pixels sent to a sleeping panel"
        RecordingDisplay.show(self, canvas, x, y, w, h)

    def sleep(self):
        self.asleep = True
        self.sleeps += 1

    def resume(self):
        self.asleep = False


class Sound:
    def __init__(self):
        self.on = None
        self.tones = []

    def tone(self, hz, duty):
        self.on = hz
        self.tones.append(hz)

    def off(self):
        self.on = None


def device(board="pico_lcd_1_3", battery=None, usb=None, sound=None):
    d = Device(board, title=False)
    d.display = d.hal.display = d.app.hal.display = PanelDisplay()
    d.hal.battery = battery
    d.hal.usb = usb
    d.hal.sound = sound
    return d


def idle(d, ms):
    """Let ms pass with no button: one frame a second (the clock is what counts)."""
    end = d.clock + ms
    while d.clock < end:
        d.skip(1000 - 33)
        d.frame(0)


def test_backlight_dims_after_a_minute_and_a_press_brightens_it_and_acts():
    d = device()
    from firmware.choices import BRIGHT

    level = BRIGHT[d.app.prefs.bright]
    idle(d, 59000)
    assert d.display.level == 100  # not set since the display was put in
    assert d.app.power.rest == power.AWAKE
    idle(d, 2000)
    assert d.app.power.rest == power.DIM and d.display.level == power.DIM_PERCENT
    d.press("down")
    assert d.app.power.rest == power.AWAKE and d.display.level == level
    assert d.app.screen.cur == 1  # the press after the dim is a press


def test_sleeps_after_five_minutes_panel_slpin_backlight_off_and_nothing_drawn():
    d = device()
    idle(d, 299000)
    assert d.app.power.rest == power.DIM
    idle(d, 2000)
    assert d.app.power.rest == power.ASLEEP
    assert d.display.asleep and d.display.sleeps == 1 and d.display.level == 0
    frames = d.app.frames
    d.wait(50)  # asleep: the frames do nothing (PanelDisplay raises on pixels)
    assert d.app.screen.__class__.__name__ == "MainMenu" and d.app.frames == frames + 50


def test_waking_press_wakes_the_panel_and_does_nothing_else_even_held():
    d = device()
    idle(d, 301000)
    assert d.app.power.rest == power.ASLEEP
    d.frame(K.DOWN)
    assert d.app.power.rest == power.AWAKE and not d.display.asleep and d.display.level > 0
    for _ in range(30):  # held a second: no auto-repeat either
        d.frame(K.DOWN)
    d.frame(0)
    assert d.app.screen.cur == 0
    d.press("down")
    assert d.app.screen.cur == 1


def test_sleep_never_and_usb_power_only_dim_unless_the_setting_says_so():
    d = device(usb=lambda: True)
    idle(d, 3600000)
    assert d.app.power.rest == power.DIM
    d.app.prefs.usb_sleep = 1
    idle(d, 2000)
    assert d.app.power.rest == power.ASLEEP
    d = device()
    d.app.prefs.rest_after = len(SLEEPS) - 1  # never
    idle(d, 3600000)
    assert d.app.power.rest == power.DIM


def test_sleep_saves_the_game_and_wakes_into_the_hand_over_naming_the_seat_privately():
    d = device()
    setup_game(d, "shithead", 2, seats=2)
    ap = AutoPlayer(d, seed=3)
    play = d.app.screen
    for _ in range(6):  # into the game: a human holds the console, on their turn
        ap.step()
        if play.turn.interactive():
            break
    t = play.turn
    assert t.interactive()
    seat = t.game.to_act
    d.storage.files.pop("save", None)
    idle(d, 301000)
    assert d.app.power.rest == power.ASLEEP
    assert d.storage.read("save") is not None  # saved before the panel slept
    # the last frame before SLPIN drew the hand-over screen, and no frame after shows a hand
    assert t.privacy() and t.game.to_act == seat and t.viewer == -1
    d.app.canvas.seen = set()
    d.frame(K.A)  # the waking press: A, held on through the hand-over's hold time
    for _ in range((ARM_MS + HOLD_MS) // 33 + 5):
        d.frame(K.A)
        assert not d.app.canvas.seen and t.privacy()
    d.frame(0)
    assert t.privacy()
    ap.handover(play)  # a deliberate hold of A: the seat to act takes the console
    assert t.interactive() and t.viewer == seat


def test_the_hand_over_names_the_seat_to_act(monkeypatch):
    d = device()
    setup_game(d, "shithead", 2, seats=2)
    ap = AutoPlayer(d, seed=5)
    play = d.app.screen
    while not play.turn.interactive():
        ap.step()
    from firmware import overlay

    texts = []
    real = overlay.paint

    def paint(w, c, whole, s, name, *rest):
        real(w, c, whole, s, name, *rest)
        texts.append(name)

    monkeypatch.setattr(overlay, "paint", paint)
    idle(d, 301000)
    assert texts and texts[-1] == play.turn.names[play.turn.game.to_act]


def test_critical_battery_saves_and_sleeps_and_low_battery_warns_in_the_menu():
    volts = [3.45]
    d = device(battery=lambda: volts[0])
    d.wait(2)
    assert d.app.power.level() == "18% LOW"
    assert "Battery low" in d.app.screen.help(0)
    assert d.app.screen.title().endswith("LOW")
    setup_game(d, "shithead", 1, seats=3)
    d.storage.files.pop("save", None)
    volts[0] = 3.2
    idle(d, power.BATTERY_MS + 1000)
    assert d.app.power.rest == power.ASLEEP and d.display.asleep
    assert d.storage.read("save") is not None


def test_holding_start_a_second_opens_pause_on_a_table_and_the_main_menu_elsewhere():
    d = device()
    d.press("down")
    d.press("down")
    setup_game_from = d.app.screen
    assert setup_game_from.__class__.__name__ == "MainMenu"
    d.app.go(__import__("firmware.settings", None, None, ["Settings"]).Settings(d.app))
    d.frame(0)
    d.hold("start", 500)
    assert d.app.screen.__class__.__name__ == "Settings"  # not long enough
    d.hold("start", 1100)
    assert d.app.screen.__class__.__name__ == "MainMenu"
    setup_game(d, "shithead", 1, seats=3)
    assert d.app.screen.__class__.__name__ == "Play"
    d.hold("start", 1100)
    assert d.app.screen.__class__.__name__ == "Pause"
    d.hold("start", 1100)
    assert d.app.screen.__class__.__name__ == "Pause"  # already there: it stays


def test_b_is_the_way_out_on_a_board_without_start():
    d = device("pico_display_2")
    assert d.app.power.out_key == K.B
    setup_game(d, "shithead", 1, seats=3)
    d.hold("b", 1100)
    assert d.app.screen.__class__.__name__ == "Pause"


def test_cues_start_and_stop_in_frames_and_mute_silences_them():
    snd = Sound()
    d = device("ili9341_breadboard", sound=snd)
    setup_game(d, "shithead", 2, seats=2)
    assert power.CUES["handover"][0] in snd.tones  # the first hand-over
    d.wait(10)
    assert snd.on is None  # stopped by a later frame, no timer
    ap = AutoPlayer(d, seed=3)
    for _ in range(4):
        ap.step()
    assert power.CUES["turn"][0] in snd.tones
    n = len(snd.tones)
    d.app.prefs.volume = 0
    for _ in range(6):
        ap.step()
    assert len(snd.tones) == n


def test_a_press_that_changes_nothing_gets_the_dead_cue():
    snd = Sound()
    d = device("ili9341_breadboard", sound=snd)
    d.wait(3)
    d.press("up")  # the top of the menu, the cursor wraps? either way something is drawn
    del snd.tones[:]
    d.press("y")  # nothing on the main menu
    assert snd.tones == [power.CUES["dead"][0]]


def test_settings_file_keeps_the_power_settings():
    d = device()

    a = d.app
    a.prefs.dim, a.prefs.rest_after, a.prefs.usb_sleep, a.prefs.volume = 0, 4, 1, 1
    a.prefs.save(a)
    e = Device("pico_lcd_1_3", storage=d.storage, title=False)
    b = e.app
    assert (b.prefs.dim, b.prefs.rest_after, b.prefs.usb_sleep, b.prefs.volume) == (0, 4, 1, 1)


def test_the_frame_loop_dozes_while_asleep_until_a_button_and_the_press_wakes_it():
    from firmware import main

    d = device()
    d.app.prefs.dim, d.app.prefs.rest_after = 0, 0  # 15 s, 1 min
    d.app.prefs.save(d.app)
    hal = d.hal

    class Buttons:
        down = 0

        def read(self):
            return self.down

        def held(self):
            return self.down

        def pending(self):
            return False

    b = hal.buttons = Buttons()
    dozes = []

    def doze(ms):
        dozes.append(ms)
        d.clock += ms
        if len(dozes) == 120:  # 12 s into the sleep: a press
            b.down = K.DOWN

    hal.doze = doze
    seen = []

    def on_frame(app, frame):
        seen.append((app.power.rest, d.clock, len(dozes)))
        if app.power.rest == power.AWAKE and dozes and b.down:
            b.down = 0

    app, errors = main.run(hal, max_frames=2000, on_frame=on_frame)
    assert not errors
    asleep = [t for r, t, n in seen if r == power.ASLEEP and n < 120]
    assert asleep and 60000 <= asleep[0] - 1000 <= 61000
    assert set(dozes) == {main.DOZE_MS}
    # asleep, a frame only every DOZE_LOOKS dozes; the one after the press is awake
    assert len(asleep) == 1 + 120 // main.DOZE_LOOKS
    after = [r for r, t, n in seen if n == 120]
    assert after[0] == power.AWAKE
    dim = [t for r, t, n in seen if r == power.DIM]
    assert 15000 <= dim[0] - 1000 <= 15200 and dim[1] - dim[0] >= main.DIM_FRAME_MS
    assert app.screen.cur == 0  # the waking press did nothing else


def _on_a_turn_of_two_humans(board="pico_lcd_1_3", gid="shithead"):
    """A table of two humans, one of them holding the console on their turn."""
    d = device(board)
    setup_game(d, gid, 2, seats=2)
    ap = AutoPlayer(d, seed=3)
    play = d.app.screen
    while not play.turn.interactive():
        ap.step()
    return d, play


def test_a_hint_left_open_over_a_table_gives_way_to_the_hand_over_at_the_sleep():
    d, play = _on_a_turn_of_two_humans()
    d.press("start")
    pause = d.app.screen
    assert pause.__class__.__name__ == "Pause"
    pause.open(6)  # the hint: names a card of the hand
    d.frame(0)
    assert d.app.screen.__class__.__name__ == "TextScreen"
    idle(d, 301000)
    assert d.app.power.rest == power.ASLEEP
    assert d.app.screen is play and play.turn.privacy()


def _asleep_at_a_two_human_table(board="pico_lcd_1_3", gid="shithead"):
    d, play = _on_a_turn_of_two_humans(board, gid)
    idle(d, 301000)
    assert d.app.power.rest == power.ASLEEP and play.turn.privacy()
    return d, play


def test_the_hand_over_counts_its_arm_time_from_the_wake_a_press_just_after_it_reveals_nothing():
    """A pressed 66-132 ms after the waking press and held: the hand-over screen's first ARM_MS
    run from the wake, so that press is a leftover and holding it on reveals nothing."""
    for gap in (66, 99, 132, ARM_MS - 40):
        d, play = _asleep_at_a_two_human_table()
        d.frame(K.B)  # the waking press (B: on a table, the key that would open the pause menu)
        d.frame(0)
        d.skip(gap - 33)
        for _ in range(1500 // 33):
            d.frame(K.A)
            assert play.turn.privacy(), "A pressed %d ms after the wake showed a hand" % gap
        d.frame(0)
        assert play.turn.privacy()


def test_no_hand_shows_sooner_than_a_second_after_the_press_that_wakes_the_console():
    for waking in ("a", "b", "up", "start"):
        d, play = _asleep_at_a_two_human_table()
        woke = d.clock
        d.frame(K.bit(waking))
        d.frame(0)
        # then A as early as it could count (a press that begins sooner never does), held
        # until the hand shows
        while not play.turn.handover.armed(d.clock):
            d.frame(0)
        while play.turn.privacy():
            d.frame(K.A)
            assert d.clock - woke < 3000, "A held did not take the console"
        shown = d.clock - 33  # the frame that showed it
        d.frame(0)
        assert shown - woke >= ARM_MS + HOLD_MS, (waking, shown - woke)


def test_a_screen_over_a_two_human_table_left_half_a_minute_gives_way_to_the_hand_over():
    d, play = _on_a_turn_of_two_humans()
    d.press("start")
    pause = d.app.screen
    assert pause.__class__.__name__ == "Pause"
    pause.open(6)  # the hint names a card of the hand
    d.frame(0)
    assert d.app.screen.below() is pause
    idle(d, power.LEFT_MS - 2000)
    assert d.app.screen.__class__.__name__ == "TextScreen"  # still read
    idle(d, 3000)
    assert d.app.screen is play and play.turn.privacy() and play.turn.viewer == -1
    assert (
        d.app.power.rest != power.ASLEEP
    )  # left, not asleep: the panel shows the hand-over screen


def test_a_screen_over_a_one_human_table_stays_while_read():
    """With one human there is no hand-over between players: the rules stay up as long as the
    player reads them (until the console sleeps)."""
    d = device()
    setup_game(d, "shithead", 1, seats=2)
    play = d.app.screen
    d.wait(3)
    d.press("start")
    pause = d.app.screen
    pause.open(2)  # the rules
    d.frame(0)
    idle(d, power.LEFT_MS + 5000)
    assert d.app.screen.__class__.__name__ == "TextScreen"
    idle(d, 300000)
    assert d.app.power.rest == power.ASLEEP and d.app.screen is play
