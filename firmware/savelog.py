"""Writing a save (firmware.savefile has the layout) and reading its undo block: the autosave
of every move loads only this module and engine.codec, not the whole of firmware.savefile."""

from engine.codec import Writer


def save_bytes(p):
    """The save of p, a game's turn controller (firmware.turn.Turn); a stamp of 0 (a game just
    continued) becomes the one after every save's."""
    if not p.stamp:
        from firmware.savefile import next_stamp

        p.stamp = next_stamp(p.app)
    w = Writer()
    w.buf.extend(b"CSV3")  # firmware.savefile.SAVE_MAGIC
    w.text(p.gid)
    w.u8(len(p.kinds))
    for s in range(len(p.kinds)):
        w.u8(p.kinds[s])
        w.text(p.names[s])
    w.u32(p.seed)
    w.u32(p.stamp)
    w.u16(p.moves if p.moves < 0xFFFF else 0xFFFF)
    a = p.alog
    n = p.alen
    if a is None or n > 0xFFFF:
        a = None
    w.u8((1 if p.undo_on else 0) | (0 if a is None else 2))
    w.u16(p.undo_at + 1 if p.undo_at >= 0 and a is not None else 0)
    w.u8(p.undo_seat & 0xFF)
    w.u16(0 if a is None else n)
    if a is not None:
        w.buf.extend(memoryview(a)[:n])  # the log is the buffer's first alen bytes
    a = p.g.encode()
    if p.undo_on and p.humans:
        p.snap = (p.moves, a)  # the state undo may come back to (firmware.turn)
    w.buf.extend(a)
    return w.buf  # (a bytearray: no copy of the whole save made here)


def extra(data, at):
    """(undo on, undo point (-1: none), undo seat (-1: none), the log or None) from the undo
    block of a CSV3 save that starts at byte at."""
    flags = data[at]
    point = (data[at + 1] << 8 | data[at + 2]) - 1
    who = data[at + 3]
    n = data[at + 4] << 8 | data[at + 5]
    a = bytearray(data[at + 6 : at + 6 + n]) if flags & 2 else None
    return (flags & 1 == 1, -1 if a is None else point, -1 if who == 255 else who, a)
