"""Decode a recorded ST7789/ILI9341 SPI stream (from tests/fakes/machine.py) back into the image
the panel shows, and check it against canvas snapshots recorded in the same stream.

    python -m tools.device.panel_decode STREAM --board pico_lcd_1_3 [--png out.png]

The model: a MIPI-DCS controller with a 240x320 RAM. Commands understood: SWRESET 0x01,
SLPIN 0x10 (sleep: the RAM is kept, no pixels until SLPOUT), SLPOUT 0x11, NORON 0x13,
INVOFF 0x20, INVON 0x21, DISPON 0x29, CASET 0x2A, RASET 0x2B, RAMWR 0x2C,
MADCTL 0x36, COLMOD 0x3A. Pixels are RGB565 big-endian and fill the CASET x RASET window row by
row. Addresses are in the host's frame after MADCTL (with MV set, 320 columns x 240 rows); the
board's offsets are subtracted to get the visible image. Anything odd (pixels before
SLPOUT/COLMOD/DISPON, COLMOD other than 0x55, a window outside the RAM or the glass, an unknown
command, a wrong parameter count) is listed in `errors`.
Stream records: tag b"C"|b"D"|b"M"|b"P" + 4-byte little-endian length + payload.
"""

import struct
import sys
from tools.cli import board, existing_file, Parser

KNOWN = {
    0x01: 0,
    0x10: 0,
    0x11: 0,
    0x13: 0,
    0x20: 0,
    0x21: 0,
    0x29: 0,
    0x2A: 4,
    0x2B: 4,
    0x2C: -1,
    0x36: 1,
    0x3A: 1,
}


# the ILI9488's start-up commands besides the common ones (clockworkpi/PicoCalc lcdspi.c): their
# parameter counts (gamma, power, VCOM, interface, frame rate, inversion, function, entry mode,
# E9, adjust 3)
ILI9488 = {
    0xE0: 15,
    0xE1: 15,
    0xC0: 2,
    0xC1: 1,
    0xC5: 3,
    0xB0: 1,
    0xB1: 1,
    0xB4: 1,
    0xB6: 3,
    0xB7: 1,
    0xE9: 1,
    0xF7: 4,
}


class PanelDecoder:
    def __init__(self, width, height, x_off=0, y_off=0, ram_w=240, ram_h=320, depth=2):
        self.width = width
        self.height = height
        self.x_off = x_off
        self.y_off = y_off
        self.ram_w = ram_w
        self.ram_h = ram_h
        self.image = bytearray(width * height * 2)
        self.errors = []
        self.marks = 0
        self.mismatches = []
        self.palette = None
        self.madctl = None
        self.colmod = None
        self.awake = False
        self.on = False
        self.inverted = None
        self.cmd = None
        self.params = bytearray()
        self.win = [0, 0, 0, 0]
        self.cx = 0
        self.cy = 0
        self.carry = b""
        self.pixel_bytes = 0
        self.command_counts = {}
        self.sleeps = 0  # SLPIN commands seen
        # bytes a pixel: 2 (RGB565, COLMOD 0x55) or 3 (the ILI9488's 18 bits, COLMOD 0x66, each
        # channel in a byte's top 6 bits: kept as RGB565, the top 5/6/5 bits)
        self.depth = depth
        self.known = dict(KNOWN)
        if depth == 3:
            self.known.update(ILI9488)

    # ---- stream ----
    def feed_file(self, path):
        with open(path, "rb") as f:
            data = f.read()
        self.feed(data)
        return self

    def feed(self, data):
        i = 0
        n = len(data)
        while i < n:
            tag = data[i : i + 1]
            (ln,) = struct.unpack_from("<I", data, i + 1)
            payload = data[i + 5 : i + 5 + ln]
            i += 5 + ln
            if tag == b"C":
                for b in payload:
                    self.command(b)
            elif tag == b"D":
                self.data(payload)
            elif tag == b"M":
                self.check_mark(payload)
            elif tag == b"P":
                self.palette = [
                    (payload[k] << 8) | payload[k + 1] for k in range(0, len(payload), 2)
                ]
            else:
                self.errors.append("bad record tag %r at %d" % (tag, i))
                return

    def _end_command(self):
        c = self.cmd
        if c is None:
            return
        want = self.known.get(c)
        if want is not None and want >= 0 and len(self.params) != want:
            self.errors.append(
                "command 0x%02X with %d parameter bytes, expected %d" % (c, len(self.params), want)
            )
        elif c == 0x2A or c == 0x2B:
            a, b = struct.unpack(">HH", bytes(self.params))
            if b < a:
                self.errors.append("window end before start (0x%02X %d..%d)" % (c, a, b))
            k = 0 if c == 0x2A else 2
            self.win[k] = a
            self.win[k + 1] = b
        elif c == 0x36:
            self.madctl = self.params[0]
        elif c == 0x3A:
            self.colmod = self.params[0]
        elif c == 0x2C and self.carry:
            self.errors.append("RAMWR ended in the middle of a pixel")
        self.carry = b""

    def command(self, c):
        self._end_command()
        self.cmd = c
        self.params = bytearray()
        self.command_counts[c] = self.command_counts.get(c, 0) + 1
        if c not in self.known:
            self.errors.append("unknown command 0x%02X" % c)
        elif c == 0x01:
            self.awake = False
            self.on = False
        elif c == 0x10:
            self.awake = False
            self.sleeps += 1
        elif c == 0x11:
            self.awake = True
        elif c == 0x29:
            self.on = True
        elif c == 0x20 or c == 0x21:
            self.inverted = c == 0x21
        elif c == 0x2C:
            self._start_write()

    def _limits(self):
        mv = self.madctl is not None and self.madctl & 0x20
        return (self.ram_h, self.ram_w) if mv else (self.ram_w, self.ram_h)

    def _start_write(self):
        colmod = 0x66 if self.depth == 3 else 0x55
        if not (self.awake and self.on and self.colmod == colmod and self.madctl is not None):
            self.errors.append("RAMWR before SLPOUT/COLMOD 0x%02X/MADCTL/DISPON" % colmod)
        x0, x1, y0, y1 = self.win
        cols, rows = self._limits()
        if x1 >= cols or y1 >= rows:
            self.errors.append(
                "window %r outside the controller RAM %dx%d" % (self.win, cols, rows)
            )
        if (
            x0 < self.x_off
            or x1 >= self.x_off + self.width
            or y0 < self.y_off
            or y1 >= self.y_off + self.height
        ):
            self.errors.append("window %r outside the glass" % (self.win,))
        self.cx = x0
        self.cy = y0

    def data(self, payload):
        if self.cmd != 0x2C:
            self.params += payload
            return
        if self.carry:
            payload = self.carry + bytes(payload)
            self.carry = b""
        n = len(payload) % self.depth
        if n:
            self.carry = bytes(payload[-n:])
            payload = payload[:-n]
        self.pixel_bytes += len(payload)
        if self.depth == 3:
            payload = rgb565_of_18(payload)
        x0, x1, y0, y1 = self.win
        w = self.width
        pos = 0
        n = len(payload)
        while pos < n:
            if self.cy > y1:
                self.errors.append("pixels beyond the window")
                return
            k = min((x1 - self.cx + 1) * 2, n - pos)
            ix = self.cx - self.x_off
            iy = self.cy - self.y_off
            if 0 <= iy < self.height and 0 <= ix and ix + k // 2 <= w:
                o = (iy * w + ix) * 2
                self.image[o : o + k] = payload[pos : pos + k]
            pos += k
            self.cx += k // 2
            if self.cx > x1:
                self.cx = x0
                self.cy += 1

    # ---- canvas comparison ----
    def expand(self, canvas, width, height):
        """A GS4_HMSB canvas (even x in the high nibble) through the palette, as RGB565
        big-endian."""
        pal = self.palette
        if pal is None:
            raise ValueError("no palette record in the stream")
        px = [bytes(((pal[i] >> 8), pal[i] & 255)) for i in range(16)]
        pair = [px[b >> 4] + px[b & 15] for b in range(256)]
        stride = (width + 1) // 2
        out = bytearray()
        for y in range(height):
            row = b"".join(pair[b] for b in canvas[y * stride : (y + 1) * stride])
            out += row[: width * 2]
        return out

    def check_mark(self, payload):
        self._end_command()
        self.cmd = None
        w = payload[0] | (payload[1] << 8)
        h = payload[2] | (payload[3] << 8)
        self.marks += 1
        if (w, h) != (self.width, self.height):
            self.mismatches.append(
                (self.marks, "canvas %dx%d on a %dx%d panel" % (w, h, self.width, self.height))
            )
            return
        want = self.expand(payload[4:], w, h)
        if want != self.image:
            for i in range(0, len(want), 2):
                if want[i : i + 2] != self.image[i : i + 2]:
                    p = i // 2
                    self.mismatches.append(
                        (self.marks, "first differing pixel at (%d, %d)" % (p % w, p // w))
                    )
                    break

    def rgb888(self):
        out = bytearray()
        im = self.image
        for i in range(0, len(im), 2):
            v = (im[i] << 8) | im[i + 1]
            out += bytes(
                (((v >> 11) & 31) * 255 // 31, ((v >> 5) & 63) * 255 // 63, (v & 31) * 255 // 31)
            )
        return bytes(out)

    def save_png(self, path):
        from PIL import Image

        Image.frombytes("RGB", (self.width, self.height), self.rgb888()).save(path)


def rgb565_of_18(data):
    """18-bit pixels (3 bytes, each channel in the top 6 bits) as RGB565 big-endian."""
    out = bytearray(len(data) // 3 * 2)
    j = 0
    for i in range(0, len(data) - 2, 3):
        v = ((data[i] >> 3) << 11) | ((data[i + 1] >> 2) << 5) | (data[i + 2] >> 3)
        out[j] = v >> 8
        out[j + 1] = v & 255
        j += 2
    return bytes(out)


def for_board(board):
    """A decoder sized and offset for a boards/<id>.py module (the ILI9488: a 320x480 RAM,
    18-bit pixels)."""
    if board.CONTROLLER == "ili9488":
        return PanelDecoder(
            board.WIDTH, board.HEIGHT, board.X_OFFSET, board.Y_OFFSET, 320, 480, depth=3
        )
    return PanelDecoder(board.WIDTH, board.HEIGHT, board.X_OFFSET, board.Y_OFFSET)


def main(argv=None):
    ap = Parser(description=__doc__.splitlines()[0])
    ap.add_argument("stream", type=existing_file)
    ap.add_argument("--board", type=board, default="pico_lcd_1_3")
    ap.add_argument("--png")
    a = ap.parse_args(argv)
    import boards

    d = for_board(boards.load(a.board)).feed_file(a.stream)
    print(
        "pixel bytes %d, markers %d, mismatches %d, errors %d"
        % (d.pixel_bytes, d.marks, len(d.mismatches), len(d.errors))
    )
    for e in d.errors[:10]:
        print("error:", e)
    for m in d.mismatches[:10]:
        print("mismatch at marker %d: %s" % m)
    if a.png:
        d.save_png(a.png)
    return 0 if not d.errors and not d.mismatches else 1


if __name__ == "__main__":
    sys.exit(main())
