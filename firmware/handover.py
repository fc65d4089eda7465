"""The hand-over between human seats, one object the turn controller owns (Turn.handover): when its
screen appeared, the press of A that may reveal the next hand, whether the cue is shown, and the
move's frame it waits behind. It holds no game, seat or screen: the turn controller acts on what
tick() answers; the hand-over screen (firmware.overlay) draws stage().

A security boundary: no press made before the screen appeared, nor in its first ARM_MS, counts (a
habitual double tap, a key still held), and the next hand shows only after A is held for HOLD_MS. A
tap never reveals it.
"""

from firmware import keys as K
from engine.compat import const

ARM_MS = 400  # the hand-over screen ignores A this long after it appears
HOLD_MS = 600  # then A must be held this long to show the next hand
# tick()'s answers, as firmware.turn's (tests/test_handover checks)
REDRAW = const(1)
SHOWN = const(2)  # it appeared: the last player's queued presses go
REVEAL = const(3)


class Handover:
    def __init__(self):
        self.at = -1  # -1: not up
        self.down = -1  # the press of A that may reveal the hand (-1: none)
        self.cued = False  # the cue says A counts
        # the move that hands the console on shows on the mover's table for one frame first;
        # nothing counts meanwhile. 1: the move is made, 2: its frame is drawn, 0: none
        self.pending = 0

    def reset(self):
        """Start over: back from the pause menu, after an undo or a sleep."""
        self.at = -1
        self.down = -1
        self.pending = 0

    def moved(self, hands_on):
        """A move was made; hands_on: it hands the console to another human."""
        self.pending = 1 if hands_on else 0

    def drawn(self):
        """The frame was drawn; True when it was the move's, the hand-over screen next."""
        if self.pending == 1:
            self.pending = 2
            return True
        return False

    def restart(self):
        """The clock starts at the next tick: a slow first frame must not eat the time in which
        presses do not count."""
        self.at = -1

    def tick(self, now, held):
        """The clock, once a frame while the hand-over is due; held: A is down. 0, REDRAW, SHOWN or
        REVEAL."""
        if self.pending == 1:
            return 0  # the move is on the table this frame
        self.pending = 0
        if self.at < 0:
            self.at = now
            self.down = -1
            self.cued = False
            return SHOWN
        if self.down >= 0:
            if not held:
                self.down = -1  # a tap reveals nothing
            elif now - self.down >= HOLD_MS:
                self.at = -1
                self.down = -1
                return REVEAL
            return REDRAW
        if now - self.at >= ARM_MS and not self.cued:
            # the cue once A counts (a slow frame may have skipped past that moment)
            self.cued = True
            return REDRAW
        return 0

    def due(self):
        """When tick() will next answer without a key (-1: not by time), so the frame loop runs a
        frame then, not up to a frame later."""
        if self.pending or self.at < 0:
            return -1
        if self.down >= 0:
            return self.down + HOLD_MS
        return -1 if self.cued else self.at + ARM_MS

    def armed(self, now):
        return self.at >= 0 and now - self.at >= ARM_MS

    def key(self, k, now):
        """A key on the hand-over screen; True when it asks for the pause menu."""
        if self.pending:
            pass  # the last player's fingers
        elif self.at < 0:
            self.at = now
            self.cued = False
        elif not self.armed(now):
            pass
        elif k & K.A:
            self.down = now
        elif k & K.B:
            return True
        return False

    def stage(self, now):
        """The cue: 0 wait, 1 hold A, 2..9 the bar filling while A is held."""
        if not self.armed(now):
            return 0
        if self.down < 0:
            return 1
        return 2 + min(7, (now - self.down) * 8 // HOLD_MS)
