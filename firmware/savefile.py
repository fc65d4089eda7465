"""The save files of games in progress: SLOTS files, each who sits where, then the engine's own
encoding; and the list of them that the main menu shows.

    b"CSV3" | game id | seats | per seat (kind, name) | seed (u32) | stamp (u32) | moves (u16)
            | flags (u8) | undo point (u16) | undo seat (u8) | log length (u16) | log
            | [undo state length (u16) | undo state] | game.encode()

seed seeds the bots; the deal number is the game's own seed (in game.encode()). flags: bit 0 undo
is on, bit 1 the log holds every action since the deal (engine.deals; a game continued from an
older save has none), bit 2 the undo state follows the log (the game.encode() of the state undo
goes back to; without it undo plays the log again from the deal). The undo point is 1 + the
log's length before the last human move that may still be taken back (0: none), by the undo
seat.

stamp orders the saves (the highest was played last: "Continue" continues it); moves counts the
actions played, so the menu can say how far a game is. The older b"CSV1" file (no stamp, no
moves) and b"CSV2" (no log) still load. The first slot keeps the name "save" of the
single-slot console, so an old save is simply slot 1 and a device test that writes "save" finds
it continued.
"""

from engine.codec import Reader
from engine.compat import const
from firmware.choices import SLOTS

SAVE_MAGIC = b"CSV3"
OLD_MAGIC = b"CSV1"
MAGIC2 = b"CSV2"
NEWER = "newer"  # saves() game id of a save of a newer version: left as it is


def newer(data):
    """True for a save of a newer version than this console's (b"CSV4" and on)."""
    return data is not None and data[:3] == b"CSV" and data[3:4] > b"3" and data[3:4] <= b"9"


# Fields of a saves() entry used here (the menus unpack the whole entry). Underscore const()s are
# inlined by MicroPython and take no RAM.
_SLOT = const(0)
_STAMP = const(4)


def save_bytes(p):
    """The save of p (firmware.savelog writes it: the autosave loads only that module)."""
    from firmware.savelog import save_bytes as write

    return write(p)


def header(data, more=False):
    """(game_id, kinds, names, seed, stamp, moves, offset of the game's bytes); ValueError when
    it is not a save. The game itself is not decoded. more: then (undo on, undo point (-1:
    none), undo seat, the log or None) as well."""
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
    if magic == SAVE_MAGIC:  # the undo block and the log (firmware.savelog reads them)
        at = r.pos
        flags = r.u8()
        r.pos += 3
        n = r.u16()
        r.pos += n
        if flags & 4:
            n = r.u16()  # (not `r.pos += r.u16()`: that adds to the offset before the read)
            r.pos += n
        if r.pos > len(data):
            raise ValueError("save data ends too early")
        if more:
            from firmware.savelog import extra as read

            extra = read(data, at)
    if more:
        return gid, kinds, names, seed, stamp, moves, r.pos, extra
    return gid, kinds, names, seed, stamp, moves, r.pos


def load(data, more=False, deep=True):
    """(game_id, kinds, names, seed, stamp, moves, game) from save_bytes(); raises on damage.
    more: then header()'s (undo on, undo point, undo seat, log) and the game's bytes as well
    (the save read once). deep=False: every field is checked against its domain, and the costly
    checks are left to engine.games.check(game_id, game, the game's bytes)."""
    from engine import games

    gid, kinds, names, seed, stamp, moves, pos, extra = header(data, True)
    games.entry(gid)
    game = bytes(data[pos:])
    g = games.decode(gid, game, True, deep)
    if g.seats != len(kinds):
        raise ValueError("seat count does not match")
    if more:
        return gid, kinds, names, seed, stamp, moves, g, extra, game
    return gid, kinds, names, seed, stamp, moves, g


def body(data):
    """The game's bytes of a save (after its header)."""
    return bytes(data[header(data)[6] :])


def saves(app):
    """The saved games, last played first: [(slot, game id, kinds, names, stamp, moves)]. A
    file whose header does not read is listed with game id None (Continue then reports it)."""
    out = []
    for slot in SLOTS:
        d = app.safe_read(slot)
        if d is None:
            continue
        try:
            gid, kinds, names, seed, stamp, moves, pos = header(d)
        except ValueError:  # not a save's header (header() reads with engine.codec's Reader)
            gid, kinds, names, stamp, moves = NEWER if newer(d) else None, [], [], 0, 0
        out.append((slot, gid, kinds, names, stamp, moves))
    # newest first (stamps are unique while the app writes them; ties keep slot order)
    out.sort(key=lambda e: -e[_STAMP] * 4 + SLOTS.index(e[_SLOT]))
    return out


def next_stamp(app):
    best = 0
    for e in saves(app):
        if e[_STAMP] > best:
            best = e[_STAMP]
    return best + 1


def put_aside(app, slot, gid, why):
    """Keep a save that cannot be played aside at once (N.bad, firmware.storage), so that no menu
    offers it again, and add one line naming its slot and game to the menu's notice: "Slot 2
    (Schieber Jass): unreadable; kept aside." Several saves give a line each. False when
    the slot held nothing."""
    st = app.store()
    d = app.safe_read(slot)
    if d is None:
        return False  # nothing saved yet
    n = SLOTS.index(slot) + 1 if slot in SLOTS else 0
    if newer(d):  # a newer version's save: never moved nor deleted here
        app.tell("Slot %d: saved by a newer version of the console; left as it is." % n)
        return False
    d = None
    try:
        st.quarantine(slot)
    except (OSError, AttributeError):  # no quarantine (or it failed): the save goes
        app.remove(slot)
    from engine import games

    try:
        name = games.entry(gid)[games.NAME]
    except ValueError:  # the header named no game this build knows
        name = "a game"
    app.tell("Slot %d (%s): %s; kept aside." % (n, name, why))
    return True


def refuse(app, slot, gid, e):
    """A save that failed its checks at Continue (e: the ValueError naming the field) is kept
    aside (put_aside), and the main menu comes back; this module goes with that frame's
    release (firmware.lifetimes)."""
    print("save %s unreadable:" % slot, e)  # the reason, for the USB console
    put_aside(app, slot, gid, "unreadable")
    app.menu()


CANNOT = (
    "Cannot save: the storage is full or failing, so this game is not being kept. You can "
    "keep playing: the console tries again after every move. To make room, abandon a saved "
    "game you no longer want (Continue it from the main menu, then the pause menu's Abandon "
    "game)."
)


def cannot_save(app):
    """The first autosave of a game that failed: said at once, over whatever screen is up (B
    goes back to it), not only in the main menu later."""
    from firmware.textui import TextScreen

    print("cannot save:", app.notice)  # the USB console too
    back = app.screen
    app.go(TextScreen(app, ("Cannot save", "No save"), CANNOT, back))
