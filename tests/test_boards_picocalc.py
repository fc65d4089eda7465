"""The PicoCalc's keyboard driver on CPython with the fake machine: its controller's key FIFO to
the console's keys (and letters), its battery in percent. (The ILI9488's 18-bit pixels:
tests/test_firmware_panel.py, on MicroPython.)"""

import sys

sys.path.insert(0, "tests/fakes")

import keyboard_fake as machine  # noqa: E402

import boards  # noqa: E402
from firmware import keys  # noqa: E402
from firmware import power  # noqa: E402
from firmware.drivers.keyboard import Keyboard  # noqa: E402

PICOCALC = boards.load("picocalc")


def keyboard():
    machine.KEYS.events[:] = []
    return Keyboard(machine.I2C(1), PICOCALC.KEYBOARD[3], PICOCALC.KEYMAP)


def test_keys_are_held_from_their_press_to_their_release_in_the_fifo():
    kb = keyboard()
    machine.KEYS.events.extend([(1, 0xB6), (1, 0x0A)])  # down, Enter
    assert kb.read() == keys.DOWN | keys.A
    machine.KEYS.events.append((2, 0xB6))  # held: still down
    assert kb.read() == keys.DOWN | keys.A
    machine.KEYS.events.extend([(3, 0x0A), (3, 0xB6)])
    assert kb.read() == 0
    assert kb.read() == 0  # an empty FIFO changes nothing


def test_esc_and_backspace_are_b_and_tab_is_start():
    kb = keyboard()
    for code, bit in ((0xB1, keys.B), (0x08, keys.B), (0x09, keys.START), (0x81, keys.X)):
        machine.KEYS.events.extend([(1, code)])
        assert kb.read() == bit
        machine.KEYS.events.extend([(3, code)])
        assert kb.read() == 0


def test_letters_are_kept_for_names_and_other_keys_change_no_button():
    kb = keyboard()
    machine.KEYS.events.extend([(1, ord("B")), (3, ord("B")), (1, ord("o")), (3, ord("o"))])
    assert kb.read() == 0
    assert kb.typed == ["B", "o"]


def test_a_controller_that_does_not_answer_leaves_the_keys_as_they_were():
    kb = keyboard()
    machine.KEYS.events.append((1, 0xB5))
    assert kb.read() == keys.UP
    kb.address = 0x20  # nobody there: OSError on the bus
    assert kb.read() == keys.UP
    assert kb.battery() is None


def test_the_battery_percent_reads_back_as_the_same_level_in_the_menu():
    kb = keyboard()
    for pct in (100, 73, 20):
        machine.KEYS.percent = pct
        app = type("A", (), {})()
        app.hal = type("H", (), {"usb": None, "keys": 0, "ticks_ms": lambda self: 0})()
        pw = power.Power(app)
        pw.volts = kb.battery()
        assert pw.level().split("%")[0] == str(pct)
    machine.KEYS.percent = 0  # no cell: unknown, never a critical level
    assert kb.battery() is None


def test_a_key_pressed_and_released_between_two_reads_is_held_for_one_read():
    """A quick tap (or the press that wakes the console from a doze) lands in the FIFO as a
    press and a release before the next frame: that frame still sees the key."""
    kb = keyboard()
    machine.KEYS.events.extend([(1, 0xB6), (3, 0xB6)])
    assert kb.read() == keys.DOWN
    assert kb.read() == 0


class Clock:
    def __init__(self):
        self.ms = 1000

    def ticks_ms(self):
        return self.ms

    def sleep_ms(self, ms):
        self.ms += ms


def timed_keyboard(clock):
    machine.KEYS.events[:] = []
    return Keyboard(machine.I2C(1), PICOCALC.KEYBOARD[3], PICOCALC.KEYMAP, clock.ticks_ms)


def test_a_tap_between_two_slow_looks_waits_in_the_fifo_and_still_arrives():
    """Between frames the controller is asked at most every LOOK_MS: a tap made just after a
    look stays in its FIFO until the next look, which catches it, and the frame sees the key."""
    from firmware.drivers import keyboard as kbd

    clock = Clock()
    kb = timed_keyboard(clock)
    assert kb.read() == 0  # the frame's look
    machine.KEYS.events.extend([(1, 0xB6), (3, 0xB6)])  # a quick tap of Down
    clock.ms += kbd.LOOK_MS - 1
    assert not kb.pending()  # too soon to ask again: the bus is left alone
    assert len(machine.KEYS.events) == 2
    clock.ms += 1
    assert kb.pending()  # asked: the tap is taken
    assert not machine.KEYS.events
    assert kb.read() == keys.DOWN  # held for the one frame, though released already
    assert kb.read() == 0


def test_a_quiet_screens_wait_asks_the_keyboard_every_look_ms_and_ends_at_a_press():
    """firmware.main.wait on a quiet screen (250 ms) with the PicoCalc's keys: a look every
    LOOK_MS, not every WAIT_STEP_MS; a press ends the wait at the next look."""
    from firmware import main
    from firmware.drivers import keyboard as kbd

    clock = Clock()
    kb = timed_keyboard(clock)
    hal = type("H", (), {})()
    hal.buttons = kb
    hal.sleep_ms = clock.sleep_ms
    asked = []
    take = kb._take
    kb._take = lambda: asked.append(clock.ms) or take()
    wakes = []
    hal.sleep_ms = lambda ms: wakes.append(ms) or clock.sleep_ms(ms)
    kb.read()
    start = clock.ms
    main.wait(hal, main.DIM_FRAME_MS)
    assert clock.ms - start == main.DIM_FRAME_MS
    # the core wakes only to look (a WAIT_STEP_MS step would wake it 125 times for nothing)
    assert len(wakes) == -(-main.DIM_FRAME_MS // kbd.LOOK_MS)
    gaps = [b - a for a, b in zip(asked, asked[1:])]
    assert len(asked) == 1 + main.DIM_FRAME_MS // kbd.LOOK_MS and min(gaps) >= kbd.LOOK_MS
    # a press 40 ms into the next wait ends it at the look after it, not at the frame's end
    kb.read()
    start = clock.ms

    def sleep_and_press(ms):
        sleep(ms)
        if clock.ms - start >= 40 and not machine.KEYS.events and not kb.caught:
            machine.KEYS.events.append((1, 0x0A))

    sleep = clock.sleep_ms
    hal.sleep_ms = sleep_and_press
    main.wait(hal, main.DIM_FRAME_MS)
    assert clock.ms - start <= 40 + kbd.LOOK_MS
    assert kb.read() == keys.A


def test_a_doze_asks_the_keyboard_and_a_tap_made_while_asleep_ends_it():
    """Asleep (firmware.main.doze) the controller is asked after every doze: a tap pressed and
    released within one doze ends the sleep's wait, and the next frame sees it."""
    from firmware import main

    clock = Clock()
    kb = timed_keyboard(clock)
    hal = type("H", (), {})()
    hal.buttons = kb
    hal.sleep_ms = clock.sleep_ms
    dozes = []

    def doze(ms):
        dozes.append(ms)
        clock.sleep_ms(ms)
        if len(dozes) == 3:
            machine.KEYS.events.extend([(1, 0x0A), (3, 0x0A)])

    hal.doze = doze
    kb.read()
    main.doze(hal)
    assert len(dozes) == 3  # not DOZE_LOOKS: the tap ended it
    assert kb.read() == keys.A
    assert kb.read() == 0
