"""firmware/drivers/pixels.py, the plain-Python twins of the device's assembler: the 256-entry
table
expands a 4-bit canvas rectangle to exactly the panel's RGB565 big-endian pixels, and the band
hashes flag exactly the bands that changed (CPython; tests/test_device_latency.py checks the
assembler against these on the emulated Pico)."""

from array import array

from firmware.drivers import pixels
from firmware.gfx import Canvas
from firmware.palette import RGB565


def test_table_expansion_gives_the_canvas_pixels_in_wire_order():
    c = Canvas(40, 12)
    for i in range(16):
        c.fill_rect(i * 2 + 3, i % 5, 3, 7, i)
    c.text("Ab", 5, 3, 4, 1)
    t = pixels.lut(RGB565)
    x, y, w, h = 6, 2, 20, 9  # even x and width: whole canvas bytes
    out = bytearray(2 * w * h)
    pixels.expand(c.buf, out, t, [y * c.stride + x // 2, w // 2, c.stride - w // 2, h])
    want = bytearray()
    for yy in range(y, y + h):
        for xx in range(x, x + w):
            v = RGB565[c.pixel(xx, yy)]
            want += bytes((v >> 8, v & 255))
    assert out == want


def test_band_hashes_flag_only_changed_bands():
    buf = bytearray(range(256)) * 4
    sums = array("i", [-1] * 8)
    p = array("i", [32, 0, 8, 256, 0, pixels.FNV_BASIS, pixels.FNV_PRIME])
    assert pixels.band_hashes(buf, sums, p) == 0xFF
    p[1] = 0
    p[4] = 0
    assert pixels.band_hashes(buf, sums, p) == 0
    buf[5 * 128 + 17] ^= 0x10
    buf[7 * 128] ^= 1
    p[1] = 0
    p[4] = 0
    assert pixels.band_hashes(buf, sums, p) == (1 << 5) | (1 << 7)
    assert all(0 <= s < 1 << 30 for s in sums)
