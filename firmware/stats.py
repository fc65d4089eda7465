"""Statistics per seat name (games, wins, losses, hints used) in the "stats" file: one line per
name, name, games, wins, losses, hints separated by tabs (files without the hints column read as
0 hints). Imported only when read or updated."""


def load(app):
    if app.stats is None:
        app.stats = []
        d = app.safe_read("stats")
        if d:
            try:
                for line in d.decode().split("\n"):
                    f = line.split("\t")
                    if len(f) == 4 or len(f) == 5:
                        app.stats.append([f[0], int(f[1]), int(f[2]), int(f[3]),
                                          int(f[4]) if len(f) == 5 else 0])
            except (ValueError, UnicodeError):
                app.stats = []
    return app.stats


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
    write(app, st)


def hint(app, name):
    """Count a hint the player of that name asked for."""
    st = load(app)
    row_of(st, name)[4] += 1
    write(app, st)


def write(app, st):
    out = []
    for r in st:
        out.append("%s\t%d\t%d\t%d\t%d" % (r[0], r[1], r[2], r[3], r[4]))
    app.safe_write("stats", "\n".join(out).encode())
