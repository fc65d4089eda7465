"""The ClockworkPi PicoCalc's keyboard: an STM32 behind I2C that keeps a FIFO of key events and
reports the battery (clockworkpi/PicoCalc, Code/picocalc_keyboard: reg.h, keyboard.h).

A register is read by writing its number, then reading two bytes. FIFO (0x09): (state, key) per
event, state 1 pressed, 2 held, 3 released, 0 when empty. Battery (0x0B): (0x0B, percent), 0 with
no cell.

read() drains the FIFO once a frame and returns the keys held now (the board's KEYMAP), like
buttons.py for GPIOs; letters typed are kept in `typed`. A bus error leaves the keys as they were:
the controller may be busy, the next frame asks again.
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


class Keyboard:
    def __init__(self, i2c, address, keymap):
        self.i2c = i2c
        self.address = address
        self.map = {}
        for code, bit in keymap:
            self.map[code] = bit
        self.mask = 0
        self.late = 0  # pressed and released between two frames: released at the next
        self.typed = []
        self._reg = bytearray(1)
        self._two = bytearray(2)

    def _read(self, reg):
        self._reg[0] = reg
        self.i2c.writeto(self.address, self._reg)
        self.i2c.readfrom_into(self.address, self._two)
        return self._two

    def read(self):
        """The keys held now, after the events waiting in the FIFO. A key pressed and released
        since the last read counts as held for this read, so a quick tap or a waking press is never
        lost."""
        self.mask &= ~self.late
        self.late = 0
        fresh = 0
        for _ in range(_EVENTS):
            try:
                ev = self._read(_FIFO)
            except OSError:
                break
            state = ev[0]
            if not state:
                break
            code = ev[1]
            bit = self.map.get(code, 0)
            if state == _RELEASED:
                if bit & fresh:
                    self.late |= bit
                else:
                    self.mask &= ~bit
            else:
                self.mask |= bit
                fresh |= bit
                if state == _PRESSED and 32 < code < 127:
                    self.typed.append(chr(code))
                    if len(self.typed) > _TYPED:
                        self.typed.pop(0)
        return self.mask

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
