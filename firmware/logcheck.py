"""The rest of a continued save's check: its move log played again from the deal up to the undo
point must give the undo state the save holds. The checks at Continue (firmware.savelog.
check_undo) play only the moves since the undo point; this one goes over the moves before it a
few a frame while the table is up (the table answers meanwhile), so that a save whose history is
damaged is found within the first second of play, not at the first look back. Loaded only for a
continued game with an undo state, and let go when done."""

from engine import games
from engine.deals import step


class LogCheck:
    """The log of the game g (its bytes before the undo point, a copy: undo and new moves change
    the turn's own) played from g's deal; want: the undo state's bytes."""

    def __init__(self, gid, g, log, want):
        self.game = games.new_game(gid, g.seats, g.seed, g.opts)
        self.log = log
        self.at = 0
        self.want = want

    def run(self, most):
        """At most `most` more moves: None while moves are left, else whether the log leads to
        the undo state (False too when a move does not play)."""
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
        except (ValueError, IndexError):  # GameError is a ValueError: a move that does not play
            return False
        self.at = p
        if p < n:
            return None
        return self.game.encode() == self.want
