"""firmware/drivers/buttons.py with firmware/input.py: edges caught by pin interrupts keep the
time of the interrupt, so that presses are never lost however long after the button was let go
the app reads them, two taps in a frame are two presses, and the debounce works on the edges'
times; held buttons read as held (CPython, fake pins with an irq() that the test fires)."""

from firmware.drivers.buttons import Buttons, QUIET_MS, RING
from firmware.input import Input


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


def drained(b):
    out = []
    b.drain(lambda bit, down, t: out.append((bit, 1 if down else 0, t)))
    return out


class Frames:
    """The app's side: the buttons drained into firmware.input once a frame, as App.tick does."""

    def __init__(self, b):
        self.b = b
        self.inp = Input()

    def frame(self, now):
        self.b.drain(self.inp.edge)
        return self.inp.update(self.b.read(), now)


def test_every_edge_is_kept_with_the_time_of_its_interrupt():
    b, (p, q) = rig()
    assert b.irq and drained(b) == []
    p.set(0, 100)
    p.set(1, 130)  # pressed and let go within one long frame
    q.set(0, 140)
    assert drained(b) == [(1, 1, 100), (1, 0, 130), (2, 1, 140)]
    assert drained(b) == []
    assert b.read() == 2  # the pins as they are now


def test_a_30ms_tap_inside_a_long_frame_is_one_press():
    b, (p, _) = rig()
    f = Frames(b)
    assert f.frame(0) == 0
    p.set(0, 100)
    p.set(1, 130)
    assert [f.frame(1000), f.frame(1033), f.frame(1066)] == [1, 0, 0]


def test_two_taps_of_a_key_in_one_frame_are_two_presses_in_order():
    b, (p, q) = rig()
    f = Frames(b)
    p.set(0, 100)
    p.set(1, 130)
    q.set(0, 140)
    q.set(1, 170)
    p.set(0, 200)
    p.set(1, 230)
    seen = [f.frame(500 + 33 * k) for k in range(5)]
    assert seen == [1, 2, 1, 0, 0]
    assert not f.inp.queued()


def test_a_release_read_late_does_not_swallow_the_next_press():
    """Issue 34: a long frame ends after a tap's release; the next press, 40 ms after that
    release, comes within DEBOUNCE_MS of the frame that saw the release, yet it is a press: the
    debounce works on the times of the edges, not of the reads."""
    b, (p, _) = rig()
    f = Frames(b)
    p.set(0, 0)
    assert f.frame(10) == 1  # the first press, read 10 ms in
    p.set(1, 25)  # let go during a frame from 10 to 70
    p.set(0, 65)  # and pressed again
    assert f.frame(70) == 1
    p.set(1, 90)
    assert f.frame(72) == 0 and f.frame(105) == 0
    assert f.inp.held == 0


def test_contact_bounce_is_one_press():
    b, (p, _) = rig()
    f = Frames(b)
    for t, lv in ((100, 0), (101, 1), (102, 0), (103, 1), (104, 0)):
        p.set(lv, t)
    assert f.frame(110) == 1
    assert f.frame(143) == 0  # still held: no second press
    p.set(1, 300)
    p.set(0, 300 + QUIET_MS - 1)  # a bounce on release is not a new press
    p.set(1, 300 + QUIET_MS)
    assert f.frame(301) == 0
    assert f.frame(340) == 0
    assert f.inp.held == 0


def test_a_bounce_read_from_the_pins_is_not_a_press():
    """The pins read in a frame during a release's bounce show the button held again; the edge
    times say it is bounce."""
    b, (p, _) = rig()
    f = Frames(b)
    p.set(0, 100)
    assert f.frame(120) == 1
    p.set(1, 300)
    p.level = 0  # bouncing: low again 3 ms later (its interrupt not yet handled)
    assert f.frame(303) == 0
    p.level = 1
    assert f.frame(336) == 0 and f.inp.held == 0


def test_a_hold_reads_as_held_and_a_full_ring_drops_the_rest():
    b, (p, _) = rig()
    f = Frames(b)
    p.set(0, 50)
    assert [f.frame(60), f.frame(93)] == [1, 0]
    assert f.inp.held == 1
    p.set(1, 100)
    assert f.frame(126) == 0 and f.inp.held == 0
    for k in range(RING // 2 + 5):
        p.set(0, 200 + 40 * k)
        p.set(1, 220 + 40 * k)
    assert b.dropped == 10
    seen = [f.frame(2000 + 33 * k) for k in range(RING + 12)]
    assert sum(seen) == RING // 2


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
    assert drained(b) == [(1, 1, 100), (1, 0, 120)]


def test_pending_until_read():
    b, (p, _) = rig()
    assert not b.pending()
    p.set(0, 100)
    assert b.pending()
    b.read()
    assert b.pending()  # reading the pins leaves the edges
    drained(b)
    assert not b.pending()


def test_input_constants_match_the_keys():
    from firmware import input as inp, keys

    assert inp.REPEATS == keys.UP | keys.DOWN | keys.LEFT | keys.RIGHT
    i = inp.Input()
    assert i.update(keys.DOWN, 0) == keys.DOWN
    assert i.update(keys.DOWN, 100) == 0
    assert i.update(keys.DOWN, 100 + inp.REPEAT_DELAY_MS) == keys.DOWN  # auto-repeat
    assert i.update(0, 1000) == 0 and i.held == 0
