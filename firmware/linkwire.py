"""The link's wire: checksummed frames, a small value packing, and a channel that delivers messages
whole, once and in order over a byte stream that may garble, drop, repeat or reorder bytes.
docs/LINK.md has the frame and payload formats. Pure Python, no clock of its own (the caller hands
it the time) and no hardware: a transport is any object with write(bytes) and read() -> bytes or
None.
"""

VERSION = 1
MAGIC0 = 0xA5
MAGIC1 = 0x5A
HEAD = 9
MAX_PAYLOAD = 2048

DATA = 1
ACK = 2
HELLO = 3
WELCOME = 4
REFUSE = 5
BYE = 6

# the messages' kinds (a DATA message is a list, its kind first; docs/LINK.md)
STATE = 1
MOVE = 2  # seat -> host
LEAVE = 3  # either way
NAMES = 4  # host -> seat: a bot took a seat

RESEND_MS = 120
HEARTBEAT_MS = 400
LOST_MS = 2500  # nothing heard this long: the other console is gone

# the CRC's table by nibble: 16 words instead of 256
_NIBBLE = (
    0x0000,
    0x1021,
    0x2042,
    0x3063,
    0x4084,
    0x50A5,
    0x60C6,
    0x70E7,
    0x8108,
    0x9129,
    0xA14A,
    0xB16B,
    0xC18C,
    0xD1AD,
    0xE1CE,
    0xF1EF,
)


def crc16(data, start=0, end=-1, crc=0xFFFF):
    """CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF) of data[start:end]."""
    if end < 0:
        end = len(data)
    t = _NIBBLE
    for i in range(start, end):
        b = data[i]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b >> 4)]
        crc = ((crc << 4) & 0xFFFF) ^ t[(crc >> 12) ^ (b & 15)]
    return crc


def frame(kind, seq, ack, payload=b"", version=VERSION):
    n = len(payload)
    out = bytearray(HEAD + n + 2)
    out[0] = MAGIC0
    out[1] = MAGIC1
    out[2] = version
    out[3] = kind
    out[4] = seq & 255
    out[5] = ack & 255
    out[6] = n >> 8
    out[7] = n & 255
    out[8] = crc16(out, 2, 8) & 255
    out[HEAD : HEAD + n] = payload
    c = crc16(out, 2, HEAD + n)
    out[HEAD + n] = c >> 8
    out[HEAD + n + 1] = c & 255
    return bytes(out)


class Reader:
    """Bytes in, whole frames out: (version, kind, seq, ack, payload). Whatever does not make a
    frame with a good checksum is skipped, a byte at a time, to the next magic."""

    def __init__(self):
        self.buf = bytearray()
        self.bad = 0

    def feed(self, data):
        if data:
            self.buf.extend(data)

    def frames(self):
        out = []
        buf = self.buf
        i = 0
        n = len(buf)
        while n - i >= HEAD + 2:
            if buf[i] != MAGIC0 or buf[i + 1] != MAGIC1:
                i += 1
                self.bad += 1
                continue
            size = (buf[i + 6] << 8) | buf[i + 7]
            # a false magic in noise: no wait for bytes that would never make a frame
            if (
                size > MAX_PAYLOAD
                or not 0 < buf[i + 3] < 16
                or buf[i + 8] != crc16(buf, i + 2, i + 8) & 255
            ):
                i += 1
                self.bad += 1
                continue
            end = i + HEAD + size
            if end + 2 > n:
                break
            c = crc16(buf, i + 2, end)
            if (buf[end] << 8 | buf[end + 1]) != c:
                i += 1
                self.bad += 1
                continue
            payload = bytes(buf[i + HEAD : end])
            out.append((buf[i + 2], buf[i + 3], buf[i + 4], buf[i + 5], payload))
            i = end + 2
        if i:
            self.buf = buf[i:]
        if len(self.buf) > 2 * (MAX_PAYLOAD + HEAD + 2):
            self.bad += len(self.buf) - MAX_PAYLOAD
            self.buf = self.buf[-MAX_PAYLOAD:]  # noise without end
        return out


# ---------- the values a message holds (docs/LINK.md) ----------
_NONE = 0
_FALSE = 1
_TRUE = 2
_INT = 3
_STR = 4
_BYTES = 5
_BYTEARRAY = 6
_LIST = 7
_TUPLE = 8
_DICT = 9


def _varint(out, n):
    while n >= 0x80:
        out.append((n & 0x7F) | 0x80)
        n >>= 7
    out.append(n)


def _pack(out, v):
    if v is None:
        out.append(_NONE)
    elif v is True:
        out.append(_TRUE)
    elif v is False:
        out.append(_FALSE)
    elif isinstance(v, int):
        out.append(_INT)
        _varint(out, v * 2 if v >= 0 else -v * 2 - 1)
    elif isinstance(v, str):
        b = v.encode()
        out.append(_STR)
        _varint(out, len(b))
        out.extend(b)
    elif isinstance(v, bytearray):
        out.append(_BYTEARRAY)
        _varint(out, len(v))
        out.extend(v)
    elif isinstance(v, bytes):
        out.append(_BYTES)
        _varint(out, len(v))
        out.extend(v)
    elif isinstance(v, list):
        out.append(_LIST)
        _varint(out, len(v))
        for x in v:
            _pack(out, x)
    elif isinstance(v, tuple):
        out.append(_TUPLE)
        _varint(out, len(v))
        for x in v:
            _pack(out, x)
    elif isinstance(v, dict):
        out.append(_DICT)
        _varint(out, len(v))
        for k in v:
            _pack(out, k)
            _pack(out, v[k])
    else:
        raise ValueError("cannot send a %s" % type(v).__name__)


def pack(v):
    out = bytearray()
    _pack(out, v)
    return bytes(out)


class _In:
    def __init__(self, data):
        self.data = data
        self.pos = 0

    def byte(self):
        i = self.pos
        if i >= len(self.data):
            raise ValueError("message cut short")
        self.pos = i + 1
        return self.data[i]

    def varint(self):
        n = 0
        shift = 0
        while True:
            b = self.byte()
            n |= (b & 0x7F) << shift
            if b < 0x80:
                return n
            shift += 7
            if shift > 28:
                raise ValueError("number too long")

    def take(self, n):
        i = self.pos
        if n > len(self.data) - i:
            raise ValueError("message cut short")
        self.pos = i + n
        return self.data[i : i + n]

    def value(self, depth=0):
        if depth > 8:
            raise ValueError("message nested too deep")
        t = self.byte()
        if t == _NONE:
            return None
        if t == _FALSE:
            return False
        if t == _TRUE:
            return True
        if t == _INT:
            z = self.varint()
            return -((z + 1) >> 1) if z & 1 else z >> 1
        if t == _STR:
            return str(self.take(self.varint()), "utf-8")
        if t == _BYTES:
            return bytes(self.take(self.varint()))
        if t == _BYTEARRAY:
            return bytearray(self.take(self.varint()))
        if t == _LIST or t == _TUPLE:
            n = self.varint()
            if n > len(self.data):
                raise ValueError("message cut short")
            items = [self.value(depth + 1) for _ in range(n)]
            return items if t == _LIST else tuple(items)
        if t == _DICT:
            n = self.varint()
            if n > len(self.data):
                raise ValueError("message cut short")
            d = {}
            for _ in range(n):
                k = self.value(depth + 1)
                d[k] = self.value(depth + 1)
            return d
        raise ValueError("unknown value tag %d" % t)


def unpack(data):
    """The value pack() made; ValueError for anything else (a message never crashes a reader)."""
    r = _In(data)
    try:
        v = r.value()
    except (UnicodeError, TypeError, MemoryError):
        raise ValueError("unreadable message")
    if r.pos != len(data):
        raise ValueError("bytes after the message")
    return v


class Channel:
    """One link's two ends, from this side: messages go out whole, once and in order; received ones
    come back from poll(). One DATA frame is in flight at a time, resent until acknowledged; one
    out of turn or twice is dropped. Control frames bypass the order: poll() hands each to
    control(kind, payload, version, now) where it lies among the frames (a WELCOME resets the
    sequence numbers before the DATA after it is read)."""

    def __init__(self, transport, now=0):
        self.transport = transport
        self.reader = Reader()
        self.reset(now)
        self.heard = now
        # no heartbeat on a host's cable with no console joined: a console it does not know then
        # finds the link lost and joins again
        self.quiet = False

    def reset(self, now):
        """A new session: both ends' sequence numbers start again."""
        self.out = []  # the first in flight
        self.seq = 0
        self.sent_at = -1  # -1: not yet
        self.got = 255  # the next expected is got + 1
        self.said = now
        self.heard = now

    def send(self, message):
        self.out.append(pack(message))

    def control(self, kind, payload=b"", version=VERSION):
        self.write(frame(kind, 0, self.got, payload, version))

    def write(self, data):
        try:
            self.transport.write(data)
        except OSError:
            pass  # a cable out: the resends and the lost clock deal with it

    def poll(self, now, control=None):
        """Read what came, send what is due; the messages delivered."""
        try:
            data = self.transport.read()
        except OSError:
            data = None
        r = self.reader
        r.feed(data)
        got = []
        ack_due = False
        for version, kind, seq, ack, payload in r.frames():
            if kind >= HELLO:
                self.heard = now
                if control is not None:
                    control(kind, payload, version, now)
                continue
            if version != VERSION:
                continue  # the handshake refuses it in words
            self.heard = now
            if self.out and ack == self.seq:
                self.out.pop(0)
                self.seq = (self.seq + 1) & 255
                self.sent_at = -1
            if kind == DATA:
                ack_due = True
                if seq == (self.got + 1) & 255:
                    try:
                        m = unpack(payload)
                    except ValueError:
                        continue  # a good checksum on bad words: unacknowledged
                    self.got = seq
                    got.append(m)
        if self.out and (self.sent_at < 0 or now - self.sent_at >= RESEND_MS):
            self.write(frame(DATA, self.seq, self.got, self.out[0]))
            self.sent_at = now
            self.said = now
        elif ack_due or (now - self.said >= HEARTBEAT_MS and not self.quiet):
            self.write(frame(ACK, 0, self.got))
            self.said = now
        return got

    def alive(self, now):
        return now - self.heard < LOST_MS

    def idle(self):
        """Nothing waits to go."""
        return not self.out


class Pipe:
    """An in-memory transport pair for tests and the simulator: a.write reaches b.read and back.
    tap sees every chunk written (direction, bytes); fault may change a chunk or drop it (b"")."""

    def __init__(self, inbox, outbox, name, tap=None, fault=None):
        self.inbox = inbox
        self.outbox = outbox
        self.name = name
        self.tap = tap
        self.fault = fault
        self.cut = False

    def write(self, data):
        if self.cut:
            return
        if self.tap is not None:
            self.tap(self.name, data)
        if self.fault is not None:
            data = self.fault(self.name, data)
        if data:
            self.outbox.append(data)

    def read(self):
        if self.cut or not self.inbox:
            if self.cut:
                del self.inbox[:]
            return None
        data = b"".join(self.inbox)
        del self.inbox[:]
        return data


def pipes(tap=None, fault=None):
    """Two ends of one in-memory cable: (host end, seat end)."""
    a = []
    b = []
    return Pipe(a, b, "host", tap, fault), Pipe(b, a, "seat", tap, fault)
