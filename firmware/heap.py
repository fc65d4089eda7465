"""The app's heap policy in one place: when MicroPython collects, the spare block kept for one
more try after a MemoryError, and that try.

    heap.start()                # a new App: collections every few KB, no spare block yet
    heap.hush()                 # no collection every few KB until the frame's end (collect)
    heap.collect()              # the collection after a frame (App.idle): the collections every
                                # few KB again, the spare block taken (again) if it fits
    heap.room()                 # let go of the spare block and collect: room for one more try
    heap.retry(make, free, arg) # make(arg), or make() without arg; after a MemoryError free()
                                # and make once more (a second MemoryError goes through)

Every "try, free memory, try again" of the firmware goes through retry(), so each one frees what
its caller names (the spare block: room; a table's drawing: Play.shed; what a menu loaded ahead:
LoadsAhead.shed) and tries exactly twice. retry() allocates nothing itself: a caller that runs
every frame (the draw) hands it functions made once and its argument.

State lives in lists (spare, hushed), not rebound globals: firmware.lifetimes relies on no module
rebinding a global after its import.
"""

import gc as _gc

# MicroPython's collector gets help; CPython's needs none (None there: nothing here acts)
GC = _gc if hasattr(_gc, "mem_free") else None

# collect after every few KB: short-lived objects never push long-lived ones far up the heap,
# which keeps the free memory in large blocks (no MemoryError from fragmentation with plenty
# free)
THRESHOLD = 8192
# A block of SPARE bytes taken at the first frame's collection (next to the canvas) and let go
# only for one more try after a MemoryError (room: a move's autosave, a screen over the table, a
# screen change, a frame's drawing, a release of modules): that try finds a piece of this size
# whatever became of the rest of the heap. The device soak at 192K on the 320x240 boards ran out
# on single allocations of 1.1-1.3 KB (a file opened by an import or an autosave: littlefs's
# buffer) with 16-22 KB free, the largest piece 0.9-1.1 KB. A spare let go at every key and
# taken again after the frame was lost that way (no 2 KB piece was left to take it again), so it
# is let go only for a try, and taken again after a collection when there is room.
SPARE = 2048

spare = [None]  # the spare block (MicroPython, from the first collection), or None
hushed = [False]  # collections every few KB held off until collect() (hush)


def start():
    """A new App: the collections every few KB, and no spare block until the first collection
    (a failed App's goes now, with it)."""
    spare[0] = None
    hushed[0] = False
    if GC is not None:
        try:
            GC.threshold(THRESHOLD)
        except AttributeError:
            pass


def hush():
    """No collection every few KB until this frame's end (collect): a screen change loads
    modules and builds a screen, 40-60 KB, and each of those collections costs 10-25 ms on the
    Pico (Setup to table: 816 ms with them, 548 without); a key's frame allocates 20-30 KB. The
    screen change collects where it matters (after the old screen goes), and App.idle after the
    frame; an allocation that does not fit still collects first (MicroPython does that in any
    case)."""
    if GC is not None and not hushed[0]:
        try:
            GC.threshold(-1)
            hushed[0] = True
        except AttributeError:
            pass


def collect():
    """The collection after a frame (MicroPython; App.idle decides when): then the collections
    every few KB come back, and the spare block is taken if it is let go and a piece that large
    is free."""
    GC.collect()
    if hushed[0]:
        hushed[0] = False
        GC.threshold(THRESHOLD)
    if spare[0] is None:
        try:
            spare[0] = bytearray(SPARE)
        except MemoryError:
            pass  # no piece that large now: after a later collection


def room():
    """Let go of the spare block and collect: for one more try after a MemoryError."""
    spare[0] = None
    _gc.collect()


def retry(make, free, arg=None):
    """make(arg) (make() when arg is None); after a MemoryError, free() and make once more. A
    second MemoryError goes through to the caller. make and free are passed ready-made (a
    module's function, a method bound once): a caller that runs every frame allocates nothing
    here."""
    try:
        return make() if arg is None else make(arg)
    except MemoryError:
        free()
    return make() if arg is None else make(arg)
