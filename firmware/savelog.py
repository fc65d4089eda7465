"""Writing a save (firmware.savefile has the layout) and reading its undo block: the autosave
of every move loads only this module and engine.codec, not the whole of firmware.savefile."""

from engine.codec import Writer


def save_bytes(p):
    """The save of p, a game's turn controller (firmware.turn.Turn), its stamp already set
    (Turn.autosave gives a game just continued the one after every save's)."""
    w = Writer()
    w.buf.extend(b"CSV3")  # firmware.savefile.SAVE_MAGIC
    w.text(p.gid)
    w.u8(len(p.kinds))
    for s in range(len(p.kinds)):
        w.u8(p.kinds[s])
        w.text(p.names[s])
    w.u32(p.bots.seed)
    w.u32(p.saved.stamp)
    w.u16(p.moves if p.moves < 0xFFFF else 0xFFFF)
    a = p.actions
    n = 0 if a is None else a.n
    if n > 0xFFFF:
        a = None
    # the state undo goes back to, when it is at hand: after a power-off undo then decodes it
    # instead of playing the whole log again from the deal (1.4 s late in a long match)
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
    a = p.g.encode()
    if p.mark.on and p.humans:
        p.mark.snap = (p.moves, a)  # the state undo may come back to (firmware.turn)
    w.buf.extend(a)
    return w.buf  # (a bytearray: no copy of the whole save made here)


def extra(data, at):
    """(undo on, undo point (-1: none), undo seat (-1: none), the log or None, the undo state's
    game bytes or None) from the undo block of a CSV3 save that starts at byte at."""
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
    """The undo block of a continued game (t: its turn controller, firmware.turn.Turn) against
    the game, before anything acts on it (firmware.play.Play.check_save): the log reads to its
    end and holds every move the save counts; the undo point starts a move of the log, by a human
    seat; the undo state is of the same game (seats, deal, options) and, played forward by the
    log's moves since the undo point, becomes the game; without it, the log played again from the
    deal to its end becomes the game (what undo would play). ValueError naming what is wrong: a
    save that fails is refused at Continue, not at the first look back or undo."""
    from engine import deals

    log = t.actions
    g = t.g
    if log is None:
        if t.mark.at >= 0 or t.mark.state is not None:
            raise ValueError("an undo point without the log")
        return
    log = log.data()
    p = t.mark.at
    # the log walked move by move (no list of every move's place: a long match's would need
    # kilobytes in one block): its moves counted, the undo point found among their starts
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
