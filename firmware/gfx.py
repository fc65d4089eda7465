"""The 4-bit canvas every screen draws on, identical on MicroPython and CPython.

Canvas(width, height):
  .buf    bytearray in framebuf GS4_HMSB layout: 2 pixels a byte, even x in the high nibble,
          row stride (width + 1) // 2 bytes. Colours are palette indexes 0..15 (firmware.palette).
  .fb     framebuf.FrameBuffer over .buf where the framebuf module exists, else None; the
          drawing calls then run in pure Python and set exactly the same pixels.
  .dirty  rectangles [x, y, w, h] changed since the last flush (screens call mark()).
  .seen   None, or a set that receives every card drawn face up (tests check privacy with it).

Text uses the project font (6 px advance, 8 px tall); suit pips are 7x8.
"""
from firmware import font
from firmware import palette as P

try:
    import framebuf
except ImportError:  # CPython
    framebuf = None  # type: ignore[assignment]

FONT = font.FONT
PIPS = font.PIPS
CW = 6   # character advance
CH = 8   # character height
MAXTEXT = 64
MAXDIRTY = 8

# Pip index per engine suit (C D H S), for the Swiss style (acorns, bells, roses, shields).
SWISS = (4, 5, 6, 7)
JOKER_PIP = 8
RANK_CH = "23456789\x7fJQKA"
# Ink per suit: 0 black, 1 red, 2 orange. French C D H S, then Swiss acorns bells roses shields.
SUIT_INK = (0, 1, 1, 0, 0, 2, 1, 0)


class Canvas:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.stride = (width + 1) // 2
        self.buf = bytearray(self.stride * height)
        self.dirty = []
        self.seen = None
        self.swiss = False
        self.pushed = 0
        if framebuf is not None:
            self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.GS4_HMSB)
            self._tb = bytearray(CW * MAXTEXT)
            self._tmv = memoryview(self._tb)
            self._fmv = memoryview(FONT)
            self._pmv = memoryview(PIPS)
            self._pal = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)
        else:
            from firmware import gfx_py
            self.py = gfx_py
            self.fb = None
            self._rows = [bytes((c * 17,)) * self.stride for c in range(16)]

    # ---------- dirty rectangles ----------
    def mark(self, x, y, w, h):
        """Note that a rectangle changed; overlapping notes merge, many collapse into one."""
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
        d = self.dirty
        i = 0
        while i < len(d):
            r = d[i]
            if x <= r[0] + r[2] and r[0] <= x + w and y <= r[1] + r[3] and r[1] <= y + h:
                x1 = max(x + w, r[0] + r[2])
                y1 = max(y + h, r[1] + r[3])
                x0 = min(x, r[0])
                y0 = min(y, r[1])
                # merge only when the union wastes little (a touching neighbour stays apart)
                if (x1 - x0) * (y1 - y0) <= (w * h + r[2] * r[3]) * 9 // 8:
                    x, y, w, h = x0, y0, x1 - x0, y1 - y0
                    d.pop(i)
                    i = 0
                    continue
            i += 1
        d.append([x, y, w, h])
        while len(d) > MAXDIRTY:
            # join the two rectangles whose union wastes the least
            best = None
            for i in range(len(d)):
                for j in range(i + 1, len(d)):
                    a = d[i]
                    b = d[j]
                    x0 = min(a[0], b[0])
                    y0 = min(a[1], b[1])
                    x1 = max(a[0] + a[2], b[0] + b[2])
                    y1 = max(a[1] + a[3], b[1] + b[3])
                    waste = (x1 - x0) * (y1 - y0) - a[2] * a[3] - b[2] * b[3]
                    if best is None or waste < best[0]:
                        best = (waste, i, j, [x0, y0, x1 - x0, y1 - y0])
            d.pop(best[2])
            d[best[1]] = best[3]

    def mark_all(self):
        self.dirty[:] = [[0, 0, self.width, self.height]]

    # ---------- primitives ----------
    def fill_rect(self, x, y, w, h, c):
        if self.fb is not None:
            self.fb.fill_rect(x, y, w, h, c)
            return
        self.py.fill_rect(self, x, y, w, h, c)

    def hline(self, x, y, w, c):
        self.fill_rect(x, y, w, 1, c)

    def vline(self, x, y, h, c):
        self.fill_rect(x, y, 1, h, c)

    def rect(self, x, y, w, h, c):
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def pixel(self, x, y):
        """Colour index at (x, y)."""
        b = self.buf[y * self.stride + (x >> 1)]
        return b & 15 if x & 1 else b >> 4

    def _blit(self, mv, n, x, y, fg, bg):
        pal = self._pal
        if bg is None:
            key = (fg + 1) & 15
            pal.pixel(0, 0, key)
        else:
            key = -1
            pal.pixel(0, 0, bg)
        pal.pixel(1, 0, fg)
        self.fb.blit(framebuf.FrameBuffer(mv, n, 8, framebuf.MONO_VLSB), x, y, key, pal)

    def text(self, s, x, y, fg, bg=None, scale=1):
        """Draw s at (x, y); returns the x after the text. Characters outside 32..127 show as '?'."""
        n = len(s)
        if n == 0:
            return x
        if n > MAXTEXT:
            s = s[:MAXTEXT]
            n = MAXTEXT
        if scale != 1:
            if bg is not None:
                self.fill_rect(x, y, n * CW * scale, CH * scale, bg)
            for k in range(n):
                o = _code(s, k) * CW
                for i in range(CW):
                    col = FONT[o + i]
                    for r in range(8):
                        if col & (1 << r):
                            self.fill_rect(x + (k * CW + i) * scale, y + r * scale, scale, scale, fg)
            return x + n * CW * scale
        if self.fb is not None:
            tb = self._tmv
            fm = self._fmv
            j = 0
            for ch in s:
                o = ord(ch) - 32
                if o < 0 or o > 95:
                    o = 31                  # '?'
                o *= CW
                tb[j:j + CW] = fm[o:o + CW]
                j += CW
            self._blit(self._tb, n * CW, x, y, fg, bg)
        else:
            for k in range(n):
                self.py.cols(self, FONT, _code(s, k) * CW, CW, x + k * CW, y, fg, bg)
        return x + n * CW

    def pip(self, i, x, y, fg, bg=None):
        """Suit pip i (0..8, see firmware.font) at (x, y), 7x8."""
        if self.fb is not None:
            self._tmv[0:7] = self._pmv[i * 7:i * 7 + 7]
            self._blit(self._tb, 7, x, y, fg, bg)
        else:
            self.py.cols(self, PIPS, i * 7, 7, x, y, fg, bg)

    # ---------- cards ----------
    def suit_pip(self, c):
        if c >= 52:
            return JOKER_PIP
        s = c & 3
        return SWISS[s] if self.swiss else s

    def card(self, x, y, w, h, c, dim=False, hi=False):
        """A face-up card c (engine int) in a w x h box (w >= 11, h >= 11)."""
        if self.seen is not None:
            self.seen.add(c)
        face = P.DIM if dim else P.WHITE
        self.fill_rect(x + 1, y + 1, w - 2, h - 2, face)
        self.rect(x, y, w, h, P.HILITE if hi else P.EDGE)
        if hi:
            self.rect(x + 1, y + 1, w - 2, h - 2, P.HILITE)
        if c >= 52:
            k = 1 if c == 52 else 0
        else:
            k = SUIT_INK[(c & 3) + (4 if self.swiss else 0)]
        col = (P.DARKRED if dim else P.RED) if k == 1 else (
            (P.ORANGE if k == 2 else (P.INK_DIM if dim else P.BLACK)))
        rk = "*" if c >= 52 else RANK_CH[c >> 2]
        self.text(rk, x + 2, y + 2, col)
        if h >= 20:
            self.pip(self.suit_pip(c), x + 2, y + 11, col)
        else:
            self.pip(self.suit_pip(c), x + w - 9, y + 2, col)

    def back(self, x, y, w, h, hi=False):
        """A face-down card."""
        self.fill_rect(x + 1, y + 1, w - 2, h - 2, P.BACK)
        self.rect(x, y, w, h, P.HILITE if hi else P.EDGE)
        if w > 6 and h > 6:
            self.rect(x + 2, y + 2, w - 4, h - 4, P.BACK2)
        if w >= 11 and h >= 12:
            self.pip(JOKER_PIP, x + (w - 7) // 2, y + (h - 8) // 2, P.BACK2)

    def slot(self, x, y, w, h):
        """An empty place where cards go."""
        self.rect(x, y, w, h, P.FELT2)


def _code(s, k):
    o = ord(s[k])
    if o < 32 or o > 127:
        o = 63
    return o - 32


def text_width(s):
    return len(s) * CW
