"""The save files of games in progress (SLOTS files: who sits where, then the engine's encoding)
and the list of them the main menu shows.

    b"CSV3" | game id | seats | per seat (kind, name) | seed (u32) | stamp (u32) | moves (u16)
            | flags (u8) | undo point (u16) | undo seat (u8) | log length (u16) | log
            | [undo state length (u16) | undo state] | game.encode()

seed seeds the bots (the deal number is in game.encode()). flags: bit 0 undo on, bit 1 the log
holds every action since the deal, bit 2 the undo state (the state undo goes back to) follows the
log. The undo point is 1 + the log's length before the last human move that may be taken back (0:
none). The highest stamp was played last; moves says how far a game is. b"CSV1" (no stamp, no
moves) and b"CSV2" (no log) load too. The first slot is named "save", the single-slot console's
file, which so continues as slot 1.
"""

from engine.codec import Reader
from engine.compat import const
from firmware.choices import SLOTS

SAVE_MAGIC = b"CSV3"
OLD_MAGIC = b"CSV1"
MAGIC2 = b"CSV2"
NEWER = "newer"  # saves()' game id of a newer version's save: left as it is


def newer(data):
    """True for a save of a newer version than this console's (b"CSV4" and on)."""
    return data is not None and data[:3] == b"CSV" and data[3:4] > b"3" and data[3:4] <= b"9"


# a saves() entry's fields used here; underscore const()s take no RAM
_SLOT = const(0)
_STAMP = const(4)


def save_bytes(p):
    """The save of p (firmware.savelog writes it: the autosave loads only that module)."""
    from firmware.savelog import save_bytes as write

    return write(p)


def header(data, more=False):
    """(game_id, kinds, names, seed, stamp, moves, offset of the game's bytes), without decoding
    the game; ValueError when not a save. more: (undo on, undo point, undo seat, log) as well."""
    magic = bytes(data[:4])
    if magic != SAVE_MAGIC and magic != OLD_MAGIC and magic != MAGIC2:
        raise ValueError("not a save")
    r = Reader(data)
    r.pos = 4
    n = r.u8()
    gid = bytes(data[r.pos : r.pos + n]).decode()
    r.pos += n
    seats = r.u8()
    kinds = []
    names = []
    for s in range(seats):
        kinds.append(r.u8())
        n = r.u8()
        names.append(bytes(data[r.pos : r.pos + n]).decode())
        r.pos += n
    seed = r.u32()
    stamp = 0
    moves = 0
    extra = (True, -1, -1, None, None)
    if magic != OLD_MAGIC:
        stamp = r.u32()
        moves = r.u16()
    if magic == SAVE_MAGIC:  # firmware.savelog reads them
        at = r.pos
        flags = r.u8()
        r.pos += 3
        n = r.u16()
        r.pos += n
        if flags & 4:
            n = r.u16()  # not `r.pos += r.u16()`: that adds to the offset before the read
            r.pos += n
        if r.pos > len(data):
            raise ValueError("save data ends too early")
        if more:
            from firmware.savelog import extra as read

            extra = read(data, at)
    if more:
        return gid, kinds, names, seed, stamp, moves, r.pos, extra
    return gid, kinds, names, seed, stamp, moves, r.pos


def load(data, more=False, deep=True, keep=False):
    """(game_id, kinds, names, seed, stamp, moves, game) from save_bytes(); raises on damage. more:
    header()'s extra and the game's bytes as well (the save read once). deep=False leaves the
    costly checks to engine.games.check; keep holds the engine's setup helpers for them."""
    from engine import games

    gid, kinds, names, seed, stamp, moves, pos, extra = header(data, True)
    games.entry(gid)
    game = bytes(data[pos:])
    g = games.decode(gid, game, True, deep, keep)
    if g.seats != len(kinds):
        raise ValueError("seat count does not match")
    if more:
        return gid, kinds, names, seed, stamp, moves, g, extra, game
    return gid, kinds, names, seed, stamp, moves, g


def saves(app):
    """The saved games, last played first: [(slot, game id, kinds, names, stamp, moves)]; a header
    that does not read gives game id None (Continue then reports it)."""
    out = []
    for slot in SLOTS:
        d = app.safe_read(slot)
        if d is None:
            continue
        try:
            gid, kinds, names, seed, stamp, moves, pos = header(d)
        except ValueError:
            gid, kinds, names, stamp, moves = NEWER if newer(d) else None, [], [], 0, 0
        out.append((slot, gid, kinds, names, stamp, moves))
    # newest first; ties keep slot order
    out.sort(key=lambda e: -e[_STAMP] * 4 + SLOTS.index(e[_SLOT]))
    return out


def next_stamp(app):
    best = 0
    for e in saves(app):
        if e[_STAMP] > best:
            best = e[_STAMP]
    return best + 1


def put_aside(app, slot, gid, why):
    """Keep a save that cannot be played aside (N.bad, firmware.storage), so no menu offers it
    again, and add a line naming its slot and game to the menu's notice. False when the slot held
    nothing."""
    st = app.store()
    d = app.safe_read(slot)
    if d is None:
        return False
    n = SLOTS.index(slot) + 1 if slot in SLOTS else 0
    if newer(d):  # a newer version's save is never moved nor deleted
        app.tell("Slot %d: saved by a newer version of the console; left as it is." % n)
        return False
    d = None
    try:
        st.quarantine(slot)
    except (OSError, AttributeError):  # no quarantine: the save goes
        app.remove(slot)
    from engine import games

    try:
        name = games.entry(gid)[games.NAME]
    except ValueError:
        name = "a game"
    app.tell("Slot %d (%s): %s; kept aside." % (n, name, why))
    return True


def refuse(app, slot, gid, e):
    """A save that failed its checks at Continue is kept aside and the main menu comes back."""
    print("save %s unreadable:" % slot, e)  # for the USB console
    put_aside(app, slot, gid, "unreadable")
    app.menu()


CANNOT = (
    "Cannot save: the storage is full or failing, so this game is not being kept. You can "
    "keep playing: the console tries again after every move. To make room, abandon a saved "
    "game you no longer want (Continue it from the main menu, then the pause menu's Abandon "
    "game)."
)


def cannot_save(app):
    """The first failed autosave of a game: said at once over the screen up (B goes back to it)."""
    from firmware.textui import TextScreen

    print("cannot save:", app.notice)
    back = app.screen
    app.go(TextScreen(app, ("Cannot save", "No save"), CANNOT, back))
