"""Statistics per seat name (games, wins, losses, hints used) in the "stats" file: "stats 1", then
one line per name: name, games, wins, losses, hints separated by tabs (lines of older files
without the hints column read as 0 hints). firmware.records: a bad line, another version or a
bad checksum keeps the good lines, keeps the original as stats.bad and tells the player once.
Imported only when read or updated."""

from firmware import records

KIND = "stats"
NAME_MAX = 16


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
        rows = []
        bad = 0
        for line in lines:
            r = parse(line)
            if r is None or [x for x in rows if x[0] == r[0]]:
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
    return ["%s\t%d\t%d\t%d\t%d" % (r[0], r[1], r[2], r[3], r[4]) for r in rows]


def row_of(st, name):
    for r in st:
        if r[0] == name:
            return r
    r = [name, 0, 0, 0, 0]
    st.append(r)
    return r


def record(app, names, winners, losers):
    """Count a finished game for every seat name."""
    st = load(app)
    for s in range(len(names)):
        row = row_of(st, names[s])
        row[1] += 1
        if s in winners:
            row[2] += 1
        if s in losers:
            row[3] += 1
    records.write(app, KIND, KIND, lines_of(st))


def hint(app, name):
    """Count a hint the player of that name asked for."""
    st = load(app)
    row_of(st, name)[4] += 1
    records.write(app, KIND, KIND, lines_of(st))
