"""Small text files of the console (statistics, settings): a version line, then a record a line.

    lines, problem = read(app, name, kind)   # the record lines, and what was wrong (or "")
    repair(app, name, kind, lines, problem, what)   # keep the original, write the good part
    write(app, name, kind, lines)

A file starts with "<kind> <VERSION>" (without it, all lines are records). After a bad checksum the
lines are read from N.bad all the same; another version or unreadable lines leave the caller what
it can read. repair() then keeps the original as N.bad, writes the good records atomically and
tells the player once in app.notice. A file of a newer version is left exactly as it is: read()
gives the problem NEWER, keep() names it in the notice, write() never writes over it.
"""

VERSION = 1
NEWER = "newer"


def keep(app, name, what):
    """A file of a newer version: left as it is, never written, the player told."""
    if name not in app.newer:
        app.newer.append(name)
        app.tell("%s: written by a newer version of the console; left as it is." % what)


def read(app, name, kind):
    st = app.store()
    if st is None:
        return [], ""
    problem = ""
    try:
        data = st.read(name)
    except OSError:
        data = None
    dmg = getattr(st, "damaged", None)
    if dmg and name in dmg:
        dmg.remove(name)
        problem = "a bad checksum"
        data = salvage(st, name)
    if not data:
        return [], problem
    lines = []
    for raw in bytes(data).split(b"\n"):
        try:
            lines.append(raw.decode())
        except UnicodeError:
            lines.append(None)  # not text: a bad line
    if lines and lines[0] is not None and lines[0].startswith(kind + " "):
        head = lines.pop(0)
        if head != "%s %d" % (kind, VERSION):
            v = head[len(kind) + 1 :]
            if v.isdigit() and int(v) > VERSION and not problem:
                return [], NEWER
            problem = problem or "version %s" % v[:8]
    while lines and lines[-1] == "":
        lines.pop()
    return lines, problem


def salvage(st, name):
    """The payload of a file the storage moved aside, without the checksum check."""
    f = getattr(st, "salvage", None)
    if f is None:
        return None
    try:
        return f(name)
    except OSError:
        return None


def write(app, name, kind, lines):
    if name in app.newer:
        return False  # a newer version's file is never written over
    body = "%s %d\n" % (kind, VERSION) + "\n".join(lines)
    return app.safe_write(name, body.encode())


def repair(app, name, kind, lines, problem, what):
    """Keep the damaged original aside, write the good records, tell the player (once)."""
    st = app.store()
    if st is not None and problem != "a bad checksum":
        keep = getattr(st, "keep_aside", None)
        if keep is not None:
            try:
                keep(name)
            except OSError:
                return  # no copy of the original: it is not replaced either
    if write(app, name, kind, lines):
        msg = "%s: %s; %d kept, the old file is %s.bad." % (what, problem, len(lines), name)
        app.notice = (app.notice + " " + msg) if app.notice else msg
