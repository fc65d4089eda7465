"""Buttons on machine.Pin inputs with pull-ups (pressed = 0), with presses caught when they happen.

read() returns the mask of held buttons (firmware.keys bits), as the Hal promises; the app's shared
input code (firmware/input.py, handed the time) does debounce, edges and auto-repeat from it.

The app reads once a frame, and a frame can last long (a bot's turn, a full redraw), so a quick tap
could start and end between two reads. Where the pins have interrupts (machine.Pin.irq), each
falling edge that follows QUIET_MS without an edge on that pin (contact bounce ignored) puts the
button's bit into a small preallocated ring. read() merges the ring into the held mask: a press
that is over by now still shows as held for one read, and a second press of a button that the last
read reported held waits one read so that the app sees the release between the two. The interrupt
handler allocates nothing (hard interrupts on the rp2 port).
"""

from array import array

QUIET_MS = 8  # a falling edge counts when the pin had no edge for this long (bounce)
RING = 16  # presses kept between two reads; more are dropped


class Buttons:
    def __init__(self, pins, ticks_ms=None, irq=True):
        """pins: list of (machine.Pin configured IN with PULL_UP, firmware.keys bit)."""
        self.pins = tuple(pins)
        self.last = 0  # the mask the last read() returned
        self._ring = array("H", [0] * RING)
        self._ix = array("i", [0, 0])  # head (next write), tail (next read); counts, not wrapped
        self._edge = array("i", [-1000000] * len(self.pins))
        self.dropped = 0
        self.irq = False
        if ticks_ms is None:
            try:
                from time import ticks_ms
            except ImportError:
                ticks_ms = None
        self._ticks = ticks_ms
        if irq and ticks_ms is not None and self.pins and hasattr(self.pins[0][0], "irq"):
            irqs = []
            for i in range(len(self.pins)):
                p, bit = self.pins[i]
                self._fall = p.IRQ_FALLING
                self._rise = p.IRQ_RISING
                trig = p.IRQ_FALLING | p.IRQ_RISING
                try:
                    q = p.irq(handler=self._handler(i, bit), trigger=trig, hard=True)
                except TypeError:  # a port without hard interrupts
                    q = p.irq(handler=self._handler(i, bit), trigger=trig)
                irqs.append(q if hasattr(q, "flags") else None)
            self._irqs = tuple(irqs)
            self.irq = True

    def _handler(self, i, bit):
        # few free variables: a closure call with more than a handful (cells + arguments) puts
        # them on the heap, which a hard interrupt may not touch (MemoryError on the device)
        edge = self._edge_at

        def edge_seen(_p):
            edge(i)

        return edge_seen

    def _edge_at(self, i):
        now = self._ticks()
        e = self._edge
        quiet = (now - e[i]) & 0x3FFFFFFF >= QUIET_MS  # ticks_ms wraps at 2**30
        e[i] = now
        p, bit = self.pins[i]
        q = self._irqs[i]
        # the edge from the interrupt's flags, not from the pin: the emulated Pico takes reads
        # of the GPIO inputs for the app's once-a-frame scan; both edges at once: ask the pin
        f = q.flags() if q is not None else 0
        if f == self._fall:
            down = True
        elif f == self._rise:
            down = False
        else:
            down = not p.value()
        if quiet and down:
            ix = self._ix
            h = ix[0]
            if h - ix[1] < RING:
                self._ring[h % RING] = bit
                ix[0] = h + 1
            else:
                self.dropped += 1

    def pending(self):
        """True when a press was caught that read() has not given yet (firmware.main stops
        waiting for the next frame)."""
        return self._ix[0] != self._ix[1]

    def held(self):
        mask = 0
        for p, bit in self.pins:
            if not p.value():
                mask |= bit
        return mask

    def read(self):
        out = self.held()
        ix = self._ix
        given = 0
        while ix[1] != ix[0]:
            b = self._ring[ix[1] % RING]
            if given & b:
                break  # a second press in the ring: the next read
            if self.last & b:
                out &= ~b  # show a release first, the press at the next read
                break
            out |= b
            given |= b
            ix[1] += 1
        self.last = out
        return out
