"""What the project's commands share to answer bad input in one line: argument types that refuse
a value out of range (argparse then prints its usage line and exits 2), and `guard`, which turns
a failure of the command itself into one line on stderr and exit 1 (CARD_DEBUG=1 shows the
traceback instead). Usage errors exit 2, failures exit 1, never a traceback."""

import argparse
import os
import sys


def whole(lo=None, hi=None):
    """An argparse type: an integer from lo to hi (either end open when None)."""

    def parse(s):
        try:
            v = int(s)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a whole number" % s) from None
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError("%d is out of range (%s)" % (v, _span(lo, hi)))
        return v

    parse.__name__ = "whole number"
    return parse


def real(lo=None, hi=None, above=None):
    """An argparse type: a number from lo to hi, or greater than above."""

    def parse(s):
        try:
            v = float(s)
        except ValueError:
            raise argparse.ArgumentTypeError("%r is not a number" % s) from None
        if v != v or (above is not None and v <= above):
            raise argparse.ArgumentTypeError("%s must be more than %s" % (s, above))
        if (lo is not None and v < lo) or (hi is not None and v > hi):
            raise argparse.ArgumentTypeError("%s is out of range (%s)" % (s, _span(lo, hi)))
        return v

    parse.__name__ = "number"
    return parse


def _span(lo, hi):
    if hi is None:
        return "%s or more" % lo
    if lo is None:
        return "%s or less" % hi
    return "%s to %s" % (lo, hi)


def board(s):
    """An argparse type: a board id of boards.IDS."""
    from boards import IDS

    if s not in IDS:
        raise argparse.ArgumentTypeError("unknown board %r (choose %s)" % (s, ", ".join(IDS)))
    return s


def boards(s):
    """An argparse type: board ids separated by commas, each of boards.IDS (s as given)."""
    if not [board(b.strip()) for b in s.split(",") if b.strip()]:
        raise argparse.ArgumentTypeError("no board named")
    return s


def existing_file(s):
    """An argparse type: a file that can be read."""
    if not os.path.isfile(s):
        raise argparse.ArgumentTypeError("no such file: %s" % s)
    return s


def folder(s):
    """An argparse type: a folder, or a path where one can be made (not a file)."""
    if os.path.exists(s) and not os.path.isdir(s):
        raise argparse.ArgumentTypeError("%s is a file, not a folder" % s)
    return s


def guard(main, argv=None, name=None):
    """main(argv)'s exit code; a failure of main is one line on stderr and exit 1."""
    try:
        return main(argv)
    except KeyboardInterrupt:
        return 130
    except SystemExit:
        raise
    except Exception as e:  # a command's own failure: said in one line, not a traceback
        if os.environ.get("CARD_DEBUG"):
            raise
        what = str(e) or e.__class__.__name__
        print(
            "%s: error: %s (%s)" % (name or _prog(), what, e.__class__.__name__), file=sys.stderr
        )
        return 1


def _prog():
    m = sys.modules.get("__main__")
    spec = getattr(m, "__spec__", None)
    return "python -m " + spec.name if spec is not None else os.path.basename(sys.argv[0])


class Parser(argparse.ArgumentParser):
    """argparse's parser whose usage error is one line (what is wrong, and where to look)."""

    def error(self, message):
        self.exit(2, "%s: error: %s (--help for usage)\n" % (self.prog, message))
