"""FROZEN copy of engine/sample.py as the strong level stood before issue 59: the
yardstick `strong_v1` of tools/bots/arena.py. Do not change it; not part of the console build.

Original docstring:
Dealing hidden cards for search: a random assignment consistent with what a seat knows.

Used by the families' from_view() (determinized search). Cards are ints below 64; `ok` is a
bytearray of seats * 64 flags, ok[s * 64 + c] = 1 when seat s may hold card c (a seat that
failed to follow a suit may not hold it, and so on).
"""

from engine.compat import micropython


@micropython.native
def deal(pool, need, ok, rng, tries=12):
    """Deal every card of pool so that seat s gets need[s] cards, each allowed by ok.

    Returns a list of bytearrays (one per seat), or None when no consistent deal was found in
    `tries` attempts (the caller then relaxes its constraints). The most constrained cards are
    placed first, each with chance proportional to the room left in the seats allowed to hold
    it, so the result is close to uniform among the consistent deals."""
    seats = len(need)
    n = len(pool)
    total = 0
    for x in need:
        total += x
    if total != n:
        return None
    # only the seats that get cards are looked at (a seat's cap never exceeds its need), in
    # the same order: every loop below runs once per card and try, for every world of a search
    live = [s for s in range(seats) if need[s]]
    # rng.below(n) for n > 0, written out (engine.rng: the high bits of next() modulo n): two
    # draws a card
    nx = rng.next
    # order: fewest allowed seats first, ties at random
    keyed = []
    for c in pool:
        k = 0
        for s in live:
            if ok[s * 64 + c]:
                k += 1
        keyed.append((k * 1024 + (nx() >> 10) % 1024) * 64 + c)
    keyed.sort()
    for _ in range(tries):
        cap = list(need)
        out = [bytearray() for _ in range(seats)]
        good = True
        for key in keyed:
            c = key & 63
            room = 0
            for s in live:
                if cap[s] and ok[s * 64 + c]:
                    room += cap[s]
            if room == 0:
                good = False
                break
            r = (nx() >> 10) % room
            for s in live:
                if cap[s] and ok[s * 64 + c]:
                    if r < cap[s]:
                        cap[s] -= 1
                        out[s].append(c)
                        break
                    r -= cap[s]
        if good:
            return out
    return None


def deal_free(pool, need, rng):
    """Deal pool at random into seats with need[s] cards each, no constraints."""
    p = bytearray(pool)
    rng.shuffle(p)
    out = []
    k = 0
    for x in need:
        out.append(bytearray(p[k : k + x]))
        k += x
    return out


def known_flags(*bufs):
    """A bytearray(64) with 1 at every card of the given buffers (cards the seat can see)."""
    gone = bytearray(64)
    for b in bufs:
        for c in b:
            gone[c] = 1
    return gone


def hidden(gone, size):
    """The cards below size not flagged in gone: the pool from_view deals at random."""
    pool = bytearray()
    for c in range(size):
        if not gone[c]:
            pool.append(c)
    return pool
