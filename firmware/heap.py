"""The app's heap policy in one place: when MicroPython collects.

    heap.start()                # a new App: collections every few KB
    heap.hush()                 # no collection every few KB until the frame's end (collect)
    heap.collect()              # the collection after a frame (App.idle): the collections every
                                # few KB again
    heap.short(room)            # less than room bytes free (MicroPython)

State lives in a list (hushed), not a rebound global: firmware.lifetimes relies on no module
rebinding a global after its import.

The stock install at its whole heap (about 240 KB) keeps 30 KB or more free at its highest
(the device soak), and the console's own firmware 150 KB: a MemoryError is a fault, answered by
the app's error path (firmware.main), not by second tries.
"""

import gc as _gc

# MicroPython's collector gets help; CPython's needs none (None there: nothing here acts)
GC = _gc if hasattr(_gc, "mem_free") else None

# collect after every few KB: short-lived objects never push long-lived ones far up the heap,
# which keeps the free memory in large blocks (no MemoryError from fragmentation with plenty
# free)
THRESHOLD = 8192
hushed = [False]  # collections every few KB held off until collect() (hush)


def start():
    """A new App: the collections every few KB."""
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


def short(room):
    """Less than room bytes free (MicroPython; CPython is never short). Scans the heap: about
    9 ms on the Pico."""
    return GC is not None and GC.mem_free() < room


def collect():
    """The collection after a frame (MicroPython; App.idle decides when): then the collections
    every few KB come back."""
    GC.collect()
    if hushed[0]:
        hushed[0] = False
        GC.threshold(THRESHOLD)
