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
