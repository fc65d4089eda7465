"""Buttons on machine.Pin inputs with pull-ups (pressed = 0). read() is raw: the app's shared input
code (firmware/input.py, handed the time) does debounce, edges and auto-repeat, so the device,
the simulator and the tests behave alike.
"""


class Buttons:
    def __init__(self, pins):
        """pins: list of (machine.Pin configured IN with PULL_UP, firmware.keys bit)."""
        self.pins = tuple(pins)

    def read(self):
        mask = 0
        for p, bit in self.pins:
            if not p.value():
                mask |= bit
        return mask
