"""The app's heap policy in one place: when MicroPython collects.

    heap.start()                # a new App: collections every few KB
    heap.hush()                 # none until the frame's end
    heap.collect()              # the collection after a frame (App.idle)
    heap.short(room)            # less than room bytes free (MicroPython)

State lives in a list, not a rebound global: firmware.lifetimes relies on no module rebinding a
global after its import. A MemoryError is a fault for the app's error path (firmware.main), not a
cue for second tries.
"""

import gc as _gc

# CPython's collector needs no help: None there, and nothing here acts
GC = _gc if hasattr(_gc, "mem_free") else None

# frequent collections keep short-lived objects from pushing long-lived ones up the heap, so free
# memory stays in large blocks (no MemoryError from fragmentation)
THRESHOLD = 8192
hushed = [False]


def start():
    """A new App: the collections every few KB."""
    hushed[0] = False
    if GC is not None:
        try:
            GC.threshold(THRESHOLD)
        except AttributeError:
            pass


def hush():
    """No collection every few KB until this frame's end: a screen change loads modules and builds
    a screen, and those collections would slow it down markedly on the Pico. The screen change
    collects after the old screen goes, App.idle after the frame; an allocation that does not fit
    still collects first."""
    if GC is not None and not hushed[0]:
        try:
            GC.threshold(-1)
            hushed[0] = True
        except AttributeError:
            pass


def short(room):
    """Less than room bytes free (never on CPython). Scans the heap: not free on the Pico."""
    return GC is not None and GC.mem_free() < room


def collect():
    """The collection after a frame (App.idle decides when); brings back the collections every few
    KB."""
    GC.collect()
    if hushed[0]:
        hushed[0] = False
        GC.threshold(THRESHOLD)
