"""Ilitek ILI9488 over SPI with 18-bit pixels (the ClockworkPi PicoCalc's 320x320 panel).

Over SPI the ILI9488 takes no 16-bit pixels: COLMOD 0x66, three bytes a pixel (each channel in the
top 6 bits; ILI9488 datasheet V1.00, 4.7). A whole frame is slow to send, so only what changed
goes, as on the other controllers (panel.py), rectangles widened to whole canvas bytes. Strips are
expanded through a table per canvas byte (two pixels): in viper on the Pico (pixels18.py), else a
loop of slices. Each RGB565 channel is widened by repeating its top bits, so a decoder keeping the
top 5/6/5 bits gets the same RGB565 back.

The start-up adds the maker's power and gamma settings (clockworkpi/PicoCalc,
Code/picocalc_helloworld/lcdspi/lcdspi.c) to the common sequence.
"""

import framebuf

from firmware.drivers.panel import Panel, SLPOUT, SLPOUT_MS, COLMOD, MADCTL, INVON, INVOFF
from firmware.drivers.panel import NORON, DISPON

try:
    from firmware.drivers import pixels18
except Exception:  # noqa: BLE001 - no viper, another arch: its own loop
    pixels18 = None  # type: ignore[assignment]

STRIP_ROWS = 4  # rows of 18-bit pixels per SPI write


def wire(c):
    """An RGB565 colour as the panel's three bytes."""
    r = (c >> 11) & 31
    g = (c >> 5) & 63
    b = c & 31
    return bytes((((r << 1) | (r >> 4)) << 2, g << 2, ((b << 1) | (b >> 4)) << 2))


class ILI9488(Panel):
    fast = False  # the table expansion and the FIFO link write 16-bit pixels

    def __init__(self, *args, **kw):
        kw["link"] = None
        self._lut18 = bytearray(256 * 6)
        Panel.__init__(self, *args, **kw)
        self._row18 = bytearray(self.width * 3 * STRIP_ROWS)
        self._mv18 = memoryview(self._row18)

    def init_sequence(self):
        return (
            (0xE0, b"\x00\x03\x09\x08\x16\x0a\x3f\x78\x4c\x09\x0a\x08\x16\x1a\x0f", 0),
            (0xE1, b"\x00\x16\x19\x03\x0f\x05\x32\x45\x46\x04\x0e\x0d\x35\x37\x0f", 0),
            (0xC0, b"\x17\x15", 0),  # power control 1
            (0xC1, b"\x41", 0),  # power control 2
            (0xC5, b"\x00\x12\x80", 0),  # VCOM
            (0xB0, b"\x00", 0),  # interface mode
            (0xB1, b"\xa0", 0),  # frame rate
            (0xB4, b"\x02", 0),  # inversion control
            (0xB6, b"\x02\x02\x3b", 0),  # display function
            (0xB7, b"\xc6", 0),  # entry mode
            (0xE9, b"\x00", 0),
            (0xF7, b"\xa9\x51\x2c\x82", 0),  # adjust control 3
            (SLPOUT, None, SLPOUT_MS),
            (COLMOD, b"\x66", 0),
            (MADCTL, bytes((self.madctl,)), 0),
            (INVON if self.invert else INVOFF, None, 0),
            (NORON, None, 0),
            (DISPON, None, 0),
        )

    def set_palette(self, colours):
        Panel.set_palette(self, colours)
        lut = self._lut18
        px = [wire(colours[i] if i < len(colours) else 0) for i in range(16)]
        for b in range(256):
            lut[6 * b : 6 * b + 6] = px[b >> 4] + px[b & 15]

    def _push(self, canvas, x, y, w, h):
        x1 = x + w
        x = x & ~1
        x1 = (x1 + 1) & ~1
        if x1 > self.width:
            x1 = self.width
        w = x1 - x
        n = w >> 1  # canvas bytes a row
        stride = (canvas.width + 1) >> 1
        src = canvas.buf
        lut = self._lut18
        out = self._row18
        mv = self._mv18
        per = len(out) // (w * 3)
        self._window(x, y, w, h)
        spi = self.spi
        row = y
        end = y + h
        while row < end:
            k = per if end - row > per else end - row
            start = row * stride + (x >> 1)
            if pixels18 is not None:
                pixels18.rows(src, start, n, stride, k, lut, out)
            else:
                j = 0
                for r in range(k):
                    i = start + r * stride
                    for b in src[i : i + n]:
                        out[j : j + 6] = lut[6 * b : 6 * b + 6]
                        j += 6
            spi.write(mv[: k * n * 6])
            row += k
        self.cs(1)
        self.bytes_sent += 3 * w * h

    def fill(self, colour, x=0, y=0, w=None, h=None):
        """Fill a rectangle with one RGB565 colour (the fatal-error screen)."""
        if self.due is not None:
            self.wake()
        if w is None:
            w = self.width - x
        if h is None:
            h = self.height - y
        if w <= 0 or h <= 0:
            return
        self.forget()
        px = wire(colour)
        out = self._row18
        for i in range(0, len(out) - 2, 3):
            out[i : i + 3] = px
        total = w * h * 3
        self._window(x, y, w, h)
        while total > 0:
            k = len(out) if total > len(out) else total
            self.spi.write(self._mv18[:k])
            total -= k
        self.cs(1)

    def message(self, lines, fg=0xFFFF, bg=0x001F):
        """A full-screen message in the built-in 8x8 font, converted pixel by pixel: slow, but it
        needs almost no heap."""
        self.fill(bg)
        w = self.width
        strip = bytearray(w * 2 * 8) if len(self._strip) < w * 16 else self._strip
        fb = framebuf.FrameBuffer(strip, w, 8, framebuf.RGB565)
        per = w // 8
        y = 4
        out = self._row18
        rows = len(out) // (w * 3)
        for text in lines:
            while text and y + 8 <= self.height:
                part = text[:per]
                text = text[per:]
                fb.fill(bg)
                fb.text(part, 0, 0, fg)
                r0 = 0
                while r0 < 8:
                    k = 8 - r0 if 8 - r0 < rows else rows
                    j = 0
                    for r in range(r0, r0 + k):
                        for c in range(w):
                            out[j : j + 3] = wire(fb.pixel(c, r))
                            j += 3
                    self._window(0, y + r0, w, k)
                    self.spi.write(self._mv18[:j])
                    self.cs(1)
                    r0 += k
                y += 10
