# mypy: ignore-errors
"""The ILI9488's 18-bit pixels in viper: the device's fast path for ili9488.py.

rows() expands canvas bytes (two pixels each) through a 256-entry table into the strip sent to the
panel: n bytes from src[start] per row, stride apart, rows rows. tools/install/build.py compiles
this for armv6m; elsewhere the import fails and the driver keeps its own loop.
"""

import micropython


@micropython.viper
def rows(src: ptr8, start: int, n: int, stride: int, rows: int, lut: ptr8, dst: ptr8):
    j = 0
    r = 0
    while r < rows:
        i = start + r * stride
        e = i + n
        while i < e:
            k = src[i] * 6
            dst[j] = lut[k]
            dst[j + 1] = lut[k + 1]
            dst[j + 2] = lut[k + 2]
            dst[j + 3] = lut[k + 3]
            dst[j + 4] = lut[k + 4]
            dst[j + 5] = lut[k + 5]
            j += 6
            i += 1
        r += 1
