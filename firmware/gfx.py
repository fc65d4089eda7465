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

from engine.compat import const, micropython
from firmware import font
from firmware import palette as P

try:
    import framebuf
except ImportError:  # CPython
    framebuf = None  # type: ignore[assignment]

# the device's glyph copier (ARMv6-M): one call per text instead of a dozen bytecodes a character


def _asm_glyphs():
    import sys

    if framebuf is None or sys.platform != "rp2":
        return None  # compiling the assembler elsewhere costs heap, then fails
    try:
        from firmware.drivers.pixels_asm import glyphs
    except Exception:  # noqa: BLE001 - no inline assembler in this build: the loop below
        return None
    return glyphs


_glyphs = _asm_glyphs()

FONT = font.FONT
PIPS = font.PIPS
CW = const(6)  # character advance
CH = const(8)  # character height
MAXTEXT = const(64)
MAXDIRTY = const(16)

SWISS = (4, 5, 6, 7)
JOKER_PIP = const(8)
RANK_CH = "23456789\x7fJQKA"
# Swiss-suited cards: Under and Ober for the Jack and the Queen (the Banner is the 10)
SWISS_RANK_CH = "23456789\x7fUOKA"
# ink per suit: 0 black, 1 red, 2 orange; French C D H S, then Swiss
SUIT_INK = (0, 1, 1, 0, 0, 2, 1, 0)
# the four-colour deck (French suits only): 3 blue, 4 green
FOUR_INK = (4, 3, 1, 0)


def ink(cv, cd, dim):
    """The colour of card cd's rank and pip on canvas cv, on a dimmed face or not; every ink keeps
    3:1 contrast on the dimmed face except the Swiss bells' orange."""
    if cd >= 52:
        k = 1 if cd == 52 else 0
    elif cv.four and not cv.swiss:
        k = FOUR_INK[cd & 3]
    else:
        k = SUIT_INK[(cd & 3) + (4 if cv.swiss else 0)]
    if k == 0:
        return P.INK_DIM if dim else P.BLACK
    if k == 1:
        return P.DARKRED if dim else P.RED
    if k == 2:
        return P.ORANGE
    if k == 3:
        return P.BACK
    return P.PANEL if dim else P.FELT  # dimmed, the felt is too faint


class Canvas:
    def __init__(self, width, height):
        self.width = width
        self.height = height
        self.stride = (width + 1) // 2
        self.buf = bytearray(self.stride * height)
        self.dirty = []
        self.seen = None
        self.swiss = False
        self.four = False
        if framebuf is not None:
            self.fb = framebuf.FrameBuffer(self.buf, width, height, framebuf.GS4_HMSB)
            self._tb = bytearray(CW * MAXTEXT)
            # a glyph buffer made once: a pip or a rank is copied in by item stores (no allocation)
            self._gb = bytearray(7)
            self._g6 = framebuf.FrameBuffer(self._gb, 6, 8, framebuf.MONO_VLSB)
            self._g7 = framebuf.FrameBuffer(self._gb, 7, 8, framebuf.MONO_VLSB)
            self._pal = framebuf.FrameBuffer(bytearray(1), 2, 1, framebuf.GS4_HMSB)
            # the colours last set in _pal by text(): fg + 256 (transparent) or fg + 16 * bg; -1
            # after another blit
            self._pk = -1
            # the C primitives straight from the instance: no Python frame per call
            fb = self.fb
            self.fill_rect = fb.fill_rect
            self.hline = fb.hline
            self.vline = fb.vline
            self.rect = fb.rect
        else:
            from firmware import gfx_py

            self.py = gfx_py
            self.fb = None
            self._rows = [bytes((c * 17,)) * self.stride for c in range(16)]

    def reset(self):
        """As new for another App (the buffer is kept)."""
        self.dirty = []
        self.seen = None
        self.swiss = False
        self.four = False
        if self.fb is not None:
            self._pk = -1

    # ---------- dirty rectangles ----------
    @micropython.native
    def mark(self, x, y, w, h):
        """Note that a rectangle changed; overlapping notes merge, many collapse into one. Called a
        dozen times or more by a move's frame, hence machine code on the Pico and the early return
        for a rectangle inside the last one noted."""
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
        x1 = x + w
        y1 = y + h
        if d:
            r0, r1, rw, rh = d[0]
            if rw == self.width and rh == self.height:
                return
            r0, r1, rw, rh = d[-1]
            if r0 <= x and r1 <= y and x1 <= r0 + rw and y1 <= r1 + rh:
                return
        i = 0
        n = len(d)
        while i < n:
            r0, r1, rw, rh = d[i]
            rx = r0 + rw
            ry = r1 + rh
            if x <= rx and r0 <= x1 and y <= ry and r1 <= y1:
                if r0 <= x and r1 <= y and x1 <= rx and y1 <= ry:
                    return
                ux = x if x < r0 else r0
                uy = y if y < r1 else r1
                ux1 = x1 if x1 > rx else rx
                uy1 = y1 if y1 > ry else ry
                # merge only when the union wastes little
                if (ux1 - ux) * (uy1 - uy) <= ((x1 - x) * (y1 - y) + rw * rh) * 9 // 8:
                    x = ux
                    y = uy
                    x1 = ux1
                    y1 = uy1
                    d.pop(i)
                    n -= 1
                    i = 0
                    continue
            i += 1
        if n < MAXDIRTY:
            d.append([x, y, x1 - x, y1 - y])
            return
        # too many: join the one whose union wastes the least (one pass, not every pair)
        best = -1
        bw = 0
        for i in range(n):
            r0, r1, rw, rh = d[i]
            ux = x if x < r0 else r0
            uy = y if y < r1 else r1
            ux1 = x1 if x1 > r0 + rw else r0 + rw
            uy1 = y1 if y1 > r1 + rh else r1 + rh
            waste = (ux1 - ux) * (uy1 - uy) - rw * rh
            if best < 0 or waste < bw:
                best = i
                bw = waste
        r0, r1, rw, rh = d[best]
        ux = x if x < r0 else r0
        uy = y if y < r1 else r1
        ux1 = x1 if x1 > r0 + rw else r0 + rw
        uy1 = y1 if y1 > r1 + rh else r1 + rh
        d.pop(best)
        self.mark(ux, uy, ux1 - ux, uy1 - uy)

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
        if self.fb is not None:
            self.fb.rect(x, y, w, h, c)
            return
        self.fill_rect(x, y, w, 1, c)
        self.fill_rect(x, y + h - 1, w, 1, c)
        self.fill_rect(x, y, 1, h, c)
        self.fill_rect(x + w - 1, y, 1, h, c)

    def copy_rows(self, sy, dy, h):
        """Copy h full-width rows from sy to dy (the bands must not overlap)."""
        st = self.stride
        mv = memoryview(self.buf)
        mv[dy * st : (dy + h) * st] = mv[sy * st : (sy + h) * st]

    def pixel(self, x, y):
        """Colour index at (x, y)."""
        b = self.buf[y * self.stride + (x >> 1)]
        return b & 15 if x & 1 else b >> 4

    def _blit(self, glyph, x, y, fg, bg):
        pal = self._pal
        if bg is None:
            key = (fg + 1) & 15
            pal.pixel(0, 0, key)
        else:
            key = -1
            pal.pixel(0, 0, bg)
        pal.pixel(1, 0, fg)
        self._pk = -1
        self.fb.blit(glyph, x, y, key, pal)

    def text(self, s, x, y, fg, bg=None, scale=1):
        """Draw s at (x, y); the x after the text. Characters outside 32..127 show as '?'."""
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
                            self.fill_rect(
                                x + (k * CW + i) * scale, y + r * scale, scale, scale, fg
                            )
            return x + n * CW * scale
        if self.fb is not None:
            # the glyph columns into one 1-bit strip, then one blit: codes from one encode() (no
            # ord() per character), columns by item stores that allocate nothing
            tb = self._tb
            f = FONT
            j = 0
            b = s.encode()
            if len(b) != n:  # not ASCII
                b = bytes([ord(ch) if 32 <= ord(ch) < 128 else 63 for ch in s])
            elif min(b) < 32:
                b = bytes([o if o >= 32 else 63 for o in b])
            if _glyphs is not None:
                _glyphs(tb, f, b, n)
                j = 6 * n
            else:
                for o in b:
                    o = o * 6 - 192  # (code - 32) * 6; CW is a global: a lookup per character
                    tb[j] = f[o]
                    tb[j + 1] = f[o + 1]
                    tb[j + 2] = f[o + 2]
                    tb[j + 3] = f[o + 3]
                    tb[j + 4] = f[o + 4]
                    j += 6
            # the palette is set only when the colours differ from the last text's
            pal = self._pal
            if bg is None:
                key = (fg + 1) & 15
                if self._pk != fg + 256:
                    self._pk = fg + 256
                    pal.pixel(0, 0, key)
                    pal.pixel(1, 0, fg)
            else:
                key = -1
                if self._pk != fg + (bg << 4):
                    self._pk = fg + (bg << 4)
                    pal.pixel(0, 0, bg)
                    pal.pixel(1, 0, fg)
            self.fb.blit(framebuf.FrameBuffer(tb, j, 8, framebuf.MONO_VLSB), x, y, key, pal)
            return x + j
        else:
            for k in range(n):
                self.py.cols(self, FONT, _code(s, k) * CW, CW, x + k * CW, y, fg, bg)
        return x + n * CW

    def pip(self, i, x, y, fg, bg=None):
        """Suit pip i (0..8, see firmware.font) at (x, y), 7x8."""
        if self.fb is not None:
            self._blit(self._pip7(i), x, y, fg, bg)
        else:
            self.py.cols(self, PIPS, i * 7, 7, x, y, fg, bg)

    def _pip7(self, i):
        """The 7x8 glyph framebuffer holding pip i."""
        g = self._gb  # byte by byte: a slice per pip is garbage that broke
        o = i * 7  # up the unix port's heap (tests/test_memory.py)
        g[0] = PIPS[o]
        g[1] = PIPS[o + 1]
        g[2] = PIPS[o + 2]
        g[3] = PIPS[o + 3]
        g[4] = PIPS[o + 4]
        g[5] = PIPS[o + 5]
        g[6] = PIPS[o + 6]
        return self._g7

    # ---------- cards ----------
    def suit_pip(self, c):
        if c >= 52:
            return JOKER_PIP
        s = c & 3
        return SWISS[s] if self.swiss else s

    def card(self, x, y, w, h, c, dim=False, hi=False):
        """A face-up card c in a w x h box (w >= 11, h >= 11)."""
        if self.seen is not None:
            self.seen.add(c)
        if hi:
            self.fill_rect(x, y, w, h, P.HILITE)
            self.fill_rect(x + 2, y + 2, w - 4, h - 4, P.DIM if dim else P.WHITE)
        else:
            self.fill_rect(x, y, w, h, P.EDGE)
            self.fill_rect(x + 1, y + 1, w - 2, h - 2, P.DIM if dim else P.WHITE)
        col = ink(self, c, dim)
        if self.fb is not None:
            # rank then pip through one palette set once
            g = self._gb
            f = FONT
            rk = SWISS_RANK_CH if self.swiss else RANK_CH
            o = (10 if c >= 52 else ord(rk[c >> 2]) - 32) * CW  # 10: '*'
            g[0] = f[o]
            g[1] = f[o + 1]
            g[2] = f[o + 2]
            g[3] = f[o + 3]
            g[4] = f[o + 4]
            g[5] = 0
            pal = self._pal
            key = (col + 1) & 15
            pal.pixel(0, 0, key)
            pal.pixel(1, 0, col)
            self._pk = -1
            blit = self.fb.blit
            blit(self._g6, x + 2, y + 2, key, pal)
            g7 = self._pip7(self.suit_pip(c))
            if h >= 20:
                blit(g7, x + 2, y + 11, key, pal)
            else:
                blit(g7, x + w - 9, y + 2, key, pal)
            return
        else:
            rk = SWISS_RANK_CH if self.swiss else RANK_CH
            self.text("*" if c >= 52 else rk[c >> 2], x + 2, y + 2, col)
        if h >= 20:
            self.pip(self.suit_pip(c), x + 2, y + 11, col)
        else:
            self.pip(self.suit_pip(c), x + w - 9, y + 2, col)

    def back(self, x, y, w, h, hi=False):
        """A face-down card."""
        self.fill_rect(x, y, w, h, P.HILITE if hi else P.EDGE)
        self.fill_rect(x + 1, y + 1, w - 2, h - 2, P.BACK)
        if w > 6 and h > 6:
            self.rect(x + 2, y + 2, w - 4, h - 4, P.BACK2)
        if w >= 11 and h >= 12:
            x += (w - 7) // 2
            y += (h - 8) // 2
            self.pip(JOKER_PIP, x, y, P.BACK2)

    def slot(self, x, y, w, h):
        """An empty place where cards go."""
        self.rect(x, y, w, h, P.FELT2)


def _code(s, k):
    o = ord(s[k])
    if o < 32 or o > 127:
        o = 63
    return o - 32


@micropython.native
def span(a, b):
    """(p, e): the cells p .. e - 1 where lines a and b differ (a common prefix stays, and for
    equal lengths a common suffix); e <= p when the same. For bigfont.retext and ui.retext. Machine
    code on the Pico; it lives here, never let go, because native code is not freed with its
    module."""
    n = len(a)
    m = len(b)
    k = n if n < m else m
    p = 0
    while p < k and a[p] == b[p]:
        p += 1
    e = n if n > m else m
    if n == m:
        while e > p and a[e - 1] == b[e - 1]:
            e -= 1
    return p, e
