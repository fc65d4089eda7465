"""Play a transcript or a console save again through the engine and check it.

    python -m tools.replay FILE

FILE is a transcript (JSON Lines, from `python -m tools.selfplay --transcripts DIR`) or a save
file of the console (firmware.savefile, with its action log): as the console stores it (a slot's
file `save`, `save2`, `save3`, behind firmware.storage's header, which is checked) or bare. A
transcript is dealt again from its first line; every "act" line must be legal for the seat to
act, and every line the engine writes (the act itself and its consequences, to the "end" line)
must equal the file's line. A
save is dealt again from its deal number and its logged actions played; the state reached must
encode to the save's own bytes.

Prints one summary line. Exit status: 0 when everything agrees, 1 on the first difference (its
line, or the logged action, is named), 2 when the file cannot be read.
"""

import json
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)


class Unreadable(Exception):
    pass


class Differs(Exception):
    pass


def _norm(ev):
    """An event as JSON would give it back (tuples become lists, key order ignored)."""
    return json.loads(json.dumps(ev))


def replay_transcript(path, lines):
    from engine import games

    rows = []
    for n, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            rows.append((n, json.loads(text)))
        except ValueError as e:
            raise Unreadable("line %d is not JSON: %s" % (n, e))
    if not rows or not isinstance(rows[0][1], dict) or rows[0][1].get("ev") != "start":
        raise Unreadable("the first line is not a start line")
    n0, start = rows[0]
    try:
        gid = start["game"]
        seats = start["players"]
        seed = start["seed"]
        options = start.get("options", {})
    except (KeyError, TypeError):
        raise Unreadable("line %d: the start line lacks game, players or seed" % n0)
    # each field of the type the engine takes (a float, a bool or a huge number is none)
    if not isinstance(gid, str):
        raise Differs("line %d: the game is not a name: %s" % (n0, json.dumps(gid)))
    for what, v in (("players", seats), ("seed", seed)):
        if type(v) is not int or not 0 <= v < (1 << 32):
            raise Differs(
                "line %d: %s is not a whole number from 0 to 2^32-1: %s"
                % (n0, what, json.dumps(v))
            )
    if options is None:
        options = {}
    if not isinstance(options, dict):
        raise Differs("line %d: options is not an object: %s" % (n0, json.dumps(options)))
    try:
        g = games.new_game(gid, seats, seed, options)
    except (ValueError, TypeError, KeyError) as e:
        raise Differs("line %d: cannot deal this game: %s" % (n0, e))
    other = _preset_played(gid, g)
    if other:
        raise Differs(
            "line %d: the start line names %s, but its options are %s's (every rule as that "
            "game deals it, and not %s's): a transcript of %s relabelled?"
            % (n0, gid, other, gid, other)
        )
    made = []
    g.attach_log(made.append)
    acts = 0
    k = 0  # the next file row to match
    while True:
        while made:
            ev = _norm(made.pop(0))
            if k >= len(rows):
                raise Differs(
                    "line %d: the file ends before the game does (the engine goes on with %s)"
                    % (rows[-1][0], json.dumps(ev))
                )
            n, want = rows[k]
            if ev != want:
                raise Differs(
                    "line %d differs: the file has %s, the engine %s"
                    % (n, json.dumps(want), json.dumps(ev))
                )
            k += 1
        if k >= len(rows):
            break
        n, want = rows[k]
        if not isinstance(want, dict) or want.get("ev") != "act":
            raise Differs("line %d: the engine did not write %s" % (n, json.dumps(want)))
        if g.over:
            raise Differs("line %d: an action after the end of the game" % n)
        if want.get("seat") != g.to_act:
            raise Differs(
                "line %d: seat %r acts, but seat %d is to act" % (n, want.get("seat"), g.to_act)
            )
        try:
            a = g.parse_action(want)
            g.apply(a)
        except ValueError as e:
            raise Differs("line %d: illegal action: %s" % (n, e))
        acts += 1
    if not g.over:
        raise Differs("line %d: the file ends before the game does" % rows[-1][0])
    res = g.result()
    return "%s: %s, %d players, deal %s: %d actions legal, same end (ranking %s)" % (
        path,
        gid,
        seats,
        seed,
        acts,
        res.get("ranking"),
    )


def _preset_played(gid, g):
    """The other game of gid's family whose presets the options equal exactly (while they are
    not gid's own): a transcript relabelled with a sibling's id, which the same rules module
    would otherwise play to the same end. None when the options are gid's defaults or house
    rules no other game has."""
    from engine import games
    from engine.optrows import defaults

    family = games.rules(gid)
    played = g.opts
    if played == defaults(family, gid):
        return None
    for e in games.CATALOGUE:
        other = e[games.ID]
        if other != gid and e[games.RULES] == games.entry(gid)[games.RULES]:
            if played == defaults(family, other):
                return other
    return None


def replay_save(path, data):
    from firmware import savefile
    from engine import deals, games

    try:
        gid, kinds, names, seed, stamp, moves, pos, extra = savefile.header(data, True)
    except (ValueError, IndexError) as e:  # savefile reports damage as ValueError
        raise Unreadable("not a readable save: %s" % (e,))
    alog = extra[3]
    body = bytes(data[pos:])
    try:
        saved = games.decode(gid, body)
    except ValueError as e:
        raise Unreadable(str(e))
    if alog is None:
        raise Unreadable("a save from before the action log: no moves to play again")
    try:
        offs = deals.offsets(alog)
        idx = deals.indices(alog)
    except ValueError as e:
        raise Unreadable("the action log is cut: %s" % e)
    g = games.new_game(gid, saved.seats, saved.seed, saved.opts)
    for j in range(len(idx)):
        try:
            deals.step(g, idx[j])
        except ValueError as e:
            raise Differs("logged action %d (byte %d): %s" % (j + 1, offs[j], e))
    if g.encode() != saved.encode():
        raise Differs("after %d logged actions the state differs from the save's" % len(idx))
    return "%s: %s, %d players, deal %s: %d logged actions legal, same state as saved%s" % (
        path,
        gid,
        saved.seats,
        saved.seed,
        len(idx),
        " (game over)" if g.over else "",
    )


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    if argv in (["--help"], ["-h"]):
        print("usage: python -m tools.replay FILE  (a transcript or a save, stored or bare)")
        return 0
    if len(argv) != 1 or argv[0].startswith("-"):
        sys.stderr.write("usage: python -m tools.replay FILE\n")
        return 2
    path = argv[0]
    try:
        with open(path, "rb") as f:
            data = f.read()
    except OSError as e:
        print("%s: cannot read: %s" % (path, e.strerror or e))
        return 2
    try:
        from firmware import storage

        if data[:4] == storage.MAGIC:
            body = storage.unpack(data)
            if body is None:
                raise Unreadable("a stored file whose length or checksum is wrong (damaged)")
            data = body
            if data[:3] != b"CSV":
                raise Unreadable("a stored file of the console, but not a save")
        if data[:3] == b"CSV":
            line = replay_save(path, data)
        else:
            try:
                text = data.decode("utf-8")
            except UnicodeDecodeError:
                raise Unreadable("neither a transcript nor a save")
            line = replay_transcript(path, text.splitlines())
    except Unreadable as e:
        print("%s: cannot read: %s" % (path, e))
        return 2
    except Differs as e:
        print("%s: differs: %s" % (path, e))
        return 1
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
