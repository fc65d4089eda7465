"""The command words of the scripts that run under the MicroPython unix port as well as on
CPython (the unix port has no argparse): --help prints the usage line; words that do not fit
print it with what is wrong, exit 2. Never a traceback for a mistyped command."""

import sys


def fail(usage, why):
    print("usage: " + usage)
    print("error: " + why)
    sys.exit(2)


def words(usage, least, most, argv=None):
    """The command's words (sys.argv after the script), least to most of them."""
    a = sys.argv[1:] if argv is None else argv
    if "-h" in a or "--help" in a:
        print("usage: " + usage)
        sys.exit(0)
    if len(a) < least or (most is not None and len(a) > most):
        fail(usage, "%d words given, %s wanted" % (len(a), _span(least, most)))
    return a


def _span(least, most):
    if most is None:
        return "%d or more" % least
    return "%d" % least if least == most else "%d to %d" % (least, most)


def whole(usage, word, lo=0, hi=None):
    """word as an integer from lo to hi (hi None: no top)."""
    try:
        v = int(word)
    except ValueError:
        fail(usage, "%r is not a whole number" % word)
    if v < lo or (hi is not None and v > hi):
        fail(usage, "%d is out of range" % v)
    return v


def game(usage, word):
    """word as a game id of the catalogue."""
    from engine import games

    ids = [e[0] for e in games.CATALOGUE]
    if word not in ids:
        fail(usage, "unknown game %r (choose %s)" % (word, ", ".join(ids)))
    return word


def board(usage, word):
    """word as a board id."""
    from boards import IDS

    if word not in IDS:
        fail(usage, "unknown board %r (choose %s)" % (word, ", ".join(IDS)))
    return word
