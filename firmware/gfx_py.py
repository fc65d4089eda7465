"""Pure-Python drawing for firmware.gfx.Canvas where the framebuf module is missing (CPython):
exactly the pixels framebuf sets. Never imported on MicroPython."""


def fill_rect(cv, x, y, w, h, c):
    if x < 0:
        w += x
        x = 0
    if y < 0:
        h += y
        y = 0
    if x + w > cv.width:
        w = cv.width - x
    if y + h > cv.height:
        h = cv.height - y
    if w <= 0 or h <= 0:
        return
    buf = cv.buf
    st = cv.stride
    x1 = x + w
    a = (x + 1) >> 1  # first whole byte
    b = x1 >> 1  # end of whole bytes
    row = cv._rows[c]
    for yy in range(y, y + h):
        base = yy * st
        if x & 1:
            i = base + (x >> 1)
            buf[i] = (buf[i] & 0xF0) | c
        if b > a:
            buf[base + a : base + b] = row[: b - a]
        if x1 & 1:
            i = base + (x1 >> 1)
            buf[i] = (buf[i] & 0x0F) | (c << 4)


def setpx(cv, x, y, c):
    if 0 <= x < cv.width and 0 <= y < cv.height:
        i = y * cv.stride + (x >> 1)
        b = cv.buf[i]
        cv.buf[i] = (b & 0xF0) | c if x & 1 else (b & 0x0F) | (c << 4)


def cols(cv, data, off, n, x, y, fg, bg):
    """Pure-Python blit of n MONO_VLSB column bytes (8 rows), bg None = transparent."""
    for i in range(n):
        xx = x + i
        if xx < 0 or xx >= cv.width:
            continue
        col = data[off + i]
        for r in range(8):
            if col & (1 << r):
                setpx(cv, xx, y + r, fg)
            elif bg is not None:
                setpx(cv, xx, y + r, bg)
