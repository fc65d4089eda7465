"""Numbered deals and the match's action log.

A deal number is the seed of the game (engine.games.new_game(game_id, seats, N, options)): the
game's own generator makes every card of the match (the deal, later deals, reshuffles, a card
taken at random), so the same number gives the same cards on every runtime. The bots have their
own seeds, apart from it: the same deal can be played again by other bots, or by people in
other seats.

The action log keeps a match's decisions compactly: each action as its place in the
legal_actions() list of its moment (the engine lists them in the same order on every runtime),
one byte below 128, two bytes below 32768. Played again from the deal (rebuild), the log gives
back every state of the match, generator included: undo, replay and tools.play.replay use it.
"""

# the log as the console keeps it while playing, and the count of its actions (a module of its
# own: a table holds it, not the rest of this one)
from engine.actionlog import ActionLog, count  # noqa: F401

MAX_DEAL = 999999
# the deal check's letters: consonant, vowel, consonant (a word to remember, 1,280 of them)
_CONS = "BDFGHJKLMNPRSTVZ"
_VOWS = "AEIOU"


def clock_deal(now, frames):
    """A deal number 1..MAX_DEAL from the clock (a new setup's default)."""
    return (now * 7919 + frames * 104729) % MAX_DEAL + 1


def check(deal):
    """The deal's check, three letters ("KAV") shown during play instead of the number, which
    would give away every card: some 780 numbers share each check, so it cannot be turned back
    into the number, and a deal changed mid-match shows another check at the end 1,279 times in
    1,280."""
    x = deal & 0xFFFFFFFF
    for _ in range(2):  # mixes every bit of the number into every letter
        x = ((x >> 16) ^ x) * 0x45D9F3B & 0xFFFFFFFF
    x = (x >> 16) ^ x
    return _CONS[x & 15] + _VOWS[(x >> 4) % 5] + _CONS[(x >> 8) & 15]


def append(log, i):
    """Add the legal-list index i (0..32767) to the log (a bytearray)."""
    if i < 0x80:
        log.append(i)
    elif i < 0x8000:
        log.append(0x80 | (i >> 8))
        log.append(i & 0xFF)
    else:
        raise ValueError("action index %d too large for the log" % i)


def record(log, legal, action):
    """Log action, one of legal (the list it was chosen from); returns its index."""
    i = legal.index(action)
    append(log, i)
    return i


def indices(log, start=0):
    """The logged indices, in order, from byte offset start."""
    out = []
    p = start
    n = len(log)
    while p < n:
        b = log[p]
        if b & 0x80:
            if p + 1 >= n:
                raise ValueError("log ends inside an action")
            out.append(((b & 0x7F) << 8) | log[p + 1])
            p += 2
        else:
            out.append(b)
            p += 1
    return out


def offsets(log):
    """The byte offset where each logged action starts (tools and tests: a list of them all)."""
    out = []
    p = 0
    n = len(log)
    while p < n:
        out.append(p)
        p += 2 if log[p] & 0x80 else 1
    return out


def step(g, i):
    """Apply the i-th legal action of g (checked); returns the action."""
    legal = g.legal_actions()
    if g.over or not 0 <= i < len(legal):
        from engine.errors import GameError

        raise GameError("logged action %d is not legal here (%d choices)" % (i, len(legal)))
    a = legal[i]
    g.perform(a)  # legal by construction: apply() would list the legal actions a second time
    return a


def rebuild(game_id, seats, deal, options, log, upto=None):
    """The game after the log's actions up to byte offset upto (all when None), played again
    from the deal."""
    from engine import games

    g = games.new_game(game_id, seats, deal, options)
    if upto is None:
        upto = len(log)
    p = 0
    while p < upto:  # read as it goes: no list of every index (the console's heap)
        b = log[p]
        if b & 0x80:
            if p + 1 >= upto:
                raise ValueError("log ends inside an action")
            b = ((b & 0x7F) << 8) | log[p + 1]
            p += 1
        p += 1
        step(g, b)
    return g
