"""Save files that survive power loss at any instant (CPython and MicroPython alike).

    st = Storage("saves")          # a folder; "" for the current folder
    st.write("game", data)         # atomic: new file, read back and check, then replace
    st.read("game")                # -> bytes, or None when missing or damaged
    st.quarantine("game")          # keep a file that does not decode aside as "game.bad"
    st.keep_aside("stats")         # a copy as "stats.bad" before a repaired file replaces it
    st.salvage("stats")            # the payload of "stats.bad", checksum or not
    st.remove("game")

On disk: b"SV1\\n" | payload length (u32 LE) | CRC-32 of the payload (u32 LE) | payload, so a torn
write shows in its length or checksum. A write goes to N.new, is read back and checked, then
renamed over N. Before touching N, a whole N.new left by a power cut is promoted and a torn one
deleted: N is always the previous good save or the new one. A damaged N is moved aside (N.bad) and
named in `self.damaged`. The file primitives are methods so that tests can cut the power after any
step.
"""

import os

try:
    from binascii import crc32
except ImportError:  # pragma: no cover - every supported port has binascii.crc32
    crc32 = None  # type: ignore[assignment]

MAGIC = b"SV1\n"
HEADER = 12
CHUNK = 512
NEW = ".new"
BAD = ".bad"


def checksum(data):
    if crc32 is not None:
        return crc32(data) & 0xFFFFFFFF
    c = 0xFFFFFFFF  # pragma: no cover
    for b in data:
        c ^= b
        for _ in range(8):
            c = (c >> 1) ^ (0xEDB88320 if c & 1 else 0)
    return c ^ 0xFFFFFFFF


def _u32(v):
    return bytes((v & 255, (v >> 8) & 255, (v >> 16) & 255, (v >> 24) & 255))


def _get32(b, i):
    return b[i] | (b[i + 1] << 8) | (b[i + 2] << 16) | (b[i + 3] << 24)


def pack(data):
    """Header + payload, as stored."""
    return MAGIC + _u32(len(data)) + _u32(checksum(data)) + bytes(data)


def unpack(raw):
    """Payload of a stored file, or None if the header, length or CRC is wrong."""
    if raw is None or len(raw) < HEADER or raw[:4] != MAGIC:
        return None
    n = _get32(raw, 4)
    if len(raw) != HEADER + n:
        return None
    data = bytes(raw[HEADER:])
    if checksum(data) != _get32(raw, 8):
        return None
    return data


class Storage:
    def __init__(self, root=""):
        self.root = root
        self.damaged = []
        if root:
            self._mkdirs(root)

    # ---- file primitives (power-loss tests override them) ----
    def _open(self, path, mode):
        return open(path, mode)

    def _rename(self, a, b):
        os.rename(a, b)

    def _remove(self, path):
        os.remove(path)

    def _exists(self, path):
        try:
            os.stat(path)
            return True
        except OSError:
            return False

    def _mkdirs(self, root):
        acc = "/" if root.startswith("/") else ""
        for part in root.split("/"):
            if not part:
                continue
            acc = acc + part if acc in ("", "/") else acc + "/" + part
            if not self._exists(acc):
                try:
                    os.mkdir(acc)
                except OSError:
                    pass

    # ---- helpers ----
    def path(self, name):
        if "/" in name or not name or name.endswith(NEW) or name.endswith(BAD):
            raise ValueError("bad save name %r" % (name,))
        return self.root.rstrip("/") + "/" + name if self.root else name

    def _read_raw(self, path):
        try:
            f = self._open(path, "rb")
        except OSError:
            return None
        try:
            return f.read()
        finally:
            f.close()

    def _replace(self, src, dst):
        try:
            self._rename(src, dst)
        except OSError:
            # a rename that does not replace: N.new stays valid meanwhile, so a power cut here is
            # recovered by promoting it
            if self._exists(dst):
                self._remove(dst)
            self._rename(src, dst)

    def recover(self, name):
        """Resolve a leftover N.new: promote it if whole, else drop it."""
        p = self.path(name)
        pn = p + NEW
        if not self._exists(pn):
            return
        if unpack(self._read_raw(pn)) is not None:
            self._replace(pn, p)
        else:
            self._remove(pn)

    # ---- public API ----
    def read(self, name):
        """Payload of the last good save, or None (missing, or damaged and moved aside)."""
        self.recover(name)
        p = self.path(name)
        raw = self._read_raw(p)
        if raw is None:
            return None
        data = unpack(raw)
        if data is None:
            self.quarantine(name)
            self.damaged.append(name)
        return data

    def write(self, name, data):
        """Replace the save atomically; OSError if the new file does not read back intact."""
        self.recover(name)
        p = self.path(name)
        pn = p + NEW
        raw = pack(data)
        f = self._open(pn, "wb")
        try:
            mv = memoryview(raw)
            for i in range(0, len(raw), CHUNK):
                f.write(mv[i : i + CHUNK])
        finally:
            f.close()
        if self._read_raw(pn) != raw:
            self._remove(pn)
            raise OSError("save %s did not read back intact" % name)
        self._replace(pn, p)

    def quarantine(self, name):
        """Keep a save that does not decode aside (N.bad); its name."""
        p = self.path(name)
        if not self._exists(p):
            return None
        pb = p + BAD
        if self._exists(pb):
            self._remove(pb)
        self._rename(p, pb)
        return name + BAD

    def keep_aside(self, name):
        """Copy N to N.bad and leave N: the original of a file about to be rewritten without its
        damaged parts."""
        p = self.path(name)
        raw = self._read_raw(p)
        if raw is None:
            return None
        f = self._open(p + BAD, "wb")
        try:
            f.write(raw)
        finally:
            f.close()
        return name + BAD

    def salvage(self, name):
        """The payload of N.bad without the checksum check, or None."""
        raw = self._read_raw(self.path(name) + BAD)
        if raw is None:
            return None
        if len(raw) >= HEADER and raw[:4] == MAGIC:
            return bytes(raw[HEADER : HEADER + _get32(raw, 4)])
        return bytes(raw)

    def remove(self, name, aside=False):
        """N gone (and a half-written N.new); aside: N.bad too."""
        p = self.path(name)
        for q in (p + NEW, p, p + BAD) if aside else (p + NEW, p):
            if self._exists(q):
                self._remove(q)

    def exists(self, name):
        p = self.path(name)
        return self._exists(p) or self._exists(p + NEW)
