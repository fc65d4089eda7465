"""Buttons to key presses: debounce, edges, a queue of presses and auto-repeat, handed the time
(no sleeps).

    inp = Input()
    inp.edge(bit, down, t_ms)            # an edge, timed where it happened (pin interrupts)
    pressed = inp.update(mask, now_ms)   # the next press (one firmware.keys bit) or repeat, or 0

Every change is debounced on its own time: a change of a button less than DEBOUNCE_MS after the
last change counted for it is contact bounce. Changes come timed from the buttons' interrupt ring
(firmware/drivers/buttons.py: each edge carries the ticks_ms of its interrupt, whatever the length
of the frame that reads it), or from update(): where the mask of held buttons read this frame
differs from what the edges said, that is a change at now_ms (buttons without interrupts, read
once a frame as in the simulator; or an edge the ring had no room for). An edge read after the
frame's mask was taken is younger than now_ms, so the mask cannot undo it.

Each press goes into a queue (QUEUE presses; more are dropped and counted in lost) and update()
hands out one press a frame, oldest first: screens answer one key at a time, and two taps of a
key within one long frame are two presses. queued() is True while presses wait (App.tick then
runs the next frame at once). Held direction keys repeat after REPEAT_DELAY_MS every REPEAT_MS,
once no press waits.
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
        self.changed = [-100000] * 9  # when each button's last counted change happened
        self.repeat_at = 0
        self.queue = bytearray(QUEUE)  # bit numbers of the presses not handed out yet
        self.head = 0  # presses queued (counts, not wrapped)
        self.tail = 0  # presses handed out
        self.lost = 0

    def edge(self, b, down, t):
        """Button b (a firmware.keys bit) went down (true) or up at t (ms)."""
        if ((self.held & b) != 0) == (down != 0):
            return  # no change (the frame's mask counted it already)
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
        if d:  # nothing changed: no loop (every frame)
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
