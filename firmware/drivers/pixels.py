"""4-bit canvas to RGB565 wire bytes through a 256-entry lookup, and the panel driver's device-only
paths.

lut(colours) maps each canvas byte (two pixels, the left in the high nibble) to the panel's 4 wire
bytes. The device expands through it in pixels_asm.py (fast()); pixels_twins.py holds the
plain-Python references (tests only). push(), show_bands() and flush() are imported on rp2 only, so
that the unix port's tests keep their heap.
"""

from array import array

FNV_BASIS = -2128831035  # 0x811C9DC5 as a signed 32-bit int
FNV_PRIME = 16777619


def lut(colours, table=None):
    """bytearray(1024): for byte value b, the wire bytes of pixels b >> 4 and b & 15."""
    if table is None:
        table = bytearray(1024)
    wire = bytearray(32)
    for i in range(16):
        c = colours[i] if i < len(colours) else 0
        wire[2 * i] = (c >> 8) & 0xFF
        wire[2 * i + 1] = c & 0xFF
    o = 0
    for hi in range(16):
        a = wire[2 * hi]
        b = wire[2 * hi + 1]
        for lo in range(16):
            table[o] = a
            table[o + 1] = b
            table[o + 2] = wire[2 * lo]
            table[o + 3] = wire[2 * lo + 1]
            o += 4
    return table


def fast():
    """(expand, band_hashes, chunk_spans) of the device, as the twins; None where the assembler
    cannot load."""
    import sys

    if sys.platform != "rp2":
        return None  # compiling the assembler elsewhere costs heap, then fails
    try:
        from firmware.drivers.pixels_asm import expand, band_hashes as bh
    except Exception:  # noqa: BLE001 - no inline assembler, another arch, not built for it
        return None
    from firmware.drivers.pixels_asm import chunk_spans as cs

    return expand, bh, cs


CHUNK = 40  # columns a hash within a band


def setup(self, f, link, band):
    """The device's state of Panel self: here, not in panel.py, so that the unix port interns none
    of these names (its name pool grows in one step a fragmented heap may not hold). One assembler
    call a rectangle where the FIFO link knows the DC and CS pins; hashes per band and column
    chunk."""
    w = self.width
    h = self.height
    dc = getattr(link, "dc", 0)
    self._one = bool(dc)  # rect(): the window commands in the same call
    if dc:
        self._p[6] = dc
        self._p[7] = link.cs
    if w & 7 or h > 30 * band:
        self._hash = None  # else the portable path
        self._nk = 1
        return
    self._chunks = f[2]
    self._cw = CHUNK if not w % CHUNK else w
    self._nk = w // self._cw  # 1: whole bands
    nb = (h + band - 1) // band
    # chunk_spans's params and state, and the per-band spans it leaves
    self._cp = array(
        "i", [0, 0, 0, 0, FNV_BASIS, FNV_PRIME, self._nk, self._cw >> 3, band] + [0] * 8
    )
    self._spans = array("i", [0] * nb)
    self._sums = array("i", [-1] * (nb * self._nk))


def push(self, canvas, x, y, w, h):
    """Panel._push on the device: whole canvas bytes (the rectangle widened to even columns); with
    a FIFO link the whole rectangle in one assembler call, else a strip of rows at a time."""
    if x & 1:
        x -= 1
        w += 1
    w += w & 1
    nb = w >> 1
    st = canvas.stride
    p = self._p
    p[1] = nb
    p[2] = st - nb
    off = y * st + (x >> 1)
    link = self.link
    if self._one:
        p[0] = off
        p[3] = h
        x += self.x_off
        y += self.y_off
        p[4] = (x << 16) | (x + w - 1)
        p[5] = (y << 16) | (y + h - 1)
        link.rect(canvas.buf, self._lut, p)
        self.bytes_sent += 2 * w * h
        return
    ex = self._expand
    src = canvas.buf
    lut = self._lut
    rows = len(self._strip) // (2 * w)
    self._window(x, y, w, h)
    if link is not None:
        p[0] = off
        p[3] = h
        link.send(src, lut, p)
    else:
        strip = self._strip
        write = self.spi.write
        mv = self._mv
        left = h
        while left > 0:
            r = rows if left > rows else left
            p[0] = off
            p[3] = r
            ex(src, strip, lut, p)
            write(mv[: 4 * nb * r])
            off += r * st
            left -= r
    self.cs(1)
    self.bytes_sent += 2 * w * h


def show_bands(self, canvas, y, b1, band):
    """Panel.show's full-width case on the device: bands y // band .. b1 checked in one
    machine-code call, what changed pushed, as the columns of the changed chunks where there are
    chunks."""
    b0 = y // band
    H = self.height
    W = self.width
    buf = canvas.buf
    if self._nk > 1:
        p = self._cp
        p[0] = canvas.stride >> 2
        p[1] = b0
        p[2] = b1 + 1
        p[3] = H
        sp = self._spans
        self._chunks(buf, self._sums, sp, p)
        cw = self._cw
        b = b0
        while b <= b1:
            s = sp[b]
            if not s:
                b += 1
                self.rows_skipped += band
                continue
            start = b
            lo = s >> 8
            hi = s & 255
            b += 1
            while b <= b1:
                s = sp[b]
                if not s or s >> 8 > hi or (s & 255) < lo:
                    break  # unchanged, or columns apart from the run's
                if s >> 8 < lo:
                    lo = s >> 8
                if s & 255 > hi:
                    hi = s & 255
                b += 1
            y1 = b * band
            push(
                self,
                canvas,
                lo * cw,
                start * band,
                (hi - lo) * cw,
                (y1 if y1 < H else H) - start * band,
            )
        return
    p = self._hp
    p[0] = band * canvas.stride >> 2
    p[1] = b0
    p[2] = b1 + 1
    p[3] = len(buf) >> 2
    p[4] = 0
    mask = self._hash(buf, self._sums, p) >> b0
    b = b0
    while b <= b1:
        if mask & 1:
            start = b
            while mask & 1 and b <= b1:
                mask >>= 1
                b += 1
            y1 = b * band
            push(self, canvas, 0, start * band, W, (y1 if y1 < H else H) - start * band)
        else:
            mask >>= 1
            b += 1
            self.rows_skipped += band


def flush(self, canvas, rects, band):
    """Panel.flush on the device: a full-width rectangle through the hashes; another pushed as it
    is, the hashes of the chunks it touches forgotten."""
    if self._vbuf is not canvas.buf:
        self._canvas_view(canvas.buf)
    W = self.width
    sums = self._sums
    nk = self._nk
    cw = self._cw
    for x, y, w, h in rects:
        if w == W:
            show_bands(self, canvas, y, (y + h - 1) // band, band)
            continue
        k0 = x // cw
        k1 = (x + w - 1) // cw + 1
        for b in range(y // band, (y + h - 1) // band + 1):
            for j in range(b * nk + k0, b * nk + k1):
                sums[j] = -1
        push(self, canvas, x, y, w, h)
