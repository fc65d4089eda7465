"""Compact byte writer/reader for encode()/decode() of game states (saves, resume)."""

# First byte of every save (engine.game's encode()) since the shared header; 1 and 2 are the
# families' own earlier headers, which engine.oldsaves still reads.
SAVE_FORMAT = 3


class Writer:
    def __init__(self):
        self.buf = bytearray()

    def u8(self, v):
        if not 0 <= v <= 255:
            raise ValueError("u8 out of range: %r" % (v,))
        self.buf.append(v)

    def i8(self, v):
        self.u8(v & 0xFF)

    def u16(self, v):
        if not 0 <= v <= 0xFFFF:
            raise ValueError("u16 out of range: %r" % (v,))
        self.buf.append(v >> 8)
        self.buf.append(v & 0xFF)

    def i16(self, v):
        self.u16(v & 0xFFFF)

    def u32(self, v):
        self.u16((v >> 16) & 0xFFFF)
        self.u16(v & 0xFFFF)

    def blob(self, b):
        """Length-prefixed bytes (up to 255)."""
        self.u8(len(b))
        self.buf.extend(b)

    def text(self, s):
        self.blob(s.encode())

    def data(self):
        return bytes(self.buf)


class Reader:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def u8(self):
        if self.pos >= len(self.data):
            raise ValueError("save data ends too early")
        v = self.data[self.pos]
        self.pos += 1
        return v

    def i8(self):
        v = self.u8()
        return v - 256 if v > 127 else v

    def u16(self):
        return (self.u8() << 8) | self.u8()

    def i16(self):
        v = self.u16()
        return v - 65536 if v > 32767 else v

    def u32(self):
        return (self.u16() << 16) | self.u16()

    def blob(self):
        n = self.u8()
        if self.pos + n > len(self.data):
            raise ValueError("save data ends too early")
        b = bytearray(self.data[self.pos : self.pos + n])
        self.pos += n
        return b

    def text(self):
        return bytes(self.blob()).decode()

    def done(self):
        if self.pos != len(self.data):
            raise ValueError("trailing bytes in save data")
