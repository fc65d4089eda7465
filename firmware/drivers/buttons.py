"""Buttons on machine.Pin inputs with pull-ups (pressed = 0), with edges timed when they happen.

read() returns the mask of held buttons (firmware.keys bits). Where the pins have interrupts, every
edge after QUIET_MS without one on that pin (bounce) goes into a preallocated ring with its bit,
direction and time; drain(edge) hands them over in order, so the app loses no tap and misplaces no
release whatever a frame's length. pending() says edges wait; held() is the mask down now. The
handler allocates nothing: hard interrupts on the rp2 port.
"""

from array import array

QUIET_MS = 8  # an edge counts after this long without one (bounce)
RING = 32  # edges kept between two drains; more are dropped
_DOWN = 0x8000  # in a ring entry: a press (else a release)


class Buttons:
    def __init__(self, pins, ticks_ms=None, irq=True):
        """pins: list of (machine.Pin configured IN with PULL_UP, firmware.keys bit)."""
        self.pins = tuple(pins)
        self._ring = array("H", [0] * RING)
        self._at = array("i", [0] * RING)
        self._ix = array("i", [0, 0])  # head, tail; counts, not wrapped
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
                except TypeError:
                    q = p.irq(handler=self._handler(i, bit), trigger=trig)
                irqs.append(q if hasattr(q, "flags") else None)
            self._irqs = tuple(irqs)
            self.irq = True

    def _handler(self, i, bit):
        # few free variables: a closure call with more puts them on the heap, which a hard
        # interrupt may not touch
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
        # the edge from the interrupt's flags, not the pin: the emulated Pico takes GPIO reads for
        # the app's scan; both edges at once: ask the pin
        f = q.flags() if q is not None else 0
        if f == self._fall:
            down = True
        elif f == self._rise:
            down = False
        else:
            down = not p.value()
        if quiet:
            ix = self._ix
            h = ix[0]
            if h - ix[1] < RING:
                self._ring[h % RING] = bit | _DOWN if down else bit
                self._at[h % RING] = now
                ix[0] = h + 1
            else:
                self.dropped += 1

    def pending(self):
        """True when an edge waits for drain()."""
        return self._ix[0] != self._ix[1]

    def drain(self, edge):
        """edge(bit, down, t) for every edge caught since the last drain, oldest first."""
        ix = self._ix
        ring = self._ring
        while ix[1] != ix[0]:
            k = ix[1] % RING
            e = ring[k]
            edge(e & 0x7FFF, e & _DOWN, self._at[k])
            ix[1] += 1

    def held(self):
        """The mask of the buttons down now (firmware.main looks between two dozes)."""
        return self.read()

    def read(self):
        mask = 0
        for p, bit in self.pins:
            if not p.value():
                mask |= bit
        return mask
