"""A fake I2C bus with the PicoCalc's keyboard controller on it, for the fake `machine` (tests
only; kept out of tests/fakes/machine.py, whose size counts in the memory tests' harness):
tests/harness/panel_check.py sets machine.I2C to this I2C for a board with a KEYBOARD."""


class I2C:
    """The PicoCalc's keyboard controller at its address (firmware/drivers/keyboard.py): a FIFO
    of (state, key) events (KEYS.events, 1 pressed, 3 released) and a battery in percent
    (KEYS.percent). Register 0x09 pops an event ((0, 0) when empty), 0x0B answers (0x0B,
    percent)."""

    def __init__(self, id, sda=None, scl=None, freq=400000):
        self.id = id
        self.reg = 0

    def writeto(self, addr, buf):
        if addr != KEYS.address:
            raise OSError(19)  # ENODEV: nobody answers there
        self.reg = buf[0]

    def readfrom_into(self, addr, buf):
        if addr != KEYS.address:
            raise OSError(19)
        if self.reg == 0x09:
            ev = KEYS.events.pop(0) if KEYS.events else (0, 0)
        elif self.reg == 0x0B:
            ev = (0x0B, KEYS.percent)
        else:
            ev = (0, 0)
        buf[0] = ev[0]
        buf[1] = ev[1]


class _Keys:
    address = 0x1F
    events = []
    percent = 0


KEYS = _Keys()
