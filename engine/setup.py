"""Option rows, seat counts and save decoding (the shared header): the parts of the engine
contract (engine.game) used only while a game is set up, built or loaded. Imported through
engine.game.setup() (the setup screen: directly, with engine.game not yet loaded) and dropped again
by engine.games, so it takes no memory during play."""

from engine.compat import const


def _error(message):
    """GameError (engine.errors), imported only when raised: the setup screen shows the option
    rows with this module alone."""
    from engine.errors import GameError

    return GameError(message)


# Option rows, one shape for every family: (name, default, limits, help, words)
#   default  the value every game of the family starts with, unless its preset says otherwise
#   limits   None for an on/off flag, else (lowest, highest) for a number
#   words    None, or how the numbers read from lowest up; the last entry also stands for every
#            higher number, and "%d" in an entry is replaced by the number ("%d chips")
# A family's options module (engine.<family>_options) lists its rows in OPTIONS (screen order),
# its games in GAME_IDS and, in PRESETS, per game id only the defaults that differ from the rows':
# {game id: {name: value}} (a dict's keys are qstrs: cheaper to load than tuples of names); a game
# without an entry plays the rows' defaults. defaults() below is the one place a default is
# read; the rest of this part parses and checks the rows.
# The fields by name: underscore const()s, inlined by MicroPython (no RAM); other modules unpack
# a row whole (for name, default, limits, help_, words in OPTIONS).
_NAME = const(0)
_DEFAULT = const(1)
_LIMITS = const(2)
_HELP = const(3)
_WORDS = const(4)


def defaults(family, game_id):
    """{name: value} in row order: the game's default options, each row's default with the
    game's preset over it. family: a module with OPTIONS, GAME_IDS and PRESETS (the options
    module, or the rules module that imports them); a game id not in GAME_IDS raises GameError."""
    if game_id not in family.GAME_IDS:
        raise _error("no game %r in this family (%s)" % (game_id, ", ".join(family.GAME_IDS)))
    out = {}
    for r in family.OPTIONS:
        out[r[_NAME]] = r[_DEFAULT]
    preset = family.PRESETS.get(game_id)
    if preset:
        for name in preset:
            out[name] = preset[name]
    return out


def options_for(family, game_id):
    """[(name, default, help, limits, words)] for the setup screen and the docs, in screen
    order: a row with this game's default (defaults())."""
    d = defaults(family, game_id)
    return [(r[_NAME], d[r[_NAME]], r[_HELP], r[_LIMITS], r[_WORDS]) for r in family.OPTIONS]


def option_word(opt, v):
    """How value v of an options_for() entry reads: on/off, the row's words, or the number."""
    name, default, help_, limits, w = opt
    if limits is None:
        return "on" if v else "off"
    if w is None:
        return "%d" % v
    t = w[min(v - limits[0], len(w) - 1)]
    return t % v if "%d" in t else t


def option_label(name):
    """The option's name as words: "seven_lower" -> "Seven lower"."""
    t = name.replace("_", " ")
    return t[:1].upper() + t[1:]


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
