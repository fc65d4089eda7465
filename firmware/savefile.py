"""The save file of a game in progress: who sits where, then the engine's own encoding.

b"CSV1" | game id | seats | per seat (kind, name) | seed (u32) | game.encode()
"""

from engine.codec import Writer, Reader

SAVE_MAGIC = b"CSV1"


def save_bytes(p):
    w = Writer()
    w.buf.extend(SAVE_MAGIC)
    w.text(p.gid)
    w.u8(len(p.kinds))
    for s in range(len(p.kinds)):
        w.u8(p.kinds[s])
        w.text(p.names[s])
    w.u32(p.seed)
    return w.data() + p.g.encode()


def load(data):
    """(game_id, kinds, names, seed, viewer, game) from save_bytes(); raises on damage."""
    from engine import games

    if data[:4] != SAVE_MAGIC:
        raise ValueError("not a save")
    r = Reader(data)
    r.pos = 4
    n = r.u8()
    gid = bytes(data[r.pos : r.pos + n]).decode()
    r.pos += n
    games.entry(gid)
    seats = r.u8()
    kinds = []
    names = []
    for s in range(seats):
        kinds.append(r.u8())
        n = r.u8()
        names.append(bytes(data[r.pos : r.pos + n]).decode())
        r.pos += n
    seed = r.u32()
    g = games.decode(gid, bytes(data[r.pos :]))
    if g.seats != seats:
        raise ValueError("seat count does not match")
    return gid, kinds, names, seed, -1, g
