"""Display, buttons, backlight and piezo drivers under MicroPython on the fake machine; the
recorded SPI stream decoded by tools/device/panel_decode.py equals the canvas, pixel for pixel."""

import json
import subprocess

import pytest

import boards
from conftest import ROOT, micropython_path
from tools.device import panel_decode


def run_check(bid, tmp_path):
    stream = str(tmp_path / ("%s.stream" % bid))
    p = subprocess.run(
        [
            micropython_path(),
            "-X",
            "heapsize=192K",
            "tests/harness/panel_check.py",
            bid,
            stream,
            str(tmp_path / "saves"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert p.returncode == 0, p.stdout[-2000:] + p.stderr[-2000:]
    return json.loads(p.stdout.strip().splitlines()[-1]), stream


@pytest.mark.parametrize("bid", boards.IDS)
def test_panel_stream_decodes_to_the_canvas(bid, tmp_path):
    out, stream = run_check(bid, tmp_path)
    b = boards.load(bid)
    d = panel_decode.for_board(b).feed_file(stream)
    assert d.errors == []
    assert d.marks == out["marks"] == 65
    assert d.mismatches == []
    depth = 3 if b.CONTROLLER == "ili9488" else 2  # the ILI9488 over SPI: 18 bits a pixel
    assert out["full_frame_bytes"] == b.WIDTH * b.HEIGHT * depth
    assert out["cs_errors"] == 0
    assert out["pin_misuse"] == 0  # DC/RST made after the SPI took its default MISO pin
    # init: sleep out, 16-bit colour, the board's MADCTL, inversion as the glass needs, display on
    assert d.madctl == b.MADCTL and d.colmod == (0x66 if depth == 3 else 0x55)
    assert d.awake and d.on
    assert d.inverted == b.INVERT
    assert d.command_counts.get(0x01, 0) == (0 if b.RST is not None else 1)  # SWRESET w/o RST
    assert out["hal"] == [bid, b.WIDTH, b.HEIGHT]
    # the stream ends with the error message: white 8x8 text on blue, straight from the driver
    assert bytes(d.image[-2:]) == b"\x00\x1f" and b"\xff\xff" in d.image


@pytest.mark.parametrize("bid", boards.IDS)
def test_buttons_backlight_and_piezo(bid, tmp_path):
    out, _ = run_check(bid, tmp_path)
    b = boards.load(bid)
    for g, bit, read in out["keys"]:
        assert read == bit, (g, bit, read)
    assert out["none"] == 0
    want = 0
    for _, bit in b.BUTTON_PINS + getattr(b, "KEYMAP", ()):
        want |= bit
    assert out["all"] == want
    if b.BL is None:  # the backlight is not the Pico's (the PicoCalc's keyboard controller)
        assert out["duties"] == [None] * 5
    else:
        assert out["duties"] == [0, 35 * 65535 // 100, 65535, 65535, 0]
    if getattr(b, "KEYMAP", None):  # the keyboard controller reports the cells: 50 %
        assert abs(out["battery"] - 3.704) < 0.001
    if b.BUZZER is not None:
        assert out["beep"][:2] == [880, 32768] and out["beep"][2] >= 1
        assert out["beep_off"] == 0


@pytest.mark.parametrize("bid", ["pico_lcd_1_3", "pico_display_2", "pico_lcd_1_14"])
def test_full_width_pushes_send_only_changed_rows(bid, tmp_path):
    out, _ = run_check(bid, tmp_path)
    b = boards.load(bid)
    row = 2 * b.WIDTH
    band = out["band"]

    def rows(*ranges):  # rows sent: whole bands around each changed range of rows
        bands = set()
        for a, z in ranges:
            bands.update(range(a // band, (z - 1) // band + 1))
        return sum(min(band, b.HEIGHT - k * band) for k in bands)

    assert out["skip"] == [0, rows((10, 20), (40, 43)) * row, rows((60, 64)) * row, b.HEIGHT * row]
    assert rows((10, 20), (40, 43)) < 40  # far less than the whole panel


def test_decoder_catches_wrong_offsets_and_pixels(tmp_path):
    out, stream = run_check("pico_lcd_1_14", tmp_path)
    b = boards.load("pico_lcd_1_14")
    wrong = panel_decode.PanelDecoder(b.WIDTH, b.HEIGHT, 0, 0).feed_file(stream)
    assert wrong.errors  # windows outside the glass when the offsets are forgotten
    with open(stream, "rb") as f:
        data = bytearray(f.read())
    i = 0
    while not (data[i : i + 1] == b"D" and int.from_bytes(data[i + 1 : i + 5], "little") > 400):
        i += 5 + int.from_bytes(data[i + 1 : i + 5], "little")  # to the first pixel strip
    data[i + 5 + 100] ^= 0xFF
    d = panel_decode.for_board(b)
    d.feed(bytes(data))
    assert d.mismatches and d.mismatches[0][0] == 1


def test_decoder_flags_pixels_before_init():
    d = panel_decode.PanelDecoder(4, 4)
    d.feed(b"C\x01\x00\x00\x00\x2c" + b"D\x02\x00\x00\x00\xff\xff")
    assert any("before SLPOUT" in e for e in d.errors)


WAKE = """
import sys, time
sys.path.insert(0, 'tests/fakes')
from firmware.drivers.st7789 import ST7789
from firmware.drivers import panel
from firmware.palette import RGB565
log = []
dc = [1]
def pin_dc(v=None):
    dc[0] = v
def pin_cs(v=None):
    pass
def pin_rst(v=None):
    log.append(('rst', v, time.ticks_ms()))
class Spi:
    def write(self, b):
        if dc[0] == 0:
            log.append(('cmd', b[0], time.ticks_ms()))
t0 = time.ticks_ms()
p = ST7789(Spi(), pin_dc, pin_cs, pin_rst, None, 240, 240, 0, 0, 0, True, RGB565, time.sleep_ms)
built = time.ticks_diff(time.ticks_ms(), t0)
before = [e[1] for e in log if e[0] == 'cmd']
time.sleep_ms(40)  # the app loads and paints meanwhile
t1 = time.ticks_ms()
p.fill(0, 0, 0, 4, 4)
p.fill(0, 0, 0, 4, 4)
woke = time.ticks_diff(time.ticks_ms(), t1)
up = [e[2] for e in log if e[0] == 'rst' and e[1] == 1][-1]
cmds = [(e[1], e[2]) for e in log if e[0] == 'cmd']
slpout = [t for c, t in cmds if c == panel.SLPOUT]
after = [t for c, t in cmds if c == panel.COLMOD]
print(built, before, woke, time.ticks_diff(slpout[0], up), len(slpout),
      time.ticks_diff(after[0], slpout[0]))
"""


def test_panel_wakes_at_its_first_drawing_120ms_after_the_reset_and_the_boot_does_not_wait():
    """The constructor only pulses RST; the first drawing call waits for what is left of the
    120 ms the controllers need between a reset and SLPOUT (the app's loading covers the rest),
    sends SLPOUT once, then waits 10 ms before the next command (5 ms in the datasheets)."""
    from conftest import run_micropython

    out = run_micropython(WAKE).replace("[", " ").replace("]", " ").replace(",", " ").split()
    built, woke, reset_to_slpout, n_slpout, slpout_to_next = [int(x) for x in out[:1] + out[-4:]]
    assert built < 20, "the constructor waited %d ms" % built
    assert len(out) == 5, "commands before the first drawing: %s" % out[1:-4]
    assert 120 <= reset_to_slpout < 140, reset_to_slpout
    assert woke < 120 - 40 + 20, "the first drawing waited %d ms of the 80 left" % woke
    assert n_slpout == 1  # the second drawing does not wake it again
    assert slpout_to_next >= 5
