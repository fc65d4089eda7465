"""The hand-over between human seats, one object the turn controller owns (firmware.turn:
Turn.ho): when its screen appeared, the press of A that may reveal the next hand, whether the
screen was told that A counts, and the move's own frame it waits behind. Only its methods change
them; the table screen (firmware.play) calls them, the hand-over screen (firmware.overlay) draws
its stage(). It holds no game, seat or screen: the turn controller acts on what tick() answers.

A security boundary: no press made before the hand-over screen appeared, nor one in its first
ARM_MS, counts (a habitual double tap or a key still held after a play), and the next hand shows
only after A is held for HOLD_MS. A tap never reveals it.
"""

from firmware import keys as K
from engine.compat import const

ARM_MS = 400  # the hand-over screen ignores A this long after it appears
HOLD_MS = 600  # then A must be held this long to show the next hand
# tick()'s answers (firmware.turn has the same values: tests/test_handover checks): underscore
# const()s are inlined by MicroPython, no RAM
REDRAW = const(1)  # the screen's cue or bar changed
SHOWN = const(2)  # it appeared: the last player's queued presses go, its cue sounds
REVEAL = const(3)  # A was held HOLD_MS: the next hand shows


class Handover:
    def __init__(self):
        self.at = -1  # when the hand-over screen appeared (-1: not up)
        self.down = -1  # when a press of A that may reveal the hand began (-1: none)
        self.cued = False  # the screen was told that A counts now
        # the hand-over waits behind the move that hands the console on, which shows on the
        # mover's table for one frame first (the card played reaches the panel in one partial
        # frame; the hand-over screen, the whole panel, follows in the next); nothing counts
        # for the hand-over meanwhile. 1: the move is made, 2: its frame is drawn, 0: none
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
        """The clock starts at the next tick: the screen is not up, or a new one was just drawn
        (a slow first frame, a resume loading the table, must not eat the time in which presses
        do not count)."""
        self.at = -1

    def tick(self, now, held):
        """The clock, once a frame while the hand-over is due; held: A is down. Answers 0,
        REDRAW, SHOWN or REVEAL."""
        if self.pending == 1:
            return 0  # the move is on the table this frame; the hand-over screen comes next
        self.pending = 0
        if self.at < 0:
            self.at = now
            self.down = -1
            self.cued = False
            return SHOWN
        if self.down >= 0:
            if not held:
                self.down = -1  # let go too soon: a tap reveals nothing
            elif now - self.down >= HOLD_MS:
                self.at = -1
                self.down = -1
                return REVEAL
            return REDRAW
        if now - self.at >= ARM_MS and not self.cued:
            # the cue appears once A counts (a slow frame may have skipped past that moment)
            self.cued = True
            return REDRAW
        return 0

    def due(self):
        """When tick() will next answer without a key (ms, the frames' clock; -1: not by time):
        the end of the hold on A, or the moment A starts to count. The frame loop runs a frame
        then (firmware.main), not up to a frame later."""
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
            pass  # the move's own frame: the last player's fingers
        elif self.at < 0:
            self.at = now  # appeared this frame: nothing counts yet
            self.cued = False
        elif not self.armed(now):
            pass  # leftover presses of the last player
        elif k & K.A:
            self.down = now  # revealed by tick() once held HOLD_MS
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
