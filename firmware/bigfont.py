"""The large text face: the project font drawn twice as wide and a little over twice as tall, so
that capitals are 15 px (1.46 mm on the 1.3-inch panel's 0.0975 mm pixels, 1.4 mm being the
legibility minimum of docs/APP.md; more on every other supported panel).

    x = text(canvas, s, x, y, fg, bg=None)    # returns the x after the text

Each glyph of firmware.font (5 columns x 8 rows) becomes 10 x 17: every row doubled, and one
row of the glyph's straight part (a row equal to its neighbour, found once at import) tripled,
which adds the 15th pixel without a visible kink. On MicroPython a string is expanded into one
preallocated 1-bit strip and blitted through the canvas's 2-colour palette (one C call); on
CPython the same pixels are set column by column (tests compare the two).
"""
from firmware.font import FONT

W = 10          # glyph width
ADV = 12        # character advance
H = 17          # glyph height (capitals: rows 0..14)
CAP = 15        # capital height in pixels
LINE = 20       # line height
MAXBIG = 40

_PREF = (3, 2, 4, 1, 5)


def _build():
    out = bytearray(96 * 5 * 3)
    for g in range(96):
        cols = FONT[g * 6:g * 6 + 5]
        dup = 3
        for r in _PREF:         # a row equal to the next or the one before: a straight part
            same = True
            for c in cols:
                if ((c >> r) & 1) != ((c >> (r + 1)) & 1) and ((c >> r) & 1) != ((c >> (r - 1)) & 1):
                    same = False
                    break
            if same:
                dup = r
                break
        for i in range(5):
            c = cols[i]
            v = 0
            for y in range(8):
                if c & (1 << y):
                    if y < dup:
                        v |= 3 << (2 * y)
                    elif y == dup:
                        v |= 7 << (2 * y)
                    else:
                        v |= 3 << (2 * y + 1)
            o = (g * 5 + i) * 3
            out[o] = v & 255
            out[o + 1] = (v >> 8) & 255
            out[o + 2] = (v >> 16) & 255
    return bytes(out)


BIG = _build()
_strip = []


def _codes(s):
    b = s.encode()
    if len(b) != len(s):
        return bytes([ord(ch) if 32 <= ord(ch) < 128 else 63 for ch in s])
    return bytes([o if 32 <= o < 128 else 63 for o in b])


def width(s):
    return len(s) * ADV


def text(c, s, x, y, fg, bg=None):
    n = len(s)
    if n == 0:
        return x
    if n > MAXBIG:
        s = s[:MAXBIG]
        n = MAXBIG
    b = _codes(s)
    wd = n * ADV
    if c.fb is not None:
        import framebuf
        if not _strip:
            _strip.append(bytearray(3 * ADV * MAXBIG))
        tb = _strip[0]
        big = BIG
        for k in range(n):
            o = (b[k] - 32) * 15
            x0 = k * ADV
            for i in range(5):
                p = o + i * 3
                lo = big[p]
                mid = big[p + 1]
                hi = big[p + 2]
                j = x0 + 2 * i
                tb[j] = lo
                tb[j + 1] = lo
                tb[wd + j] = mid
                tb[wd + j + 1] = mid
                tb[2 * wd + j] = hi
                tb[2 * wd + j + 1] = hi
            j = x0 + W
            tb[j] = 0
            tb[j + 1] = 0
            tb[wd + j] = 0
            tb[wd + j + 1] = 0
            tb[2 * wd + j] = 0
            tb[2 * wd + j + 1] = 0
        pal = c._pal
        if bg is None:
            key = (fg + 1) & 15
            pal.pixel(0, 0, key)
        else:
            key = -1
            pal.pixel(0, 0, bg)
        pal.pixel(1, 0, fg)
        c._pk = -1          # the canvas's text() sets its palette again
        c.fb.blit(framebuf.FrameBuffer(tb, wd, H, framebuf.MONO_VLSB), x, y, key, pal)
        return x + wd
    if bg is not None:
        c.fill_rect(x, y, wd, H, bg)
    for k in range(n):
        o = (b[k] - 32) * 15
        for i in range(5):
            p = o + i * 3
            v = BIG[p] | (BIG[p + 1] << 8) | (BIG[p + 2] << 16)
            yy = 0
            while v:
                if v & 1:
                    run = 0
                    while v & 1:
                        run += 1
                        v >>= 1
                    c.fill_rect(x + k * ADV + 2 * i, y + yy, 2, run, fg)
                    yy += run
                else:
                    v >>= 1
                    yy += 1
    return x + wd


def fit(s, cols):
    if len(s) <= cols:
        return s
    return s[:cols - 1] + "." if cols > 1 else s[:cols]
