"""firmware/drivers/pixels_twins.py, the plain-Python twins of the device's assembler, with
pixels.lut's table: the table expands a 4-bit canvas rectangle to exactly the panel's RGB565
big-endian pixels, the band hashes flag exactly the bands that changed, and the column-chunk
hashes exactly the chunks (CPython; tests/test_device_latency.py checks the assembler against
these on the emulated Pico)."""

from array import array

from firmware.drivers import pixels, pixels_twins as twins
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
    twins.expand(c.buf, out, t, [y * c.stride + x // 2, w // 2, c.stride - w // 2, h])
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
    assert twins.band_hashes(buf, sums, p) == 0xFF
    p[1] = 0
    p[4] = 0
    assert twins.band_hashes(buf, sums, p) == 0
    buf[5 * 128 + 17] ^= 0x10
    buf[7 * 128] ^= 1
    p[1] = 0
    p[4] = 0
    assert twins.band_hashes(buf, sums, p) == (1 << 5) | (1 << 7)
    assert all(0 <= s < 1 << 30 for s in sums)


def test_chunk_hashes_flag_only_the_changed_columns_of_each_band():
    buf = bytearray((i * 29 + 3) & 255 for i in range(120 * 24))  # 240 x 24: 3 bands, 6 chunks
    sums = array("i", [-1] * 18)
    spans = array("i", [0] * 3)
    p = array("i", [30, 0, 3, 24, pixels.FNV_BASIS, pixels.FNV_PRIME, 6, 5, 8])
    assert twins.chunk_spans(buf, sums, spans, p) == 3
    assert list(spans) == [6, 6, 6]  # chunks 0 .. 5 of every band: all new
    assert twins.chunk_spans(buf, sums, spans, p) == 0 and list(spans) == [0, 0, 0]
    buf[120 * 17 + 61] ^= 0x0F  # band 2, byte 61: word 15, chunk 3
    buf[120 * 3 + 0] ^= 0xF0  # band 0, chunk 0
    buf[120 * 4 + 119] ^= 1  # band 0, chunk 5
    assert twins.chunk_spans(buf, sums, spans, p) == 2
    assert list(spans) == [(0 << 8) | 6, 0, (3 << 8) | 4]  # band 0: chunks 0 and 5 (and between)
    assert all(0 <= s < 1 << 30 for s in sums)
