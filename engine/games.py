"""The game catalogue: ids, names, seat ranges, and where each game's code lives.

Modules are imported only when a game is built, so a console running one game holds only
that family's code; the firmware releases them again from the names here (firmware.lifetimes).
"""

from engine.compat import const

# A catalogue row's fields, by name. const(): MicroPython inlines them in this module; the four the
# app reads (games.ID, games.NAME, games.RULES, games.BOTS) are public, a dict entry each, which
# costs less than an accessor function each. The seat fields have seat_counts() and stay private
# (an underscore const takes no RAM at all).
ID = const(0)
NAME = const(1)  # the name on screen
RULES = const(2)  # the rules module (engine.<family>)
BOTS = const(3)  # the bots module
_MIN_SEATS = const(4)
_MAX_SEATS = const(5)
_SEAT_STEP = const(6)
SHORT = const(7)  # the name for narrow places (a title, a row not selected): tells games apart

# Every count min, min + step, .. max starts a game with the default options (tests/test_seats.py);
# the partners game takes 4 or 6, pairs sitting opposite.
CATALOGUE = (
    ("screw", "Screw", "engine.shedding", "engine.shedding_bots", 2, 5, 1, "Screw"),
    ("moonshine", "Moonshine", "engine.shedding", "engine.shedding_bots", 2, 4, 1, "Moonshine"),
    ("popcorn", "Popcorn", "engine.shedding", "engine.shedding_bots", 2, 4, 1, "Popcorn"),
    (
        "shithead",
        "Shithead (Palace)",
        "engine.shedding",
        "engine.shedding_bots",
        2,
        6,
        1,
        "Shithead",
    ),
    ("screwed", "SCREWED!", "engine.matching", "engine.matching_bots", 2, 6, 1, "SCREWED!"),
    (
        "syn-partners",
        "Screw Your Neighbor (partners)",
        "engine.matching",
        "engine.matching_bots",
        4,
        6,
        2,
        "SYN partners",
    ),
    (
        "syn-swap",
        "Screw Your Neighbor (swap)",
        "engine.swap",
        "engine.swap_bots",
        3,
        10,
        1,
        "SYN swap",
    ),
    ("schieber", "Schieber Jass", "engine.jass", "engine.jass_bots", 4, 4, 1, "Schieber"),
)

BOT_LEVELS = ("random", "heuristic", "strong")
# Games whose strong level plays as their good one does (SCREWED! plays its heuristic without
# searching; the swap game's search keeps the heuristic's choice within the noise): the setup
# says so (docs/BOTS.md, the arena's yardstick).
STRONG_AS_GOOD = ("screwed", "syn-swap")


def entry(game_id):
    for e in CATALOGUE:
        if e[ID] == game_id:
            return e
    raise ValueError(
        "unknown game %r (choose %s)" % (game_id, ", ".join([e[ID] for e in CATALOGUE]))
    )


def seat_counts(game_id):
    """The seat counts the menu and the tools offer for game_id, smallest first."""
    e = entry(game_id)
    return list(range(e[_MIN_SEATS], e[_MAX_SEATS] + 1, e[_SEAT_STEP]))


def check_seats(game_id, seats):
    """GameError unless seats is one of the catalogue's counts for game_id (the seat counts live
    here only: the menu offers exactly these)."""
    n = seat_counts(game_id)
    if not isinstance(seats, int) or seats not in n:
        if len(n) == 1:
            can = "%d" % n[0]
        elif len(n) == n[-1] - n[0] + 1:
            can = "%d to %d" % (n[0], n[-1])
        else:
            can = ", ".join(["%d" % x for x in n[:-1]]) + " or %d" % n[-1]
        from engine.errors import GameError

        raise GameError("%s takes %s players, not %r" % (game_id, can, seats))


def seats_label(game_id):
    """The seat counts in a few characters: "2-6", or "4/6" when not every count is offered."""
    n = seat_counts(game_id)
    if len(n) == 1:
        return "%d" % n[0]
    if len(n) == n[-1] - n[0] + 1:
        return "%d-%d" % (n[0], n[-1])
    return "/".join(["%d" % x for x in n])


_available = []


def available():
    """Ids whose rules module is present (imports each one: for tools and tests; the firmware
    finds its games without importing them, firmware.menus.available). Cached."""
    if _available:
        return list(_available[0])
    out = []
    for e in CATALOGUE:
        try:
            _module(e[RULES])
            out.append(e[ID])
        except ImportError:
            pass
    _available.append(out)
    return list(out)


def _module(name):
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def rules(game_id):
    return _module(entry(game_id)[RULES])


def new_game(game_id, seats, seed, options=None):
    """Build a game; bad seat counts or options raise ValueError with a clear message."""
    entry(game_id)
    try:
        return rules(game_id).new_game(game_id, seats, seed, options or {})
    finally:
        _drop_setup()


def _drop_setup():
    """engine.setup (options, seats, save header), engine.optrows (the option rows it reads),
    engine.oldsaves and the family's checks of a loaded save (engine.<family>_check) are not
    needed during play: let them go."""
    import sys

    pkg = sys.modules.get("engine")
    for m in setup_modules():
        sys.modules.pop(m)
        if pkg is not None and m[7:] in pkg.__dict__:
            delattr(pkg, m[7:])


def setup_modules():
    """The setup helpers loaded now (module names): what a decode with keep holds for check()."""
    import sys

    out = []
    for m in sys.modules:
        name = m[7:]
        if m[:7] == "engine." and (
            name in ("setup", "optrows", "oldsaves") or name[-6:] == "_check"
        ):
            out.append(m)
    return out


def options_for(game_id):
    """[(name, default, help, limits, words)] in screen order, with this game's defaults;
    engine.optrows.option_word(entry, value) says a value in words."""
    from engine import optrows

    return optrows.options_for(_module(options_module(game_id)), game_id)


def options_module(game_id):
    """The module of a game's option rows (engine.<family>_options): a setup screen needs only
    these, not the rules (about 150 ms less to load on the Pico, and less RAM)."""
    return entry(game_id)[RULES] + "_options"


def decode(game_id, data, validate=True, deep=True, keep=False):
    """Rebuild a game from encode()'s bytes. With validate, anything that is not exactly a
    state this engine could have written (damaged or foreign bytes) raises ValueError, so a
    bad save is reported instead of crashing a game later. deep=False leaves out the costly
    part (re-encode, the pack, the views, the dry run: check() makes it later); every field is
    still checked against its domain, so the game can be shown. keep: the setup helpers stay
    loaded for the check() to come, which lets them go."""
    return _load(game_id, data, validate, validate and deep, None, keep)


def check(game_id, g, data):
    """The checks decode(game_id, data, True, False) left out, on its g not played since: the
    same ValueError for a damaged state, else None. (The app shows a continued table first and
    makes these before anything acts on it: 45-65 ms less to the first pixel on the Pico.)"""
    _load(game_id, data, False, True, g)


def _load(game_id, data, domain, deep, g, keep=False):
    held = False  # a save that fails lets the helpers go, kept or not
    try:
        from engine.codec import SAVE_FORMAT
        from engine.game import setup  # loaded with the rules module

        s = setup()
        if g is None:
            g = s.decode(rules(game_id), game_id, data, check_seats)
        if domain:
            s.check_loaded(g, _module(entry(game_id)[RULES] + "_check"))
        if deep:
            # A save from before the shared header (engine.codec.SAVE_FORMAT) is written anew in
            # today's format, so only today's saves must re-encode to the same bytes.
            if data[0] == SAVE_FORMAT and g.encode() != bytes(data):
                raise ValueError("it does not re-encode to the same bytes")
            # Exactly the pack a new game with these seats and options holds.
            ref = rules(game_id).new_game(game_id, g.seats, 1, g.opts)
            if sorted(g.all_cards()) != sorted(ref.all_cards()):
                raise ValueError("cards are missing, doubled or unknown")
            # a family's costly agreement of its fields (Schieber: the hand replayed)
            follows = getattr(_module(entry(game_id)[RULES] + "_check"), "follows", None)
            if follows is not None:
                follows(g)
            if not g.over:
                if not g.legal_actions():
                    raise ValueError("the seat to act has no move")
            for seat in range(g.seats):
                g.view(seat)
            s.dry_run(g)
        held = keep
    except ValueError as e:
        raise ValueError("damaged %s state: %s" % (game_id, e))
    except MemoryError:
        raise  # not the save's fault: the app frees memory and tries again, the save stays
    except Exception as e:  # noqa: BLE001 - IndexError, KeyError, ... from bytes no engine wrote
        raise ValueError("damaged %s state: %s" % (game_id, type(e).__name__))
    finally:
        if not held:
            _drop_setup()
    return g


def make_bot(game_id, level, seat, seed):
    if level not in BOT_LEVELS:
        raise ValueError("unknown bot level %r (choose %s)" % (level, ", ".join(BOT_LEVELS)))
    e = entry(game_id)
    if level == "strong":  # a search over the family's worlds, which play its bots in rollouts
        return _module(e[RULES] + "_world").strong(game_id, seat, seed)
    return _module(e[BOTS]).make_bot(game_id, level, seat, seed)
