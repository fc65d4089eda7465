"""The rest of a continued save's check: the log played again from the deal to the undo point must
give the save's undo state. Continue checks only the moves since the undo point; this plays the
ones before it a few a frame while the table is up, so damaged history is found early, not at the
first look back. Loaded only for a continued game with an undo state.
"""

from engine import games
from engine.deals import step


class LogCheck:
    """Game g's log before the undo point (a copy), played from its deal; want: the undo state."""

    def __init__(self, gid, g, log, want):
        self.game = games.new_game(gid, g.seats, g.seed, g.opts)
        self.log = log
        self.at = 0
        self.want = want

    def run(self, most):
        """At most `most` more moves: None while moves are left, else whether the log leads to the
        undo state."""
        log = self.log
        n = len(log)
        p = self.at
        try:
            while most > 0 and p < n:
                b = log[p]
                if b & 0x80:
                    if p + 1 >= n:
                        return False
                    b = ((b & 0x7F) << 8) | log[p + 1]
                    p += 1
                step(self.game, b)
                p += 1
                most -= 1
        except (ValueError, IndexError):  # GameError is a ValueError
            return False
        self.at = p
        if p < n:
            return None
        return self.game.encode() == self.want
