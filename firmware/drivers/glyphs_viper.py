# mypy: ignore-errors
"""The large face's strip expansion in viper: the device's fast path for firmware.bigfont.

Same arguments and bytes as firmware.bigfont.expand (tested on the emulated Pico): n character
codes (32..127) into a 1-bit MONO_VLSB strip wd bytes wide and 3 bytes tall, each glyph's 5
columns doubled, 2 blank columns after it. The plain-Python loop costs about 0.1 ms a character
on the Pico, a third of a table's first frame; this one a few microseconds. tools/build.py
compiles it for armv6m; elsewhere the import fails and bigfont keeps its own loop.
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
