"""Buttons to key presses: debounce, a queue of presses and auto-repeat, handed the time.

    inp = Input()
    inp.edge(bit, down, t_ms)            # an edge, timed where it happened (pin interrupts)
    pressed = inp.update(mask, now_ms)   # the next press (one firmware.keys bit) or repeat, or 0

A change of a button less than DEBOUNCE_MS after its last counted change is bounce. Changes come
timed from the buttons' interrupt ring, or from update() where the frame's mask differs from what
the edges said (buttons without interrupts, or a full ring); an edge read after the mask was taken
is younger, so the mask cannot undo it.

Presses queue (QUEUE; more are counted in lost) and update() hands out one a frame, oldest first,
so two taps in one long frame are two presses; queued() makes App.tick run the next frame at once.
Held direction keys repeat once no press waits.
"""

from engine.compat import const

DEBOUNCE_MS = const(8)
REPEAT_DELAY_MS = const(420)
REPEAT_MS = const(110)
REPEATS = const(15)  # keys.UP | keys.DOWN | keys.LEFT | keys.RIGHT (a test checks)
QUEUE = const(16)


class Input:
    def __init__(self):
        self.held = 0
        self.changed = [-100000] * 9  # each button's last counted change
        self.repeat_at = 0
        self.queue = bytearray(QUEUE)  # bit numbers of the presses not handed out
        self.head = 0  # counts, not wrapped
        self.tail = 0
        self.lost = 0

    def edge(self, b, down, t):
        """Button b went down (true) or up at t (ms)."""
        if ((self.held & b) != 0) == (down != 0):
            return  # the frame's mask counted it already
        i = 0
        while b >> i > 1:
            i += 1
        if t - self.changed[i] < DEBOUNCE_MS:
            return  # bounce
        self.changed[i] = t
        if down:
            self.held |= b
            if self.head - self.tail < QUEUE:
                self.queue[self.head % QUEUE] = i
                self.head += 1
            else:
                self.lost += 1
            if b & REPEATS:
                self.repeat_at = t + REPEAT_DELAY_MS
        else:
            self.held &= ~b

    def queued(self):
        return self.head != self.tail

    def flush(self):
        """Forget the presses not handed out yet."""
        self.tail = self.head

    def update(self, mask, now_ms):
        d = mask ^ self.held
        if d:  # no loop when nothing changed
            for i in range(9):
                b = 1 << i
                if d & b:
                    self.edge(b, mask & b, now_ms)
        if self.head != self.tail:
            b = 1 << self.queue[self.tail % QUEUE]
            self.tail += 1
            return b
        rep = self.held & REPEATS
        if rep and now_ms >= self.repeat_at:
            self.repeat_at = now_ms + REPEAT_MS
            return rep
        return 0
