"""Headers of saves written before the shared one (engine.setup.decode, format 3): each
family's own, formats 1 and 2. Loaded only to read such a save (tests/test_saves_old.py)."""

from engine.errors import GameError


def header(family, game_id, rows, opts, r, ver):
    """-> (seats, seed, rng state) from an old header of a game of family (the rules module's
    name), the format byte already read; the options read go into opts (the defaults)."""
    if family == "engine.shedding":
        # game id, seed as text, seats, a u8 per option; format 1 had no draw_each (off then)
        if r.text() != game_id:
            raise GameError("not a %s save" % game_id)
        seed = int(r.text())
        seats = r.u8()
        for name, default, limits, help_, words in rows:
            v = 0 if ver == 1 and name == "draw_each" else r.u8()
            opts[name] = bool(v) if limits is None else v
        return seats, seed, r.u32()
    if family == "engine.matching":
        # seats, a u16 per option, seed u32 (format 2 also holds the known cards, in the body)
        seats = r.u8()
        for name, default, limits, help_, words in rows:
            v = r.u16()
            opts[name] = bool(v) if limits is None else v
        return seats, r.u32(), r.u32()
    if ver != 1:
        raise GameError("save from an unknown engine version (format %d)" % ver)
    if family == "engine.swap":
        seats = r.u8()
        opts["lives"] = r.u8()
        opts["king_blocks"] = r.u8() == 1
        seed = r.text()
        try:
            seed = int(seed)
        except ValueError:
            pass
        return seats, seed, r.u32()
    # engine.jass: target u16, hands u8, a byte of flags, seed u32
    opts["target"] = r.u16()
    opts["hands"] = r.u8()
    f = r.u8()
    opts["multipliers"] = bool(f & 1)
    opts["strict_undertrump"] = bool(f & 2)
    opts["large_weis"] = bool(f & 4)
    opts["undenufe_six"] = bool(f & 8)
    opts["four_nines"] = not (f & 16)
    return 4, r.u32(), r.u32()
