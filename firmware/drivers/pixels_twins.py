"""The plain-Python twins of the device's assembler (pixels_asm.py): the same arguments and
results, for the tests (tests/test_pixels.py, and tests/test_device_latency.py against the
assembler). The firmware never imports this file.

    p = array("i", [offset, nb, skip, rows])
    expand(canvas.buf, strip, table, p)   # rows of nb canvas bytes, skip bytes between rows
"""

from firmware.drivers.pixels import FNV_BASIS, FNV_PRIME  # noqa: F401 - the tests' parameters


def expand(src, dst, table, p):
    """p = (offset, bytes per row, bytes skipped between rows, rows)."""
    s = p[0]
    nb = p[1]
    skip = p[2]
    d = 0
    for _ in range(p[3]):
        for i in range(s, s + nb):
            o = src[i] << 2
            dst[d] = table[o]
            dst[d + 1] = table[o + 1]
            dst[d + 2] = table[o + 2]
            dst[d + 3] = table[o + 3]
            d += 4
        s += nb + skip


def band_hashes(buf, sums, p):
    """p = [words per band, first band, end band, words in buf, mask (out), FNV basis, FNV prime];
    the bands whose hash changed are stored in sums and returned as a bit mask."""
    wpb = p[0]
    total = p[3]
    mask = p[4]
    for b in range(p[1], p[2]):
        w0 = b * wpb
        n = total - w0 if total - w0 < wpb else wpb
        h = p[5] & 0xFFFFFFFF
        prime = p[6]
        for i in range(w0 * 4, (w0 + n) * 4, 4):
            h ^= buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | (buf[i + 3] << 24)
            h = (h * prime) & 0xFFFFFFFF
        h &= 0x3FFFFFFF
        if sums[b] != h:
            sums[b] = h
            mask |= 1 << b
    p[1] = p[2]
    p[4] = mask
    return mask


def chunk_spans(buf, sums, spans, p):
    """The twin of pixels_asm.chunk_spans (which adds its own state to p): p = [words a row, first
    band, end band, rows, FNV basis, FNV prime, chunks a band, words a chunk, rows a band]; per
    band spans gets 0 or (first changed chunk << 8) | (last + 1); the chunks' hashes go to sums.
    Returns the bands that changed."""
    wpr, b0, be, rows, basis, prime, nk, wpc, br = (
        p[0],
        p[1],
        p[2],
        p[3],
        p[4],
        p[5],
        p[6],
        p[7],
        p[8],
    )
    changed = 0
    for b in range(b0, be):
        y0 = b * br
        y1 = min(y0 + br, rows)
        lo = nk
        hi = 0
        for k in range(nk):
            h = basis & 0xFFFFFFFF
            for y in range(y0, y1):
                for w in range(y * wpr + k * wpc, y * wpr + (k + 1) * wpc):
                    i = 4 * w
                    h ^= buf[i] | (buf[i + 1] << 8) | (buf[i + 2] << 16) | (buf[i + 3] << 24)
                    h = (h * prime) & 0xFFFFFFFF
            h &= 0x3FFFFFFF
            j = b * nk + k
            if sums[j] != h:
                sums[j] = h
                lo = min(lo, k)
                hi = k + 1
        spans[b] = (lo << 8) | hi if hi else 0
        changed += 1 if hi else 0
    return changed
