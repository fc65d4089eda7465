"""Options checked, seat counts and save decoding (the shared header): the parts of the engine
contract (engine.game) used only while a game is built or loaded. Imported through
engine.game.setup() and dropped again by engine.games, so it takes no memory during play. The
option rows a setup screen shows are engine.optrows'."""

from engine.compat import const

# The option rows' shape and defaults live in engine.optrows (a setup screen loads only that);
# this part checks a game's options against them.
from engine.optrows import defaults, game_error as _error

# a row's fields (engine.optrows)
_NAME = const(0)
_LIMITS = const(2)


def check_options(options, family, game_id):
    """The game's defaults (defaults()) with overrides merged in; an unknown name, a wrong type
    or a value out of range raises GameError with a one-line message."""
    out = defaults(family, game_id)
    if not options:
        return out
    rows = family.OPTIONS
    for k in options:
        row = None
        for r in rows:
            if r[_NAME] == k:
                row = r
        if row is None:
            raise _error("unknown option %r" % (k,))
        v = options[k]
        if row[_LIMITS] is None:
            v = parse_bool(v, k)
        else:
            try:
                v = int(v)
            except (TypeError, ValueError):
                raise _error("option %s needs a number, not %r" % (k, v))
            lo, hi = row[_LIMITS]
            if not lo <= v <= hi:
                raise _error("option %s must be %d to %d, not %d" % (k, lo, hi, v))
        out[k] = v
    return out


def parse_bool(v, name="option"):
    if v is True or v is False:
        return v
    if v in (0, 1):
        return bool(v)
    s = str(v).lower()
    if s in ("1", "true", "yes", "on"):
        return True
    if s in ("0", "false", "no", "off"):
        return False
    raise _error("option %s needs true/false, not %r" % (name, v))


def decode(family, game_id, data, check_seats):
    """Rebuild a game of module `family` from Game.encode()'s bytes: read the header here, build
    the game (family.GAME_CLASS), let it read its body (_decode_body), and check that nothing is
    left over. Saves from before the shared header (formats 1 and 2) have their header read by
    engine.oldsaves; other formats, another game's save or a seat count the catalogue does not
    offer (check_seats(game_id, seats): engine.games.check_seats) raise GameError."""
    from engine.codec import SAVE_FORMAT, Reader

    r = Reader(data)
    rows = family.OPTIONS
    opts = defaults(family, game_id)
    ver = r.u8()
    if ver == SAVE_FORMAT:
        gid = r.text()
        if gid != game_id:
            raise _error("save is for %s, not %s" % (gid, game_id))
        seats = r.u8()
        seed = r.text()
        try:
            seed = int(seed)
        except ValueError:
            pass
        for row in rows:
            v = r.u16()
            opts[row[_NAME]] = bool(v) if row[_LIMITS] is None else v
        state = r.u32()
    elif 1 <= ver < SAVE_FORMAT:
        from engine import oldsaves

        seats, seed, state = oldsaves.header(family.__name__, game_id, rows, opts, r, ver)
    else:
        raise _error("save from an unknown engine version (format %d)" % ver)
    check_seats(game_id, seats)
    # The state comes from the save: the seed is only stored (it may be text), the RNG is set.
    g = family.GAME_CLASS(game_id, seats, seed if isinstance(seed, int) else 1, opts)
    g.seed = seed
    g.buffering = False
    g.rng.set_state(state)
    g._decode_body(r, ver)
    r.done()
    return g


def check_loaded(g, checks):
    """A loaded game's fields against their domains, before anything uses them (engine.games.
    decode): options within their rows' limits, the family's FIELDS (checks: its module engine.
    <family>_check; name, lowest, highest, a negative highest counting from the seat count: -1
    is the last seat), the seat to act (-1 only once over), the "over" flag against the phase
    (OVER_PHASE), then the family's own check(g). The first field out of its domain raises
    GameError naming it."""
    for row in g.OPTIONS:
        lim = row[_LIMITS]
        v = g.opts[row[_NAME]]
        if lim is not None and not lim[0] <= v <= lim[1]:
            raise _error("option %s %d is not %d to %d" % (row[_NAME], v, lim[0], lim[1]))
    n = g.seats
    for name, lo, hi in checks.FIELDS:
        v = getattr(g, name)
        if hi < 0:
            hi += n
        if not lo <= v <= hi:
            raise _error("%s %r is not %d to %d" % (name, v, lo, hi))
    if g.over != (g.phase == checks.OVER_PHASE):
        raise _error("over flag %r but phase %d" % (g.over, g.phase))
    if not (g.to_act == -1 if g.over else 0 <= g.to_act < n):
        raise _error("seat to act %r" % (g.to_act,))
    checks.check(g)


def dry_run(g):
    """Every legal action of a loaded game applies on a copy, after which the game is over or
    its seat to act has a move; else GameError naming the action."""
    n = g.seats
    for a in g.legal_actions():
        c = g.copy()
        try:
            c.apply(a)
            ok = c.over or (0 <= c.to_act < n and c.legal_actions())
        except MemoryError:
            raise  # not the save's fault (engine.games.decode lets it through)
        except Exception as e:  # noqa: BLE001 - any fault of a damaged state is reported as one
            raise _error("action %r fails (%s: %s)" % (a, type(e).__name__, e))
        if not ok:
            raise _error("after action %r no seat has a move" % (a,))
