# mypy: ignore-errors
"""The large face in viper: the device's fast path for firmware.bigfont.text.

text() draws a string straight into the GS4_HMSB canvas, each 5x17 glyph of bigfont.BIG as 10
columns (doubled) and 2 blank ones: set bits in fg, clear ones in bg (bg < 0: left), clipped to the
canvas. The same bytes as bigfont's own loop and framebuf's blit (tests/test_device_latency.py).
One call a string, read from its own UTF-8 bytes (a character outside 32..127 draws "?").
tools/install/build.py compiles this for armv6m (viper needs an architecture); elsewhere the import
fails and bigfont keeps its own loop.
"""

import micropython


@micropython.viper
def text(
    buf: ptr8,
    cw: int,
    ch: int,
    stride: int,
    s: ptr8,
    n: int,
    x: int,
    y: int,
    fg: int,
    bg: int,
    b0: ptr8,
    b1: ptr8,
    b2: ptr8,
    b3: ptr8,
):
    # n characters of s, its UTF-8 encoding, at (x, y)
    y0 = 0
    if y < 0:
        y0 = 0 - y
    ye = 17
    if y + ye > ch:
        ye = ch - y
    rows = ye - y0
    if rows <= 0:
        return
    lim = (1 << rows) - 1
    f2 = fg * 17
    b2c = bg * 17
    k = 0
    px = x
    done = 0
    while done < n:
        g = int(s[k])
        k += 1
        if g >= 0xC0:
            g = 63  # a lead byte outside ASCII: "?"
            while (int(s[k]) & 0xC0) == 0x80:
                k += 1
        elif g < 32 or g >= 128:
            g = 63
        done += 1
        if px >= cw:
            return
        if px + 12 <= 0:
            px += 12
            continue
        g -= 32
        part = 0
        while g >= 24:
            g -= 24
            part += 1
        big = b0
        if part == 1:
            big = b1
        elif part == 2:
            big = b2
        elif part == 3:
            big = b3
        o = g * 15
        col = 0
        while col < 12:
            cx = px + col
            if cx < 0 or cx >= cw:
                col += 1
                continue
            v = 0
            if col < 10:
                p = o + (col >> 1) * 3
                v = int(big[p]) | (int(big[p + 1]) << 8) | (int(big[p + 2]) << 16)
                v = (v >> y0) & lim
            i = (y + y0) * stride + (cx >> 1)
            r = rows
            if (cx & 1) == 0 and (col & 1) == 0 and col < 10 and cx + 1 < cw:
                # a doubled column pair on one canvas byte
                while r > 0 and (v or bg >= 0):
                    if v & 1:
                        buf[i] = f2
                    elif bg >= 0:
                        buf[i] = b2c
                    v = v >> 1
                    i += stride
                    r -= 1
                col += 2
                continue
            keep = 0x0F
            f = fg << 4
            b = bg << 4
            if cx & 1:
                keep = 0xF0
                f = fg
                b = bg
            while r > 0 and (v or bg >= 0):
                if v & 1:
                    buf[i] = (buf[i] & keep) | f
                elif bg >= 0:
                    buf[i] = (buf[i] & keep) | b
                v = v >> 1
                i += stride
                r -= 1
            col += 1
        px += 12
