"""The ClockworkPi PicoCalc's keyboard: an STM32 behind I2C that keeps a FIFO of key events and
reports the battery (clockworkpi/PicoCalc, Code/picocalc_keyboard: reg.h, keyboard.h).

A register is read by writing its number, then reading two bytes. FIFO (0x09): (state, key) per
event, state 1 pressed, 2 held, 3 released, 0 when empty. Battery (0x0B): (0x0B, percent), 0 with
no cell.

No line tells the Pico of a press (the controller's interrupt output is not wired to it), so the
FIFO is asked: read() once a frame, pending() between frames at most once every LOOK_MS, and
held() after every doze asleep (firmware/main.py), so that a quiet screen and a doze need no frame
to see a press. The FIFO keeps every event until asked, so a slow look delays a tap but never
loses it. read() returns the keys
held now (the board's KEYMAP), like buttons.py for GPIOs; letters typed are kept in `typed`. A bus
error leaves the keys as they were: the controller may be busy, the next look asks again.
"""

from engine.compat import const

_FIFO = const(0x09)
_BATTERY = const(0x0B)
_PRESSED = const(1)
_RELEASED = const(3)
_EVENTS = const(16)
_TYPED = const(16)
# a percent as the supply volts firmware.power reads (its EMPTY_V..FULL_V span the percents)
_EMPTY_MV = const(3300)
_FULL_MV = const(4100)
# pending() asks the controller at most this often, and firmware.main waits this long between
# two looks: a busy screen's frame (firmware.main FRAME_MS) reads it anyway, so between frames it
# is asked only on a quiet or dimmed screen
LOOK_MS = 33
_WRAP = const(0x3FFFFFFF)  # MicroPython's ticks_ms wraps at 2**30


class Keyboard:
    def __init__(self, i2c, address, keymap, ticks_ms=None):
        self.i2c = i2c
        self.address = address
        self.map = {}
        for code, bit in keymap:
            self.map[code] = bit
        self.down = 0  # the keys down after the events taken so far
        self.tapped = 0  # pressed since the last read(): held for that read, even if released
        self.caught = False  # events taken since the last read()
        self.ticks = ticks_ms
        self.look_ms = LOOK_MS
        self.looked = 0
        self.typed = []
        self._reg = bytearray(1)
        self._two = bytearray(2)

    def _read(self, reg):
        self._reg[0] = reg
        self.i2c.writeto(self.address, self._reg)
        self.i2c.readfrom_into(self.address, self._two)
        return self._two

    def _take(self):
        """Take the events waiting in the FIFO into the keys' state."""
        if self.ticks is not None:
            self.looked = self.ticks()
        # looked at often: no call of _read per transfer, and no bound method kept (each would be
        # a new object on the heap)
        i2c = self.i2c
        address = self.address
        reg = self._reg
        two = self._two
        reg[0] = _FIFO
        for _ in range(_EVENTS):
            try:
                i2c.writeto(address, reg)
                i2c.readfrom_into(address, two)
            except OSError:
                break
            state = two[0]
            if not state:
                break
            self.caught = True
            code = two[1]
            bit = self.map.get(code, 0)
            if state == _RELEASED:
                self.down &= ~bit
            else:
                self.down |= bit
                self.tapped |= bit
                if state == _PRESSED and 32 < code < 127:
                    self.typed.append(chr(code))
                    if len(self.typed) > _TYPED:
                        self.typed.pop(0)

    def read(self):
        """The keys held now, after the events waiting in the FIFO. A key pressed and released
        since the last read counts as held for this read, so a quick tap or a waking press is never
        lost."""
        self._take()
        mask = self.down | self.tapped
        self.tapped = 0
        self.caught = False
        return mask

    def pending(self):
        """True when events came since the last read(); asks the controller when it was last
        asked LOOK_MS ago or more."""
        if self.caught:
            return True
        ticks = self.ticks
        if ticks is None or (ticks() - self.looked) & _WRAP >= LOOK_MS:
            self._take()
        return self.caught

    def held(self):
        """The keys down now, or pressed since the last read(), after asking the controller
        (firmware.main looks between two dozes)."""
        self._take()
        return self.down | self.tapped

    def battery(self):
        """The cells' level as the volts firmware.power turns back into the percent, or None."""
        try:
            pct = self._read(_BATTERY)[1] & 0x7F
        except OSError:
            return None
        if not pct or pct > 100:
            return None
        # the middle of the percent's span: firmware.power.level rounds it back down
        return (_EMPTY_MV + (2 * pct + 1) * (_FULL_MV - _EMPTY_MV) // 200) / 1000
