"""A fake `machine` module for the MicroPython unix port and CPython (tests only).

Put tests/fakes first on sys.path, then the firmware's `import machine` gets this. Pins keep
their levels in Pin.levels (gpio -> 0/1); inputs with a pull-up read 1 unless a test presses them
with press(gpios). Every SPI write goes to RECORDER, which counts command/data/pixel bytes and,
when given a file, records the whole stream with the D/C level of each write:
    record := tag (b"C" command bytes, D/C low | b"D" data, D/C high | b"M" canvas marker |
              b"P" palette) + length (4 bytes little endian) + payload
tools/device/panel_decode.py reads that file back into an image.
"""

IN = 0
OUT = 1


class Pin:
    IN = 0
    OUT = 1
    PULL_UP = 1
    PULL_DOWN = 2
    levels = {}
    pressed = set()
    spi_owned = set()  # gpios an SPI took over (as on rp2, its default MISO when none is given)
    misuse = 0  # writes to a pin the SPI owns: the pin was made before the SPI

    def __init__(self, id, mode=-1, pull=-1, value=None):
        self.id = id
        self.mode = mode
        self.pull = pull
        if mode != -1:
            Pin.spi_owned.discard(id)  # setting a mode gives the pin back to software (SIO)
        if value is not None:
            Pin.levels[id] = 1 if value else 0

    def init(self, mode=-1, pull=-1, value=None):
        self.mode = mode
        self.pull = pull
        if value is not None:
            Pin.levels[self.id] = 1 if value else 0

    def value(self, v=None):
        if v is None:
            if self.mode == Pin.IN:
                if self.id in Pin.pressed:
                    return 0
                return 1 if self.pull == Pin.PULL_UP else Pin.levels.get(self.id, 0)
            return Pin.levels.get(self.id, 0)
        if self.id in Pin.spi_owned:
            Pin.misuse += 1
        Pin.levels[self.id] = 1 if v else 0
        return None

    def __call__(self, v=None):
        return self.value(v)


def press(gpios):
    """Hold exactly these input gpios down (active low)."""
    Pin.pressed = set(gpios)


def _u32(n):
    return bytes((n & 255, (n >> 8) & 255, (n >> 16) & 255, (n >> 24) & 255))


class Recorder:
    def __init__(self):
        self.reset()

    def reset(self, path=None, dc=None, cs=None):
        if getattr(self, "f", None):
            self.f.close()
        self.f = open(path, "wb") if path else None
        self.dc = dc
        self.cs = cs
        self.cmd_bytes = 0
        self.data_bytes = 0
        self.pixel_bytes = 0
        self.writes = 0
        self.cs_errors = 0
        self.last_cmd = -1

    def write(self, buf):
        n = len(buf)
        self.writes += 1
        if self.cs is not None and Pin.levels.get(self.cs, 1):
            self.cs_errors += 1
        dc = Pin.levels.get(self.dc, 1) if self.dc is not None else 1
        if dc:
            self.data_bytes += n
            if self.last_cmd == 0x2C:
                self.pixel_bytes += n
        else:
            self.cmd_bytes += n
            self.last_cmd = buf[n - 1]
        if self.f:
            self.f.write(b"D" if dc else b"C")
            self.f.write(_u32(n))
            self.f.write(buf)

    def mark(self, buf, width, height):
        """Record a canvas snapshot (4-bit GS4_HMSB) that the panel must show at this point."""
        if self.f:
            self.f.write(b"M")
            self.f.write(_u32(len(buf) + 4))
            self.f.write(bytes((width & 255, width >> 8, height & 255, height >> 8)))
            self.f.write(buf)

    def palette(self, colours):
        if self.f:
            out = bytearray()
            for c in colours:
                out.append(c >> 8)
                out.append(c & 255)
            self.f.write(b"P")
            self.f.write(_u32(len(out)))
            self.f.write(out)

    def close(self):
        if self.f:
            self.f.close()
            self.f = None


RECORDER = Recorder()


class SPI:
    MSB = 0

    def __init__(
        self,
        id,
        baudrate=1000000,
        polarity=0,
        phase=0,
        bits=8,
        firstbit=0,
        sck=None,
        mosi=None,
        miso=None,
    ):
        self.id = id
        self.baudrate = baudrate
        # rp2: without miso= the SPI claims its default MISO (SPI0 GP16, SPI1 GP8), which is the
        # DC pin of both display packs: the drivers must create their pins after the SPI.
        Pin.spi_owned.add(miso.id if miso is not None else (16 if id == 0 else 8))

    def write(self, buf):
        RECORDER.write(buf)


class PWM:
    state = {}

    def __init__(self, pin, freq=None, duty_u16=None):
        self.pin = pin
        self._freq = 0
        self._duty = 0
        if freq is not None:
            self.freq(freq)
        if duty_u16 is not None:
            self.duty_u16(duty_u16)

    def freq(self, f=None):
        if f is None:
            return self._freq
        self._freq = f
        PWM.state[self.pin.id] = (self._freq, self._duty)

    def duty_u16(self, d=None):
        if d is None:
            return self._duty
        if not 0 <= d <= 65535:
            raise ValueError("duty out of range")
        self._duty = d
        PWM.state[self.pin.id] = (self._freq, self._duty)


class Timer:
    ONE_SHOT = 0
    PERIODIC = 1
    armed = []

    def __init__(self, id=-1, mode=1, period=-1, callback=None):
        self.callback = None

    def init(self, mode=1, period=-1, freq=-1, callback=None):
        self.callback = callback
        Timer.armed.append((mode, period))


def I2C(*args, **kw):
    """The PicoCalc's keyboard controller on a fake bus (tests/fakes/keyboard_fake.py, loaded
    only for a board that has one)."""
    import keyboard_fake

    return keyboard_fake.I2C(*args, **kw)
