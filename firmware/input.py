"""Buttons to key presses: debounce, edges and auto-repeat, handed the time (no sleeps).

    inp = Input()
    pressed = inp.update(mask, now_ms)   # bits (firmware.keys) that were pressed this frame

A bit counts as pressed when it goes from released to held, unless that bit changed less than
DEBOUNCE_MS ago (contact bounce). Held direction keys repeat after REPEAT_DELAY_MS every
REPEAT_MS. A press needs the button held for one read and released for one read.
"""

from engine.compat import const

DEBOUNCE_MS = const(8)
REPEAT_DELAY_MS = const(420)
REPEAT_MS = const(110)
REPEATS = const(15)  # keys.UP | keys.DOWN | keys.LEFT | keys.RIGHT (a test checks)


class Input:
    def __init__(self):
        self.held = 0
        self.changed = [-100000] * 9
        self.repeat_at = 0

    def update(self, mask, now_ms):
        out = 0
        old = self.held
        held = old
        for i in range(9 if mask != old else 0):  # nothing changed: no loop (every frame)
            b = 1 << i
            if (mask ^ old) & b:
                if now_ms - self.changed[i] < DEBOUNCE_MS:
                    continue
                self.changed[i] = now_ms
                if mask & b:
                    held |= b
                    out |= b
                    if b & REPEATS:
                        self.repeat_at = now_ms + REPEAT_DELAY_MS
                else:
                    held &= ~b
        self.held = held
        rep = held & REPEATS & ~out
        if rep and now_ms >= self.repeat_at:
            out |= rep
            self.repeat_at = now_ms + REPEAT_MS
        return out
