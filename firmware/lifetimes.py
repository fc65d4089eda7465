"""The one owner of module lifetimes: which firmware and engine modules stay in RAM.

    lifetimes.boot()            # once, when the first App starts: what is loaded now stays
    lifetimes.release(names)    # drop every module not needed by these (a screen's needs():
                                # itself and what it leads back to); release([]): all but boot
    lifetimes.forget(name)      # drop one module now (boot-time helpers, frozen builds)
    lifetimes.roomy()           # whether there is room to hold modules longer (the speed-ups)

A screen says what it needs through needs() (firmware.ui.Screen: the module of its class; a
game's screens add the game's modules, read from the catalogue; a screen that leads back to
another adds that one's needs). The owner adds everything those modules hold: modules, and the
modules of classes and functions found in their globals. A module reached that way is never
dropped while still in use, so it is never loaded twice. Only modules of the firmware and engine
packages that
were not loaded at boot are ever dropped; the app calls release() after a frame in which the
screen changed or a module was imported, so a module used in passing (the save file writer, the
round panel, a rules text) goes with that frame.
"""

import gc
import sys

_BOOT = {}
# the heap in use before the firmware started (firmware.main.run sets it): what a harness or a
# test holds, not the firmware's (roomy)
base = [0]
_MANAGED = ("firmware.", "engine.")
# MicroPython's collector, which tells the heap's use; None on CPython (which has room)
GC = gc if hasattr(gc, "mem_free") else None
# The speed-ups that hold modules longer (the setup's early loading of the table, the menus'
# modules kept through the change to the table) give way when the firmware's live heap is over
# WARM_LIMIT or less than ROOM is free: they must never be why the heap runs short. On the
# Pico a setup holds 110-120 KB, 130-140 KB with the table loaded ahead (the main menu of a
# 320x240 board with a saved Shithead loaded ahead: 152.8 KB, 1 Dec), and the change to the
# table peaks 15-20 KB higher (budget: 190 KB). 162 KB since 2 Dec: the table's partial redraws
# made its modules 3-4 KB larger, and the ILI9341's main menu with a saved Shithead then stopped
# two modules short at 158.3 KB (continue 186 -> 300 ms). 166 KB since 2 Dec (third session):
# the panel's column-chunk hashes and the menu lines' machine code hold about 3.5 KB more, and
# the Display Pack 2's main menu then stopped loading a saved table (continue 148 -> 249 ms).
# 172 KB since 2 Dec (sixth session): the main menu also loads engine.setup (a save's decoder)
# and, for a game of two humans or more, the hand-over screen (about 4.5 KB together), and the
# ILI9341's main menu with a saved Schieber then stopped at the launcher with 171 KB in use
# (continue 154 -> 199 ms, the slower path of a tight heap); the device soak at 192K on both
# 320x240 boards checks the change (docs/APP.md, "Memory").
# The 64-bit unix port's objects are larger, and its yardstick (the firmware inside a flat 192K
# with the harness, test_firmware_console.py) leaves room for less, so it stops sooner there.
WARM_LIMIT = (172 if sys.maxsize < (1 << 32) else 128) * 1024
ROOM = 48 * 1024


def boot():
    """Remember what is loaded when the first App starts (never dropped). Later calls do
    nothing: a new App after an error keeps the first App's boot set."""
    if not _BOOT:
        for name in sys.modules:
            _BOOT[name] = 1


def forget(name):
    """Forget a module (and its parent package's reference) so its memory can be reclaimed."""
    mods = sys.modules
    if name in mods:
        del mods[name]
    if name in _USES:
        del _USES[name]
    i = name.rfind(".")
    if i > 0:
        parent = mods.get(name[:i])
        if parent is not None and name[i + 1 :] in parent.__dict__:
            try:
                delattr(parent, name[i + 1 :])
            except (AttributeError, KeyError, TypeError):
                pass


def _owners():
    """id of a module's globals -> its name, for the modules that may be dropped."""
    out = {}
    mods = sys.modules
    for name in mods:
        if name not in _BOOT and _managed(name):
            out[id(mods[name].__dict__)] = name
    return out


def _managed(name):
    for p in _MANAGED:
        if name.startswith(p):
            return True
    return False


_MODULE = type(sys)
_FUNC = type(_managed)


# module name -> (id of its globals, their count, then the names of the modules they hold), for
# the loaded modules walked so far. Nothing in firmware/ or engine/ rebinds a global after its
# import (no `global` statement anywhere), so a module's globals change only when names are
# added (a package gains a submodule) or the module is loaded anew: both change the id or the
# count. Walking every global at every release cost the Pico 30-80 ms a screen change (about
# 50 us a value); this walks a module once a load. A small module that holds no droppable module
# is walked each time instead: its entry's RAM (64-80 bytes) is what the memory tests feel.
_USES = {}


def _uses(name, mod, owners):
    d = mod.__dict__
    e = _USES.get(name)
    if e is not None and e[0] == id(d) and e[1] == len(d):
        return e
    out = [id(d), len(d)]
    sub = name + "."
    for v in d.values():
        t = type(v)
        if t is _MODULE:
            n = v.__name__
            # a package holds its loaded submodules as attributes: that alone keeps none of them
            if n.startswith(sub):
                continue
        elif t is _FUNC:
            n = owners.get(id(getattr(v, "__globals__", None)))
        elif t is type:
            n = getattr(v, "__module__", None)
        else:
            continue
        if n is not None and n != name and n not in out:
            out.append(n)
    e = tuple(out)
    if len(out) > 2 or len(d) >= 24:
        _USES[name] = e  # a small leaf is walked again: cheaper than its entry's RAM
    return e


def needed(roots):
    """The names of the droppable modules that roots (module names) need, roots included."""
    mods = sys.modules
    for n in roots:
        # a module a screen declares belongs to that screen, even if it happened to be loaded
        # before the first App (tests that import a game's module themselves)
        if n in _BOOT:
            del _BOOT[n]
            _USES.clear()  # what the others hold of it was left out while it was boot's
    owners = _owners()
    keep = {}
    todo = [n for n in roots]
    while todo:
        name = todo.pop()
        if name in keep or name in _BOOT or name not in mods:
            continue
        keep[name] = 1
        i = name.rfind(".")
        if i > 0:
            todo.append(name[:i])
        e = _uses(name, mods[name], owners)
        for j in range(2, len(e)):
            todo.append(e[j])
    return keep


def apart(names):
    """Those of names that are not boot's. A keep list that is not a screen's own (what a screen
    change carries over) goes through this: naming a boot module as a root makes it droppable,
    and a module loaded before the first App (tests) may be held by other boot modules, which
    would then keep a copy of its classes that the next load no longer matches."""
    return [n for n in names if n not in _BOOT]


def release(roots):
    """Drop every droppable module that the modules named in roots do not need (roots empty:
    all of them). Nothing before boot(): until then every module is the boot set's."""
    if not _BOOT:
        return []
    keep = needed(roots)
    drop = [n for n in sys.modules if n not in keep and n not in _BOOT and _managed(n)]
    for n in drop:
        forget(n)
    return drop


_TOTAL = [0]  # the heap's size (in use + free): read once, so that roomy() scans the heap once
# roomy()'s last answer, good until the screen changes (App.go): a screen that loads ahead asks
# afresh before each module, so a press that changes the screen need not scan the heap again
seen = [None]


def roomy(fresh=True):
    """True when the heap has room for the speed-ups (always on CPython, which has room).
    fresh=False: the last answer if this screen asked already (a scan costs 9 ms on the Pico)."""
    if GC is None:
        return True
    if not fresh and seen[0] is not None:
        return seen[0]
    if not _TOTAL[0]:
        _TOTAL[0] = GC.mem_alloc() + GC.mem_free()
    used = GC.mem_alloc()
    r = _TOTAL[0] - used >= ROOM and used - base[0] <= WARM_LIMIT
    seen[0] = r
    return r
