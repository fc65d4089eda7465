"""Statistics per seat name (games, wins, losses) in the "stats" file: one line per name,
name, games, wins, losses separated by tabs. Imported only when read or updated."""


def load(app):
    if app.stats is None:
        app.stats = []
        d = app.safe_read("stats")
        if d:
            try:
                for line in d.decode().split("\n"):
                    f = line.split("\t")
                    if len(f) == 4:
                        app.stats.append([f[0], int(f[1]), int(f[2]), int(f[3])])
            except (ValueError, UnicodeError):
                app.stats = []
    return app.stats


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
    out = []
    for r in st:
        out.append("%s\t%d\t%d\t%d" % (r[0], r[1], r[2], r[3]))
    app.safe_write("stats", "\n".join(out).encode())
