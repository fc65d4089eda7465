"""Writing a save (firmware.savefile has the layout) and reading its undo block: the autosave of
every move loads only this module and engine.codec.
"""

from engine.codec import Writer


def save_bytes(p):
    """The save of turn controller p, its stamp already set."""
    w = Writer()
    w.buf.extend(b"CSV3")
    w.text(p.gid)
    w.u8(len(p.kinds))
    for s in range(len(p.kinds)):
        w.u8(p.kinds[s])
        w.text(p.names[s])
    w.u32(p.bots.seed)
    w.u32(p.saved.stamp)
    w.u16(p.moves if p.moves < 0xFFFF else 0xFFFF)
    a = p.actions
    n = 0 if a is None else a.size
    if n > 0xFFFF:
        a = None
    # the state undo goes back to, when at hand: undo after a power-off decodes it instead of
    # playing the whole log again from the deal
    snap = p.mark.state if a is not None and p.mark.at >= 0 else None
    w.u8((1 if p.mark.on else 0) | (0 if a is None else 2) | (0 if snap is None else 4))
    w.u16(p.mark.at + 1 if p.mark.at >= 0 and a is not None else 0)
    w.u8(p.mark.seat & 0xFF)
    w.u16(0 if a is None else n)
    if a is not None:
        w.buf.extend(a.data())
    if snap is not None:
        w.u16(len(snap))
        w.buf.extend(snap)
    a = p.game.encode()
    if p.mark.on and p.humans:
        p.mark.snap = (p.moves, a)  # the state undo may come back to
    w.buf.extend(a)
    return w.buf  # a bytearray: no copy of the whole save


def extra(data, at):
    """(undo on, undo point, undo seat, the log, the undo state) from the undo block of a CSV3 save
    at byte at (-1 or None: none)."""
    flags = data[at]
    point = (data[at + 1] << 8 | data[at + 2]) - 1
    who = data[at + 3]
    n = data[at + 4] << 8 | data[at + 5]
    a = bytearray(data[at + 6 : at + 6 + n]) if flags & 2 else None
    snap = None
    if flags & 4 and a is not None and point >= 0:
        at += 6 + n
        m = data[at] << 8 | data[at + 1]
        snap = bytes(data[at + 2 : at + 2 + m])
    return (flags & 1 == 1, -1 if a is None else point, -1 if who == 255 else who, a, snap)


def check_undo(t):
    """The undo block of a continued game against the game, before anything acts on it: the log
    reads to its end and holds every move the save counts; the undo point starts a human's move;
    the undo state is of the same game and, played forward by the log, becomes the game (without
    it, the whole log from the deal does). ValueError naming what is wrong, so a bad save is
    refused at Continue, not at the first undo."""
    from engine import deals

    log = t.actions
    g = t.game
    if log is None:
        if t.mark.at >= 0 or t.mark.state is not None:
            raise ValueError("an undo point without the log")
        return
    log = log.data()
    p = t.mark.at
    # walked move by move: a list of every move's place would need one large block
    n = len(log)
    at = moves = 0
    starts = False
    while at < n:
        if at == p:
            starts = True
        at += 2 if log[at] & 0x80 else 1
        moves += 1
    if at > n:
        raise ValueError("the log ends inside a move")
    if t.moves < 0xFFFF and moves != t.moves:
        raise ValueError("the log holds %d moves, the save counts %d" % (moves, t.moves))
    if p < 0:
        if t.mark.state is not None:
            raise ValueError("an undo state without an undo point")
        return
    if not starts:
        raise ValueError("undo point %d does not start a move of the log" % p)
    w = t.mark.seat
    if not (0 <= w < len(t.kinds)) or t.kinds[w] != 0:
        raise ValueError("undo seat %d is not a human seat" % w)
    if t.mark.state is not None:
        from engine import games

        u = games.decode(t.gid, t.mark.state)
        if u.seats != g.seats or u.seed != g.seed or u.opts != g.opts:
            raise ValueError("the undo state is of another game")
        if u.to_act != w:
            raise ValueError("the undo state is not the undo seat's move")
        for i in deals.indices(log, p):
            deals.step(u, i)
    else:
        u = deals.rebuild(t.gid, g.seats, g.seed, g.opts, log)
    if u.encode() != g.encode():
        raise ValueError("the log does not lead to the saved game")
