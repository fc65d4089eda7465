"""firmware/drivers/buttons.py: presses caught by pin interrupts into a ring are never lost, even
when the app reads the buttons long after the button was let go; bounce is ignored; held buttons
read as held (CPython, fake pins with an irq() that the test fires)."""

from firmware.drivers.buttons import Buttons, QUIET_MS, RING


class FakePin:
    IRQ_FALLING = 4
    IRQ_RISING = 8

    def __init__(self, clock):
        self.level = 1
        self.clock = clock
        self.handler = None

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler

    def value(self):
        return self.level

    def set(self, level, at):
        self.clock[0] = at
        if level != self.level:
            self.level = level
            self.handler(self)


class FlagPin(FakePin):
    """A pin whose interrupt object tells the edge (rp2's irq().flags()): the driver must not
    read the pin for it (the emulated Pico counts pin reads as the app's frame scans)."""

    def irq(self, handler=None, trigger=0, hard=False):
        self.handler = handler
        return self

    def flags(self):
        return self.IRQ_FALLING if self.level == 0 else self.IRQ_RISING

    def value(self):
        self.reads = getattr(self, "reads", 0) + 1
        return self.level


def rig(n=2, kind=FakePin):
    clock = [0]
    pins = [kind(clock) for _ in range(n)]
    b = Buttons([(p, 1 << i) for i, p in enumerate(pins)], ticks_ms=lambda: clock[0])
    return b, pins


def test_a_30ms_tap_between_two_reads_is_read_once():
    b, (p, _) = rig()
    assert b.irq and b.read() == 0
    p.set(0, 100)
    p.set(1, 130)  # pressed and let go within one long frame
    assert b.read() == 1
    assert b.read() == 0
    assert b.read() == 0


def test_two_taps_in_one_frame_give_two_presses_with_a_release_between():
    b, (p, q) = rig()
    p.set(0, 100)
    p.set(1, 130)
    q.set(0, 140)
    q.set(1, 170)
    p.set(0, 200)
    p.set(1, 230)
    seen = [b.read() for _ in range(5)]
    assert seen == [3, 0, 1, 0, 0]


def test_contact_bounce_is_one_press():
    b, (p, _) = rig()
    for t, lv in ((100, 0), (101, 1), (102, 0), (103, 1), (104, 0)):
        p.set(lv, t)
    assert b.read() == 1
    assert b.read() == 1  # still held
    p.set(1, 300)
    p.set(0, 300 + QUIET_MS - 1)  # a bounce on release is not a new press
    p.set(1, 300 + QUIET_MS)
    assert b.read() == 0
    assert b.read() == 0


def test_a_hold_reads_as_held_and_a_full_ring_drops_the_rest():
    b, (p, _) = rig()
    p.set(0, 50)
    assert [b.read(), b.read(), b.read()] == [1, 1, 1]
    p.set(1, 100)
    assert b.read() == 0
    for k in range(RING + 5):
        p.set(0, 200 + 40 * k)
        p.set(1, 220 + 40 * k)
    seen = [b.read() for _ in range(2 * RING + 12)]
    assert sum(seen) == RING


def test_pins_without_interrupts_are_polled():
    class Plain:
        def __init__(self):
            self.level = 0

        def value(self):
            return self.level

    b = Buttons([(Plain(), 16)])
    assert not b.irq and b.read() == 16


def test_edges_come_from_the_interrupt_flags_not_from_pin_reads():
    b, (p, _) = rig(kind=FlagPin)
    p.set(0, 100)
    p.set(1, 120)
    assert getattr(p, "reads", 0) == 0
    assert b.read() == 1 and b.read() == 0


def test_pending_until_read():
    b, (p, _) = rig()
    assert not b.pending()
    p.set(0, 100)
    assert b.pending()
    b.read()
    assert not b.pending()


def test_input_constants_match_the_keys():
    from firmware import input as inp, keys

    assert inp.REPEATS == keys.UP | keys.DOWN | keys.LEFT | keys.RIGHT
    i = inp.Input()
    assert i.update(keys.DOWN, 0) == keys.DOWN
    assert i.update(keys.DOWN, 100) == 0
    assert i.update(keys.DOWN, 100 + inp.REPEAT_DELAY_MS) == keys.DOWN  # auto-repeat
    assert i.update(0, 1000) == 0 and i.held == 0
