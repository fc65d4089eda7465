"""The one owner of module lifetimes: which firmware and engine modules stay in RAM.

    lifetimes.boot()            # once, when the first App starts: what is loaded now stays
    lifetimes.release(names)    # drop every module not needed by these (a screen's needs():
                                # itself and what it leads back to); release([]): all but boot
    lifetimes.forget(name)      # drop one module now (boot-time helpers, frozen builds)

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
_MANAGED = ("firmware.", "engine.")


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


def _held(v, home, owners, keep, todo):
    """Queue the modules a global value v of module home keeps in use (not yet known ones)."""
    t = type(v)
    n = None
    if t is _MODULE:
        n = v.__name__
        # a package holds its loaded submodules as attributes: that alone keeps none of them
        if n.startswith(home) and n[len(home) : len(home) + 1] == ".":
            return
    elif t is _FUNC:
        n = owners.get(id(getattr(v, "__globals__", None)))
    elif isinstance(v, type):
        n = getattr(v, "__module__", None)
    if n is not None and n not in keep and n not in _BOOT and n not in todo:
        todo.append(n)


def needed(roots):
    """The names of the droppable modules that roots (module names) need, roots included."""
    mods = sys.modules
    for n in roots:
        # a module a screen declares belongs to that screen, even if it happened to be loaded
        # before the first App (tests that import a game's module themselves)
        if n in _BOOT:
            del _BOOT[n]
    owners = _owners()
    keep = {}
    todo = [n for n in roots]
    while todo:
        n = todo.pop()
        if n in keep or n in _BOOT or n not in mods:
            continue
        keep[n] = 1
        i = n.rfind(".")
        if i > 0:
            todo.append(n[:i])
        for v in mods[n].__dict__.values():
            _held(v, n, owners, keep, todo)
    return keep


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
