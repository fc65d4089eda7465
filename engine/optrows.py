"""The option rows a setup screen shows: each game's defaults and how a value reads in words.
Apart from engine.setup (the rows checked, seats, save decoding) so that opening a setup loads
only this and the game's option rows: engine.setup comes with the deal."""

from engine.compat import const


def game_error(message):
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
# read; engine.setup parses and checks the rows.
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
        raise game_error("no game %r in this family (%s)" % (game_id, ", ".join(family.GAME_IDS)))
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
