"""Statistics per seat name (games, wins, losses) in the "stats" file: "stats 1", then one line
per name: name, games, wins, losses separated by tabs (firmware.records: a bad line, another
version or a bad checksum keeps the good lines, keeps the original as stats.bad and tells the
player once). Imported only when read or updated."""
from firmware import records

KIND = "stats"
NAME_MAX = 16


def parse(line):
    """[name, games, wins, losses] from a line, or None when it is not a good one."""
    if line is None:
        return None
    f = line.split("\t")
    if len(f) != 4 or not f[0] or len(f[0]) > NAME_MAX:
        return None
    try:
        g, w, lo = int(f[1]), int(f[2]), int(f[3])
    except ValueError:
        return None
    if g < 0 or w < 0 or lo < 0 or w > g or lo > g:
        return None
    return [f[0], g, w, lo]


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
            problem = (problem + ", " if problem else "") + \
                ("%d bad line%s" % (bad, "s" if bad > 1 else ""))
        app.stats = rows
        if problem:
            records.repair(app, KIND, KIND, lines_of(rows), problem, "Statistics")
    return app.stats


def lines_of(rows):
    return ["%s\t%d\t%d\t%d" % (r[0], r[1], r[2], r[3]) for r in rows]


def record(app, names, winners, losers):
    """Count a finished game for every seat name."""
    st = load(app)
    for s in range(len(names)):
        row = None
        for r in st:
            if r[0] == names[s]:
                row = r
        if row is None:
            row = [names[s], 0, 0, 0]
            st.append(row)
        row[1] += 1
        if s in winners:
            row[2] += 1
        if s in losers:
            row[3] += 1
    records.write(app, KIND, KIND, lines_of(st))
