# mypy: ignore-errors
"""The large face in viper: the device's fast path for firmware.bigfont (expand the glyphs into a
1-bit strip, then blit the strip into the canvas).

expand() gives the bytes of the Python loop in firmware.bigfont.text (tested on the emulated Pico):
n character codes (32..127, as bigfont._codes makes them) into a 1-bit MONO_VLSB strip wd bytes
wide and 3 bytes tall, each glyph's 5 columns doubled, 2 blank columns after it: 10 characters
in 0.17 ms instead of 4.3 ms. blit() puts the strip into the canvas as framebuf's blit through a
2-colour palette does, 0.4 ms instead of about 2.5 ms. tools/build.py compiles this file for
armv6m (a plain mpy-cross refuses it: viper needs an architecture); elsewhere the import fails
and bigfont keeps its own loop and framebuf.
"""

import micropython


@micropython.viper
def expand(tb: ptr8, codes: ptr8, n: int, wd: int, b0: ptr8, b1: ptr8, b2: ptr8, b3: ptr8):
    k = 0
    while k < n:
        g = codes[k] - 32
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
        x0 = k * 12
        i = 0
        while i < 5:
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
            i += 1
        j = x0 + 10
        tb[j] = 0
        tb[j + 1] = 0
        tb[wd + j] = 0
        tb[wd + j + 1] = 0
        tb[2 * wd + j] = 0
        tb[2 * wd + j + 1] = 0
        k += 1


@micropython.viper
def blit(
    buf: ptr8, cw: int, ch: int, stride: int, tb: ptr8, wd: int, x: int, y: int, fg: int, bg: int
):
    # The strip (wd columns, 17 rows, MONO_VLSB) straight into the GS4_HMSB canvas: set bits in
    # fg, clear ones in bg (bg < 0: left as they are), clipped to the canvas; the bytes of
    # framebuf's blit through a 2-colour palette, which calls two pixel functions a pixel.
    # The strip's columns come in equal pairs (each glyph column doubled, from an even strip
    # column): a pair is done in one pass, on one canvas byte when it starts at an even x.
    xx = 0
    if x < 0:
        xx = 0 - x
    xe = wd
    if x + xe > cw:
        xe = cw - x
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
    b2 = bg * 17
    while xx < xe:
        px = x + xx
        v = int(tb[xx]) | (int(tb[wd + xx]) << 8) | (int(tb[wd + wd + xx]) << 16)
        v = (v >> y0) & lim
        i = (y + y0) * stride + (px >> 1)
        pair = (xx & 1) == 0 and xx + 1 < xe
        n = rows
        if bg < 0:
            n = 32  # only the set bits matter: stop at the last one
        if pair and (px & 1) == 0:
            while n > 0 and (v or bg >= 0):
                if v & 1:
                    buf[i] = f2
                elif bg >= 0:
                    buf[i] = b2
                v = v >> 1
                i += stride
                n -= 1
            xx += 2
        elif pair:
            while n > 0 and (v or bg >= 0):
                c = bg
                if v & 1:
                    c = fg
                if c >= 0:
                    buf[i] = (buf[i] & 0xF0) | c
                    buf[i + 1] = (buf[i + 1] & 0x0F) | (c << 4)
                v = v >> 1
                i += stride
                n -= 1
            xx += 2
        else:
            keep = 0x0F
            f = fg << 4
            b = bg << 4
            if px & 1:
                keep = 0xF0
                f = fg
                b = bg
            while n > 0 and (v or bg >= 0):
                if v & 1:
                    buf[i] = (buf[i] & keep) | f
                elif bg >= 0:
                    buf[i] = (buf[i] & keep) | b
                v = v >> 1
                i += stride
                n -= 1
            xx += 1
