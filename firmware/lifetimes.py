"""The one owner of module lifetimes: which firmware and engine modules stay in RAM.

    lifetimes.boot()            # once, when the first App starts: what is loaded now stays
    lifetimes.release(names)    # drop every module not needed by these (a screen's needs():
                                # itself and what it leads back to); release([]): all but boot
    lifetimes.unload(name)      # drop one module now (boot-time helpers, frozen builds)

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

import sys

_BOOT = {}
# the heap in use before the firmware started (firmware.main.run sets it): what a harness or a
# test holds, not the firmware's (firmware.app.roomy)
base = [0]
_MANAGED = ("firmware.", "engine.")


def boot():
    """Remember what is loaded when the first App starts (never dropped). Later calls do
    nothing: a new App after an error keeps the first App's boot set."""
    if not _BOOT:
        for name in sys.modules:
            _BOOT[name] = 1


def unload(name):
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
        unload(n)
    return drop
