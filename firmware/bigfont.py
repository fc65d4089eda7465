"""The large text face: the project font drawn twice as wide and a little over twice as tall, so
that capitals are 15 px (1.46 mm on the 1.3-inch panel's 0.0975 mm pixels, 1.4 mm being the
legibility minimum of docs/APP.md; more on every other supported panel).

    x = text(canvas, s, x, y, fg, bg=None)    # returns the x after the text
    (s: a str, or bytes of character codes 32..127, drawn with no str made)

Each glyph of firmware.font (5 columns x 8 rows) becomes 10 x 17: every row doubled, and one
row of the glyph's straight part (a row equal to its neighbour) tripled, which adds the 15th
pixel without a visible kink; the French suit pips are drawn at the large size, so that a spade
and a club differ in outline (sim/font_design.big_bytes() makes the table below). On the Pico
one viper call draws a string straight into the canvas (firmware/drivers/glyphs_viper.py). Other
MicroPython ports expand it, CHUNK characters at a time, into one preallocated 1-bit strip,
blitted through the canvas's 2-colour palette (one C call each); CPython sets the same pixels
column by column (tests compare the three).
"""

from firmware.gfx import span

W = 10  # glyph width
ADV = 12  # character advance
H = 17  # glyph height (capitals: rows 0..14)
CAP = 15  # capital height in pixels
LINE = 20  # line height
MAXBIG = 40
CHUNK = 10  # characters per blit: a small strip (360 bytes) never needs a large free block

# 96 glyphs x 5 columns x 3 bytes (the 17-row column, low byte first), in 4 parts of 24 glyphs
# (no 1.4 KB block needed in a fragmented heap); made by sim/font_design.big_bytes(), which
# tests/test_app_gfx.py checks against
BIG = (
    (
        b'\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xffg\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x0f\x00\x00\x00\x00\x00\x0f\x00\x00\x00\x00\x00'
        b'\x0c\x18\x00\xff\x7f\x00\x0c\x18\x00\xff\x7f\x00\x0c\x18\x000\x18\x00\xcc\x19\x00\xff\x7f\x00\xcc\x19\x00\x0c\x06\x00\x0f\x18\x00\x0f\x06\x00\xc0\x01\x000x\x00\x0cx\x00'
        b'<\x1e\x00\xc3a\x003f\x00\x0c\x18\x00\x00f\x00\x00\x00\x00\x00\x00\x00\x0f\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xf0\x07\x00\x0c\x18\x00\x03`\x00\x00\x00\x00'
        b'\x00\x00\x00\x03`\x00\x0c\x18\x00\xf0\x07\x00\x00\x00\x00`\x06\x00\x80\x01\x00\xfc\x1f\x00\x80\x01\x00`\x06\x00\x80\x01\x00\x80\x01\x00\xfc\x1f\x00\x80\x01\x00\x80\x01\x00'
        b'\x00\x00\x00\x00\x80\x01\x00x\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x80\x01\x00\x80\x01\x00\x80\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00`\x00\x00\x00\x00\x00\x00\x00'
        b'\x00\x18\x00\x00\x06\x00\xc0\x01\x000\x00\x00\x0c\x00\x00\xfc\x1f\x00\x03f\x00\xc3a\x003`\x00\xfc\x1f\x00\x00\x00\x00\x0c`\x00\xff\x7f\x00\x00`\x00\x00\x00\x00'
        b'\x0c`\x00\x03x\x00\x03f\x00\x83a\x00|`\x00\x03\x18\x00\x03`\x003`\x00\xcf`\x00\x03\x1f\x00\xc0\x03\x000\x03\x00\x0c\x03\x00\xff\x7f\x00\x00\x03\x00'
        b'?\x18\x003`\x003`\x003`\x00\xc3\x1f\x00\xf0\x1f\x00\xcc`\x00\xc3`\x00\xc3`\x00\x00\x1f\x00\x03\x00\x00\x03\x7f\x00\xc3\x00\x003\x00\x00\x0f\x00\x00'
    ),
    (
        b'|\x1e\x00\x83a\x00\x83a\x00\x83a\x00|\x1e\x00|\x00\x00\x83a\x00\x83a\x00\x83\x19\x00\xfc\x07\x00\x00\x00\x00\x00\x00\x000\x18\x00\x00\x00\x00\x00\x00\x00'
        b'\x00\x00\x00\x00\x80\x010x\x00\x00\x00\x00\x00\x00\x00\xc0\x01\x000\x06\x00\x0c\x18\x00\x03`\x00\x00\x00\x00`\x06\x00`\x06\x00`\x06\x00`\x06\x00`\x06\x00'
        b'\x00\x00\x00\x03`\x00\x0c\x18\x000\x06\x00\xc0\x01\x00\x0c\x00\x00\x03\x00\x00\x03f\x00\x83\x01\x00|\x00\x00\x0c\x00\x00\xff\x07\x00\xff\x1f\x00\xff\x07\x00\x0c\x00\x00'
        b'\xfc\x7f\x00\x83\x01\x00\x83\x01\x00\x83\x01\x00\xfc\x7f\x00\xff\x7f\x00\x83a\x00\x83a\x00\x83a\x00|\x1e\x00\xfc\x1f\x00\x03`\x00\x03`\x00\x03`\x00\x0c\x18\x00'
        b'\xff\x7f\x00\x03`\x00\x03`\x00\x0c\x18\x00\xf0\x07\x00\xff\x7f\x00\x83a\x00\x83a\x00\x83a\x00\x03`\x00\xff\x7f\x00\x83\x01\x00\x83\x01\x00\x83\x01\x00\x03\x00\x00'
        b'\xfc\x1f\x00\x03`\x00\xc3`\x00\xc3`\x00\xcc\x7f\x00\xff\x7f\x00\x80\x01\x00\x80\x01\x00\x80\x01\x00\xff\x7f\x00\x00\x00\x00\x03`\x00\xff\x7f\x00\x03`\x00\x00\x00\x00'
        b'\x00\x18\x00\x00`\x00\x03`\x00\xff\x1f\x00\x03\x00\x00\xff\x7f\x00\xc0\x01\x000\x06\x00\x0c\x18\x00\x03`\x00\xff\x7f\x00\x00`\x00\x00`\x00\x00`\x00\x00`\x00'
        b'\xff\x7f\x00\x0c\x00\x00\xf0\x01\x00\x0c\x00\x00\xff\x7f\x00\xff\x7f\x00`\x00\x00\x80\x01\x00\x00\x06\x00\xff\x7f\x00\xfc\x1f\x00\x03`\x00\x03`\x00\x03`\x00\xfc\x1f\x00'
    ),
    (
        b'\xff\x7f\x00\x83\x01\x00\x83\x01\x00\x83\x01\x00|\x00\x00\xfc\x1f\x00\x03`\x00\x03f\x00\x03\x18\x00\xfcg\x00\xff\x7f\x00\x83\x01\x00\x83\x07\x00\x83\x19\x00|`\x00'
        b'|`\x00\x83a\x00\x83a\x00\x83a\x00\x03\x1e\x00\x03\x00\x00\x03\x00\x00\xff\x7f\x00\x03\x00\x00\x03\x00\x00\xff\x1f\x00\x00`\x00\x00`\x00\x00`\x00\xff\x1f\x00'
        b'\xff\x07\x00\x00\x18\x00\x00`\x00\x00\x18\x00\xff\x07\x00\xff\x1f\x00\x00`\x00\xc0\x1f\x00\x00`\x00\xff\x1f\x00\x1fx\x00`\x06\x00\x80\x01\x00`\x06\x00\x1fx\x00'
        b'\x7f\x00\x00\x80\x01\x00\x00~\x00\x80\x01\x00\x7f\x00\x00\x03x\x00\x03f\x00\xc3a\x003`\x00\x0f`\x00\x00\x00\x00\xff\x7f\x00\x03`\x00\x03`\x00\x00\x00\x00'
        b'\xcc\x00\x003\x03\x00\xfc\x00\x003\x03\x00\xcc\x00\x00\x00\x00\x00\x03`\x00\x03`\x00\xff\x7f\x00\x00\x00\x00\x00\x06\x00\xfc\x07\x00\xff\x1f\x00\xfc\x07\x00\x00\x06\x00'
        b'\x00\x80\x01\x00\x80\x01\x00\x80\x01\x00\x80\x01\x00\x80\x01\xff\x00\x003\x03\x00\xff\x1f\x003\x03\x00\xff\x00\x00\x00\x18\x00`f\x00`f\x00`f\x00\x80\x7f\x00'
        b'\xff\x7f\x000`\x000`\x000`\x00\xc0\x1f\x00\xc0\x1f\x000`\x000`\x000`\x00\x00\x18\x00\xc0\x1f\x000`\x000`\x000`\x00\xff\x7f\x00'
        b'\x80\x1f\x00`f\x00`f\x00`f\x00\x80\x07\x00\x80\x01\x00\xfc\x7f\x00\x83\x01\x00\x03\x00\x00\x0c\x00\x00\xc0\x07\x000\x98\x010\x98\x010\x98\x01\xf0\x7f\x00'
    ),
    (
        b'\xff\x7f\x00\xc0\x00\x000\x00\x000\x00\x00\xc0\x7f\x00\x00\x00\x000`\x00\xf3\x7f\x00\x00`\x00\x00\x00\x00\x00`\x00\x00\x80\x010\x80\x01\xf3\x7f\x00\x00\x00\x00'
        b'\xff\x7f\x00\x00\x06\x00\x80\x19\x00``\x00\x00\x00\x00\x00\x00\x00\x03`\x00\xff\x7f\x00\x00`\x00\x00\x00\x00\xf0\x7f\x000\x00\x00\xc0\x07\x000\x00\x00\xc0\x7f\x00'
        b'\xf0\x7f\x00\xc0\x00\x000\x00\x000\x00\x00\xc0\x7f\x00\xc0\x1f\x000`\x000`\x000`\x00\xc0\x1f\x00\xf0\xff\x010\x18\x000\x18\x000\x18\x00\xc0\x07\x00'
        b'\xc0\x07\x000\x18\x000\x18\x000\x18\x00\xf0\xff\x01\xf0\x7f\x00\xc0\x00\x000\x00\x000\x00\x00\xc0\x00\x00\x80a\x00`f\x00`f\x00`f\x00`\x18\x00'
        b'0\x00\x00\xff\x1f\x000`\x00\x00`\x00\x00\x18\x00\xf0\x1f\x00\x00`\x00\x00`\x00\x00\x18\x00\xf0\x7f\x00\xf0\x07\x00\x00\x18\x00\x00`\x00\x00\x18\x00\xf0\x07\x00'
        b'\xf0\x1f\x00\x00`\x00\x00\x1e\x00\x00`\x00\xf0\x1f\x00``\x00\x80\x19\x00\x00\x06\x00\x80\x19\x00``\x00\xf0\x07\x00\x00\x98\x01\x00\x98\x01\x00\x98\x01\xf0\x7f\x00'
        b'``\x00`x\x00`f\x00\xe0a\x00``\x00\xe0\x03\x00\xefc\x00\xdf}\x00\xefc\x00\xe0\x03\x00\xe0\x03\x00\xf8\x0f\x00\xff\x7f\x00\xf8\x0f\x00\xe0\x03\x00'
        b'~\x00\x00\xff\x03\x00\xfc\x1f\x00\xff\x03\x00~\x00\x00\xc0\x07\x00\xf8g\x00\xff{\x00\xf8g\x00\xc0\x07\x00\xff\x7f\x00\x00\x00\x00\xff\x7f\x00\x03`\x00\xff\x7f\x00'
    ),
)
_strip = []
_fast = []  # [the Pico's viper module (firmware/drivers/glyphs_viper.py) or None]


def _codes(s):
    """The character codes, each 32..127 (what the glyph table holds): anything else becomes
    "?". A plain ASCII string is used as it is (no per-character loop: hot on the Pico)."""
    if not isinstance(s, str):
        return s  # character codes already (a card face: firmware.tableview.face)
    b = s.encode()
    if len(b) == len(s) and (not b or min(b) >= 32):
        return b
    return bytes([ord(ch) if 32 <= ord(ch) < 128 else 63 for ch in s])


def release():
    """Let the strip go (it comes back at the next text)."""
    del _strip[:]


def width(s):
    return len(s) * ADV


def text(c, s, x, y, fg, bg=None):
    n = len(s)
    if n == 0:
        return x
    if n > MAXBIG:
        s = s[:MAXBIG]
        n = MAXBIG
    wd = n * ADV
    if c.fb is not None:
        if not _fast:
            f = None
            import sys

            if sys.platform == "rp2":
                try:
                    from firmware.drivers import glyphs_viper as f
                except Exception:  # noqa: BLE001 - no viper, another arch, not built for it
                    f = None
            _fast.append(f)
        f = _fast[0]
        if f is not None:  # the Pico: one viper call a string, straight into the canvas
            B = BIG
            f.text(c.buf, c.width, c.height, c.stride, s, n, x, y, fg, -1 if bg is None else bg,
                   B[0], B[1], B[2], B[3])  # fmt: skip
            return x + wd
        if n > CHUNK:
            k = 0
            while k < n:
                x = text(c, s[k : k + CHUNK], x, y, fg, bg)
                k += CHUNK
            return x
        b = _codes(s)
        if not _strip:
            _strip.append(bytearray(3 * ADV * CHUNK))
        tb = _strip[0]
        # the reference the viper code is tested against (tests/test_device_latency.py)
        for k in range(n):
            g = b[k] - 32
            big = BIG[g // 24]
            o = (g % 24) * 15
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
        import framebuf

        pal = c._pal
        if bg is None:
            key = (fg + 1) & 15
            pal.pixel(0, 0, key)
        else:
            key = -1
            pal.pixel(0, 0, bg)
        pal.pixel(1, 0, fg)
        c._pk = -1  # the canvas's text() sets its palette again
        c.fb.blit(framebuf.FrameBuffer(tb, wd, H, framebuf.MONO_VLSB), x, y, key, pal)
        return x + wd
    if bg is not None:
        c.fill_rect(x, y, wd, H, bg)
    b = _codes(s)
    for k in range(n):
        g = b[k] - 32
        big = BIG[g // 24]
        o = (g % 24) * 15
        for i in range(5):
            p = o + i * 3
            v = big[p] | (big[p + 1] << 8) | (big[p + 2] << 16)
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


def retext(c, x, y, old, new, fg, bg):
    """The line at (x, y) showed old (fg on a plain bg); make it show new by redrawing only the
    character cells that differ (ADV x H px each: a common prefix, and for equal lengths a common
    suffix, stay), cleared to bg, drawn and marked dirty. A move often changes a digit or a card
    of a line ("Beat 4" -> "Beat 6"): a few cells go to the panel instead of the whole width."""
    if old == new:
        return
    # compared as character codes: on the Pico one character of a str is a new str (a look-up
    # of the interned names, about 0.15 ms), a byte of bytes a small int
    b = _codes(new)
    p, e = span(_codes(old), b)
    if e <= p:
        return
    m = len(b)
    x0 = x + p * ADV
    c.fill_rect(x0, y, (e - p) * ADV, H, bg)
    if p < m:
        text(c, b[p:e] if p or e < m else b, x0, y, fg)
    c.mark(x0, y, (e - p) * ADV, H)


def fit(s, cols):
    if len(s) <= cols:
        return s
    return s[: cols - 1] + "." if cols > 1 else s[:cols]


def pick(alts, cols):
    """The first of alts (a str, or a tuple of wordings, longest first: a short form is data
    given by the caller, never a word cut) that fits cols characters; fit() only when none
    does (the walk of every screen, tools/screens/walk.py, counts that as a cut)."""
    if isinstance(alts, str):
        return fit(alts, cols)
    for s in alts:
        if len(s) <= cols:
            return s
    return fit(alts[-1], cols)


def brief(s, cols):
    """s, or without its closing explanation in brackets ("auto (1000/2500)" -> "auto") when
    s does not fit cols characters: whole words either way."""
    if len(s) > cols and s.endswith(")"):
        i = s.find(" (")
        if i > 0:
            return s[:i]
    return s


def words(s, cols):
    """The words of s that fit cols characters, whole, from the start (a seat's line on the
    hand page: the table page has all of it)."""
    if len(s) <= cols:
        return s
    i = s.rfind(" ", 0, cols + 1)
    return s[:i] if i > 0 else ""
