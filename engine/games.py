"""The game catalogue: ids, names, seat ranges, and where each game's code lives.

Modules are imported only when a game is built, so a console running one game holds only
that family's code (drop() lets the app release it again).
"""

# id: (name on screen, rules module, bots module, min seats, max seats)
CATALOGUE = (
    ("screw", "Screw", "engine.shedding", "engine.shedding_bots", 2, 5),
    ("moonshine", "Moonshine", "engine.shedding", "engine.shedding_bots", 2, 4),
    ("popcorn", "Popcorn", "engine.shedding", "engine.shedding_bots", 2, 4),
    ("shithead", "Shithead (Palace)", "engine.shedding", "engine.shedding_bots", 2, 6),
    ("screwed", "SCREWED!", "engine.matching", "engine.matching_bots", 2, 6),
    ("syn-partners", "Screw Your Neighbor (partners)", "engine.matching", "engine.matching_bots", 4, 6),
    ("syn-swap", "Screw Your Neighbor (swap)", "engine.swap", "engine.swap_bots", 3, 10),
    ("schieber", "Schieber Jass", "engine.jass", "engine.jass_bots", 4, 4),
)

BOT_LEVELS = ("random", "heuristic", "strong")


def entry(game_id):
    for e in CATALOGUE:
        if e[0] == game_id:
            return e
    raise ValueError("unknown game %r" % (game_id,))


_available = []


def available():
    """Ids whose rules module is present in this build.

    Each module is imported to check it, then forgotten again unless it was already loaded, so
    that the menu does not keep every game's code in RAM (the Pico cannot hold them all); the
    answer is cached."""
    if _available:
        return list(_available[0])
    import sys
    out = []
    for e in CATALOGUE:
        loaded = e[2] in sys.modules
        try:
            _module(e[2])
            out.append(e[0])
        except ImportError:
            pass
        if not loaded:
            _forget(e[2])
    _available.append(out)
    return list(out)


def _forget(name):
    import sys
    if name in sys.modules:
        del sys.modules[name]
    pkg, _, leaf = name.rpartition(".")
    parent = sys.modules.get(pkg)
    if parent is not None and leaf in parent.__dict__:
        delattr(parent, leaf)
    from engine.compat import collect
    collect()


def _module(name):
    mod = __import__(name)
    for part in name.split(".")[1:]:
        mod = getattr(mod, part)
    return mod


def rules(game_id):
    return _module(entry(game_id)[2])


def new_game(game_id, seats, seed, options=None):
    """Build a game; bad seat counts or options raise ValueError with a clear message."""
    entry(game_id)
    return rules(game_id).new_game(game_id, seats, seed, options or {})


def decode(game_id, data, validate=True):
    """Rebuild a game from encode()'s bytes. With validate, anything that is not exactly a
    state this engine could have written (damaged or foreign bytes) raises ValueError, so a
    bad save is reported instead of crashing a game later."""
    try:
        g = rules(game_id).decode(game_id, data)
        if validate:
            if g.encode() != bytes(data):
                raise ValueError("it does not re-encode to the same bytes")
            # Exactly the pack a new game with these seats and options holds.
            ref = rules(game_id).new_game(game_id, g.seats, 1, g.opts)
            if sorted(g.all_cards()) != sorted(ref.all_cards()):
                raise ValueError("cards are missing, doubled or unknown")
            if not g.over:
                if not g.legal_actions():
                    raise ValueError("the seat to act has no move")
            for s in range(g.seats):
                g.view(s)
    except ValueError as e:
        raise ValueError("damaged %s state: %s" % (game_id, e))
    except Exception as e:  # IndexError, KeyError, ... from bytes no engine wrote
        raise ValueError("damaged %s state: %s" % (game_id, type(e).__name__))
    return g


def make_bot(game_id, level, seat, seed):
    if level not in BOT_LEVELS:
        raise ValueError("unknown bot level %r (choose %s)" % (level, ", ".join(BOT_LEVELS)))
    return _module(entry(game_id)[3]).make_bot(game_id, level, seat, seed)


def drop(game_id):
    """Forget a game's modules so the garbage collector can reclaim them."""
    import sys
    e = entry(game_id)
    for name in (e[2], e[3]):
        if name in sys.modules:
            del sys.modules[name]
        _forget(name)  # also the package attribute, or the module stays alive
