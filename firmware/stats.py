"""Statistics per seat name in the "stats" file: "stats 1", then a line per name: name, games,
wins, losses, hints, tab-separated (no hints column: 0). Damage is handled by firmware.records.
Imported only when read or updated.
"""

from firmware import records
from firmware.textui import TextScreen
from engine.compat import const

KIND = "stats"
NAME_MAX = 16
# a row: [name, games, wins, losses, hints], a list so the counts go up in place
_NAME = const(0)
_GAMES = const(1)
_WINS = const(2)
_LOSSES = const(3)
_HINTS = const(4)


def parse(line):
    """[name, games, wins, losses, hints] from a line, or None when it is not a good one."""
    if line is None:
        return None
    f = line.split("\t")
    if len(f) not in (4, 5) or not f[0] or len(f[0]) > NAME_MAX:
        return None
    try:
        g, w, lo = int(f[1]), int(f[2]), int(f[3])
        h = int(f[4]) if len(f) == 5 else 0
    except ValueError:
        return None
    if g < 0 or w < 0 or lo < 0 or h < 0 or w > g or lo > g:
        return None
    return [f[0], g, w, lo, h]


def load(app):
    if app.stats is None:
        lines, problem = records.read(app, KIND, KIND)
        if problem == records.NEWER:
            records.keep(app, KIND, "Statistics")
            problem = ""
        rows = []
        bad = 0
        for line in lines:
            r = parse(line)
            if r is None or [x for x in rows if x[_NAME] == r[_NAME]]:
                bad += 1
                continue
            rows.append(r)
        if bad:
            problem = (problem + ", " if problem else "") + (
                "%d bad line%s" % (bad, "s" if bad > 1 else "")
            )
        app.stats = rows
        if problem:
            records.repair(app, KIND, KIND, lines_of(rows), problem, "Statistics")
    return app.stats


def lines_of(rows):
    return ["%s\t%d\t%d\t%d\t%d" % tuple(r) for r in rows]


def row_of(st, name):
    for r in st:
        if r[_NAME] == name:
            return r
    r = [name, 0, 0, 0, 0]
    st.append(r)
    return r


def record(app, names, winners, losers):
    """Count a finished game for every seat name."""
    st = load(app)
    for s in range(len(names)):
        row = row_of(st, names[s])
        row[_GAMES] += 1
        if s in winners:
            row[_WINS] += 1
        if s in losers:
            row[_LOSSES] += 1
    records.write(app, KIND, KIND, lines_of(st))


def hint(app, name):
    """Count a hint the player of that name asked for."""
    st = load(app)
    row_of(st, name)[_HINTS] += 1
    records.write(app, KIND, KIND, lines_of(st))


class Stats(TextScreen):
    """The statistics screen."""

    def __init__(self, app):
        st = app.load_stats()
        lines = []
        if app.notice:  # what was wrong with the file, told once
            lines.append(app.notice)
            lines.append("")
            app.clear_notice()
        if not st:
            lines.append("No games finished yet.")
        else:
            # most games first, then by name (unique: the same order everywhere)
            rows = sorted(
                [(-played, name, won, lost, hints) for name, played, won, lost, hints in st]
            )
            for least, name, won, lost, hints in rows:
                played = -least
                lines.append(
                    "%s: %d game%s, %d won, %d lost, %d hint%s"
                    % (
                        name,
                        played,
                        "" if played == 1 else "s",
                        won,
                        lost,
                        hints,
                        "" if hints == 1 else "s",
                    )
                )
        TextScreen.__init__(self, app, "Statistics", "\n".join(lines))
