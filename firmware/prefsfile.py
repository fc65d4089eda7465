"""The "settings" file of app.prefs: read at boot and written when a setting changes; loaded only
for that.
"""

from firmware.choices import SPEEDS, BRIGHT


def lines(prefs):
    return ["%s %d" % (key, int(getattr(prefs, name))) for key, name, _ in prefs.ROWS]


def load(prefs, app):
    """ "settings 1", then a "key N" line per value (a missing key keeps a new console's value; the
    three-byte file of speed, brightness and suits reads too). Damage: firmware.records."""
    from firmware import records

    got, problem = records.read(app, "settings", "settings")
    if problem == records.NEWER:
        records.keep(app, "settings", "Settings")
        return
    if len(got) == 1 and got[0] is not None and len(got[0]) == 3 and not problem:
        d = got[0].encode()  # speed, brightness, suits
        if d[0] < len(SPEEDS) and d[1] < len(BRIGHT) and d[2] < 2:
            prefs.speed, prefs.bright, prefs.swiss = d[0], d[1], bool(d[2])
            return
    bad = 0
    for line in got:
        f = line.split(" ") if line is not None else []
        ok = False
        if len(f) == 2:
            for key, name, n in prefs.ROWS:
                if f[0] == key:
                    try:
                        v = int(f[1])
                    except ValueError:
                        break
                    if 0 <= v < n:
                        setattr(prefs, name, bool(v) if n == 2 else v)
                        ok = True
        if not ok:
            bad += 1
    if bad:
        problem = (problem + ", " if problem else "") + (
            "%d bad line%s" % (bad, "s" if bad > 1 else "")
        )
    if problem:
        records.repair(app, "settings", "settings", lines(prefs), problem, "Settings")


def save(prefs, app):
    from firmware import records

    records.write(app, "settings", "settings", lines(prefs))
