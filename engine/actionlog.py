"""The match's action log as the console keeps it while playing (engine.deals has the format:
each action its index in the legal list, one byte below 128, two below 32768), and the count
of the actions in a log. Small, so that a table holds only this of engine.deals."""


class ActionLog:
    """A match's action log as the console keeps it while playing: the log is the first size bytes
    of buf, which doubles when full (the heap is not asked for a slightly longer block every few
    moves). Only its methods change it."""

    def __init__(self, data=b"", room=128):
        self.buf = bytearray(data)
        self.size = len(data)
        if len(self.buf) < room:
            self.buf.extend(bytearray(room - len(self.buf)))

    def add(self, i):
        """Log the legal-list index i; False when it cannot be (an index over 32767, or a match
        too long for the log: 65,520 bytes), the log unchanged."""
        n = self.size
        if not 0 <= i < 0x8000 or n >= 0xFFF0:
            return False
        buf = self.buf
        if n + 2 > len(buf):
            buf.extend(bytearray(len(buf) or 64))
        if i < 0x80:
            buf[n] = i
            self.size = n + 1
        else:
            buf[n] = 0x80 | (i >> 8)
            buf[n + 1] = i & 0xFF
            self.size = n + 2
        return True

    def cut(self, at):
        """Keep only the first at bytes (undo: the log of the state taken back to)."""
        self.size = at

    def data(self, upto=None):
        """The log's bytes (its first upto bytes), a memoryview of the buffer: copy it to keep."""
        return memoryview(self.buf)[: self.size if upto is None else upto]

    def count(self, upto=None):
        """How many actions the log holds (in its first upto bytes)."""
        return count(self.buf, self.size if upto is None else upto)


def count(log, upto=None):
    """How many actions the log's first upto bytes hold."""
    n = 0
    p = 0
    end = len(log) if upto is None else upto
    while p < end:
        p += 2 if log[p] & 0x80 else 1
        n += 1
    return n
