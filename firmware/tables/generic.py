"""The table of any game the app has no layout for: every card group of the view, by key
(loaded only for such a game)."""

from firmware.tables import Model


def model(v, names, swiss=False, full=True):
    """Any game the app has no layout for: every card group of the view, by key."""
    m = Model()
    keys = sorted(v)
    for k in keys:
        x = v[k]
        if k == "hand":
            m.hand = x
        elif isinstance(x, (bytes, bytearray)):
            m.center.append((k, x, 0, 6))
        elif (
            full and isinstance(x, int) and not isinstance(x, bool) and k not in ("seat", "to_act")
        ):
            m.scores.append("%s: %d" % (k, x))
    # the prompt from what every view has (docs/CONTRIBUTING.md): a sentence, as the table's are
    s = v["to_act"]
    if v["over"]:
        m.status = "Game over."
    elif 0 <= s < len(names):
        m.status = "%s to act." % names[s]
    else:
        ph = str(v["phase"])
        m.status = ph[:1].upper() + ph[1:] + "."
    for s in range(len(names)):
        m.seats.append((0, b"", ""))
    return m
