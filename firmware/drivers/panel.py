"""Shared MIPI-DCS panel driver over machine.SPI for the ST7789 and ILI9341 (MicroPython).

The app draws into a 4-bit palette canvas; show() pushes one dirty rectangle as RGB565 big-endian.
The conversion runs in C (FrameBuffer.blit through a byte-swapped 16-entry palette into a small
strip), so no full-colour frame buffer exists; full-width pushes skip the rows the panel already
shows. Where firmware/drivers/pixels_asm.py loads (the Pico) a 256-entry table expands the canvas
instead, and the FIFO link (firmware/drivers/fifo.py) writes it straight into the SPI's FIFO.

tools/device/panel_decode.py reads back the same command stream. The constructor only resets; the
first drawing call finishes the start-up (wake()), so the app's boot work overlaps the controllers'
wait between a reset and SLPOUT.
"""

import framebuf
from array import array
from micropython import const
import sys
import time

if sys.platform == "rp2":  # elsewhere (tests' fake machine) framebuf only
    from firmware.drivers import pixels
else:
    pixels = None  # type: ignore[assignment]

try:
    from binascii import crc32
except ImportError:  # pragma: no cover - a port without binascii: no row skipping
    crc32 = None  # type: ignore[assignment]

SWRESET = const(0x01)
SLPIN = const(0x10)
SLPOUT = const(0x11)
NORON = const(0x13)
INVOFF = const(0x20)
INVON = const(0x21)
DISPON = const(0x29)
CASET = const(0x2A)
RASET = const(0x2B)
RAMWR = const(0x2C)
MADCTL = const(0x36)
COLMOD = const(0x3A)

RESET_TO_SLPOUT_MS = const(120)
SLPOUT_MS = const(10)  # twice what both datasheets ask before the next command
STRIP_BYTES = const(1280)  # few SPI calls per push, little heap
BAND = const(8)  # rows per CRC when skipping what the panel shows

# until the app's palette exists (any 16 colours)
DEFAULT_PALETTE = (
    0x0000,
    0xFFFF,
    0x0320,
    0x0480,
    0xF800,
    0x001F,
    0x8410,
    0xC618,
    0xFFE0,
    0xFD20,
    0x7800,
    0x000F,
    0x07FF,
    0xF81F,
    0x4208,
    0xA554,
)


class Panel:
    fast = True  # the table expansion and the FIFO link: 16-bit pixels

    def __init__(
        self,
        spi,
        dc,
        cs,
        rst,
        backlight,
        width,
        height,
        x_off,
        y_off,
        madctl,
        invert,
        palette,
        sleep_ms,
        link=None,
    ):
        self.spi = spi
        self.link = link  # None: machine.SPI writes of strips
        self.link_name = "fifo" if link is not None else "spi"
        f = pixels.fast() if pixels is not None and self.fast else None
        self._expand = f[0] if f else None
        self._hash = f[1] if f else None
        self._hp = array("i", [0, 0, 0, 0, 0, 0, 0])
        if f:
            self._hp[5] = pixels.FNV_BASIS  # type: ignore[union-attr,attr-defined]
            self._hp[6] = pixels.FNV_PRIME  # type: ignore[union-attr,attr-defined]
        self._lut = bytearray(1024) if f else None
        # push's params, and 4 more for the FIFO link's rect()
        self._p = array("i", [0, 0, 0, 0, 0, 0, 0, 0])
        self.dc = dc
        self.cs = cs
        self.rst = rst
        self.bl = backlight
        self.width = width
        self.height = height
        self.x_off = x_off
        self.y_off = y_off
        self.madctl = madctl
        self.invert = invert
        self.sleep_ms = sleep_ms
        self.bytes_sent = 0  # for the benchmarks
        self.rows_skipped = 0
        # per band: the CRC (30 bits) of the canvas rows the panel shows, or -1 (per band and
        # column chunk on the Pico)
        self._sums = array("i", [-1] * ((height + BAND - 1) // BAND))
        if f:
            pixels.setup(self, f, link, BAND)  # type: ignore[union-attr,attr-defined]
        self._cmd = bytearray(1)
        self._win = bytearray(4)
        n = STRIP_BYTES if link is not None or f is None else 4 * STRIP_BYTES
        # the table expansion: longer strips, fewer Python calls per frame
        self._strip = bytearray(n if n >= width * 4 else width * 4)
        self._mv = memoryview(self._strip)
        rows = len(self._strip) // (2 * width)
        self._wide = (
            framebuf.FrameBuffer(self._strip, width, rows, framebuf.RGB565),
            self._mv[: 2 * width * rows],
        )
        self._cmv = None  # its bands are CRC'd through it
        self._vbuf = None
        self._palbuf = bytearray(32)  # keep a reference: the FrameBuffer alone may not
        self._pal = framebuf.FrameBuffer(self._palbuf, 16, 1, framebuf.RGB565)
        self.set_palette(palette)
        self.due = None  # when SLPOUT may be sent; None once awake
        self.slept = None  # the last SLPIN; None while awake
        self.reset()
        self.brightness(100)

    # ---- low level ----
    def command(self, c, data=None):
        self._cmd[0] = c
        self.cs(0)
        self.dc(0)
        self.spi.write(self._cmd)
        self.dc(1)
        if data:
            self.spi.write(data)
        self.cs(1)

    def reset(self):
        """Reset the controller and note when it may wake: nothing waits here (see wake())."""
        if self.rst is not None:
            self.rst(0)
            self.sleep_ms(1)
            self.rst(1)
        else:
            self.command(SWRESET)
        self.due = time.ticks_add(time.ticks_ms(), RESET_TO_SLPOUT_MS)

    def init_sequence(self):
        """(command, data bytes or None, delay ms) in order; subclasses add their extras."""
        return (
            (SLPOUT, None, SLPOUT_MS),
            (COLMOD, b"\x55", 0),
            (MADCTL, bytes((self.madctl,)), 0),
            (INVON if self.invert else INVOFF, None, 0),
            (NORON, None, 0),
            (DISPON, None, 0),
        )

    def wake(self):
        """Finish the start-up once: wait for what is left after the reset, then the init sequence.
        Every drawing call starts with it."""
        left = time.ticks_diff(self.due, time.ticks_ms())
        if left > 0:
            self.sleep_ms(left)
        self.due = None
        for c, data, ms in self.init_sequence():
            self.command(c, data)
            if ms:
                self.sleep_ms(ms)

    def sleep(self):
        """Sleep-in: the controller keeps its RAM and draws nothing (the backlight is the
        caller's)."""
        if self.due is not None:
            self.wake()
        self.command(SLPIN)
        self.slept = time.ticks_ms()

    def resume(self):
        """Out of sleep() without a reset: what the panel showed is shown again."""
        t = self.slept
        if t is None:
            return
        self.slept = None
        left = RESET_TO_SLPOUT_MS - time.ticks_diff(time.ticks_ms(), t)
        if left > 0:
            self.sleep_ms(left)
        self.command(SLPOUT)
        self.sleep_ms(SLPOUT_MS)
        self.command(DISPON)

    def init(self):
        """Reset and wake now."""
        self.reset()
        self.wake()

    def set_palette(self, colours):
        """16 RGB565 colours, stored byte-swapped so that blit output is big-endian on the wire."""
        self.colours = colours
        if hasattr(self, "_sums"):
            self.forget()
        for i in range(16):
            c = colours[i] if i < len(colours) else 0
            self._pal.pixel(i, 0, ((c & 0xFF) << 8) | ((c >> 8) & 0xFF))
        if self._lut is not None:
            pixels.lut(colours, self._lut)  # type: ignore[union-attr,attr-defined]

    def _range(self, c, a, b):
        w = self._win
        w[0] = a >> 8
        w[1] = a & 0xFF
        w[2] = b >> 8
        w[3] = b & 0xFF
        self.command(c, w)

    def _window(self, x, y, w, h):
        """Set the RAM window and leave the chip selected in data mode after RAMWR."""
        x += self.x_off
        y += self.y_off
        self._range(CASET, x, x + w - 1)
        self._range(RASET, y, y + h - 1)
        self._cmd[0] = RAMWR
        self.cs(0)
        self.dc(0)
        self.spi.write(self._cmd)
        self.dc(1)

    # ---- the Hal display API ----
    def show(self, canvas, x=0, y=0, w=None, h=None):
        """Send the rectangle (x, y, w, h) of the canvas to the same place on the panel.

        Full-width rectangles skip the bands of rows whose CRC matches what the last full-width
        push left; anything else that draws forgets it. Only the changed runs of bands are sent."""
        if self.due is not None:
            self.wake()
        if w is None:
            w = self.width - x
        if h is None:
            h = self.height - y
        if x < 0:
            w += x
            x = 0
        if y < 0:
            h += y
            y = 0
        if x + w > self.width:
            w = self.width - x
        if y + h > self.height:
            h = self.height - y
        if w <= 0 or h <= 0:
            return
        if self._hash is not None:  # the Pico
            pixels.flush(self, canvas, ((x, y, w, h),), BAND)  # type: ignore[union-attr,attr-defined]
            return
        sums = self._sums
        if x or w != self.width or crc32 is None:
            for b in range(y // BAND, (y + h - 1) // BAND + 1):
                sums[b] = -1
            self._push(canvas, x, y, w, h)
            return
        # a band's rows are contiguous in canvas.buf: its CRC is one C call on a memoryview slice
        mv = self._cmv
        if mv is None or self._vbuf is not canvas.buf:
            mv = self._canvas_view(canvas.buf)
        b1 = (y + h - 1) // BAND
        band = BAND * ((self.width + 1) // 2)
        end = len(mv)
        start = -1
        for b in range(y // BAND, b1 + 1):
            a = b * band
            c = crc32(mv[a : a + band if a + band < end else end]) & 0x3FFFFFFF
            if c == sums[b]:
                if start >= 0:
                    self._rows(canvas, start, b)
                    start = -1
                self.rows_skipped += BAND
            else:
                sums[b] = c
                if start < 0:
                    start = b
        if start >= 0:
            self._rows(canvas, start, b1 + 1)

    def flush(self, canvas, d):
        """show() for each rectangle of d (the canvas's dirty list, inside the panel): one driver
        call on the device."""
        if self.due is not None:
            self.wake()
        if self._hash is not None:
            pixels.flush(self, canvas, d, BAND)  # type: ignore[union-attr,attr-defined]
            return
        for x, y, w, h in d:
            self.show(canvas, x, y, w, h)

    def _canvas_view(self, buf):
        self._cmv = memoryview(buf)
        self._vbuf = buf
        self.forget()  # a new canvas: nothing is known about the panel
        return self._cmv

    def _rows(self, canvas, b0, b1):
        """Full-width push of the bands b0 .. b1 - 1."""
        y0 = b0 * BAND
        y1 = b1 * BAND
        if y1 > self.height:
            y1 = self.height
        self._push(canvas, 0, y0, self.width, y1 - y0)

    def forget(self):
        """The panel no longer shows the canvas: resend all rows."""
        sums = self._sums
        for r in range(len(sums)):
            sums[r] = -1

    def _push(self, canvas, x, y, w, h):
        if self._expand is not None and not self.width & 1:
            pixels.push(self, canvas, x, y, w, h)  # type: ignore[union-attr,attr-defined]
            return
        rows = len(self._strip) // (2 * w)
        if w == self.width:
            strip, whole = self._wide  # made once: no allocation per frame
        else:
            strip = framebuf.FrameBuffer(self._strip, w, rows, framebuf.RGB565)
            whole = self._mv[: 2 * w * rows]
        src = canvas.fb
        pal = self._pal
        spi = self.spi
        self._window(x, y, w, h)
        left = h
        while left > 0:
            strip.blit(src, -x, -y, -1, pal)
            if left >= rows:
                spi.write(whole)
                y += rows
                left -= rows
            else:
                spi.write(self._mv[: 2 * w * left])
                left = 0
        self.cs(1)
        self.bytes_sent += 2 * w * h

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
        n = len(self._strip) // 2
        framebuf.FrameBuffer(self._strip, n, 1, framebuf.RGB565).fill(
            ((colour & 0xFF) << 8) | (colour >> 8)
        )  # wire order
        total = w * h
        self._window(x, y, w, h)
        while total > 0:
            k = n if total > n else total
            self.spi.write(self._mv[: 2 * k])
            total -= k
        self.cs(1)

    def message(self, lines, fg=0xFFFF, bg=0x001F):
        """A full-screen message in the built-in 8x8 font: works with almost no free heap."""
        self.fill(bg)
        per = self.width // 8
        rows = len(self._strip) // (2 * self.width)
        if rows > 8:
            rows = 8
        fb = framebuf.FrameBuffer(self._strip, self.width, rows, framebuf.RGB565)
        fgs = ((fg & 0xFF) << 8) | (fg >> 8)
        bgs = ((bg & 0xFF) << 8) | (bg >> 8)
        y = 4
        for text in lines:
            while text and y + 8 <= self.height:
                part = text[:per]
                text = text[per:]
                r0 = 0
                while r0 < 8:
                    n = 8 - r0 if 8 - r0 < rows else rows
                    fb.fill(bgs)
                    fb.text(part, 0, -r0, fgs)
                    self._window(0, y + r0, self.width, n)
                    self.spi.write(self._mv[: self.width * 2 * n])
                    self.cs(1)
                    r0 += n
                y += 10

    def brightness(self, percent):
        if self.bl is None:
            return
        if percent < 0:
            percent = 0
        elif percent > 100:
            percent = 100
        self.bl.duty_u16(percent * 65535 // 100)
